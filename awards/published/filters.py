"""The published results' filters, read strictly from a query (page or API): a month, a
region, a club and a grade, each optional; a bad one is refused naming it, before any read
of the events."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from awards.intake.models import CreditUpload
from centre import params
from centre.models import Period
from centre.schemes import current_scheme
from clubs.models import Club, State

_MONTH = re.compile(r"(\d{4})-(\d{2})")


@dataclass(frozen=True)
class ResultsFilters:
    """The month processed (None: the registry has none yet), and the region, club and grade
    asked for (None or "": any)."""

    period: Period | None
    state: State | None = None
    club: Club | None = None
    grade: str = ""

    @property
    def key(self) -> str:
        """The filters as a cache key's part."""
        return ":".join(
            (
                month_text(self.period) if self.period else "",
                str(self.state.pk if self.state else ""),
                str(self.club.pk if self.club else ""),
                self.grade,
            )
        )

    def query(self) -> dict[str, str]:
        """The filters as a query asks them (the month always: the page's links keep it)."""
        asked = {"month": month_text(self.period)} if self.period else {}
        if self.state:
            asked["state"] = self.state.code
        if self.club:
            asked["club"] = str(self.club.number)
        if self.grade:
            asked["grade"] = self.grade
        return asked


def month_text(period: Period) -> str:
    return f"{period.year}-{period.month:02d}"


def _period(value: str) -> Period | None:
    """The month asked for, or the latest in which anything was processed when none is (a
    month opened early by a close may have nothing yet)."""
    if not value:
        processed = CreditUpload.objects.filter(
            period=OuterRef("pk"), status=CreditUpload.Status.CREDITED
        )
        latest = Period.objects.filter(Exists(processed)).order_by("-year", "-month").first()
        return latest or Period.objects.order_by("-year", "-month").first()
    found = _MONTH.fullmatch(value)
    if not found or not 1 <= int(found.group(2)) <= 12:
        raise params.refuse("month", f"Give the month as year-month, such as 2026-03: not {value}.")
    year = params.year(found.group(1), name="month")
    period = Period.objects.filter(year=year, month=int(found.group(2))).first()
    if period is None:
        # A month the registry never opened processed nothing: an empty list, not an error.
        return Period(year=year, month=int(found.group(2)))
    return period


def results_filters(query: Mapping[str, str]) -> ResultsFilters:
    """The filters of a query (`month`, `state`, `club`, `grade`), each checked."""
    scheme = current_scheme()
    month = (query.get("month") or "").strip()
    code = (query.get("state") or "").strip()
    number = (query.get("club") or "").strip()
    grade = (query.get("grade") or "").strip()
    state = None
    if code:
        state = State.objects.filter(code__iexact=code).first()
        if state is None:
            raise params.refuse("state", f"No {scheme.region_name} has the code {code[:12]}.")
    club = None
    if number:
        club_number = params.whole_number(number, name="club", minimum=1, maximum=10**9)
        club = Club.objects.filter(number=club_number).select_related("state").first()
        if club is None:
            raise params.refuse("club", f"No club has the number {club_number}.")
    if grade and grade not in {g.code for g in scheme.grades}:
        raise params.refuse(
            "grade",
            f"{grade[:12]} is not a {scheme.grade_word} of the registry: give one of "
            + ", ".join(g.code for g in scheme.grades)
            + ".",
        )
    return ResultsFilters(period=_period(month), state=state, club=club, grade=grade)
