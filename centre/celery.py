import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "centre.settings")

app = Celery("centre")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Each app's email tasks live beside the functions that compose and send them (`emails.py`):
# the services queue them, so they cannot be in `tasks.py`, whose jobs call the services.
app.autodiscover_tasks(related_name="emails")
# The awards' rooms (docs/architecture.md) keep their tasks beside their work.
app.autodiscover_tasks(["awards.authorisations.b4c"])
app.autodiscover_tasks(["awards.ledger"])
app.autodiscover_tasks(["awards.authorisations"], related_name="emails")
app.autodiscover_tasks(["awards.corrections"], related_name="emails")


@signals.worker_init.connect
def _refuse_another_scheme(**kwargs) -> None:
    # A worker never works on a register made under another scheme (centre.deployment).
    # Celery logs and passes over a handler's exception: the worker stops here instead.
    from centre.deployment import SchemeMismatch, scheme_check

    try:
        scheme_check()
    except SchemeMismatch as mismatch:
        raise SystemExit(str(mismatch)) from None
