from django.dispatch import Signal

# Sent inside the reactivation's transaction, with player= and reactivated_on=.
player_reactivated = Signal()
