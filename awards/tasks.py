"""The ledger's scheduled jobs (centre.settings CELERY_BEAT_SCHEDULE): each calls a service.

The emails the services queue are tasks of `awards.authorisations.emails`.
"""

from celery import shared_task

from awards.ledger.services.held import held_credits_forfeit_expired as forfeit


@shared_task
def held_credits_forfeit_expired() -> int:
    """1.3.2: run daily; held points whose window has passed are recorded as forfeited."""
    return forfeit()
