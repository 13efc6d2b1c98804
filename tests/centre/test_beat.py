from django.conf import settings

from centre.celery import app


def test_every_scheduled_job_names_a_registered_task():
    app.loader.import_default_modules()

    missing = [
        entry["task"]
        for entry in settings.CELERY_BEAT_SCHEDULE.values()
        if entry["task"] not in app.tasks
    ]

    assert missing == []
