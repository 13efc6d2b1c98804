"""The grades the demo's register opens with, under a scheme that grades its players."""

from django.utils import timezone

from awards.ledger.models import PlayerTotals
from centre.schemes import current_scheme
from players.models import Player, PlayerGrade


def seed_opening_grades() -> int:
    """NZ (Outline rules 4, 6): the Rating Points and grades the demo's register opens
    with, in force from this year's 1 February: each player's balance brought forward
    taken as the points of the year before (the demo has no earlier years), graded as
    the 31 December calculation would (ranks.grading does every later year)."""
    year = timezone.localdate().year
    if PlayerGrade.objects.filter(year=year).exists():
        return PlayerGrade.objects.filter(year=year).count()
    scheme = current_scheme()
    if scheme.yearly_grade is None:
        return 0
    balances: dict[int, dict[str, int]] = {}
    for player_id, kind, points in PlayerTotals.objects.filter(brought_forward=True).values_list(
        "player_id", "kind", "approved"
    ):
        balances.setdefault(player_id, {})[kind] = points
    ranks = dict(Player.objects.values_list("pk", "rank_order"))
    grades = []
    for player_id, points in balances.items():
        rating, grade = scheme.yearly_grade(
            previous_rating=0,
            of_year=points,
            before={},
            at_end=points,
            rank_order=ranks.get(player_id, 0),
        )
        grades.append(PlayerGrade(player_id=player_id, year=year, rating=rating, grade=grade))
    PlayerGrade.objects.bulk_create(grades, batch_size=2000, ignore_conflicts=True)
    return len(grades)
