"""Every write to the ledger: uploads, on-screen entry, authorisations, adjustments, approvals.

Credits are only ever added (App. E; BRIEF: "Credits are never edited or deleted"); the one
change a credit sees is its approval when its month closes. Player totals are kept in the
same transaction as each credit and each approval.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal

from django.core.mail import send_mail
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Sum
from django.utils import timezone

from awards import credit_files
from awards.models import (
    AUTHORISED_GRADES,
    Authorisation,
    Colour,
    Credit,
    CreditUpload,
    Event,
    HeldCredit,
    PlayerTotals,
    grade_colour,
)
from centre.models import Period, User
from centre.services import period_for_credits
from clubs.models import Club, State
from players import abf_numbers
from players.models import Player
from scheme.abf import EventAwards
from scheme.abf.grades import ABF_GRADES

# 1.2.3 and guide A3/C3: a club issues green points of grades F, E and D and red points of
# its own B4c and B5i events.
CLUB_GRADES = frozenset({"F", "E", "D", "B4c", "B5i"})
# 1.2.2, 5.4.1 and guide C3.4-C3.5: a state secretary uploads red points of congresses and
# state events (and the regional championships of grade C, which the state runs).
STATE_GRADES = frozenset({"C", "B4c", "B5i", "B4s", "B5", "B4", "B3", "B"})
# 7.5.1: gold points come from the gold point coordinator, a member of the centre's staff.
CHUNK = 5000
# Players per UPDATE of the totals: 7 parameters each, well under SQLite's 32,766.
TOTALS_CHUNK = 2000


class AwardsError(Exception):
    """A request the rules refuse; the message says why, for the person who asked."""


@dataclass(frozen=True)
class Problem:
    """One reason an upload cannot be credited: its line (0 for the whole file) and why."""

    line: int
    message: str
    field: str = ""

    @property
    def where(self) -> str:
        if self.field:
            return self.field
        return f"line {self.line}" if self.line else "file"


class UploadRejected(AwardsError):
    """The upload has errors; nothing was stored or credited."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(f"The upload has {len(problems)} error(s); nothing was credited.")


@dataclass
class EventDetails:
    """What the uploader says about the event whose awards these are."""

    name: str
    starts_on: date
    grade: str
    kind: str = Event.Kind.PAIRS
    sessions: int = 1
    ends_on: date | None = None
    organiser: str = ""
    club: Club | None = None
    state: State | None = None

    def as_json(self) -> dict:
        return {
            "name": self.name,
            "starts_on": self.starts_on.isoformat(),
            "ends_on": (self.ends_on or self.starts_on).isoformat(),
            "grade": self.grade,
            "kind": self.kind,
            "sessions": self.sessions,
            "organiser": self.organiser,
            "club_id": self.club.pk if self.club else None,
            "state_id": self.state.pk if self.state else None,
        }


@dataclass
class Entry:
    """One credit typed on screen (CPAR or Sundry): an ABF number and points in hundredths."""

    abf_number: str
    points: int


@dataclass
class _Checked:
    problems: list[Problem] = field(default_factory=list)
    lines: list[dict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=lambda: {"green": 0, "red": 0, "gold": 0})


