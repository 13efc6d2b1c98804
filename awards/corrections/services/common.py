"""What every correction shares: who may make one, its reason, the points a player holds from
an event by kind (what a correction reverses), its record, its credits and its email."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Min, Sum

from awards.corrections import emails
from awards.corrections.models import Correction, CorrectionCredit
from awards.errors import AwardsError
from awards.ledger.models import Credit, Event
from awards.ledger.services.corrections import Adjusting, adjusting_credits_add
from centre.mail import email_after_commit
from centre.models import User
from centre.text import fit
from players.models import Player

REASON_LENGTH = Correction._meta.get_field("reason").max_length
CREDIT_REASON_LENGTH = Credit._meta.get_field("reason").max_length


class CorrectionError(AwardsError):
    """A correction refused; nothing was written."""

    code = "correction_refused"


def refused(field: str, message: str, *, code: str | None = None) -> CorrectionError:
    return CorrectionError.on_field(field, message, code=code)


def staff_require(by: User) -> None:
    if not by.is_centre_staff:
        raise CorrectionError(
            "Corrections are made by centre staff; ask the Masterpoint Centre.",
            code="not_staff",
        )


def reason_clean(reason: str) -> str:
    """Who, when and why: the why is required, and shown on the players' statements."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise refused("reason", "Say why the correction is made: the players' statements show it.")
    if len(reason) > REASON_LENGTH:
        raise refused("reason", f"A reason has at most {REASON_LENGTH} characters.")
    return reason


@dataclass(frozen=True)
class Holding:
    """What a player holds from an event in one kind: the net of its credits (the credit and
    any adjustments of it), and the first of them, which a correction adjusts."""

    player_id: int
    colour: str
    points: int
    first_credit_id: int


def holdings_of(*, event: Event, players: Iterable[int] | None = None) -> list[Holding]:
    """Every player's net points from the event by kind, those not nil, in player order."""
    credits = Credit.objects.filter(event=event)
    if players is not None:
        credits = credits.filter(player_id__in=list(players))
    rows = (
        credits.order_by()
        .values("player_id", "colour")
        .annotate(points=Sum("points"), first=Min("id"))
        .order_by("player_id", "colour")
    )
    return [
        Holding(row["player_id"], row["colour"], row["points"], row["first"])
        for row in rows
        if row["points"]
    ]


def players_locked(player_ids: Iterable[int]) -> dict[int, Player]:
    """The players, locked in the order of their ids (two corrections never wait in a ring)."""
    ids = sorted(set(player_ids))
    return {
        player.pk: player
        for player in Player.objects.select_for_update(of=("self",))
        .filter(pk__in=ids)
        .order_by("pk")
    }


def credit_reason(correction: Correction, what: str) -> str:
    """The reason an adjusting credit carries, as the player's statement shows it:
    "Correction 12: upload 345 reversed. The file was of another session"."""
    return fit(
        f"Correction {correction.pk}: {{what}}. {{reason}}",
        CREDIT_REASON_LENGTH,
        what=what,
        reason=correction.reason,
    )


def correction_credits_write(
    *, correction: Correction, reversing: list[Adjusting], new: list[Adjusting], by: User
) -> list[Credit]:
    """The correction's credits (the reversing ones first), each linked to it."""
    written = adjusting_credits_add(credits=[*reversing, *new], by=by)
    roles = [CorrectionCredit.Role.REVERSING] * len(reversing) + [CorrectionCredit.Role.NEW] * len(
        new
    )
    CorrectionCredit.objects.bulk_create(
        CorrectionCredit(correction=correction, credit=credit, role=role)
        for credit, role in zip(written, roles, strict=True)
    )
    return written


def correction_announce(correction: Correction) -> None:
    """Tell the club (or whoever sent the upload) once the correction is committed; once."""
    email_after_commit(emails.correction_email, correction.pk)
