import logging
import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "centre.settings")

logger = logging.getLogger(__name__)

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


def producer_warm() -> None:
    """Make a portal process ready to queue tasks before its first request: the app
    finalised, its result backend loaded and a connection to the broker opened in its
    producer pool, with the task queues declared. Otherwise the first reader to queue a task
    in each process (a refresh of stale positions, an email) waits for all of it: 70 ms on a
    quiet machine, where a task after it takes 1 ms (4 ms for the first, warmed).

    centre.wsgi calls it as each gunicorn worker loads the portal (without `--preload`, so no
    connection is shared across a fork). A broker that cannot be reached is tried once and
    left to the first task (/healthz says it is down): the portal still starts. Nothing to do
    when tasks run in the process itself (no broker configured)."""
    if app.conf.task_always_eager:
        return
    app.finalize(auto=True)
    try:
        app.backend  # noqa: B018 (loaded on first use: its class is found among entry points)
        with app.producer_or_acquire() as producer:
            producer.connection.ensure_connection(max_retries=0, timeout=2)
            for queue in app.amqp.queues.values():
                producer.maybe_declare(queue)
    except Exception as error:  # any broker failure: the first task tries again
        logger.warning("The broker could not be reached at start: %s", error)
