"""NZ Bridge's yearly regrading (Outline rules 4 and 6): Rating Points calculated at 31
December (the previous Rating Points x 0.8 plus the A and B points of the year, B including
those converted from C points) and the grade they give, in force from 1 February.

The figures come from the approved totals of the year (the December close has approved
them by 1 February); a run writes every player's row for the year in one upsert, so it is
safe to run twice. The grade is the scheme's (`Scheme.yearly_grade`); under a scheme that
grades no players it does nothing.
"""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.db.models import Q, Sum

from awards.ledger.models import PlayerTotals
from centre.schemes import current_scheme
from players.models import Player, PlayerGrade


def grades_regrade(*, year: int) -> int:
    """Every player's Rating Points and grade in force from 1 February `year`; returns how
    many were written. Players with no points and no earlier rating are left ungraded."""
    scheme = current_scheme()
    if scheme.yearly_grade is None:
        return 0

    counted = year - 1
    previous = dict(PlayerGrade.objects.filter(year=counted).values_list("player_id", "rating"))
    # Each player's approved points by kind: the year's own, and all held at its end.
    of_year: dict[int, dict[str, int]] = defaultdict(dict)
    before: dict[int, dict[str, int]] = defaultdict(dict)
    at_end: dict[int, dict[str, int]] = defaultdict(dict)
    rows = (
        PlayerTotals.objects.filter(year__lte=counted)
        .values("player_id", "kind", "year", "brought_forward")
        .annotate(points=Sum("approved"))
        .order_by()
    )
    for row in rows:
        player, kind, points = row["player_id"], row["kind"], int(row["points"] or 0)
        at_end[player][kind] = at_end[player].get(kind, 0) + points
        if row["year"] == counted and not row["brought_forward"]:
            of_year[player][kind] = of_year[player].get(kind, 0) + points
        else:
            before[player][kind] = before[player].get(kind, 0) + points
    ranks = dict(
        Player.objects.filter(Q(pk__in=list(at_end)) | Q(pk__in=list(previous))).values_list(
            "pk", "rank_order"
        )
    )
    grades = []
    for player in sorted(set(at_end) | set(previous)):
        rating, grade = scheme.yearly_grade(
            previous_rating=previous.get(player, 0),
            of_year=of_year.get(player, {}),
            before=before.get(player, {}),
            at_end=at_end.get(player, {}),
            rank_order=ranks.get(player, 0),
        )
        grades.append(PlayerGrade(player_id=player, year=year, rating=rating, grade=grade))
    with transaction.atomic():
        PlayerGrade.objects.bulk_create(
            grades,
            batch_size=2000,
            update_conflicts=True,
            unique_fields=["player", "year"],
            update_fields=["rating", "grade"],
        )
    return len(grades)
