"""The values a scheme's `Scheme` is made of (scheme.base): its kinds of point, grades,
ranks and what a rank needs, the figures of a promotion, the demo it seeds, its results
events and credit file formats, and the rules of its membership year."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from random import Random
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from scheme.core.points import points_text

if TYPE_CHECKING:
    from scheme.base import Scheme

# Lifetime points by point-kind code, in hundredths: {"green": 1250, "red": 300}.
PointTotals = Mapping[str, int]


class MembershipRules(Protocol):
    """A scheme's membership year (the ABF's: scheme.abf.membership), for a scheme with the
    MEMBERSHIP_YEAR feature. Times are aware datetimes; days and years the scheme's own."""

    def cancellation_opens(self, year: int) -> datetime: ...
    def cancellation_deadline(self, year: int) -> datetime: ...
    def cancellation_window_is_open(self, now: datetime) -> bool: ...
    def cancellation_year_of(self, day: date) -> int: ...
    def cancellation_takes_effect(self, year: int) -> date: ...
    def held_points_creditable(self, *, won_on: date, renewed_on: date) -> bool: ...
    def held_points_expired(self, *, won_on: date, today: date) -> bool: ...
    def youth_cutoff_birth_year(self, *, year: int) -> int: ...
    def youth_eligible(self, *, birth_year: int, year: int) -> bool: ...


@dataclass(frozen=True)
class PointKind:
    """A kind of masterpoint: ABF green, red, gold; NZ A, B, C; ACBL black, silver..."""

    code: str
    label: str
    colour_hex: str
    order: int


@dataclass(frozen=True)
class SchemeGrade:
    """A grade of event and the kind of point it awards."""

    code: str
    point_kind: str
    description: str


@dataclass(frozen=True)
class SchemeRank:
    """One step of a rank ladder. `is_met` says whether lifetime totals reach it; a scheme
    with requirements by kind (ABF red-and-gold, ACBL colours, NZ A+B) puts them there."""

    order: int
    name: str
    is_met: Callable[[PointTotals], bool] = field(compare=False, repr=False)
    # The scheme's own rank object, for callers that need its details.
    native: Any = field(default=None, compare=False, repr=False)


class RankNeed(NamedTuple):
    """One requirement of a rank and what lifetime totals still lack of it.

    `key` names the requirement in the API ("total", "red_and_gold", "aggregate", "A"...),
    `what` the points it counts in words ("A Points", "points of any colour"), `hundredths`
    what is still lacking (0 when met). A requirement that is not a number of points (the
    ACBL's Grand Life Master: a victory in an eligible event) has `points=False` and is then
    unmet; `what` says it in full.

    A named tuple, not a frozen dataclass: the lookup makes several for each player it lists,
    and a frozen dataclass is three times as long to make."""

    key: str
    what: str
    hundredths: int = 0
    points: bool = True

    @property
    def met(self) -> bool:
        return self.points and self.hundredths == 0

    def text(self) -> str:
        """'4.77 more A and B Points (aggregate)', or the requirement itself."""
        return f"{points_text(self.hundredths)} more {self.what}" if self.points else self.what


class NextStar(NamedTuple):
    """NZ: the next star within a rank and the aggregate still needed for it."""

    stars: int
    hundredths: int


@dataclass(frozen=True)
class RankMeasure:
    """A figure a promotion was judged on beside its lifetime total, which its certificate and
    the month's schedule of promotions print (1.8: the ABF's red and gold, and gold): its
    label and the point kinds it adds up; `pre_1982` when the red points won before 1982,
    kept on the player, count in it."""

    label: str
    kinds: tuple[str, ...]
    pre_1982: bool = False

    def of(self, totals: PointTotals, pre_1982_red: int = 0) -> int:
        """The figure, in hundredths, of lifetime totals by kind."""
        return sum(int(totals.get(kind, 0)) for kind in self.kinds) + (
            pre_1982_red if self.pre_1982 else 0
        )


