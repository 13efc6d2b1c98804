"""The calculator page's form: an event typed in by a club secretary."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from django import forms
from django.conf import settings
from django.db.models import QuerySet
from django.forms import formset_factory
from django.http import Http404

from awards.limits import credit_file_size_error
from awards.models import AUTHORISED_GRADES
from awards.models import Event as LedgerEvent
from awards.services.entry import Entry
from awards.services.events import EventDetails
from centre.access import club_for
from centre.dates import InRegister
from centre.models import User
from centre.schemes import current_scheme, grade_choices, number_name
from clubs.models import Club, CongressOrganiser
from clubs.selectors import club_by_number
from players import abf_numbers
from players.models import Player
from scheme.abf import (
    ABF_2025,
    DEFAULT_RULES,
    RULE_SETS,
    Event,
    Field,
    Kind,
    Match,
    Movement,
    Outright,
    Session,
    credit_files,
)
from scheme.abf.congress import (
    CONGRESS_EVENTS,
    CONGRESS_GRADES,
    EXTRA_CHAMPIONSHIP_MIN_SESSIONS,
    extra_championships,
    walk_in_final_outright,
)
from scheme.abf.validation import MAX_BOARDS, MAX_SESSIONS, MAX_TABLES, event_within_limits
from scheme.base import AUTHORISATIONS, CREDIT_FILES
from scheme.core.errors import RulesError
from scheme.core.points import PointsError, parse_points, points_text

RANKING_HELP = (
    "One place per line, best first. Contestants tied for a place go on one line, separated "
    'by "=" or commas, e.g. "5 = 6".'
)
MATCHES_HELP = 'One match per line: home, away, home IMPs, away IMPs, e.g. "T1, T2, 12, 9".'
PERCENTAGES_HELP = (
    "4.2.2: a congress, state or national event may give each pair's session award by its "
    'score instead of its place. One pair a line, its label and percentage, e.g. "N1 58.2"; '
    "leave empty for awards by the placings."
)

# 5.3: what a congress's event was at the congress (the upload's and entry's forms).
CONGRESS_FIELDS = (
    "congress_grade",
    "congress_event",
    "extra_championship",
    "congress_table_sessions",
)
MITCHELL = Movement.MITCHELL.value
MATCHES = "matches"
SESSION_KINDS = [
    (MITCHELL, "Mitchell (two winners: N-S and E-W)"),
    (Movement.HOWELL.value, "Howell (one winner)"),
    (Movement.ARROW_SWITCH.value, "Arrow-switch Mitchell (one winner)"),
    (Movement.INDIVIDUAL.value, "Individual"),
    (Movement.SHORT_MATCHES.value, "Teams: matches under 5 boards (one winner)"),
    (MATCHES, "Matches of 5 or more boards (teams, Butler or Swiss pairs)"),
]


def parse_ranking(text: str) -> list[list[str]]:
    """Places, one a line; tied contestants separated by '=' or ','."""
    ranking = []
    for line in text.splitlines():
        names = [name.strip() for name in re.split(r"[=,]", line)]
        names = [name for name in names if name]
        if names:
            ranking.append(names)
    return ranking


def parse_percentages(text: str) -> dict[str, Decimal]:
    """4.2.2: each pair's score, one a line: its label and percentage ("N1 58.2")."""
    scores: dict[str, Decimal] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.replace(",", " ").replace("=", " ").split()
        if not parts:
            continue
        try:
            score = Decimal(parts[-1]) if len(parts) == 2 else None
        except ArithmeticError:
            score = None
        if score is None or not score.is_finite() or not 0 <= score <= 100:
            raise forms.ValidationError(
                f'Score line {number}: give the pair and its percentage, e.g. "N1 58.2".'
            )
        if parts[0] in scores:
            raise forms.ValidationError(f"Score line {number}: {parts[0]} has a score already.")
        scores[parts[0]] = score
    return scores


def parse_matches(text: str, boards: int) -> list[Match]:
    matches = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [part.strip() for part in line.split(",")]
        if len(parts) != 4:
            raise forms.ValidationError(
                f"Match line {number}: give home, away, home IMPs, away IMPs."
            )
        home, away, home_imps, away_imps = parts
        try:
            imps = Decimal(home_imps), Decimal(away_imps)
        except ArithmeticError:
            raise forms.ValidationError(f"Match line {number}: IMPs must be numbers.") from None
        matches.append(Match(boards, home, away, home_imps=imps[0], away_imps=imps[1]))
    return matches


