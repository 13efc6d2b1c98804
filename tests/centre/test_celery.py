"""Tasks run through a real broker and worker when one is configured."""

import os
import subprocess
import sys
import textwrap

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


def test_a_lost_workers_task_comes_back_within_a_quarter_hour_and_not_while_awaiting_a_retry():
    from centre.mail import EMAIL_RETRY
    from operations.close_run import month_close_run

    timeout = app.conf.broker_transport_options["visibility_timeout"]
    # Tasks are acknowledged when done, so a killed worker's task is handed out again once
    # the visibility timeout passes: well within Kombu's default hour.
    assert app.conf.task_acks_late and app.conf.task_reject_on_worker_lost
    assert timeout <= 15 * 60
    # A task waiting for its retry is not handed out a second time meanwhile.
    assert timeout > EMAIL_RETRY["retry_backoff_max"]
    assert timeout > month_close_run.retry_backoff_max


def test_the_periodic_resume_of_month_closes_is_scheduled_often():
    entry = settings.CELERY_BEAT_SCHEDULE["operations-month-closes-resume"]
    assert entry["task"] == "operations.tasks.month_closes_resume"
    assert len(entry["schedule"].minute) >= 4  # at least every quarter hour


def _portal_process(code: str, broker: str) -> subprocess.CompletedProcess:
    """`code` run in a new process on the test settings with `broker` as its broker and its
    tasks queued there (as a portal process queues them), after centre.celery.producer_warm:
    what a gunicorn worker does as it loads centre.wsgi."""
    script = textwrap.dedent(
        """
        import django
        django.setup()
        from centre.celery import app, producer_warm
        app.conf.task_always_eager = False
        producer_warm()
        """
    ) + textwrap.dedent(code)
    return subprocess.run(  # noqa: S603
        [sys.executable, "-c", script],
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "centre.settings_test",
            "CELERY_BROKER_URL": broker,
        },
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.skipif(
    not settings.CELERY_BROKER_URL, reason="no CELERY_BROKER_URL: there is no broker to try"
)
def test_a_portal_process_is_connected_to_the_broker_before_its_first_task():
    # The first reader to queue a task (a refresh of stale positions) would otherwise wait
    # for the connection, the queue's declaration and the result backend's loading.
    done = _portal_process(
        """
        with app.producer_or_acquire() as producer:
            queue = app.amqp.queues[app.conf.task_default_queue]
            declared = producer.connection.declared_entities
            print(producer.connection.connected, hash(queue) in declared)
        """,
        settings.CELERY_BROKER_URL,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]


def test_a_portal_process_starts_when_the_broker_cannot_be_reached():
    done = _portal_process("print('started')", "redis://127.0.0.1:1/0")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["started"]
    assert "The broker could not be reached at start" in done.stderr
