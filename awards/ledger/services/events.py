"""The event whose awards are uploaded: its details, and who may issue them (1.2.2, 1.2.3,
1.6, 5.4.1, 7.5.1, 7.5.7)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.utils import timezone

from awards.errors import Problem
from awards.ledger.models import Event
from awards.ledger.services.congress import congress_problems, congress_warnings
from centre.dates import date_refusal
from centre.models import User
from centre.schemes import current_scheme
from clubs.models import Club, CongressOrganiser, State
from scheme.base import CONGRESSES


@dataclass
class EventDetails:
    """What the uploader says about the event whose awards these are."""

    name: str
    starts_on: date
    grade: str
    kind: str = Event.Kind.PAIRS
    sessions: int = 1
    ends_on: date | None = None
    # Which of the day's sessions this event is (an afternoon's 1, an evening's 2): a second
    # event played the same day is told apart from a repeat of the first by it.
    session: int = 1
    organiser: str = ""
    club: Club | None = None
    state: State | None = None
    # 5.4.1: the congress's organiser, to whose convener the Centre reports.
    congress_organiser: CongressOrganiser | None = None
    # Its shape, for the most it can pay one player (awards.intake.services.award_checks).
    tables: Decimal | None = None
    movement: str = ""
    boards: int | None = None
    # 5.3: what the event was at its congress, and the congress's grade; a large congress's
    # additional championship names its number and the congress's table-sessions (5.3.3).
    congress_grade: str = ""
    congress_event: str = ""
    extra_championship: int | None = None
    congress_table_sessions: Decimal | None = None
    # 1.5.2, 5.1.1-5.1.3: the director's accreditation (scheme.abf.directors.LEVELS) and
    # whether the director played; kept with the upload's details.
    director_level: str = ""
    director_playing: bool = False
    # 6.2.2: which State Championship a grade B event is, and whether it is eclectic; 2.4:
    # a grade C Regional Championship's region (by name) and which of the three it is.
    state_championship: str = ""
    eclectic: bool = False
    region: str = ""
    regional_championship: str = ""

    def as_json(self) -> dict:
        return {
            "name": self.name,
            "starts_on": self.starts_on.isoformat(),
            "ends_on": (self.ends_on or self.starts_on).isoformat(),
            "grade": self.grade,
            "kind": self.kind,
            "sessions": self.sessions,
            "session": self.session,
            "organiser": self.organiser,
            "club_id": self.club.pk if self.club else None,
            "state_id": self.state.pk if self.state else None,
            "congress_organiser_id": self.congress_organiser.pk
            if self.congress_organiser
            else None,
            "tables": None if self.tables is None else str(self.tables),
            "movement": self.movement,
            "boards": self.boards,
            "congress_grade": self.congress_grade,
            "congress_event": self.congress_event,
            "extra_championship": self.extra_championship,
            "congress_table_sessions": None
            if self.congress_table_sessions is None
            else str(self.congress_table_sessions),
            "director_level": self.director_level,
            "director_playing": self.director_playing,
            "state_championship": self.state_championship,
            "eclectic": self.eclectic,
            "region": self.region,
            "regional_championship": self.regional_championship,
        }


def _organiser_problems(*, by: User, event: EventDetails) -> list[Problem]:
    if by.is_club_secretary or not (event.organiser or event.club):
        return []
    problems: list[Problem] = []
    allowed = organisers_for(by=by)
    if event.organiser and event.organiser not in allowed:
        problems.append(
            Problem(
                0,
                f"Your login may not upload an event run by {event.organiser!r}; choose one of "
                f"{', '.join(allowed)}.",
                "event.organiser",
            )
        )
    if by.state_id and event.club and event.club.state_id != by.state_id:
        problems.append(
            Problem(
                0,
                f"Club {event.club.number} is not a club of {by.state.code}.",
                "event.club_number",
            )
        )
    congress = event.congress_organiser
    if congress is not None:
        if event.organiser != Event.Organiser.CONGRESS:
            problems.append(
                Problem(
                    0,
                    "Only a congress names a congress organiser (5.4.1): choose congress as "
                    "who ran it, or leave the organiser out.",
                    "event.congress_organiser",
                )
            )
        if by.state_id and congress.state_id != by.state_id:
            problems.append(
                Problem(
                    0,
                    f"{congress.name} is not a congress organiser of {by.state.code}.",
                    "event.congress_organiser",
                )
            )
    if event.organiser == Event.Organiser.CLUB and event.club is None:
        problems.append(
            Problem(0, "Give the number of the club that ran the event.", "event.club_number")
        )
    return problems


def grades_for(*, by: User) -> frozenset[str]:
    """The grades of event a login may issue, by the scheme's rule (`Scheme.grades_issuable_by`:
    ABF 1.6; NZ: Issue of Master Points; the ACBL's issuers), or any of its grades if it has
    none."""
    scheme = current_scheme()
    if scheme.grades_issuable_by is not None:
        return scheme.grades_issuable_by(by.issuer_role)
    return frozenset(grade.code for grade in scheme.grades)


def organisers_for(*, by: User) -> tuple[str, ...]:
    """Who a login may name as having run an event it uploads, by the scheme's rule
    (`Scheme.event_organisers`: the ABF's 5.4.1, 7.5.1)."""
    return current_scheme().event_organisers(by.issuer_role)


def event_problems(*, by: User, event: EventDetails) -> list[Problem]:
    """Everything wrong with the event's details, or with this login issuing its grade."""
    problems: list[Problem] = _organiser_problems(by=by, event=event)
    if not event.name.strip():
        problems.append(Problem(0, "Give the event's name.", "event.name"))
    # Dates the register keeps (centre.dates); a first day ahead is "not played yet" below.
    if event.starts_on <= timezone.localdate() and (
        refusal := date_refusal(event.starts_on, what="The event's first day")
    ):
        problems.append(Problem(0, refusal, "event.starts_on"))
    if event.ends_on and (
        refusal := date_refusal(event.ends_on, what="The event's last day", ahead=True)
    ):
        problems.append(Problem(0, refusal, "event.ends_on"))
    scheme = current_scheme()
    if event.grade not in {grade.code for grade in scheme.grades}:
        problems.append(
            Problem(
                0,
                f"{event.grade!r} is not a {scheme.grade_word} of the {scheme.name}.",
                "event.grade",
            )
        )
        return problems
    if (refusal := scheme.issue_refusal(by.issuer_role, event.grade, event.name)) or (
        refusal := _yearly_limit_refusal(by=by, event=event)
    ):
        problems.append(Problem(0, refusal, "event.grade"))
    if scheme.has(CONGRESSES):
        # 5.3: a congress's event, by what it was at the congress (awards.ledger.services.congress).
        problems += congress_problems(event)
    return problems + _shape_problems(event)


def _yearly_limit_refusal(*, by: User, event: EventDetails) -> str | None:
    """Why the club may not run another event of the grade in the event's calendar year (NZ's
    one 3A or 5A tournament a year: `Scheme.yearly_limit_refusal`), from the grades of its
    events of that year that were credited; None when it may, or the scheme sets no limit."""
    scheme = current_scheme()
    if scheme.yearly_limit_refusal is None or not by.is_club_secretary:
        return None
    held = frozenset(
        Event.objects.filter(
            club=by.club, starts_on__year=event.starts_on.year, credits__isnull=False
        )
        .values_list("grade", flat=True)
        .distinct()
    )
    return scheme.yearly_limit_refusal(by.issuer_role, event.grade, held)


def event_warnings(*, event: EventDetails) -> list[str]:
    """What the uploader is told without a refusal: a congress's event whose place at the
    congress is not said has its grade unchecked against 5.3.3."""
    if not current_scheme().has(CONGRESSES):
        return []
    return congress_warnings(event)


def _shape_problems(event: EventDetails) -> list[Problem]:
    """The event's dates, sessions and kind."""
    problems: list[Problem] = []
    if event.ends_on and event.ends_on < event.starts_on:
        problems.append(Problem(0, "The event ends before it starts.", "event.ends_on"))
    if event.sessions < 1:
        problems.append(Problem(0, "An event has at least one session.", "event.sessions"))
    if event.session < 1:
        problems.append(
            Problem(0, "The session of the day is 1, 2 or a later one.", "event.session")
        )
    if event.kind not in Event.Kind.values:
        problems.append(Problem(0, f"{event.kind!r} is not pairs or teams.", "event.kind"))
    if event.starts_on > timezone.localdate():
        problems.append(Problem(0, "The event has not been played yet.", "event.starts_on"))
    return problems


def event_organiser_resolve(*, by: User, event: EventDetails) -> None:
    """Fill in who ran the event from who uploads it: a club its own, a state its own."""
    if by.is_club_secretary:
        event.organiser = Event.Organiser.CLUB
        event.club = by.club
        event.state = by.club.state
    elif by.is_state_secretary or by.is_organiser:
        # A congress may be run by a club of the state; it is then invoiced to that club.
        event.organiser = event.organiser or Event.Organiser.STATE
        event.state = by.state
    elif by.is_gold_coordinator:
        event.organiser = event.organiser or Event.Organiser.NATIONAL
    else:
        event.organiser = event.organiser or (
            Event.Organiser.CLUB if event.club else Event.Organiser.NATIONAL
        )
        if event.club and not event.state:
            event.state = event.club.state
    if event.congress_organiser is not None and event.state is None:
        # 5.4.1: a congress is its organiser's state's.
        event.state = event.congress_organiser.state