def sha256_of(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def points_text(hundredths: int) -> str:
    sign = "-" if hundredths < 0 else ""
    return f"{sign}{abs(hundredths) // 100}.{abs(hundredths) % 100:02d}"


# --- who may issue what -------------------------------------------------------------------


def grades_issuable_by(user: User) -> frozenset[str]:
    if user.is_centre_staff:
        return frozenset(ABF_GRADES)
    if user.is_state_secretary:
        return STATE_GRADES
    if user.is_club_secretary:
        return CLUB_GRADES
    return frozenset()


def organisers_for(user: User) -> tuple[str, ...]:
    """Who may be named as having run an uploaded event: a club always runs its own."""
    if user.is_centre_staff:
        return (
            Event.Organiser.CLUB,
            Event.Organiser.STATE,
            Event.Organiser.CONGRESS,
            Event.Organiser.NATIONAL,
        )
    if user.is_state_secretary:
        # 5.4.1: state secretaries upload their congresses and state events.
        return (Event.Organiser.STATE, Event.Organiser.CONGRESS)
    return ()


def _organiser_problems(*, by: User, event: EventDetails) -> list[Problem]:
    if by.is_club_secretary or not (event.organiser or event.club):
        return []
    problems: list[Problem] = []
    if event.organiser and event.organiser not in organisers_for(by):
        problems.append(
            Problem(
                0,
                f"Your login may not upload an event run by {event.organiser!r}; choose one of "
                f"{', '.join(organisers_for(by))}.",
                "event.organiser",
            )
        )
    if by.is_state_secretary and event.club and event.club.state_id != by.state_id:
        problems.append(
            Problem(
                0,
                f"Club {event.club.number} is not a club of {by.state.code}.",
                "event.club_number",
            )
        )
    if event.organiser == Event.Organiser.CLUB and event.club is None:
        problems.append(
            Problem(0, "Give the number of the club that ran the event.", "event.club_number")
        )
    return problems


def _event_problems(*, by: User, event: EventDetails) -> list[Problem]:
    problems: list[Problem] = _organiser_problems(by=by, event=event)
    if not event.name.strip():
        problems.append(Problem(0, "Give the event's name.", "event.name"))
    if event.grade not in ABF_GRADES:
        problems.append(Problem(0, f"{event.grade!r} is not a grade of 1.5.1.", "event.grade"))
        return problems
    if event.grade not in grades_issuable_by(by):
        colour = grade_colour(event.grade)
        who = {
            "gold": "centre staff (the gold point coordinator, 7.5.1)",
            "red": "the state masterpoint secretary or the centre",
            "green": "the state masterpoint secretary or the centre",
        }[colour]
        problems.append(
            Problem(
                0,
                f"Your login may not issue grade {event.grade} ({colour}) points; they are "
                f"uploaded by {who}.",
                "event.grade",
            )
        )
    if event.ends_on and event.ends_on < event.starts_on:
        problems.append(Problem(0, "The event ends before it starts.", "event.ends_on"))
    if event.sessions < 1:
        problems.append(Problem(0, "An event has at least one session.", "event.sessions"))
    if event.kind not in Event.Kind.values:
        problems.append(Problem(0, f"{event.kind!r} is not pairs or teams.", "event.kind"))
    if event.starts_on > timezone.localdate():
        problems.append(Problem(0, "The event has not been played yet.", "event.starts_on"))
    return problems


def _resolve_organiser(*, by: User, event: EventDetails) -> None:
    """Fill in who ran the event from who uploads it: a club its own, a state its own."""
    if by.is_club_secretary:
        event.organiser = Event.Organiser.CLUB
        event.club = by.club
        event.state = by.club.state
    elif by.is_state_secretary:
        # A congress may be run by a club of the state; it is then invoiced to that club.
        event.organiser = event.organiser or Event.Organiser.STATE
        event.state = by.state
    else:
        event.organiser = event.organiser or (
            Event.Organiser.CLUB if event.club else Event.Organiser.NATIONAL
        )
        if event.club and not event.state:
            event.state = event.club.state


# --- checking an upload (App. E, step 1) --------------------------------------------------


def _players_by_number(numbers: Iterable[str]) -> dict[str, Player]:
    numbers = list(numbers)
    found: dict[str, Player] = {}
    for start in range(0, len(numbers), CHUNK):
        for player in Player.objects.filter(abf_number__in=numbers[start : start + CHUNK]).only(
            "id", "abf_number", "given_names", "family_name", "status", "home_club_id"
        ):
            found[player.abf_number] = player
    return found


def _check_lines(
    *, credits: list[credit_files.CreditLine], event_colour: str, filename: str
) -> _Checked:
    checked = _Checked()
    players = _players_by_number({c.abf_number for c in credits})
    clubs = dict(
        Club.objects.filter(
            pk__in={p.home_club_id for p in players.values() if p.home_club_id}
        ).values_list("pk", "number")
    )
    bad_lines: set[int] = set()
    for credit in credits:
        colour = credit.colour or event_colour
        if colour != event_colour:
            checked.problems.append(
                Problem(
                    credit.line,
                    f"{credit.abf_number} is given {points_text(credit.points)} {colour} "
                    f"points, but this event's grade earns {event_colour} points; this "
                    f"upload may not issue {colour} points.",
                )
            )
            bad_lines.add(credit.line)
            continue
        player = players.get(credit.abf_number)
        if player is None:
            reason = abf_numbers.validation_error(credit.abf_number)
            message = (
                reason.replace(" is not an ABF number", " is not a valid ABF number")
                if reason
                else f"{credit.abf_number} is not a registered ABF number."
            )
            checked.problems.append(Problem(credit.line, message))
            bad_lines.add(credit.line)
            continue
        if player.status == Player.Status.DECEASED:
            checked.problems.append(
                Problem(
                    credit.line,
                    f"{credit.abf_number} {player.given_names} {player.family_name} is "
                    f"recorded as deceased.",
                )
            )
            bad_lines.add(credit.line)
            continue
        warning = ""
        if player.status == Player.Status.INACTIVE:
            # 1.3.2: held, credited only if the player renews in time.
            warning = "inactive: held until the player is reactivated (1.3.2)"
            checked.warnings.append(
                f"Line {credit.line}: {credit.abf_number} {player.given_names} "
                f"{player.family_name} is inactive; the points are held (1.3.2)."
            )
        checked.totals[colour] += credit.points
        checked.lines.append(
            {
                "line": credit.line,
                "player_id": player.pk,
                "abf_number": player.abf_number,
                "name": f"{player.given_names} {player.family_name}",
                "home_club": clubs.get(player.home_club_id),
                "colour": colour,
                "points": credit.points,
                "held": player.status == Player.Status.INACTIVE,
                "warning": warning,
            }
        )
    return checked


def _authorisation_problems(
    *, by: User, event: EventDetails, number: str, red_total: int
) -> tuple[Authorisation | None, list[Problem]]:
    number = number.strip()
    needs = (
        by.is_club_secretary
        and event.grade in AUTHORISED_GRADES
        and by.club.state is not None
        and by.club.state.requires_authorisation
    )
    if not number:
        if needs:
            return None, [
                Problem(
                    0,
                    f"Grade {event.grade} points need an authorisation number from the state "
                    f"masterpoint secretary (2.6).",
                    "authorisation",
                )
            ]
        return None, []
    authorisation = Authorisation.objects.filter(number__iexact=number).first()
    if authorisation is None or (by.is_club_secretary and authorisation.club_id != by.club_id):
        return None, [
            Problem(0, f"{number} is not an authorisation issued to your club.", "authorisation")
        ]
    if by.is_state_secretary and authorisation.state_id != by.state_id:
        return None, [
            Problem(0, f"{number} is not an authorisation of your state.", "authorisation")
        ]
    if authorisation.grade != event.grade:
        return None, [
            Problem(
                0,
                f"Authorisation {number} is for grade {authorisation.grade}, not {event.grade}.",
                "authorisation",
            )
        ]
    if authorisation.credited + red_total > authorisation.amount:
        return authorisation, [
            Problem(
                0,
                f"The upload credits {points_text(red_total)} red points, but authorisation "
                f"{number} has {points_text(authorisation.remaining)} of "
                f"{points_text(authorisation.amount)} left (2.6).",
                "authorisation",
            )
        ]
    return authorisation, []


def credit_upload_check(
    *,
    by: User,
    filename: str,
    content: bytes,
    event: EventDetails,
    authorisation_number: str = "",
    intended: bool = False,
    source: str = CreditUpload.Source.FILE,
    expected: dict[str, int] | None = None,
) -> CreditUpload:
    """App. E step 1: check every line and keep the upload, ready for confirmation.

    `expected` (ABF number -> hundredths), when the event's results came with the file, is
    what the award rules give; the preview then lists every line that differs from it.

    Raises UploadRejected, listing every problem by line, when anything is wrong; then
    nothing is stored.
    """
    problems = _event_problems(by=by, event=event)
    _resolve_organiser(by=by, event=event)
    parsed = credit_files.parse(filename, content)
    problems += [Problem(e.line, e.message) for e in parsed.errors]
    event_colour = grade_colour(event.grade) if event.grade in ABF_GRADES else ""
    if event_colour:
        file_colours = credit_files.line_format(filename)
        single = file_colours[1][0] if file_colours and len(file_colours[1]) == 1 else None
        if single and single != event_colour:
            problems.append(
                Problem(
                    0,
                    f"This is a {single} points file ({parsed.extension}), but grade "
                    f"{event.grade} earns {event_colour} points.",
                )
            )
            checked = _Checked()
        else:
            checked = _check_lines(
                credits=parsed.credits, event_colour=event_colour, filename=filename
            )
            problems += checked.problems
    else:
        checked = _Checked()
    digest = sha256_of(content)
    if not intended:
        earlier = (
            CreditUpload.objects.filter(
                uploaded_by=by,
                sha256=digest,
                intended=False,
                status__in=[CreditUpload.Status.CHECKED, CreditUpload.Status.CREDITED],
            )
            .order_by("created_at")
            .first()
        )
        if earlier is not None:
            problems.append(
                Problem(
                    0,
                    f"This file was already uploaded on "
                    f"{timezone.localtime(earlier.created_at):%d/%m/%Y %H:%M} (upload "
                    f"{earlier.pk}, {earlier.get_status_display().lower()}). If it is meant "
                    f"to be credited again, say that the repeat is intended.",
                    "intended",
                )
            )
    authorisation = None
    if event.grade in ABF_GRADES:
        authorisation, more = _authorisation_problems(
            by=by, event=event, number=authorisation_number, red_total=checked.totals["red"]
        )
        problems += more
    if problems:
        raise UploadRejected(sorted(problems, key=lambda p: (p.line, p.field)))
    try:
        with transaction.atomic():
            return CreditUpload.objects.create(
                source=source,
                uploaded_by=by,
                club=event.club,
                state=event.state,
                filename=filename,
                content=content,
                sha256=digest,
                intended=intended,
                event_details=event.as_json(),
                authorisation=authorisation,
                preview={
                    "lines": checked.lines,
                    "warnings": checked.warnings,
                    "totals": checked.totals,
                    "differences": _differences(checked.lines, expected),
                    "checked_against_results": expected is not None,
                },
                line_count=len({line["line"] for line in checked.lines}),
                total_green=checked.totals["green"],
                total_red=checked.totals["red"],
                total_gold=checked.totals["gold"],
            )
    except IntegrityError as exc:  # the same file checked twice at once
        raise UploadRejected(
            [Problem(0, "This file was already uploaded just now.", "intended")]
        ) from exc


def _differences(lines: list[dict], expected: dict[str, int] | None) -> list[dict]:
    """Every line whose points differ from what the rules give, and every player missing."""
    if expected is None:
        return []
    given: dict[str, int] = {}
    for line in lines:
        given[line["abf_number"]] = given.get(line["abf_number"], 0) + line["points"]
    differences = [
        {
            "line": line["line"],
            "abf_number": line["abf_number"],
            "name": line["name"],
            "points": line["points"],
            "expected": expected.get(line["abf_number"], 0),
        }
        for line in lines
        if expected.get(line["abf_number"], 0) != given[line["abf_number"]]
    ]
    differences += [
        {"line": None, "abf_number": number, "name": "", "points": 0, "expected": points}
        for number, points in sorted(expected.items())
        if points and number not in given
    ]
    return differences


def awards_by_player(
    *, awards: EventAwards, players: dict[str, list[str]]
) -> tuple[dict[str, int], list[Problem]]:
    """Each player's award in hundredths, from each contestant's award and ABF numbers.

    Every member of a pair or team receives the contestant's award (the calculator gives it
    per player). A player listed for two contestants receives both.
    """
    problems: list[Problem] = []
    by_player: dict[str, int] = {}
    labels = set(awards.labels)
    for label in sorted(set(players) - labels):
        problems.append(
            Problem(0, f"{label} is not a contestant of the results.", f"players.{label}")
        )
    for contestant in awards.contestants:
        hundredths = int((contestant.total * 100).to_integral_value(rounding=ROUND_HALF_UP))
        numbers = players.get(contestant.label)
        if not numbers:
            if hundredths:
                problems.append(
                    Problem(
                        0,
                        f"{contestant.label} wins {points_text(hundredths)} points: give the "
                        f"ABF numbers of its players.",
                        f"players.{contestant.label}",
                    )
                )
            continue
        for raw in numbers:
            number = abf_numbers.normalise(str(raw))
            if hundredths:
                by_player[number] = by_player.get(number, 0) + hundredths
    return by_player, problems


def credit_results_check(
    *,
    by: User,
    event: EventDetails,
    awards: EventAwards,
    players: dict[str, list[str]],
    authorisation_number: str = "",
) -> CreditUpload:
    """From results to credits: the award engine's awards become an upload (App. E step 1)."""
    by_player, problems = awards_by_player(awards=awards, players=players)
    if event.grade != awards.grade:
        problems.append(
            Problem(0, f"The results are of grade {awards.grade}, not {event.grade}.", "grade")
        )
    if problems:
        raise UploadRejected(problems)
    entries = [Entry(abf_number=number, points=points) for number, points in by_player.items()]
    return credit_entries_check(
        by=by,
        entries=entries,
        event=event,
        source=CreditUpload.Source.RESULTS,
        authorisation_number=authorisation_number,
    )


def credit_entries_check(
    *,
    by: User,
    entries: list[Entry],
    event: EventDetails,
    source: str,
    authorisation_number: str = "",
) -> CreditUpload:
    """App. E: CPAR and Sundry entry go through the same checks as a file.

    The entries become the credit file the secretary would have uploaded, so that the same
    parser, the same checks and the same ledger apply; each entry's line is its row.
    """
    problems: list[Problem] = []
    rows: list[tuple[str, int]] = []
    for index, entry in enumerate(entries, start=1):
        number = abf_numbers.normalise(entry.abf_number)
        if not (number.isascii() and number.isdigit() and len(number) == 7):
            problems.append(Problem(index, f"{entry.abf_number!r} is not an ABF number."))
            continue
        if not 0 < entry.points <= credit_files.MAX_POINTS:
            problems.append(Problem(index, f"{number}: points must be between 0.01 and 9999.99."))
            continue
        rows.append((number, entry.points))
    if not rows and not problems:
        problems.append(Problem(0, "Enter points for at least one player."))
    if problems:
        raise UploadRejected(problems)
    colour_extension = {"green": ".grn", "red": ".red", "gold": ".gld"}
    extension = colour_extension.get(
        grade_colour(event.grade) if event.grade in ABF_GRADES else "green", ".grn"
    )
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
    return credit_upload_check(
        by=by,
        filename=f"{source}-{stamp}{extension}",
        content=credit_files.write(rows),
        event=event,
        authorisation_number=authorisation_number,
        intended=True,
        source=source,
    )


# --- crediting (App. E, step 2) -----------------------------------------------------------


def _may_act_on(upload: CreditUpload, by: User) -> bool:
    return by.is_centre_staff or upload.uploaded_by_id == by.pk


def credit_upload_confirm(*, upload: CreditUpload, by: User) -> CreditUpload:
    """App. E step 2: credit every line of a checked upload in one transaction, or none."""
    with transaction.atomic():
        upload = CreditUpload.objects.select_for_update().get(pk=upload.pk)
        if not _may_act_on(upload, by):
            raise AwardsError("This upload is not yours.")
        if upload.status != CreditUpload.Status.CHECKED:
            raise AwardsError(f"This upload is already {upload.get_status_display().lower()}.")
        lines: list[dict] = upload.preview.get("lines", [])
        # A player may have died or been made inactive since the check.
        statuses = _player_statuses([line["player_id"] for line in lines])
        problems = [
            Problem(line["line"], f"{line['abf_number']} is now recorded as deceased.")
            for line in lines
            if statuses.get(line["player_id"]) == Player.Status.DECEASED
        ]
        if problems:
            raise UploadRejected(problems)
        period = period_for_credits()
        if upload.authorisation_id:
            # 2.6: never more than the amount authorised, however many uploads race.
            authorisation = Authorisation.objects.select_for_update().get(
                pk=upload.authorisation_id
            )
            if authorisation.credited + upload.total_red > authorisation.amount:
                raise UploadRejected(
                    [
                        Problem(
                            0,
                            f"Authorisation {authorisation.number} has "
                            f"{points_text(authorisation.remaining)} red points left; this "
                            f"upload credits {points_text(upload.total_red)} (2.6).",
                            "authorisation",
                        )
                    ]
                )
            Authorisation.objects.filter(pk=authorisation.pk).update(
                credited=F("credited") + upload.total_red
            )
        details = upload.event_details
        event = Event.objects.create(
            organiser=details["organiser"],
            club_id=details["club_id"],
            state_id=details["state_id"],
            name=details["name"],
            starts_on=date.fromisoformat(details["starts_on"]),
            ends_on=date.fromisoformat(details["ends_on"]),
            grade=details["grade"],
            kind=details["kind"],
            sessions=details["sessions"],
            created_by=upload.uploaded_by,
        )
        source = {
            CreditUpload.Source.FILE: Credit.Source.FILE,
            CreditUpload.Source.CPAR: Credit.Source.CPAR,
            CreditUpload.Source.SUNDRY: Credit.Source.SUNDRY,
            CreditUpload.Source.RESULTS: Credit.Source.RESULTS,
        }[upload.source]
        credited: list[tuple[int, str, int]] = []
        held: list[HeldCredit] = []
        for line in lines:
            if statuses.get(line["player_id"]) == Player.Status.INACTIVE:
                held.append(
                    HeldCredit(
                        player_id=line["player_id"],
                        event=event,
                        colour=line["colour"],
                        points=line["points"],
                        upload=upload,
                        uploaded_by=upload.uploaded_by,
                    )
                )
            else:
                credited.append((line["player_id"], line["colour"], line["points"]))
        _credits_insert(
            rows=credited,
            event=event,
            period=period,
            upload=upload,
            source=source,
        )
        HeldCredit.objects.bulk_create(held, batch_size=2000)
        _totals_add(year=period.year, amounts=credited, state=Credit.State.PROVISIONAL)
        upload.status = CreditUpload.Status.CREDITED
        upload.event = event
        upload.period = period
        upload.credited_at = timezone.now()
        upload.save(update_fields=["status", "event", "period", "credited_at"])
    return upload


def _credits_insert(
    *,
    rows: list[tuple[int, str, int]],
    event: Event,
    period: Period,
    upload: CreditUpload,
    source: str,
) -> None:
    """Write an upload's credits: (player, colour, hundredths), provisional, in its month.

    On PostgreSQL one INSERT ... SELECT FROM unnest() of three arrays writes them all, which
    keeps a 20,000-line file close to the speed of COPY; elsewhere Django's bulk_create.
    """
    if not rows:
        return
    if connection.vendor == "postgresql":
        players, colours, points = (list(column) for column in zip(*rows, strict=True))
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO awards_credit (player_id, event_id, colour, points, source, "
                "period_id, state, upload_id, uploaded_by_id, reason, conversion, created_at) "
                "SELECT v.player_id, %s, v.colour, v.points, %s, %s, %s, %s, %s, '', '', %s "
                "FROM unnest(%s::bigint[], %s::varchar[], %s::integer[]) "
                "AS v(player_id, colour, points)",
                [
                    event.pk,
                    source,
                    period.pk,
                    Credit.State.PROVISIONAL,
                    upload.pk,
                    upload.uploaded_by_id,
                    timezone.now(),
                    players,
                    colours,
                    points,
                ],
            )
        return
    Credit.objects.bulk_create(
        (
            Credit(
                player_id=player_id,
                event=event,
                colour=colour,
                points=hundredths,
                source=source,
                period=period,
                upload=upload,
                uploaded_by_id=upload.uploaded_by_id,
            )
            for player_id, colour, hundredths in rows
        ),
        batch_size=2000,
    )


def _player_statuses(player_ids: list[int]) -> dict[int, str]:
    statuses: dict[int, str] = {}
    for start in range(0, len(player_ids), CHUNK):
        statuses.update(
            Player.objects.filter(pk__in=player_ids[start : start + CHUNK]).values_list(
                "pk", "status"
            )
        )
    return statuses


def credit_upload_cancel(*, upload: CreditUpload, by: User) -> CreditUpload:
    """An upload not yet credited can be cancelled; a credited one needs adjusting credits."""
    with transaction.atomic():
        upload = CreditUpload.objects.select_for_update().get(pk=upload.pk)
        if not _may_act_on(upload, by):
            raise AwardsError("This upload is not yours.")
        if upload.status != CreditUpload.Status.CHECKED:
            raise AwardsError(
                f"This upload is {upload.get_status_display().lower()}; only an upload "
                f"waiting for confirmation can be cancelled."
            )
        upload.status = CreditUpload.Status.CANCELLED
        upload.cancelled_at = timezone.now()
        upload.save(update_fields=["status", "cancelled_at"])
    return upload


# --- totals -------------------------------------------------------------------------------


def _totals_add(*, year: int, amounts: Iterable[tuple[int, str, int]], state: str) -> None:
    """Add (player, colour, hundredths) to the year's provisional or approved totals."""
    deltas: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for player_id, colour, points in amounts:
        deltas[player_id][f"{colour}_{state}"] += points
    _totals_apply(year=year, deltas=deltas)


TOTALS_FIELDS = tuple(
    f"{colour}_{state}"
    for colour in ("green", "red", "gold")
    for state in ("provisional", "approved")
)


def _totals_apply(*, year: int, deltas: dict[int, dict[str, int]]) -> None:
    """Add the deltas to the players' totals of the year, in the caller's transaction.

    One UPDATE per chunk adds each player's deltas to the row as it is in the database
    (`total = total + delta`), so concurrent writers never lose each other's points. The
    rows are first locked in player order, so two writers never wait on each other in a ring.
    """
    if not deltas:
        return
    ids = sorted(deltas)
    if connection.vendor == "postgresql":
        _totals_apply_postgresql(year=year, ids=ids, deltas=deltas)
        return
    PlayerTotals.objects.bulk_create(
        [PlayerTotals(player_id=i, year=year) for i in ids],
        ignore_conflicts=True,
        batch_size=2000,
    )
    table = connection.ops.quote_name(PlayerTotals._meta.db_table)
    columns = ", ".join(f"d_{name}" for name in TOTALS_FIELDS)
    assignments = ", ".join(f"{name} = {name} + v.d_{name}" for name in TOTALS_FIELDS)
    row = "(" + ", ".join(["%s"] * (len(TOTALS_FIELDS) + 1)) + ")"
    with connection.cursor() as cursor:
        for start in range(0, len(ids), TOTALS_CHUNK):
            chunk = ids[start : start + TOTALS_CHUNK]
            list(
                PlayerTotals.objects.select_for_update()
                .filter(year=year, player_id__in=chunk)
                .order_by("player_id")
                .values_list("pk", flat=True)
            )
            params: list[int] = []
            for player_id in chunk:
                delta = deltas[player_id]
                params.append(player_id)
                params.extend(int(delta.get(name, 0)) for name in TOTALS_FIELDS)
            params.append(year)
            cursor.execute(
                f"WITH v(player_id, {columns}) AS (VALUES {', '.join([row] * len(chunk))}) "  # noqa: S608
                f"UPDATE {table} SET {assignments} FROM v "
                f"WHERE {table}.player_id = v.player_id AND {table}.year = %s",
                params,
            )


def _totals_apply_postgresql(
    *, year: int, ids: list[int], deltas: dict[int, dict[str, int]]
) -> None:
    """The same on PostgreSQL, with one array per column: three statements for any size."""
    columns = {name: [int(deltas[i].get(name, 0)) for i in ids] for name in TOTALS_FIELDS}
    zeros = ", ".join("0" for _ in TOTALS_FIELDS)
    assignments = ", ".join(f"{name} = t.{name} + v.d_{name}" for name in TOTALS_FIELDS)
    arrays = ", ".join("%s::bigint[]" for _ in TOTALS_FIELDS)
    names = ", ".join(f"d_{name}" for name in TOTALS_FIELDS)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO awards_playertotals (player_id, year, {', '.join(TOTALS_FIELDS)}) "  # noqa: S608
            f"SELECT p, %s, {zeros} FROM unnest(%s::bigint[]) AS p "
            f"ON CONFLICT (player_id, year) DO NOTHING",
            [year, ids],
        )
        cursor.execute(
            "SELECT id FROM awards_playertotals WHERE year = %s AND player_id = ANY(%s) "
            "ORDER BY player_id FOR UPDATE",
            [year, ids],
        )
        cursor.execute(
            f"UPDATE awards_playertotals AS t SET {assignments} "  # noqa: S608
            f"FROM unnest(%s::bigint[], {arrays}) AS v(player_id, {names}) "
            f"WHERE t.player_id = v.player_id AND t.year = %s",
            [ids, *columns.values(), year],
        )


