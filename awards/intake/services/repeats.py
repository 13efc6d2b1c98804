"""Credited once (README "Credited once"): an upload of an event already waiting or credited,
or of the same awards, is refused naming the first; centre staff alone credit an event again
on purpose, with the reason; a player another event of the club credited the same day is
warned of."""

from __future__ import annotations

from django.db.models import Q
from django.utils import dateformat, timezone

from awards.errors import Problem
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, Event
from awards.ledger.services.events import (
    EventDetails,
)
from centre.models import User
from centre.schemes import current_scheme


def intended_problems(*, by: User, intended: bool, reason: str) -> list[Problem]:
    """Credited once: only centre staff credit an event again on purpose, with the reason."""
    if not intended:
        return []
    if not by.is_centre_staff:
        return [
            Problem(
                0,
                "An event is credited once: only centre staff credit it again on purpose, as "
                "a correction with its reason. Correct a credited event with adjusting "
                "credits, or ask the Masterpoint Centre.",
                "intended",
            )
        ]
    if not reason.strip():
        return [
            Problem(
                0,
                "Say why the event is credited again: the correction's reason.",
                "intended_reason",
            )
        ]
    return []


def repeat_problems(*, event: EventDetails, event_key: str, fingerprint: str) -> list[Problem]:
    """The first upload waiting or credited of this event, or of the same awards, if any."""
    earlier = (
        CreditUpload.objects.filter(
            Q(event_key=event_key) | Q(fingerprint=fingerprint),
            intended=False,
            status__in=[CreditUpload.Status.CHECKED, CreditUpload.Status.CREDITED],
        )
        .only("pk", "created_at", "status", "event_details", "event_key")
        .order_by("created_at", "id")
        .first()
    )
    if earlier is None:
        return []
    scheme = current_scheme()
    when = dateformat.format(timezone.localtime(earlier.created_at), scheme.datetime_format)
    day = dateformat.format(event.starts_on, scheme.date_format)
    status = earlier.get_status_display().lower()
    first = earlier.event_details
    if earlier.event_key == event_key:
        what = (
            f"{event.name} ({scheme.grade_word} {event.grade}, {day}, session "
            f"{event.session} of the day) was already uploaded"
        )
    else:
        what = (
            f"The same awards (every player's points) for {day}, session "
            f"{event.session} of the day, were already uploaded as {first.get('name', '')!r}"
        )
    then = (
        "cancel it first if it is wrong"
        if earlier.status == CreditUpload.Status.CHECKED
        else "a correction is an adjusting credit"
    )
    return [
        Problem(
            0,
            f"{what} on {when}: upload {earlier.pk}, {status}. An event is credited once; "
            f"{then}. Another session played the same day is told apart by its session "
            "number.",
            "duplicate",
            upload=earlier.pk,
        )
    ]


# Players named in one warning of the same day's credits; the rest are counted.
SAME_DAY_NAMED = 10


def same_day_warnings(*, event: EventDetails, lines: list[dict]) -> list[str]:
    """A player this upload credits whom another event of the same club on the same day
    already credited: a warning naming the other event and the players, not a refusal (a
    player may play the afternoon and the evening)."""
    if event.club is None or not lines:
        return []
    others = dict(
        Event.objects.filter(club=event.club, starts_on=event.starts_on).values_list("pk", "name")
    )
    if not others:
        return []
    names = {line["player_id"]: f"{line['abf_number']} {line['name']}" for line in lines}
    credited: dict[int, set[int]] = {}
    for event_id, player_id in (
        Credit.objects.filter(event_id__in=others)
        .values_list("event_id", "player_id")
        .order_by()
        .distinct()
    ):
        if player_id in names:
            credited.setdefault(event_id, set()).add(player_id)
    warnings = []
    for event_id, players in sorted(credited.items()):
        named = sorted(names[player] for player in players)
        listed = ", ".join(named[:SAME_DAY_NAMED])
        more = len(named) - SAME_DAY_NAMED
        if more > 0:
            listed += f" and {more} more"
        warnings.append(
            f"Also credited by {others[event_id]!r}, another event of the club on "
            f"{dateformat.format(event.starts_on, current_scheme().date_format)}: {listed}. "
            "Check that each played both."
        )
    return warnings
