from django.apps import AppConfig


class RanksConfig(AppConfig):
    """Ranks and reports: promotions, the One Thousand Club, certificates, the monthly and
    quarterly reports to clubs, and the McCutcheon standings (1.4.3, 1.4.4, 1.7, 1.8, 1.9)."""

    name = "ranks"
    verbose_name = "Ranks and reports"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from awards.intake.models import CreditUpload
        from awards.lookup.parts import player_page_part
        from ranks.rank_history import rank_history
        from ranks.receivers import upload_credited
        from ranks.victories import player_holds_a_win

        # An upload credited records the wins a rank counts (the ACBL's Grand Life Master).
        post_save.connect(upload_credited, sender=CreditUpload, dispatch_uid="ranks-wins")

        # The rank history on the public player page, kept with the page's record.
        player_page_part("rank_steps", lambda player: rank_history(player=player))
        # Whether the player holds the win a rank needs, for what the next rank still needs.
        player_page_part("rank_won", player_holds_a_win)
