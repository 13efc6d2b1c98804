"""Points won by inactive players (1.3.2): held, then credited or forfeited, by the rules of
the scheme's membership year (MEMBERSHIP_YEAR, `Scheme.membership`). A scheme without one
says nothing of points held (scheme/nz/NOTES.md, scheme/acbl/NOTES.md): whatever is held is
credited in full on reactivation, as an active player's would have been, and never forfeited."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from awards.ledger.models import Credit, HeldCredit
from awards.ledger.services.credits import CREDIT_SOURCE, credit_add
from players.models import Player
from players.services.common import membership_rules


def held_credits_release(*, player: Player, reactivated_on: date | None = None) -> list[Credit]:
    """1.3.2: on reactivation, credit the held points of the quarter of renewal and the one
    before it ("apart from those earned in the quarter of renewal and the quarter immediately
    prior to renewal, [points] will not be credited"); the others are forfeited."""
    reactivated_on = reactivated_on or timezone.localdate()
    rules = membership_rules()
    credited: list[Credit] = []
    with transaction.atomic():
        held = list(
            HeldCredit.objects.select_for_update(of=("self",))
            .select_related("event", "upload")
            .filter(player=player, status=HeldCredit.Status.HELD)
            .order_by("id")
        )
        for item in held:
            item.decided_at = timezone.now()
            if rules is None or rules.held_points_creditable(
                won_on=item.event.ends_on, renewed_on=reactivated_on
            ):
                source = Credit.Source.FILE
                if item.upload is not None:
                    source = CREDIT_SOURCE[item.upload.source]
                credit = credit_add(
                    player=player,
                    event=item.event,
                    colour=item.colour,
                    points=item.points,
                    source=source,
                    by=item.uploaded_by,
                )
                item.status = HeldCredit.Status.CREDITED
                item.credit = credit
                credited.append(credit)
            else:
                item.status = HeldCredit.Status.FORFEITED
            item.save(update_fields=["status", "credit", "decided_at"])
    return credited


def held_credits_forfeit_expired(*, today: date | None = None) -> int:
    """1.3.2: points held longer than the quarter after the one they were won in are lost;
    none under a scheme without a membership year."""
    rules = membership_rules()
    if rules is None:
        return 0
    today = today or timezone.localdate()
    expired = [
        pk
        for pk, ends_on in HeldCredit.objects.filter(status=HeldCredit.Status.HELD).values_list(
            "pk", "event__ends_on"
        )
        if rules.held_points_expired(won_on=ends_on, today=today)
    ]
    return HeldCredit.objects.filter(pk__in=expired, status=HeldCredit.Status.HELD).update(
        status=HeldCredit.Status.FORFEITED, decided_at=timezone.now()
    )
