import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "centre.settings")

app = Celery("centre")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Each app's email tasks live beside the functions that compose and send them (`emails.py`):
# the services queue them, so they cannot be in `tasks.py`, whose jobs call the services.
app.autodiscover_tasks(related_name="emails")
# The awards' rooms (docs/architecture.md) keep their tasks beside their work.
app.autodiscover_tasks(["awards.authorisations.b4c"])
app.autodiscover_tasks(["awards.authorisations"], related_name="emails")