class CalculatorForm(forms.Form):
    rules = forms.ChoiceField(
        choices=[(name, rules.title) for name, rules in RULE_SETS.items()], initial=DEFAULT_RULES
    )
    grade = forms.ChoiceField(
        choices=[(code, f"{code}: {g.description}") for code, g in ABF_2025.grades.items()],
        initial="E",
    )
    kind = forms.ChoiceField(choices=[(k.value, k.value.capitalize()) for k in Kind])
    congress = forms.BooleanField(
        required=False, label="Congress championship (outright S + 1, 5.4.2)"
    )
    restricted = forms.BooleanField(
        required=False, label="Entry restricted by age or gender (grades A, A2, B: 4.4.10)"
    )
    outright_ranking = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Final placings (events of two or more sessions)",
        help_text=RANKING_HELP + " Leave empty for no outright awards.",
    )
    outright_tables = forms.DecimalField(
        required=False,
        min_value=Decimal("0.5"),
        decimal_places=1,
        label="Tables in the whole field",
        help_text="Leave empty to count them from the final placings.",
    )
    outright_sessions = forms.IntegerField(
        required=False,
        min_value=1,
        label="Sessions",
        help_text="Leave empty to count the sessions below.",
    )
    outright_boards = forms.IntegerField(
        required=False,
        min_value=1,
        label="Boards in the whole event",
        help_text="If sessions were under 24 boards (4.3.1).",
    )
    outright_walk_in_heats = forms.CharField(
        required=False,
        label="Walk-in final: tables of each heat",
        help_text="5.3.3: a final open only to the heats' place-getters. Type each heat's "
        'tables, e.g. "12, 10, 11": the outright is on their average and S=2, with no final '
        "premium; leave the tables, sessions and boards above empty.",
    )
    extra_championship = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=100,
        label="Additional championship of a large congress (its number)",
        help_text="5.3.3: the 1st, 2nd... minor championship the congress nominated; it is "
        "accelerated as the majors. Tick the congress box and give the table-sessions.",
    )
    congress_table_sessions = forms.DecimalField(
        required=False,
        min_value=0,
        max_digits=8,
        decimal_places=1,
        label="Table-sessions of the whole congress",
        help_text="App. A: the tables in play in each session of the congress, added up.",
    )

    def clean_outright_walk_in_heats(self) -> list[Decimal]:
        typed = self.cleaned_data.get("outright_walk_in_heats", "")
        heats = []
        for number, part in enumerate(re.split(r"[,\s]+", typed.strip()), start=1):
            if not part:
                continue
            try:
                tables = Decimal(part)
            except ArithmeticError:
                raise forms.ValidationError(f"Heat {number}: {part!r} is not a number.") from None
            if not tables.is_finite() or tables < Decimal("0.5") or tables > MAX_TABLES:
                raise forms.ValidationError(
                    f"Heat {number}: between 0.5 and {MAX_TABLES:,} tables."
                )
            heats.append(tables)
        if len(heats) > MAX_SESSIONS:
            raise forms.ValidationError(f"At most {MAX_SESSIONS} heats.")
        return heats

    def clean(self) -> dict:
        data = super().clean()
        if data.get("outright_walk_in_heats"):
            if not (data.get("outright_ranking") or "").strip():
                self.add_error("outright_ranking", "Type the walk-in final's placings.")
            for name in ("outright_tables", "outright_sessions", "outright_boards"):
                if data.get(name) is not None:
                    self.add_error(
                        name,
                        "5.3.3: a walk-in final's outright is on the heats' average tables "
                        "and S=2; leave this empty.",
                    )
        self._check_extra_championship(data)
        return data

    def _check_extra_championship(self, data: dict) -> None:
        """5.3.3: one additional championship of at least two sessions for every 100
        table-sessions over 100, once the congress's exceed 200."""
        number, counted = data.get("extra_championship"), data.get("congress_table_sessions")
        if number is None:
            if counted is not None:
                self.add_error(
                    "extra_championship", "Give the championship's number, or leave both empty."
                )
            return
        if counted is None:
            self.add_error(
                "congress_table_sessions",
                "5.3.3: give the congress's table-sessions; they decide how many additional "
                "championships it may nominate.",
            )
            return
        if not data.get("congress"):
            self.add_error(
                "congress", "5.3.3: an additional championship is accelerated as a congress's."
            )
        allowed = extra_championships(counted)
        if number > allowed:
            self.add_error(
                "extra_championship",
                f"5.3.3: a congress of {counted.normalize():f} table-sessions may nominate "
                f"{allowed} additional championship(s) (one for every 100 table-sessions over "
                f"100, once over 200).",
            )


