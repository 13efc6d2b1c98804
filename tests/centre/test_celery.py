"""Tasks run through a real broker and worker when one is configured."""

import pytest
from django.conf import settings

from centre.celery import app
from centre.tasks import ping


def test_tasks_run_eagerly_when_no_broker_is_configured():
    assert ping.delay().get(timeout=1) == "pong"


@pytest.mark.skipif(
    not settings.CELERY_BROKER_URL, reason="no CELERY_BROKER_URL: there is no broker to try"
)
@pytest.mark.django_db(transaction=True)
def test_a_task_runs_through_the_broker_and_a_worker():
    from celery.contrib.testing.worker import start_worker

    app.conf.task_always_eager = False
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            result = ping.delay()
            assert result.get(timeout=20) == "pong"
            # It went through the broker: the worker, not this process, ran it.
            assert result.state == "SUCCESS"
            assert result.id
    finally:
        app.conf.task_always_eager = True
