"""Many adjusting credits written at once, with the players' totals: what a correction of a
whole upload, an event's grade or a player's record writes (awards.corrections). One credit
at a time is `credit_add`; this is the same for thousands of lines in one insert."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from awards.ledger.models import Credit, Event
from awards.ledger.services.totals import totals_add
from centre.models import User
from centre.services import period_for_credits

# Credits per insert.
BATCH = 2000


@dataclass(frozen=True)
class Adjusting:
    """One adjusting credit: hundredths (negative to reverse) of a kind for a player in an
    event, correcting `adjusts` (the credit the correction is of)."""

    player_id: int
    event: Event
    colour: str
    points: int
    adjusts_id: int | None
    reason: str


def adjusting_credits_add(*, credits: list[Adjusting], by: User) -> list[Credit]:
    """Write the adjusting credits, provisional in the month now taking credits (App. E: a
    closed month is never written), and add them to the players' totals; in the caller's
    transaction. Returns them with their ids, in the order given."""
    if not credits:
        return []
    if any(not item.points for item in credits):
        raise ValueError("an adjusting credit changes the points: none may be nil")
    period = period_for_credits()
    rows = [
        Credit(
            player_id=item.player_id,
            event=item.event,
            colour=item.colour,
            points=item.points,
            source=Credit.Source.ADJUSTMENT,
            period=period,
            uploaded_by=by,
            reason=item.reason,
            adjusts_id=item.adjusts_id,
        )
        for item in credits
    ]
    written = Credit.objects.bulk_create(rows, batch_size=BATCH)
    # Points of an event not of the year (a balance brought forward) stay apart (1.7.2).
    amounts: dict[bool, list[tuple[int, str, int]]] = defaultdict(list)
    for item in credits:
        amounts[not item.event.of_the_year].append((item.player_id, item.colour, item.points))
    for brought_forward, rows_of in amounts.items():
        totals_add(
            year=period.year,
            amounts=rows_of,
            state=Credit.State.PROVISIONAL,
            brought_forward=brought_forward,
        )
    return written