PARTNERS_HELP = (
    "One player a line: the player, a colon, then the partner of each session played, e.g. "
    '"P1: Ann, Bob, Ann, Cy".'
)


class SinglesForm(forms.Form):
    """A Singles event (App. A; 4.3.1): its final placings and each player's partners."""

    rules = forms.ChoiceField(
        choices=[(name, rules.title) for name, rules in RULE_SETS.items()], initial=DEFAULT_RULES
    )
    grade = forms.ChoiceField(
        choices=[(code, f"{code}: {g.description}") for code, g in ABF_2025.grades.items()],
        initial="E",
    )
    ranking = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Final placings of the players",
        help_text=RANKING_HELP,
    )
    tables = forms.DecimalField(
        min_value=Decimal("0.5"),
        max_value=MAX_TABLES,
        decimal_places=1,
        label="Tables",
        help_text="The event's field (4.4.1: a half table counts as a table).",
    )
    sessions = forms.IntegerField(
        min_value=2, max_value=MAX_SESSIONS, label="Sessions", help_text="S of 4.3.1."
    )
    min_sessions = forms.IntegerField(
        min_value=1,
        max_value=MAX_SESSIONS,
        label="Sessions a player must play to be placed",
        help_text="App. A: a player needs partnerships in a third of them, rounded up.",
    )
    partners = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Each placed player's partners",
        help_text=PARTNERS_HELP,
    )
    other_outright_given = forms.BooleanField(
        required=False, label="Another outright award has been given in the event (4.3.1)"
    )

    def clean_ranking(self) -> list[list[str]]:
        ranking = parse_ranking(self.cleaned_data["ranking"])
        if not ranking:
            raise forms.ValidationError("Type the final placings, one place a line.")
        return ranking

    def clean_partners(self) -> dict[str, list[str]]:
        partners: dict[str, list[str]] = {}
        for number, line in enumerate(self.cleaned_data["partners"].splitlines(), start=1):
            if not line.strip():
                continue
            player, colon, rest = line.partition(":")
            names = [name.strip() for name in rest.split(",") if name.strip()]
            if not colon or not player.strip() or not names:
                raise forms.ValidationError(
                    f"Line {number}: give the player, a colon, then the partners."
                )
            if player.strip() in partners:
                raise forms.ValidationError(f"Line {number}: {player.strip()} is given twice.")
            if len(names) > MAX_SESSIONS:
                raise forms.ValidationError(f"Line {number}: at most {MAX_SESSIONS} sessions.")
            partners[player.strip()] = names
        return partners

    def clean(self) -> dict:
        data = super().clean()
        if data.get("other_outright_given"):
            self.add_error(
                "other_outright_given",
                "4.3.1: a Singles event's final place-getters receive outright awards only if "
                "no other outright awards have been given.",
            )
        return data


