"""One credit written to the ledger, with the player's totals (every room adds credits
through `credit_add`)."""

from __future__ import annotations

from awards.ledger.models import Credit, Event
from awards.ledger.services.totals import totals_add
from centre.models import User
from centre.services import period_for_credits
from players.models import Player

# How an upload's credits are recorded in the ledger, by the upload's source (the intake's
# CreditUpload.Source, whose values are these).
CREDIT_SOURCE = {
    source.value: source
    for source in (
        Credit.Source.FILE,
        Credit.Source.CPAR,
        Credit.Source.SUNDRY,
        Credit.Source.RESULTS,
    )
}


def credit_add(
    *,
    player: Player,
    event: Event,
    colour: str,
    points: int,
    source: str,
    by: User,
    reason: str = "",
    conversion: str = "",
    adjusts: Credit | None = None,
) -> Credit:
    """One credit, provisional in the month now taking credits, and the player's totals."""
    period = period_for_credits()
    credit = Credit.objects.create(
        player=player,
        event=event,
        colour=colour,
        points=points,
        source=source,
        period=period,
        uploaded_by=by,
        reason=reason,
        conversion=conversion,
        adjusts=adjusts,
    )
    totals_add(
        year=period.year,
        amounts=[(player.pk, colour, points)],
        state=Credit.State.PROVISIONAL,
        brought_forward=not event.of_the_year,
    )
    return credit
