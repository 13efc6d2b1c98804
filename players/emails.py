"""The registry's confirmation emails to the club's masterpoint secretary (guide F4, F6).

Each is sent once (centre.mail): a change's confirmation by the change, a club's notice of
players made inactive by the club, the action and the players.
"""

from datetime import date, datetime
from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage
from django.db.models import Max

from centre.dates import day_text, moment_text
from centre.mail import EMAIL_RETRY, email_once_by_key
from centre.schemes import current_scheme, number_name
from clubs.models import Club
from players.models import Player, PlayerChange
from scheme.core.calendar import membership_year_end, membership_year_start

ACTIONS = {
    "register": "New player registered",
    "update": "Player details changed",
    "transfer": "Player transferred in",
    "reactivate": "Player reactivated",
    "deceased": "Player recorded as deceased",
    "alternate_add": "Alternate added",
    "alternate_remove": "Alternate removed",
    "cancellation_request": "Cancellation requested",
    "cancellation_withdraw": "Cancellation request withdrawn",
    "cancellation": "Membership cancelled in the 1 April update",
    "youth_age_out": "Youth Players' Club membership ended",
}

FIELDS = {
    "abf_number": "ABF number",
    "given_names": "Given names",
    "family_name": "Family name",
    "birth_year": "Birth year",
    "email": "Email",
    "postal_address": "Postal address",
    "status": "Status",
    "home_club": "Home club",
    "alternate_clubs": "Alternate of club",
    "cancellation_requested_at": "Cancellation requested",
    "pre_1982_red": "Pre-1982 red points (hundredths)",
}

# The fields whose values are moments, kept as ISO text.
MOMENT_FIELDS = ("cancellation_requested_at",)


def field_name(field: str) -> str:
    """A field of the player's record as the history and the emails name it."""
    return number_name() if field == "abf_number" else FIELDS.get(field, field)


def moment_shown(field: str, value: Any) -> str | None:
    """A moment the record keeps as ISO text (when a cancellation was requested) as the
    federation writes it; None for any other field or value."""
    if field in MOMENT_FIELDS and isinstance(value, str):
        try:
            return moment_text(datetime.fromisoformat(value))
        except ValueError:
            return None
    return None


def lines_shown(value: Any) -> str | None:
    """A value of several lines (a postal address) on one line, its lines joined by commas;
    None for any other value."""
    if isinstance(value, str) and "\n" in value:
        return ", ".join(value.splitlines())
    return None


def _shown(field: str, value: Any) -> str:
    if value in (None, "", []):
        return "(none)"
    if (moment := moment_shown(field, value)) is not None:
        return moment
    if (one_line := lines_shown(value)) is not None:
        return one_line
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def change_lines(changes: dict[str, list[Any]]) -> list[str]:
    return [
        f"{field_name(field)}: {_shown(field, old)} -> {_shown(field, new)}"
        for field, (old, new) in changes.items()
    ]


def player_change_confirm_send(*, change_id: int) -> bool:
    """Confirm one change of a player's record; True when sent now."""
    return email_once_by_key(
        key=f"player-change:{change_id}", compose=lambda: _change_message(change_id)
    )


def _change_message(change_id: int) -> EmailMessage | None:
    change = PlayerChange.objects.select_related("player", "club", "by").get(pk=change_id)
    club = change.club
    recipients = [club.secretary_email] if club and club.secretary_email else []
    if not recipients:
        return None
    player = change.player
    title = ACTIONS.get(change.action, change.action)
    who = change.by.get_username() if change.by else "the Masterpoint Centre"
    body = "\n".join(
        [
            f"{title}: {player.abf_number} {player.full_name}",
            "",
            f"Club: {change.club.number} {change.club.name}" if change.club else "",
            f"By: {who}",
            f"When: {moment_text(change.at)} ({current_scheme().time_words})",
            "",
            *change_lines(change.changes),
            "",
            "If this change is wrong, reply to the Masterpoint Centre.",
        ]
    )
    return EmailMessage(
        subject=f"{title}: {player.abf_number} {player.full_name}",
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=recipients,
    )


def player_transfer_out_notify_send(*, change_id: int) -> bool:
    """Tell the club a player left by a transfer in elsewhere; True when sent now."""
    return email_once_by_key(
        key=f"player-transfer-out:{change_id}", compose=lambda: _transfer_out_message(change_id)
    )


