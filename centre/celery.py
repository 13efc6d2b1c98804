import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "centre.settings")

app = Celery("centre")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["awards.b4c"])
