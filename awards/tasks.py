"""Celery shells for the awards: load, call a service, retry."""

from celery import shared_task


@shared_task
def held_credits_forfeit_expired() -> int:
    """1.3.2: run daily; held points whose window has passed are recorded as forfeited."""
    from awards import services

    return services.held_credits_forfeit_expired()