class SessionForm(forms.Form):
    # An empty first choice, so that a session form left blank is skipped.
    movement = forms.ChoiceField(
        choices=[("", "Choose the movement"), *SESSION_KINDS], label="Movement"
    )
    boards = forms.IntegerField(
        min_value=1,
        label="Boards",
        help_text="Boards in the session; for matches, boards in each match.",
    )
    tables = forms.DecimalField(
        required=False,
        min_value=Decimal("0.5"),
        decimal_places=1,
        label="Tables",
        help_text="Half tables allowed, e.g. 7.5. For teams: the number of teams.",
    )
    ranking = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Ranking (N-S for a Mitchell)",
        help_text=RANKING_HELP,
    )
    ranking_ew = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="E-W ranking (Mitchell only)",
    )
    matches = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Matches",
        help_text=MATCHES_HELP,
    )
    percentages = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Scores in percent (4.2.2)",
        help_text=PERCENTAGES_HELP,
    )

    def clean(self) -> dict:
        data = super().clean()
        movement = data.get("movement")
        if movement is None or data.get("boards") is None:
            return data
        if movement == MATCHES:
            data["session"] = Session(
                matches=parse_matches(data.get("matches", ""), data["boards"])
            )
            if not data["session"].matches:
                raise forms.ValidationError("Type the session's matches, one a line.")
            return data
        if data.get("tables") is None:
            raise forms.ValidationError("Give the number of tables.")
        ranking = parse_ranking(data.get("ranking", ""))
        if not ranking:
            raise forms.ValidationError("Type the session's ranking, one place a line.")
        rankings = [(ranking, "N-S" if movement == MITCHELL else "")]
        if movement == MITCHELL:
            east_west = parse_ranking(data.get("ranking_ew", ""))
            if not east_west:
                raise forms.ValidationError("Type the E-W ranking of the Mitchell.")
            rankings.append((east_west, "E-W"))
        scores = parse_percentages(data.get("percentages", ""))
        placed = {label for one, _ in rankings for group in one for label in group}
        unplaced = sorted(set(scores) - placed)
        if unplaced:
            raise forms.ValidationError(f"Scores: {unplaced[0]} is in no ranking of the session.")
        # 4.2.2: each field's pairs' scores; the award engine checks the grade and the kind.
        fields = [
            Field(
                movement,
                data["tables"],
                one,
                name=name,
                percentages={
                    label: scores[label] for group in one for label in group if label in scores
                }
                if scores
                else None,
            )
            for one, name in rankings
        ]
        data["session"] = Session(boards=data["boards"], fields=fields)
        return data


# The formset never builds more forms than the largest event has sessions, whatever
# TOTAL_FORMS says (scheme.abf.validation.MAX_SESSIONS).
SessionFormSet = formset_factory(
    SessionForm,
    extra=1,
    min_num=1,
    validate_min=True,
    max_num=MAX_SESSIONS,
    validate_max=True,
    absolute_max=MAX_SESSIONS,
)


def build_event(form: CalculatorForm, sessions: list[Session]) -> Event:
    """The event the two forms describe; RulesError naming the field when it is larger than any
    real event."""
    data = form.cleaned_data
    outright = None
    ranking = parse_ranking(data.get("outright_ranking", ""))
    if ranking and data.get("outright_walk_in_heats"):
        # 5.3.3: the heats' average tables and S=2; the final's sessions take no premium.
        outright = walk_in_final_outright(ranking, data["outright_walk_in_heats"])
    elif ranking:
        boards = data.get("outright_boards")
        outright = Outright(
            ranking=ranking,
            tables=data.get("outright_tables"),
            sessions=data.get("outright_sessions") or (None if boards else len(sessions)),
            boards=boards,
        )
    event = Event(
        rules=data["rules"],
        grade=data["grade"],
        kind=data["kind"],
        sessions=sessions,
        outright=outright,
        congress=data["congress"],
        restricted=data["restricted"],
    )
    if data.get("extra_championship") is not None:
        played = outright.sessions if outright and outright.sessions else len(sessions)
        if played < EXTRA_CHAMPIONSHIP_MIN_SESSIONS:
            raise RulesError(
                "extra_championship",
                "5.3.3: an additional championship has at least two sessions.",
            )
    event_within_limits(event)
    return event


# --- uploads, on-screen entry and authorisations (App. D, App. E, 2.6) --------------------


class GradeField(forms.ChoiceField):
    """The grades offered are the login's own; the grades in `accepted` are taken too, so
    that the service refuses another login's grade with the rule that reserves it."""

    accepted: frozenset[str] = frozenset()

    def valid_value(self, value: object) -> bool:
        return value in self.accepted or super().valid_value(value)


