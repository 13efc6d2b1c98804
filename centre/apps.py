from django.apps import AppConfig


class CentreConfig(AppConfig):
    name = "centre"
    verbose_name = "Masterpoint Centre"

    def ready(self) -> None:
        # The system check that the database's scheme is the one configured.
        from centre import deployment  # noqa: F401
