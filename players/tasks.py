"""The registry's scheduled jobs (centre.settings CELERY_BEAT_SCHEDULE): each calls a service
or queues the emails of `players.emails`."""

from datetime import date, timedelta

from celery import shared_task

from players import calendar, emails
from players.selectors import registration_card_clubs
from players.services import yearly


@shared_task
def cancellations_apply() -> int:
    """The 1 April update (1.3.2); scheduled just after midnight, safe to run twice."""
    return len(yearly.cancellations_apply())


@shared_task
def youth_age_out() -> int:
    """1 January: the Youth Players' Club loses its members now 26 or older (1.3.6)."""
    return len(yearly.youth_age_out())


@shared_task
def registration_cards_daily(day: str | None = None) -> int:
    """1.4.3 "Daily": the cards of yesterday's (the scheme's day) new and changed players,
    one email to each club that has some; safe to run twice."""
    yesterday = calendar.local(calendar.now()).date() - timedelta(days=1)
    on = date.fromisoformat(day) if day else yesterday
    club_ids = registration_card_clubs(day=on)
    for club_id in club_ids:
        emails.registration_cards_email.delay(club_id, on.isoformat())
    return len(club_ids)
