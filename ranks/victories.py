"""A victory a rank needs besides points (`Scheme.rank_victory`: the ACBL's Grand Life Master
needs a win of an NABC+ GLM-eligible event, the NAP's Flight A or the GNT's Championship Flight
national final), recorded with the credit that paid it and counted in the player's rank.

The win is recorded when the event's awards are credited (`eligible_wins_record`, run on the
upload's change to credited: ranks.receivers); the scheme says whether the event counts and
who of its awards won it. A win counts while the player still holds points from the event: an
upload reversed by the Centre takes its win back with its points (docs/corrections.md).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Sum

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, HeldCredit
from centre.schemes import current_scheme
from ranks.models import EligibleWin


def eligible_wins_record(*, upload: CreditUpload) -> list[EligibleWin]:
    """The wins of an upload's event credited now: each winner's, once (a second confirm or
    the same awards again record nothing more). None under a scheme without a victory, or
    for an event whose winners no rank counts."""
    victory = current_scheme().rank_victory
    if victory is None or upload.event_id is None:
        return []
    event = upload.event
    why = victory.event(event.grade, event.name)
    if why is None:
        return []
    credits = list(Credit.objects.filter(upload=upload).select_related("player"))
    awards: dict[str, dict[str, int]] = defaultdict(dict)
    for credit in credits:
        kinds = awards[credit.player.abf_number]
        kinds[credit.colour] = kinds.get(credit.colour, 0) + credit.points
    # Points held for a player shown as inactive are theirs too when first place is found.
    for held in HeldCredit.objects.filter(upload=upload).select_related("player"):
        kinds = awards[held.player.abf_number]
        kinds[held.colour] = kinds.get(held.colour, 0) + held.points
    won = victory.winners(awards.items())
    paid: dict[int, Credit] = {}
    for credit in credits:
        if credit.player.abf_number in won:
            best = paid.get(credit.player_id)
            if best is None or credit.points > best.points:
                paid[credit.player_id] = credit
    EligibleWin.objects.bulk_create(
        [
            EligibleWin(credit=credit, player_id=player_id, event=event, why=why)
            for player_id, credit in paid.items()
        ],
        ignore_conflicts=True,
    )
    return list(EligibleWin.objects.filter(event=event, player_id__in=list(paid)))


def players_with_wins(player_ids: Iterable[int]) -> set[int]:
    """The players who hold a win a rank counts: recorded, and the event's points still
    theirs (not taken back by a correction)."""
    wins = list(
        EligibleWin.objects.filter(player_id__in=list(player_ids)).values_list(
            "player_id", "event_id"
        )
    )
    if not wins:
        return set()
    held = {
        (row["player_id"], row["event_id"])
        for row in Credit.objects.filter(
            player_id__in={p for p, _ in wins}, event_id__in={e for _, e in wins}
        )
        .values("player_id", "event_id")
        .annotate(points=Sum("points"))
        .order_by()
        if row["points"] > 0
    }
    return {player for player, event in wins if (player, event) in held}


def player_holds_a_win(player) -> bool:
    """Whether the player holds a win a rank counts; no query under a scheme whose ranks
    count none (`Scheme.rank_victory`)."""
    if current_scheme().rank_victory is None:
        return False
    return player.pk in players_with_wins([player.pk])