def _transfer_out_message(change_id: int) -> EmailMessage | None:
    change = PlayerChange.objects.select_related("player", "club", "by").get(pk=change_id)
    old_number = change.changes.get("home_club", [None])[0]
    old = Club.objects.filter(number=old_number).first() if old_number else None
    if old is None or not old.secretary_email:
        return None
    player = change.player
    new = change.club
    who = change.by.get_username() if change.by else "the Masterpoint Centre"
    # Only the public record: the player's details are now the new home club's.
    body = "\n".join(
        [
            f"Player transferred out: {player.abf_number} {player.full_name} is no longer a "
            f"home member of {old.number} {old.name}.",
            "",
            f"New home club: {new.number} {new.name}" if new else "",
            f"By: {who}",
            f"When: {moment_text(change.at)} ({current_scheme().time_words})",
            "",
            "A player may transfer to a new home club at any time; the previous home club is "
            "not asked (NSW guide F6.1). The player's history while a home member of your "
            f"club, and this transfer, stay on your records: /players/{player.abf_number}/.",
            "",
            "If this transfer is wrong, reply to the Masterpoint Centre.",
        ]
    )
    return EmailMessage(
        subject=f"Player transferred out: {player.abf_number} {player.full_name}",
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[old.secretary_email],
    )


def club_players_inactive_notify_send(*, club_id: int, player_ids: list[int], action: str) -> bool:
    """Tell a club which of its home members a yearly update made inactive; True when sent."""
    # The run is named by the newest change it wrote for the club: a later year's update of
    # the same players writes new changes, and is a new message.
    run = PlayerChange.objects.filter(
        club_id=club_id, action=action, player_id__in=player_ids
    ).aggregate(last=Max("pk"))["last"]
    return email_once_by_key(
        key=f"players-inactive:{club_id}:{action}:{run}",
        compose=lambda: _inactive_message(club_id, player_ids, action),
    )


def _inactive_message(club_id: int, player_ids: list[int], action: str) -> EmailMessage | None:
    club = Club.objects.get(pk=club_id)
    if not club.secretary_email:
        return None
    players = Player.objects.filter(pk__in=player_ids).order_by("family_name", "given_names")
    title = ACTIONS.get(action, action)
    body = "\n".join(
        [
            f"{title}: these home members of {club.number} {club.name} are now inactive.",
            "",
            *(f"{p.abf_number} {p.full_name}" for p in players),
            "",
            f"A player who rejoins keeps the same {number_name()}: use Reactivate (1.3.2).",
        ]
    )
    return EmailMessage(
        subject=f"{title}: {len(player_ids)} player(s) of {club.name}",
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[club.secretary_email],
    )


def registration_cards_email_send(*, club_id: int, day: date) -> bool:
    """1.4.3 "Daily: ... Registration cards for new players and players whose details have
    changed": the day's cards of the club, as a PDF, to its masterpoint secretary, once."""
    return email_once_by_key(
        key=f"registration-cards:{club_id}:{day.isoformat()}",
        compose=lambda: _cards_message(club_id, day),
    )


def _cards_message(club_id: int, day: date) -> EmailMessage | None:
    from players.documents import registration_cards_pdf  # reportlab only when sending
    from players.selectors import registration_cards_changed

    club = Club.objects.get(pk=club_id)
    players = list(registration_cards_changed(club=club, day=day))
    if not club.secretary_email or not players:
        return None
    valid_from = membership_year_start(day)
    title = f"Registration cards of {day_text(day)}: {club.number} {club.name}"
    message = EmailMessage(
        subject=f"Registration cards: {len(players)} player(s) of {club.name}",
        body="\n".join(
            [
                f"The registration cards of the players of {club.number} {club.name} registered "
                f"or changed on {day_text(day)}, valid to {day_text(membership_year_end(day))} "
                f"(1.4.3):",
                "",
                *(f"{p.abf_number} {p.full_name}" for p in players),
            ]
        ),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[club.secretary_email],
    )
    message.attach(
        f"registration-cards-{club.number}-{day.isoformat()}.pdf",
        registration_cards_pdf(
            club=club,
            players=players,
            valid_from=valid_from,
            valid_to=membership_year_end(day),
            title=title,
        ),
        "application/pdf",
    )
    return message


# --- the tasks the services queue: load by id, send once, retry ----------------------------


@shared_task(**EMAIL_RETRY)
def player_change_confirm(change_id: int) -> bool:
    """Confirm one change to the club's masterpoint secretary (guide F6)."""
    return player_change_confirm_send(change_id=change_id)


@shared_task(**EMAIL_RETRY)
def player_transfer_out_notify(change_id: int) -> bool:
    """Tell the club a player left of the transfer in elsewhere (its home members changed)."""
    return player_transfer_out_notify_send(change_id=change_id)


@shared_task(**EMAIL_RETRY)
def club_players_inactive_notify(club_id: int, player_ids: list[int], action: str) -> bool:
    """Tell a club which of its home members the yearly update made inactive."""
    return club_players_inactive_notify_send(club_id=club_id, player_ids=player_ids, action=action)


@shared_task(**EMAIL_RETRY)
def registration_cards_email(club_id: int, day: str) -> bool:
    """One club's registration cards of a day (1.4.3), sent once."""
    return registration_cards_email_send(club_id=club_id, day=date.fromisoformat(day))
