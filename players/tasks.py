"""Celery shells for the registry: load by id, build the email, send it once."""

from datetime import date, timedelta

from celery import shared_task

from centre.mail import EMAIL_RETRY
from players import emails


@shared_task(**EMAIL_RETRY)
def player_change_confirm(change_id: int) -> bool:
    """Confirm one change to the club's masterpoint secretary (guide F6)."""
    return emails.player_change_confirm(change_id=change_id)


@shared_task(**EMAIL_RETRY)
def player_transfer_out_notify(change_id: int) -> bool:
    """Tell the club a player left of the transfer in elsewhere (its home members changed)."""
    return emails.player_transfer_out_notify(change_id=change_id)


@shared_task(**EMAIL_RETRY)
def club_players_inactive_notify(club_id: int, player_ids: list[int], action: str) -> bool:
    """Tell a club which of its home members the yearly update made inactive."""
    return emails.club_players_inactive_notify(
        club_id=club_id, player_ids=player_ids, action=action
    )


@shared_task
def cancellations_apply() -> int:
    """The 1 April update (1.3.2); scheduled just after midnight, safe to run twice."""
    from players.services import yearly  # the services queue this module's tasks

    return len(yearly.cancellations_apply())


@shared_task
def youth_age_out() -> int:
    """1 January: the Youth Players' Club loses its members now 26 or older (1.3.6)."""
    from players.services import yearly

    return len(yearly.youth_age_out())


@shared_task(**EMAIL_RETRY)
def registration_cards_email(club_id: int, day: str) -> bool:
    """One club's registration cards of a day (1.4.3), sent once."""
    return emails.registration_cards_email(club_id=club_id, day=date.fromisoformat(day))


@shared_task
def registration_cards_daily(day: str | None = None) -> int:
    """1.4.3 "Daily": the cards of yesterday's (Sydney) new and changed players, one email
    to each club that has some; safe to run twice."""
    from players import calendar
    from players.selectors import registration_card_clubs
    from scheme.core.calendar import sydney_date

    on = date.fromisoformat(day) if day else sydney_date(calendar.now()) - timedelta(days=1)
    club_ids = registration_card_clubs(day=on)
    for club_id in club_ids:
        registration_cards_email.delay(club_id, on.isoformat())
    return len(club_ids)
