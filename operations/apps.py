from django.apps import AppConfig


class OperationsConfig(AppConfig):
    """The centre's operations: the month close and its steps, the national files, demo data."""

    name = "operations"
    verbose_name = "Operations"