class EventDetailsForm(forms.Form):
    """What the secretary says about the event whose awards are uploaded."""

    # The service's names for this form's fields (centre.errors.form_field).
    service_field_names = {"authorisation": "authorisation_number"}

    name = forms.CharField(label="Event name", max_length=160)
    starts_on = forms.DateField(label="First day", widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(
        label="Last day", required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    grade = GradeField(label="Grade (1.5.1)")
    kind = forms.ChoiceField(choices=LedgerEvent.Kind.choices, initial=LedgerEvent.Kind.PAIRS)
    sessions = forms.IntegerField(min_value=1, max_value=99, initial=1)
    # Credited once (awards.upload_keys): a second event the same day is told by it.
    session = forms.IntegerField(
        label="Session of the day",
        required=False,
        min_value=1,
        max_value=9,
        initial=1,
        help_text="1, unless the club ran another event the same day: 2 for the second (the "
        "evening after the afternoon), and so on. An event is credited once.",
    )
    # The event's shape: the most it can pay each player is its winner's award by the rules
    # (awards.services.award_checks), and each line above it is shown with a warning.
    tables = forms.DecimalField(
        label="Tables in the biggest field",
        required=False,
        min_value=Decimal("0.5"),
        max_value=MAX_TABLES,
        decimal_places=1,
        help_text="Half tables allowed, e.g. 7.5; for teams, the number of teams. Each line "
        "above what the event's winner receives by the rules is shown with a warning.",
    )
    movement = forms.ChoiceField(
        label="Movement",
        required=False,
        choices=[("", "Not given (one winner: the most a field pays)"), *SESSION_KINDS],
    )
    boards = forms.IntegerField(
        label="Boards a session",
        required=False,
        min_value=1,
        max_value=MAX_BOARDS,
        help_text="For teams matches: the boards each team plays in a session.",
    )
    authorisation_number = forms.CharField(
        label="Authorisation number (2.6; red points of B4c, B5i and B4s events)",
        max_length=20,
        required=False,
    )
    organiser = forms.ChoiceField(label="Run by", required=False)
    club_number = forms.IntegerField(
        label="Club that ran it",
        required=False,
        help_text="For a congress or event run by a club: its club number.",
    )
    congress_organiser = forms.ModelChoiceField(
        queryset=CongressOrganiser.objects.none(),
        label="Congress organiser",
        required=False,
        help_text="5.4.1: the Centre reports a congress's points to its convener and invoices "
        "its organiser.",
    )

    congress_grade = forms.ChoiceField(
        label="The congress's grade",
        required=False,
        choices=[("", "Not a congress event"), *((g, g) for g in CONGRESS_GRADES)],
        help_text="5.3: with what the event was at the congress, its grade is checked.",
    )
    congress_event = forms.ChoiceField(
        label="What the event was at the congress",
        required=False,
        choices=[("", "Not said"), *CONGRESS_EVENTS.items()],
    )
    extra_championship = forms.IntegerField(
        label="Additional championship (its number)",
        required=False,
        min_value=1,
        max_value=100,
        help_text="5.3.3: a large congress's 1st, 2nd... additional championship.",
    )
    congress_table_sessions = forms.DecimalField(
        label="Table-sessions of the whole congress",
        required=False,
        min_value=0,
        max_digits=8,
        decimal_places=1,
        help_text="5.3.3: one additional championship for every 100 over 100, once over 200.",
    )

    def __init__(
        self,
        *args,
        grades: frozenset[str],
        organisers: tuple[str, ...] = (),
        congress_organisers: QuerySet[CongressOrganiser] | None = None,
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["grade"].choices = [
            (code, label) for code, label in grade_choices() if code in grades
        ]
        scheme = current_scheme()
        if scheme.code != "abf":
            # Another scheme's grade (NZ: the event's status) and none of the ABF's checks
            # of the event's shape (4.x) or authorisations (2.6).
            self.fields["grade"].label = "Status of event" if scheme.code == "nz" else "Grade"
            # The scheme lists its grades with the club's weekly game first (NZ: a club
            # session; ACBL: an open club game, CO), not in the order of their codes.
            self.fields["grade"].initial = next(
                (grade.code for grade in scheme.grades if grade.code in grades), None
            )
            self.fields["grade"].accepted = frozenset(grade.code for grade in scheme.grades)
            # The tables and boards size the event's winner's award by the scheme's engine
            # (awards.services.award_checks); the ABF's movements are the ABF's.
            self.fields.pop("movement", None)
            if scheme.code == "nz":
                self.fields["boards"].label = "Deals a session"
                self.fields["boards"].help_text = ""
        if not scheme.has(AUTHORISATIONS):
            self.fields.pop("authorisation_number", None)
        if "E" in grades:
            # 1.5.1: grade E, club events, is what a club masterpoints week by week.
            self.fields["grade"].initial = "E"
        if organisers:
            self.fields["organiser"].choices = [
                (value, label)
                for value, label in LedgerEvent.Organiser.choices
                if value in organisers
            ]
            self.fields["organiser"].initial = organisers[0]
        else:
            # A club secretary's events are the club's own.
            del self.fields["organiser"]
            del self.fields["club_number"]
        if organisers and congress_organisers is not None and "congress" in organisers:
            self.fields["congress_organiser"].queryset = congress_organisers
        else:
            del self.fields["congress_organiser"]
        if not organisers or "congress" not in organisers or scheme.code != "abf":
            for name in CONGRESS_FIELDS:
                del self.fields[name]

    def clean_club_number(self) -> Club | None:
        number = self.cleaned_data.get("club_number")
        return None if number is None else club_by_number(number)

    def event_details(self) -> EventDetails:
        data = self.cleaned_data
        return EventDetails(
            name=data["name"],
            starts_on=data["starts_on"],
            ends_on=data["ends_on"],
            grade=data["grade"],
            kind=data["kind"],
            sessions=data["sessions"],
            session=data.get("session") or 1,
            organiser=data.get("organiser") or "",
            club=data.get("club_number"),
            congress_organiser=data.get("congress_organiser"),
            tables=data.get("tables"),
            movement=data.get("movement") or "",
            boards=data.get("boards"),
            **self.congress_details(),
        )

    def congress_details(self) -> dict:
        """5.3: what the event was at its congress, as EventDetails takes it."""
        data = self.cleaned_data
        return {
            "congress_grade": data.get("congress_grade") or "",
            "congress_event": data.get("congress_event") or "",
            "extra_championship": data.get("extra_championship"),
            "congress_table_sessions": data.get("congress_table_sessions"),
        }


class CreditFileForm(EventDetailsForm):
    """A credit file, a results file, or both: with results alone their awards become the
    upload; with both, the club's file is checked against them line by line."""

    file = forms.FileField(label="Credit file (.grn, .red, .gld, .rag, .mp?)", required=False)
    results = forms.FileField(
        label="Results file (USEBIO .xml or .csv)",
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".xml,.csv"}),
        help_text="The file your scoring program wrote. Alone, the awards the rules give for "
        "it are the upload; with the credit file, every line that differs from them is listed. "
        "The event's name, first day and kind default to the file's.",
    )
    # Centre staff only: an event is credited once, and a club's repeat is refused.
    intended = forms.BooleanField(
        label="Credit this event again on purpose (a correction)",
        required=False,
        help_text="An event, or the same awards, already waiting or credited is refused; "
        "tick this to credit it again, and say why.",
    )
    intended_reason = forms.CharField(
        label="Why it is credited again", max_length=255, required=False
    )

    field_order = ["file", "results", "name", "starts_on", "ends_on", "grade", "kind", "sessions"]

    def __init__(self, *args, corrections: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not corrections:
            # Only centre staff credit a repeat on purpose.
            del self.fields["intended"]
            del self.fields["intended_reason"]
        events = current_scheme().results_events
        if events:
            # What the scheme's engine reads beside the grade: the ACBL's kind of club game.
            self.fields["event"] = forms.ChoiceField(
                label="Kind of game",
                required=False,
                choices=[
                    ("", "As the grade says"),
                    *((e.code, f"{e.label} ({', '.join(e.grades)})") for e in events),
                ],
                help_text="The kind of club game the results file is of.",
            )
            order = list(self.field_order)
            order.insert(order.index("grade") + 1, "event")
            self.order_fields(order)
        # A results file may say them; clean() asks for them when it does not come.
        self.fields["name"].required = False
        self.fields["starts_on"].required = False
        if not current_scheme().has(CREDIT_FILES):
            # App. D's credit files are the ABF's: under another scheme, results only.
            del self.fields["file"]
            self.fields["results"].required = True

    def clean_file(self):
        upload = self.cleaned_data["file"]
        error = credit_file_size_error(upload) if upload else None
        if error:
            raise forms.ValidationError(error)
        return upload

    def clean_results(self):
        upload = self.cleaned_data["results"]
        if upload is None:
            return None
        if upload.size > settings.MAX_UPLOAD_FILE_BYTES:
            raise forms.ValidationError(
                f"A results file has at most {settings.MAX_UPLOAD_FILE_BYTES:,} bytes; this "
                f"one has {upload.size:,}."
            )
        if not upload.name.lower().endswith((".xml", ".csv")):
            raise forms.ValidationError("Choose USEBIO XML (.xml) or CSV (.csv) results.")
        return upload

    def clean(self) -> dict:
        data = super().clean()
        if (
            "file" in self.fields
            and not data.get("file")
            and not data.get("results")
            and "file" not in self.errors
        ):
            self.add_error("file", "Choose a credit file, a results file, or both.")
        if not data.get("results"):
            for name in ("name", "starts_on"):
                if not data.get(name) and name not in self.errors:
                    self.add_error(name, forms.Field.default_error_messages["required"])
        return data


class AuthorisationForm(forms.Form):
    """2.6: a state secretary authorises a set of red-point credits for a club of the state."""

    club_number = forms.IntegerField(label="Club number")
    event_name = forms.CharField(max_length=160)
    grade = forms.ChoiceField(choices=[(g, g) for g in AUTHORISED_GRADES])
    amount = forms.DecimalField(
        label="Red points approved", min_value=Decimal("0.01"), decimal_places=2, max_digits=8
    )
    # 2.6: counted against the club's B4c sessions for a warning; not kept.
    sessions = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=20,
        help_text="B4c: the sessions of the event, checked against the club's B4c sessions.",
    )

    def __init__(self, *args, user: User, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_club_number(self) -> Club:
        """The club itself, if this login sees it (a state secretary, the state's clubs)."""
        try:
            return club_for(self.user, self.cleaned_data["club_number"])
        except Http404:
            raise forms.ValidationError("No club of your state has that number.") from None


class StatementPeriodForm(forms.Form):
    # The statement API's own words and range (awards.api.lookup).
    start = forms.DateField(
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The statement's first day", ahead=True)],
    )
    end = forms.DateField(
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The statement's last day", ahead=True)],
    )


# --- on-screen entry rows (App. E): CPAR and Sundry ------------------------------------------


def points_error(typed: str) -> str | None:
    """Why typed points cannot be credited, in words; None when they can."""
    try:
        hundredths = parse_points(typed, allow_negative=True)
    except PointsError:
        if re.fullmatch(r"[+-]?\d*\.\d{3,}", typed.strip()):
            return "points have at most two decimals (4.4.2), e.g. 0.42"
        return f"“{typed}” is not a number of points: type digits such as 0.42"
    if hundredths <= 0:
        return "points must be more than 0"
    if hundredths > credit_files.MAX_POINTS:
        return f"points are at most {points_text(credit_files.MAX_POINTS)} on one line"
    return None


def abf_number_error(typed: str) -> str | None:
    """Why a typed ABF number is not one, in words; None when it is (zeros may be left out)."""
    number = abf_numbers.normalise(typed)
    if not (number.isascii() and number.isdigit()):
        return f"“{typed}” is not an {number_name()}: an {number_name()} is digits only"
    if len(number) != 7:
        return f"“{typed}” is not an {number_name()}: an {number_name()} has 7 digits"
    if not abf_numbers.is_valid(number):
        return f"{number} is not an {number_name()}: the {number_name()}'s check digit is wrong"
    return None


@dataclass
class EntryRow:
    """One row of an entry page as the secretary sees it: its number on the page, how the
    page names it, its fields (kept as typed) and its errors."""

    number: int
    name: str
    points: forms.BoundField
    abf: forms.BoundField | None = None
    player: str = ""  # CPAR: the row's player, ABF number and name
    player_name: str = ""

    @property
    def errors(self) -> list[str]:
        return [*(self.abf.errors if self.abf else []), *self.points.errors]

    @property
    def error_id(self) -> str:
        return f"{self.points.auto_id}-error"

    @property
    def first_field(self) -> forms.BoundField:
        """The field the row's error links to: the first of the row with an error."""
        if self.abf is not None and (self.abf.errors or not self.points.errors):
            return self.abf
        return self.points


class EntryRowsForm(forms.Form):
    """Rows of typed awards (App. E). Every value stays as typed when the page comes back;
    a bad row is marked in place, with the reason beside it, and named as the page shows it.
    """

    def rows(self) -> list[EntryRow]:
        raise NotImplementedError

    def _typed(self, field: forms.BoundField) -> str:
        return (field.value() or "").strip() if self.is_bound else ""

    def _filled(self) -> list[EntryRow]:
        return [row for row in self.rows() if self._row_filled(row)]

    def _row_filled(self, row: EntryRow) -> bool:
        return bool(self._typed(row.points) or (row.abf is not None and self._typed(row.abf)))

    def clean(self) -> dict:
        typed_numbers: dict[str, list[EntryRow]] = {}
        for row in self._filled():
            typed = self._typed(row.points)
            if row.abf is not None:
                number = self._typed(row.abf)
                if not number:
                    self.add_error(row.abf.name, f"give the player's {number_name()}")
                elif error := abf_number_error(number):
                    self.add_error(row.abf.name, error)
                else:
                    typed_numbers.setdefault(abf_numbers.normalise(number), []).append(row)
            if not typed:
                self.add_error(row.points.name, "give the points")
            elif error := points_error(typed):
                self.add_error(row.points.name, error)
        # Every row's refusal at once: the numbers no player has, before the file's checks.
        known = set(
            Player.objects.filter(abf_number__in=list(typed_numbers)).values_list(
                "abf_number", flat=True
            )
        )
        for number, rows in typed_numbers.items():
            if number not in known:
                for row in rows:
                    self.add_error(row.abf.name, f"no player has the {number_name()} {number}")
        return self.cleaned_data

    def entries(self) -> list[Entry]:
        """The filled rows as entries, in the page's order (entry n is `entry_rows()[n-1]`)."""
        return [
            Entry(
                abf_number=abf_numbers.normalise(self._typed(row.abf)) if row.abf else row.player,
                points=parse_points(self._typed(row.points)),
            )
            for row in self._filled()
        ]

    def entry_rows(self) -> list[EntryRow]:
        return self._filled()

    def add_entry_error(self, entry: int, message: str) -> None:
        """A refusal of the n-th entry (a checked file's line n) marked on its own row."""
        row = self._filled()[entry - 1]
        self.add_error(row.abf.name if row.abf is not None else row.points.name, message)

    def summary(self) -> list[tuple[str, str, str]]:
        """Each error as (the field's id, where it is on the page, what is wrong)."""
        listed = [("", "", error) for error in self.non_field_errors()]
        for row in self.rows():
            for error in row.errors:
                listed.append((row.first_field.auto_id, row.name, error))
        return listed

    def _mark(self, rows: list[EntryRow]) -> list[EntryRow]:
        # The reason is read out with the field it concerns (aria-invalid is Django's own).
        for row in rows:
            if row.errors:
                for field in (row.abf, row.points):
                    if field is not None:
                        field.field.widget.attrs["aria-describedby"] = row.error_id
        return rows


class CparForm(EntryRowsForm):
    """App. E: a points box for each of the club's home members and alternates."""

    def __init__(self, *args, members: list, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.members = members
        for player in members:
            self.fields[f"points-{player.abf_number}"] = forms.CharField(
                label=f"Points for {player.given_names} {player.family_name}",
                required=False,
                widget=forms.TextInput(attrs={"inputmode": "decimal", "size": 8}),
            )

    def rows(self) -> list[EntryRow]:
        return self._mark(
            [
                EntryRow(
                    number=index,
                    name=f"{player.given_names} {player.family_name} ({player.abf_number})",
                    points=self[f"points-{player.abf_number}"],
                    player=player.abf_number,
                    player_name=f"{player.given_names} {player.family_name}",
                )
                for index, player in enumerate(self.members, start=1)
            ]
        )


class SundryForm(EntryRowsForm):
    """App. E: an ABF number and points on each row, for players not on the CPAR page."""

    ROWS = 15

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, self.ROWS + 1):
            self.fields[f"abf-{i}"] = forms.CharField(
                label=f"{number_name()}, row {i}",
                required=False,
                widget=forms.TextInput(
                    attrs={
                        "inputmode": "numeric",
                        "size": 9,
                        "maxlength": 7,
                        "data-abf": i,
                        "autocomplete": "off",
                    }
                ),
            )
            self.fields[f"points-{i}"] = forms.CharField(
                label=f"Points, row {i}",
                required=False,
                widget=forms.TextInput(attrs={"inputmode": "decimal", "size": 8}),
            )

    def rows(self) -> list[EntryRow]:
        rows = []
        for i in range(1, self.ROWS + 1):
            abf, points = self[f"abf-{i}"], self[f"points-{i}"]
            number = abf_numbers.normalise(self._typed(abf))
            rows.append(
                EntryRow(
                    number=i,
                    name=f"Row {i}" + (f" ({number_name()} {number})" if number else ""),
                    points=points,
                    abf=abf,
                )
            )
        return self._mark(rows)
