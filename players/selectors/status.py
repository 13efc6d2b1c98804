"""A player's grade and eligibility under a scheme that grades its players (NZ Bridge:
`Scheme.player_grading`): the grade in force on a day (the office's decision over the yearly
certificate), the clubs' declarations of ineligibility in force, and the club's Player Status
Report of its members. None of it exists under a scheme without grades."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Q
from django.utils import timezone

from centre.schemes import current_scheme
from clubs.models import Club
from players.models import GradeDecision, Ineligibility, Player, PlayerGrade
from scheme.core.points import points_text


@dataclass(frozen=True)
class GradeInForce:
    """A player's grade on a day: `grade` ("" when none), with the yearly certificate's
    Rating Points and year, or the office's decision that sets it."""

    grade: str
    rating: int | None = None
    year: int | None = None
    decision: GradeDecision | None = None

    @property
    def grade_label(self) -> str:
        return self.grade

    @property
    def rating_text(self) -> str:
        return points_text(self.rating) if self.rating is not None else ""

    @property
    def source(self) -> str:
        if self.decision is not None:
            why = "overseas player" if self.decision.overseas else "decision"
            return f"{current_scheme().body_name} {why}: {self.decision.reason}"
        if self.year is not None:
            return f"certificate from 1 February {self.year}"
        return "no certificate yet"


def _certificate_year(on: date) -> int:
    grading = current_scheme().player_grading
    assert grading is not None
    return on.year if on >= grading.takes_effect(on.year) else on.year - 1


def grades_in_force(*, players: Iterable[int], on: date | None = None) -> dict[int, GradeInForce]:
    """The grade in force on a day of each player (by pk) who has one; three queries."""
    ids = list(players)
    if current_scheme().player_grading is None or not ids:
        return {}
    on = on or timezone.localdate()
    year = _certificate_year(on)
    found: dict[int, GradeInForce] = {}
    yearly = PlayerGrade.objects.filter(player_id__in=ids, year__lte=year).order_by(
        "player_id", "year"
    )
    for row in yearly:
        found[row.player_id] = GradeInForce(row.grade, row.rating, row.year)
    decided: dict[int, GradeDecision] = {}
    for decision in GradeDecision.objects.filter(player_id__in=ids, starts_on__lte=on).order_by(
        "player_id", "starts_on", "id"
    ):
        decided[decision.player_id] = decision
    for player, decision in decided.items():
        if decision.grade:
            found[player] = GradeInForce(decision.grade, decision=decision)
    return found


def grade_in_force(*, player: Player, on: date | None = None) -> GradeInForce:
    return grades_in_force(players=[player.pk], on=on).get(player.pk, GradeInForce(""))


def ineligible_in_force(*, players: Iterable[int]) -> dict[int, list[Ineligibility]]:
    """The declarations of ineligibility in force of each player (by pk) who has one: each
    club's latest row, when it declares the player ineligible."""
    ids = list(players)
    if current_scheme().player_grading is None or not ids:
        return {}
    latest: dict[tuple[int, int], Ineligibility] = {}
    rows = Ineligibility.objects.filter(player_id__in=ids).select_related("club", "by")
    for row in rows.order_by("at", "id"):
        latest[(row.player_id, row.club_id)] = row
    found: dict[int, list[Ineligibility]] = {}
    for (player, _club), row in latest.items():
        if row.ineligible:
            found.setdefault(player, []).append(row)
    return found


def ineligibility_history(*, player: Player, club: Club | None = None) -> list[Ineligibility]:
    """Every declaration and withdrawal of the player, newest first (of one club's, given)."""
    rows = Ineligibility.objects.filter(player=player).select_related("club", "by")
    if club is not None:
        rows = rows.filter(club=club)
    return list(rows.order_by("-at", "-id"))


def grade_decisions(*, player: Player | None = None) -> list[GradeDecision]:
    """The office's grade decisions, newest first (of one player, given)."""
    rows = GradeDecision.objects.select_related("player", "by")
    if player is not None:
        rows = rows.filter(player=player)
    return list(rows.order_by("-at", "-id")[:200])


@dataclass
class StatusRow:
    """One member's line of the Player Status Report."""

    player: Player
    home: bool
    grade: GradeInForce
    # The grade in force at the start of the year, when it differs from today's.
    grade_before: GradeInForce | None
    ineligible: list[Ineligibility] = field(default_factory=list)
    # Declarations and withdrawals made this year by the club reading the report.
    changes: list[Ineligibility] = field(default_factory=list)
    # The club reading the report has declared the member ineligible (and not withdrawn it).
    declared_here: bool = False


def club_members_of(*, club: Club):
    """The club's active home members and alternates."""
    return (
        Player.objects.filter(Q(home_club=club) | Q(alternates__club=club))
        .filter(status=Player.Status.ACTIVE)
        .distinct()
        .order_by("family_name", "given_names", "abf_number")
    )


def player_status_report(*, club: Club, on: date | None = None) -> list[StatusRow]:
    """Definitions, Eligible Player: "Grading can also be determined from a Club's Player
    Status Report during the current year": each member's grade in force on the day and at
    the year's start, and whether a club has declared them ineligible."""
    on = on or timezone.localdate()
    members = list(club_members_of(club=club))
    ids = [player.pk for player in members]
    now = grades_in_force(players=ids, on=on)
    start = grades_in_force(players=ids, on=date(on.year, 1, 1))
    declared = ineligible_in_force(players=ids)
    changes: dict[int, list[Ineligibility]] = {}
    for row in Ineligibility.objects.filter(
        player_id__in=ids, club=club, at__year=on.year
    ).order_by("-at", "-id"):
        changes.setdefault(row.player_id, []).append(row)
    rows = []
    for player in members:
        grade = now.get(player.pk, GradeInForce(""))
        before = start.get(player.pk, GradeInForce(""))
        rows.append(
            StatusRow(
                player=player,
                home=player.home_club_id == club.pk,
                grade=grade,
                grade_before=before if before.grade != grade.grade else None,
                ineligible=declared.get(player.pk, []),
                changes=changes.get(player.pk, []),
                declared_here=any(row.club_id == club.pk for row in declared.get(player.pk, [])),
            )
        )
    return rows
