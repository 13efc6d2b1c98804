"""The month close's scheduled job: a thin shell over its service.

The close itself runs as `operations.close_run.month_close_run`, queued by the services;
importing them here registers it with the worker too. So does the import of the register
import's task (`operations.register_in.queued.register_import_run`, queued by its page).
"""

from celery import shared_task

from operations import services
from operations.register_in import queued  # noqa: F401


@shared_task
def month_closes_resume() -> int:
    """Scheduled: resume the closes a lost worker left undone, and queue their unsent emails."""
    return len(services.month_closes_resume())
