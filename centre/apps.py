from django.apps import AppConfig


class CentreConfig(AppConfig):
    name = "centre"
    verbose_name = "Masterpoint Centre"
