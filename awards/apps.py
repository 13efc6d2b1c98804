from django.apps import AppConfig

from players.signals import player_reactivated


class AwardsConfig(AppConfig):
    name = "awards"

    def ready(self) -> None:
        # The receivers use the models, which exist only once the apps are loaded.
        from awards import receivers

        player_reactivated.connect(
            receivers.held_credits_release_on_reactivation,
            dispatch_uid="awards.held_credits_release_on_reactivation",
        )
