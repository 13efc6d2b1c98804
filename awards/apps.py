from django.apps import AppConfig
from django.db.models.signals import pre_save

from players.signals import player_reactivated


class AwardsConfig(AppConfig):
    name = "awards"

    def ready(self) -> None:
        # The receivers use the models, which exist only once the apps are loaded.
        from awards import receivers
        from awards.corrections.receivers import retired_record_guard
        from players.models import Player

        player_reactivated.connect(
            receivers.held_credits_release_on_reactivation,
            dispatch_uid="awards.held_credits_release_on_reactivation",
        )
        # Issue 25: a number retired by a merge is never brought back.
        pre_save.connect(
            retired_record_guard, sender=Player, dispatch_uid="awards.retired_record_guard"
        )
        _waiting_register()


def _waiting_register() -> None:
    """The awards' work waiting, for the home pages and the menu's badges."""
    from awards.authorisations.selectors import authorisation_requests_to_decide
    from awards.intake.selectors import gold_uploads_to_approve, uploads_waiting
    from centre.models import Role
    from centre.waiting import Waiting, waiting_register

    uploaders = (
        Role.CLUB_SECRETARY,
        Role.STATE_SECRETARY,
        Role.ORGANISER,
        Role.GOLD_COORDINATOR,
        Role.STAFF,
    )
    waiting_register(
        Waiting(
            "awards:uploads",
            uploaders,
            "{n} upload{s} checked and not yet credited",
            lambda user: uploads_waiting(user=user),
        )
    )
    waiting_register(
        Waiting(
            "awards:authorisation_requests",
            (Role.STATE_SECRETARY,),
            "{n} authorisation request{s} to decide",
            lambda user: authorisation_requests_to_decide(user=user),
        )
    )
    waiting_register(
        Waiting(
            "awards:gold_approvals",
            (Role.GOLD_COORDINATOR,),
            "{n} gold upload{s} to approve (7.5.1)",
            lambda user: gold_uploads_to_approve(user=user),
        )
    )