@dataclass(frozen=True)
class DemoLogin:
    """A demo login of a role only the scheme has (the ABF's Goldpoint Coordinator): its
    username, what the demo's list of logins says of it, its role's code and email."""

    username: str
    description: str
    role: str
    email: str


# One Mitchell session of a demo club (scheme, grade, the kind it awards, tables a direction,
# the demo's random numbers): each pair's points by kind, in hundredths, by label (N1.., E1..).
SessionAwards = Callable[["Scheme", str, str, int, Random], dict[str, dict[str, int]]]


@dataclass(frozen=True)
class Demo:
    """What the demo data (operations.demo) seeds under the scheme, where the schemes differ.

    - `club_grade`: the grade of a club's weekly session ("": the scheme's first grade);
    - `balances`: the kinds brought forward from the previous register, commonest first,
      each with the grade of its balance event (none: the club grade's kind first, then the
      kinds nearest it that some grade awards);
    - `session_awards`: a club session's awards as the scheme computes them (None: by the
      scheme's calculator, the pairs ranked at random, or by a fixed scale without one);
    - `logins`: the logins of roles only the scheme has.
    """

    club_grade: str = ""
    balances: tuple[tuple[str, str], ...] = ()
    session_awards: SessionAwards | None = field(default=None, compare=False, repr=False)
    logins: tuple[DemoLogin, ...] = ()


@dataclass(frozen=True)
class ResultsEvent:
    """A kind of event a scheme reads from a results file when the grade alone does not say
    it (the ACBL's `event`: an open, invitational, restricted or newcomer club game), with
    the grades such an event is held at."""

    code: str
    label: str
    grades: tuple[str, ...]


@dataclass(frozen=True)
class CreditFileFormat:
    """A credit file's name and lines: `extension` may end in "?" for any digit (App. D:
    ".mp?"); each line is a player number then one fixed-width amount per point kind (None:
    the kind of the event the file is lodged for)."""

    extension: str
    line_width: int
    point_kinds: tuple[str | None, ...]

    def matches(self, filename: str) -> bool:
        name = filename.strip().lower()
        dot = name.rfind(".")
        extension = name[dot:] if dot >= 0 else ""
        pattern = self.extension.lower()
        if len(extension) != len(pattern):
            return False
        return all(
            want == got or (want == "?" and "0" <= got <= "9")
            for want, got in zip(pattern, extension, strict=True)
        )


class RuleSet(Protocol):
    """One edition of a scheme's award rules."""

    name: str
    title: str


@dataclass(frozen=True)
class PlayerGrading:
    """A scheme whose players hold a grade each year, set from their points at the year's end
    and in force from a day of the next (NZ Bridge: scheme.nz.eligibility), and what the grade
    and a club's declaration bar. Rules are named in the scheme's words, for messages."""

    # The grades, highest first ("Open", "Intermediate", "Junior").
    grades: tuple[str, ...]
    # The day of `year` on which the grades set at the end of the year before take effect.
    takes_effect: Callable[[int], date] = field(compare=False, repr=False)
    # Why a player of `grade` receives no points at an event of the scheme's grade `event`
    # (the whole sentence, its rule at the end), or None when they may.
    event_refusal: Callable[[str, str], str | None] = field(compare=False, repr=False)
    # The grades an event of the scheme's grade is open to (all: the event restricts none).
    open_to: Callable[[str], tuple[str, ...]] = field(compare=False, repr=False)
    # Overseas players (visitors, new residents): their grade unless the office decides
    # otherwise, and the rule that says so.
    overseas_grade: str = ""
    overseas_rule: str = ""
    # The rule giving a club the right to declare a member ineligible to receive points.
    ineligible_rule: str = ""
    # What the certificate says of the grades and the rule that makes it the evidence.
    certificate_lines: tuple[str, ...] = ()
    # The sessions a club must offer its members in a calendar year (0: none), and the rule.
    sessions_a_year: int = 0
    sessions_rule: str = ""
    sessions_consequence: str = ""
