"""The calculator page's form: an event typed in by a club secretary."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.forms import formset_factory
from django.http import Http404

from awards.limits import credit_file_size_error
from awards.models import AUTHORISED_GRADES
from awards.models import Event as LedgerEvent
from awards.services.events import EventDetails
from centre.access import club_for
from centre.models import User
from centre.schemes import grade_choices
from clubs.models import Club
from clubs.selectors import club_by_number
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
)
from scheme.abf.validation import MAX_SESSIONS, event_within_limits

RANKING_HELP = (
    "One place per line, best first. Contestants tied for a place go on one line, separated "
    'by "=" or commas, e.g. "5 = 6".'
)
MATCHES_HELP = 'One match per line: home, away, home IMPs, away IMPs, e.g. "T1, T2, 12, 9".'

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
        fields = [
            Field(movement, data["tables"], ranking, name="N-S" if movement == MITCHELL else "")
        ]
        if movement == MITCHELL:
            east_west = parse_ranking(data.get("ranking_ew", ""))
            if not east_west:
                raise forms.ValidationError("Type the E-W ranking of the Mitchell.")
            fields.append(Field(movement, data["tables"], east_west, name="E-W"))
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
    if ranking:
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
    event_within_limits(event)
    return event


# --- uploads, on-screen entry and authorisations (App. D, App. E, 2.6) --------------------


class EventDetailsForm(forms.Form):
    """What the secretary says about the event whose awards are uploaded."""

    name = forms.CharField(label="Event name", max_length=160)
    starts_on = forms.DateField(label="First day", widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(
        label="Last day", required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    grade = forms.ChoiceField(label="Grade (1.5.1)")
    kind = forms.ChoiceField(choices=LedgerEvent.Kind.choices, initial=LedgerEvent.Kind.PAIRS)
    sessions = forms.IntegerField(min_value=1, max_value=99, initial=1)
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

    def __init__(
        self, *args, grades: frozenset[str], organisers: tuple[str, ...] = (), **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["grade"].choices = [
            (code, label) for code, label in grade_choices() if code in grades
        ]
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
            organiser=data.get("organiser") or "",
            club=data.get("club_number"),
        )


class CreditFileForm(EventDetailsForm):
    file = forms.FileField(label="Credit file (.grn, .red, .gld, .rag, .mp?)")
    intended = forms.BooleanField(
        label="This file was uploaded before and is meant to be credited again",
        required=False,
    )

    field_order = ["file", "name", "starts_on", "ends_on", "grade", "kind", "sessions"]

    def clean_file(self):
        upload = self.cleaned_data["file"]
        error = credit_file_size_error(upload)
        if error:
            raise forms.ValidationError(error)
        return upload


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
    start = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
