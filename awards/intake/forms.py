"""The event an upload or entry is for, and the credit file or results file with it."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.conf import settings
from django.db.models import QuerySet

from awards.calculator.sessions.forms import SESSION_KINDS
from awards.calculator.sessions.serializers import MAX_BOARDS, MAX_TABLES
from awards.intake import congress
from awards.intake.limits import credit_file_size_error
from awards.ledger.models import Event as LedgerEvent
from awards.ledger.organisers import organiser_labels
from awards.ledger.services.events import EventDetails
from centre.schemes import current_scheme, grade_choices, with_clause_lazy
from clubs.models import Club, CongressOrganiser
from clubs.selectors import club_by_number
from scheme.base import AUTHORISATIONS, CONGRESSES, CREDIT_FILES


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
    # Credited once (awards.intake.upload_keys): a second event the same day is told by it.
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
    # (awards.intake.services.award_checks), and each line above it is shown with a warning.
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
        help_text=with_clause_lazy(
            "The Centre reports a congress's points to its convener and invoices its organiser.",
            "5.4.1",
        ),
    )

    # 5.3: what the event was at its congress, under a scheme with congresses only.
    congress_grade, congress_event, extra_championship, congress_table_sessions = (
        congress.form_fields()
    )
    # 1.5.2, 5.1.1-5.1.3: the director's accreditation (with the congress's fields).
    director_level, director_playing = congress.director_form_fields()
    # 6.2.2, 2.4: a State or Regional Championship.
    state_championship, eclectic, region, regional_championship = congress.state_event_form_fields()

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
        if not scheme.calculator_sessions:
            # Another scheme's grade (NZ: the event's status) and none of the ABF's checks
            # of the event's shape (4.x) or authorisations (2.6).
            self.fields["grade"].label = scheme.grade_label
            # The scheme lists its grades with the club's weekly game first (NZ: a club
            # session; ACBL: an open club game, CO), not in the order of their codes.
            self.fields["grade"].initial = next(
                (grade.code for grade in scheme.grades if grade.code in grades), None
            )
            self.fields["grade"].accepted = frozenset(grade.code for grade in scheme.grades)
            # The tables and boards size the event's winner's award by the scheme's engine
            # (awards.intake.services.award_checks); the ABF's movements are the ABF's.
            self.fields.pop("movement", None)
            if scheme.deals_label:
                self.fields["boards"].label = scheme.deals_label
                self.fields["boards"].help_text = ""
        if not scheme.has(AUTHORISATIONS):
            self.fields.pop("authorisation_number", None)
        if "E" in grades:
            # 1.5.1: grade E, club events, is what a club masterpoints week by week.
            self.fields["grade"].initial = "E"
        if organisers:
            self.fields["organiser"].choices = [
                (value, label) for value, label in organiser_labels().items() if value in organisers
            ]
            self.fields["organiser"].initial = organisers[0]
        else:
            # A club secretary's events are the club's own.
            del self.fields["organiser"]
            del self.fields["club_number"]
        congresses = scheme.has(CONGRESSES)
        if (
            congresses
            and organisers
            and congress_organisers is not None
            and "congress" in organisers
        ):
            self.fields["congress_organiser"].queryset = congress_organisers
        else:
            del self.fields["congress_organiser"]
        if not organisers or "congress" not in organisers or not congresses:
            for name in congress.CONGRESS_FIELDS:
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
        return congress.congress_details(self.cleaned_data)


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
    # 4.2.2: a session scored by percentage, its awards by each contestant's percentage.
    percentages = forms.BooleanField(
        label="Award the sessions by percentage",
        required=False,
        help_text="Tick when the results file scores each session in percentages and the "
        "event's awards follow them (4.2.2): the file's PERCENTAGE (USEBIO) or score (CSV).",
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
        if not current_scheme().calculator_sessions:
            # Another scheme's engine reads its own results (scheme.<code>.results_files).
            del self.fields["percentages"]
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
