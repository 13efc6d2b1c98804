from django.apps import AppConfig


class OperationsConfig(AppConfig):
    """The centre's operations: the month close and its steps, the national files, demo data."""

    name = "operations"
    verbose_name = "Operations"

    def ready(self) -> None:
        from centre.models import Role
        from centre.waiting import Waiting, waiting_register
        from operations.selectors import months_to_close

        # App. E: the months over and not yet closed, on the staff's home and in the menu.
        waiting_register(
            Waiting(
                "operations:months",
                (Role.STAFF,),
                "{n} month{s} to approve and close",
                lambda user: len(months_to_close()),
            )
        )