def credits_approve(*, period: Period, limit: int) -> int:
    """Approve up to `limit` provisional credits of a closing month; returns how many.

    Called by the month close inside its transaction, with the period locked.
    """
    ids = list(
        Credit.objects.filter(period=period, state=Credit.State.PROVISIONAL)
        .order_by("id")
        .values_list("id", flat=True)[:limit]
    )
    if not ids:
        return 0
    sums = (
        Credit.objects.filter(pk__in=ids)
        .values("player_id", "colour")
        .annotate(points=Sum("points"))
        .order_by()
    )
    deltas: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row in sums:
        deltas[row["player_id"]][f"{row['colour']}_provisional"] -= row["points"]
        deltas[row["player_id"]][f"{row['colour']}_approved"] += row["points"]
    Credit.objects.filter(pk__in=ids, state=Credit.State.PROVISIONAL).update(
        state=Credit.State.APPROVED
    )
    _totals_apply(year=period.year, deltas=deltas)
    return len(ids)


def _credit_one(
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
    _totals_add(
        year=period.year, amounts=[(player.pk, colour, points)], state=Credit.State.PROVISIONAL
    )
    return credit


# --- adjustments --------------------------------------------------------------------------


def credit_adjust(*, credit: Credit, points: int, reason: str, by: User) -> Credit:
    """A correction: an adjusting credit with a reason (the ledger is never edited).

    Staff may adjust any credit; a club only its own uploads, and only before their month
    closes (App. E: until then they are provisional).
    """
    reason = reason.strip()
    if not reason:
        raise AwardsError("Say why the credit is adjusted.")
    if points == 0:
        raise AwardsError("An adjustment changes the points: give a non-zero amount.")
    with transaction.atomic():
        credit = Credit.objects.select_related("upload", "period").get(pk=credit.pk)
        if not by.is_centre_staff:
            if not (by.is_club_secretary and credit.upload and credit.upload.club_id == by.club_id):
                raise AwardsError("Only centre staff, or the club that credited it, adjust this.")
            if credit.period.status != Period.Status.OPEN:
                raise AwardsError(
                    f"{credit.period.label} is closed; ask the Masterpoint Centre to adjust it."
                )
        Player.objects.select_for_update().get(pk=credit.player_id)
        original = credit.adjusts or credit
        so_far = (
            Credit.objects.filter(
                player_id=credit.player_id, event_id=credit.event_id, colour=credit.colour
            ).aggregate(total=Sum("points"))["total"]
            or 0
        )
        if so_far + points < 0:
            raise AwardsError(
                f"The player has {points_text(so_far)} {credit.colour} points from this event; "
                f"an adjustment cannot take more."
            )
        return _credit_one(
            player=credit.player,
            event=credit.event,
            colour=credit.colour,
            points=points,
            source=Credit.Source.ADJUSTMENT,
            by=by,
            reason=reason,
            adjusts=original,
        )


# --- authorisations (2.6) -----------------------------------------------------------------


def authorisation_issue(
    *, by: User, club: Club, event_name: str, grade: str, amount: int
) -> Authorisation:
    """2.6: a state secretary authorises a set of red-point credits for a club of the state."""
    if not (by.is_state_secretary or by.is_centre_staff):
        raise AwardsError("Authorisation numbers are issued by state masterpoint secretaries.")
    if by.is_state_secretary and club.state_id != by.state_id:
        raise AwardsError(f"Club {club.number} is not a club of your state.")
    if grade not in AUTHORISED_GRADES:
        raise AwardsError(f"Authorisations are for grades B4c, B5i and B4s, not {grade}.")
    if amount <= 0:
        raise AwardsError("The amount authorised must be more than zero.")
    if not event_name.strip():
        raise AwardsError("Give the event's name.")
    with transaction.atomic():
        authorisation = Authorisation.objects.create(
            number=f"pending-{secrets.token_hex(6)}",  # replaced below, once the row has its id
            state=club.state,
            club=club,
            event_name=event_name.strip(),
            grade=grade,
            amount=amount,
            issued_by=by,
        )
        year = timezone.localdate().year
        authorisation.number = f"{club.state.code}-{year}-{authorisation.pk:05d}"
        authorisation.save(update_fields=["number"])
    return authorisation


def b4c_lists_send(*, period: Period) -> int:
    """2.6: email each taking-part state secretary the month's B4c points; returns how many."""
    from awards.selectors import b4c_list

    sent = 0
    for state in State.objects.filter(requires_authorisation=True):
        rows = b4c_list(state=state, period=period)
        secretary = User.objects.filter(state=state, is_active=True).first()
        address = secretary.email if secretary else ""
        if not rows or not address:
            continue
        lines = [
            f"{row['club_number']} {row['club_name']}: {row['event_name']} "
            f"({row['starts_on']:%d/%m/%Y}), {points_text(row['points'])} red points"
            f"{', authorisation ' + row['authorisation'] if row['authorisation'] else ''}"
            for row in rows
        ]
        total = sum(row["points"] for row in rows)
        send_mail(
            subject=f"B4c points processed in {state.code}, {period.label}",
            message=(
                f"The B4c points processed for clubs of {state.name} in {period.label} "
                f"(2.6). Please compare them with the numbers you authorised.\n\n"
                + "\n".join(lines)
                + f"\n\nTotal: {points_text(total)} red points.\n"
            ),
            from_email=None,
            recipient_list=[address],
        )
        sent += 1
    return sent


# --- inactive players (1.3.2) -------------------------------------------------------------


def quarter_of(day: date) -> tuple[int, int]:
    return day.year, (day.month - 1) // 3 + 1


def previous_quarter(quarter: tuple[int, int]) -> tuple[int, int]:
    year, number = quarter
    return (year - 1, 4) if number == 1 else (year, number - 1)


def held_credits_release(*, player: Player, reactivated_on: date | None = None) -> list[Credit]:
    """1.3.2: on reactivation, credit the held points of the quarter of renewal and the one
    before it ("apart from those earned in the quarter of renewal and the quarter immediately
    prior to renewal, [points] will not be credited"); the others are forfeited."""
    reactivated_on = reactivated_on or timezone.localdate()
    renewal = quarter_of(reactivated_on)
    window = {renewal, previous_quarter(renewal)}
    credited: list[Credit] = []
    with transaction.atomic():
        held = list(
            HeldCredit.objects.select_for_update(of=("self",))
            .select_related("event", "upload")
            .filter(player=player, status=HeldCredit.Status.HELD)
            .order_by("id")
        )
        for item in held:
            item.decided_at = timezone.now()
            if quarter_of(item.event.ends_on) in window:
                source = Credit.Source.FILE
                if item.upload is not None:
                    source = {
                        CreditUpload.Source.CPAR: Credit.Source.CPAR,
                        CreditUpload.Source.SUNDRY: Credit.Source.SUNDRY,
                        CreditUpload.Source.RESULTS: Credit.Source.RESULTS,
                    }.get(item.upload.source, Credit.Source.FILE)
                credit = _credit_one(
                    player=player,
                    event=item.event,
                    colour=item.colour,
                    points=item.points,
                    source=source,
                    by=item.uploaded_by,
                )
                item.status = HeldCredit.Status.CREDITED
                item.credit = credit
                credited.append(credit)
            else:
                item.status = HeldCredit.Status.FORFEITED
            item.save(update_fields=["status", "credit", "decided_at"])
    return credited


def held_credits_forfeit_expired(*, today: date | None = None) -> int:
    """1.3.2: points held longer than the quarter after the one they were won in are lost."""
    today = today or timezone.localdate()
    current = quarter_of(today)
    expired = [
        pk
        for pk, ends_on in HeldCredit.objects.filter(status=HeldCredit.Status.HELD).values_list(
            "pk", "event__ends_on"
        )
        if quarter_of(ends_on) < previous_quarter(current)
    ]
    return HeldCredit.objects.filter(pk__in=expired, status=HeldCredit.Status.HELD).update(
        status=HeldCredit.Status.FORFEITED, decided_at=timezone.now()
    )


# --- reciprocity (1.3.4) ------------------------------------------------------------------

# 1.3.4: (scheme, kind of point) -> (Australian colour, Australian points per point).
RECIPROCITY_RATES: dict[tuple[str, str], tuple[str, Decimal]] = {
    ("nz", "A"): (Colour.GOLD, Decimal("1")),
    ("nz", "B"): (Colour.RED, Decimal("1")),
    ("nz", "C"): (Colour.GREEN, Decimal("0.01")),
    ("uk", "local"): (Colour.GREEN, Decimal("0.01")),
    ("uk", "blue"): (Colour.RED, Decimal("1")),
    ("uk", "green"): (Colour.GOLD, Decimal("2.50")),
}
RECIPROCITY_NAMES = {
    ("nz", "A"): "New Zealand A points",
    ("nz", "B"): "New Zealand B points",
    ("nz", "C"): "New Zealand C points",
    ("uk", "local"): "UK local points",
    ("uk", "blue"): "UK blue points",
    ("uk", "green"): "UK green points",
}


def reciprocity_convert(*, scheme: str, kind: str, amount: Decimal) -> tuple[str, int, str]:
    """1.3.4: the colour, hundredths and a note of what was converted, at the manual's rate."""
    if (scheme, kind) not in RECIPROCITY_RATES:
        raise AwardsError(f"1.3.4 has no rate for {scheme} {kind} points.")
    if amount <= 0:
        raise AwardsError("The points converted must be more than zero.")
    colour, rate = RECIPROCITY_RATES[(scheme, kind)]
    exact = amount * rate
    hundredths = int((exact * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))
    if hundredths <= 0:
        raise AwardsError(f"{amount} {RECIPROCITY_NAMES[(scheme, kind)]} is less than 0.01.")
    note = (
        f"{amount.normalize():f} {RECIPROCITY_NAMES[(scheme, kind)]} at "
        f"{rate.normalize():f} {colour} each = {exact.normalize():f}"
    )
    if Decimal(hundredths) / 100 != exact:
        note += " (rounded to the hundredth)"
    return str(colour), hundredths, note


def credit_reciprocity(
    *,
    by: User,
    player: Player,
    scheme: str,
    kind: str,
    amount: Decimal,
    event_name: str,
    won_on: date,
) -> Credit:
    """1.3.4: staff credit points earned in New Zealand or Great Britain."""
    if not by.is_centre_staff:
        raise AwardsError("Reciprocity credits are made by centre staff.")
    if player.status == Player.Status.DECEASED:
        raise AwardsError(f"{player.abf_number} is recorded as deceased.")
    colour, hundredths, note = reciprocity_convert(scheme=scheme, kind=kind, amount=amount)
    with transaction.atomic():
        event = Event.objects.create(
            organiser=Event.Organiser.OVERSEAS,
            name=event_name.strip() or RECIPROCITY_NAMES[(scheme, kind)],
            starts_on=won_on,
            ends_on=won_on,
            grade="",
            created_by=by,
        )
        return _credit_one(
            player=player,
            event=event,
            colour=colour,
            points=hundredths,
            source=Credit.Source.RECIPROCITY,
            by=by,
            conversion=note,
        )


def parse_points(text: str) -> int:
    """Points typed by a person ("1.45", "2") as hundredths; ValueError if not exact."""
    value = Decimal(text.strip())
    hundredths = value * 100
    if hundredths != hundredths.to_integral_value():
        raise ValueError(f"{text} has more than two decimal places")
    return int(hundredths)


def now_sydney() -> datetime:
    return timezone.localtime()
