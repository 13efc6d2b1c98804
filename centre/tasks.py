from celery import shared_task


@shared_task
def ping() -> str:
    """Answers through the broker; used to check that workers are listening."""
    return "pong"


@shared_task
def heartbeat() -> str:
    """Scheduled every quarter hour, so that beat's schedule can be seen working in the logs."""
    return "alive"
