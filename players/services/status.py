"""A player's eligibility for Master Points under a scheme that grades its players (NZ Bridge:
`Scheme.player_grading`):

- a club declares a member ineligible to receive Master Points, or withdraws its declaration
  (Issue of Master Points 6: "A Club has the right to declare a member ineligible to receive
  Master Points");
- the office decides a player's grade over the yearly one: an overseas player, visitor or
  new resident, graded Open "unless clear evidence to the contrary is provided", the Board's
  review of a grade, or the decision withdrawn (Overseas Master Points (d)).

Each is one new row kept as made, with who, when and why, and a line in the player's
history; the same request again is refused naming why, and changes nothing."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from centre.dates import day_text
from centre.errors import DomainError
from centre.models import User
from centre.schemes import current_scheme
from clubs.models import Club
from players.models import Alternate, GradeDecision, Ineligibility, Player
from players.services.common import change_record, player_locked, refused
from scheme.parts import PlayerGrading

REASON_LENGTH = 300


def _grading() -> PlayerGrading:
    grading = current_scheme().player_grading
    if grading is None:
        raise DomainError(f"The {current_scheme().name} does not grade its players.")
    return grading


def _reason(value: str) -> str:
    reason = " ".join(str(value or "").split())
    if not reason:
        raise refused("reason", "Give the reason: it is kept with the change.")
    if len(reason) > REASON_LENGTH:
        raise refused("reason", f"Keep the reason to {REASON_LENGTH} characters.")
    return reason


def _club_latest(player: Player, club: Club) -> Ineligibility | None:
    return Ineligibility.objects.filter(player=player, club=club).order_by("-at", "-id").first()


def _member_require(player: Player, club: Club) -> None:
    member = (
        player.home_club_id == club.pk
        or Alternate.objects.filter(player=player, club=club).exists()
    )
    if not member or not player.is_active:
        grading = _grading()
        raise DomainError(
            f"{player.abf_number} {player.full_name} is not a member of {club.name}: a club "
            f"declares only its own members ineligible ({grading.ineligible_rule})."
        )


@transaction.atomic
def ineligibility_declare(*, player: Player, club: Club, reason: str, by: User) -> Ineligibility:
    """The club declares its member ineligible to receive Master Points from now on."""
    grading = _grading()
    reason = _reason(reason)
    player = player_locked(player)
    _member_require(player, club)
    latest = _club_latest(player, club)
    if latest is not None and latest.ineligible:
        raise DomainError(
            f"{player.abf_number} {player.full_name} is already declared ineligible by "
            f"{club.name}, since {day_text(timezone.localdate(latest.at))}: nothing changed "
            f"({grading.ineligible_rule})."
        )
    row = Ineligibility.objects.create(
        player=player, club=club, ineligible=True, reason=reason, by=by
    )
    change_record(
        player=player,
        by=by,
        club=club,
        action="declared ineligible",
        changes={"eligible for points": [True, False], "reason": ["", reason]},
    )
    return row


@transaction.atomic
def ineligibility_withdraw(*, player: Player, club: Club, reason: str, by: User) -> Ineligibility:
    """The club withdraws its declaration: the member receives Master Points again."""
    grading = _grading()
    reason = _reason(reason)
    player = player_locked(player)
    latest = _club_latest(player, club)
    if latest is None or not latest.ineligible:
        raise DomainError(
            f"{club.name} has not declared {player.abf_number} {player.full_name} ineligible: "
            f"nothing to withdraw ({grading.ineligible_rule})."
        )
    row = Ineligibility.objects.create(
        player=player, club=club, ineligible=False, reason=reason, by=by
    )
    change_record(
        player=player,
        by=by,
        club=club,
        action="declared eligible again",
        changes={"eligible for points": [False, True], "reason": ["", reason]},
    )
    return row


@transaction.atomic
def grade_decide(
    *,
    player: Player,
    grade: str,
    overseas: bool,
    reason: str,
    by: User,
    starts_on: date | None = None,
) -> GradeDecision:
    """The office's grade of a player from `starts_on` (today when not given): an overseas
    player with no grade given is the scheme's overseas grade (NZ: Open); "" and not overseas
    withdraws the decision in force, and the yearly grade applies again."""
    grading = _grading()
    reason = _reason(reason)
    grade = (grade or "").strip()
    if overseas and not grade:
        grade = grading.overseas_grade
    if grade and grade not in grading.grades:
        raise refused("grade", f"Choose one of the grades: {', '.join(grading.grades)}.")
    starts_on = starts_on or timezone.localdate()
    player = player_locked(player)
    latest = (
        GradeDecision.objects.filter(player=player, starts_on__lte=starts_on)
        .order_by("-starts_on", "-id")
        .first()
    )
    in_force = latest if latest is not None and latest.grade else None
    if not grade and in_force is None:
        raise refused(
            "grade",
            f"{player.abf_number} {player.full_name} has no decided grade to withdraw: the "
            f"yearly grade is already in force.",
        )
    if in_force is not None and (in_force.grade, in_force.overseas) == (grade, overseas):
        raise refused(
            "grade",
            f"{player.abf_number} {player.full_name} is already graded {grade} by decision "
            f"of {day_text(timezone.localdate(in_force.at))}: nothing changed.",
        )
    decision = GradeDecision.objects.create(
        player=player, grade=grade, overseas=overseas, reason=reason, starts_on=starts_on, by=by
    )
    change_record(
        player=player,
        by=by,
        club=None,
        action="grade decided" if grade else "grade decision withdrawn",
        changes={
            "grade": [in_force.grade if in_force else "", grade],
            "overseas": [in_force.overseas if in_force else False, overseas],
            "reason": ["", reason],
            "from": ["", starts_on.isoformat()],
        },
    )
    return decision
