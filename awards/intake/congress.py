"""What a congress's event was at its congress (5.3, 5.3.1-5.3.3), for a scheme with the
CONGRESSES feature (the ABF's congresses; scheme.abf.congress): the congress's grade, what
the event was at it, a large congress's additional championship and its table-sessions, as
the upload's and entry's forms and the uploads' API take them.

The whole module is the feature's: the event's form keeps these fields only under a scheme
that has it (`EventDetailsForm` asks `Scheme.has(CONGRESSES)` once), and the event's checks
read them only there (awards.ledger.services.congress).
"""

from __future__ import annotations

from django import forms
from rest_framework import serializers

from centre.schemes import with_clause_lazy
from scheme.abf.congress import CONGRESS_EVENTS, CONGRESS_GRADES
from scheme.abf.directors import LEVEL_LABELS
from scheme.abf.regions import REGIONAL_CHAMPIONSHIPS
from scheme.abf.state_championships import STATE_CHAMPIONSHIP_CHOICES

# 5.3: what a congress's event was at the congress (the upload's and entry's forms).
CONGRESS_FIELDS = (
    "congress_grade",
    "congress_event",
    "extra_championship",
    "congress_table_sessions",
    # 1.5.2, 5.1.1-5.1.3: the director's accreditation, and whether the director played.
    "director_level",
    "director_playing",
    # 6.2.2: a State Championship; 2.4: a Regional Championship and its region.
    "state_championship",
    "eclectic",
    "region",
    "regional_championship",
)


def form_fields() -> tuple[forms.Field, forms.Field, forms.Field, forms.Field]:
    """The four fields of the upload's and entry's forms, in their order."""
    congress_grade = forms.ChoiceField(
        label="The congress's grade",
        required=False,
        choices=[("", "Not a congress event"), *((g, g) for g in CONGRESS_GRADES)],
        help_text="With what the event was at the congress, its grade is checked (5.3).",
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
        help_text="A large congress's 1st, 2nd... additional championship (5.3.3).",
    )
    congress_table_sessions = forms.DecimalField(
        label="Table-sessions of the whole congress",
        required=False,
        min_value=0,
        max_digits=8,
        decimal_places=1,
        help_text="One additional championship for every 100 over 100, once over 200 (5.3.3).",
    )
    return congress_grade, congress_event, extra_championship, congress_table_sessions


def api_fields() -> tuple[
    serializers.Field, serializers.Field, serializers.Field, serializers.Field
]:
    """The four fields of the uploads' API, in their order."""
    congress_grade = serializers.ChoiceField(
        choices=list(CONGRESS_GRADES),
        required=False,
        allow_blank=True,
        default="",
        help_text=with_clause_lazy(
            "The grade of the congress the event was part of; with `congress_event`, the "
            "event's grade is checked against it.",
            "5.3; 5.3.1, 5.3.3",
        ),
    )
    congress_event = serializers.ChoiceField(
        choices=list(CONGRESS_EVENTS),
        required=False,
        allow_blank=True,
        default="",
        help_text=with_clause_lazy(
            "What the event was at its congress: "
            + "; ".join(f"{code}: {label}" for code, label in CONGRESS_EVENTS.items())
            + ". A congress's event without it is warned that its grade is unchecked.",
            "5.3",
        ),
    )
    extra_championship = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=100,
        help_text=with_clause_lazy(
            "Which of a large congress's additional championships (with `congress_event` "
            "additional).",
            "5.3.3",
        ),
    )
    congress_table_sessions = serializers.DecimalField(
        max_digits=8,
        decimal_places=1,
        min_value=0,
        required=False,
        allow_null=True,
        default=None,
        help_text=with_clause_lazy(
            "The whole congress's table-sessions: one additional championship for every 100 "
            "over 100, once over 200.",
            "5.3.3",
        ),
    )
    return congress_grade, congress_event, extra_championship, congress_table_sessions


def director_form_fields() -> tuple[forms.Field, forms.Field]:
    """1.5.2, 5.1.1-5.1.3: the director's accreditation and whether the director played."""
    director_level = forms.ChoiceField(
        label="The director's accreditation",
        required=False,
        choices=[("", "Not said"), *LEVEL_LABELS.items()],
        help_text=with_clause_lazy(
            "A congress is run by a non-playing director accredited at the Congress level or "
            "higher (a super congress's chief director: State; a Bridge Tour's: Club).",
            "1.5.2, 5.1.1-5.1.3",
        ),
    )
    director_playing = forms.BooleanField(
        label="The director also played", required=False, help_text="1.5.2"
    )
    return director_level, director_playing


def director_api_fields() -> tuple[serializers.Field, serializers.Field]:
    """The director's two fields of the uploads' API."""
    director_level = serializers.ChoiceField(
        choices=list(LEVEL_LABELS),
        required=False,
        allow_blank=True,
        default="",
        help_text=with_clause_lazy(
            "The accreditation of the event's director: "
            + ", ".join(f"{code} ({label})" for code, label in LEVEL_LABELS.items())
            + ". A congress's event needs Congress or higher (a super congress's chief "
            "director State or higher, a Bridge Tour's Club or higher).",
            "1.5.2, 5.1.1-5.1.3",
        ),
    )
    director_playing = serializers.BooleanField(
        required=False,
        default=False,
        help_text=with_clause_lazy(
            "The director also played: refused for a congress's event (not a Bridge Tour's).",
            "1.5.2, 5.1.1",
        ),
    )
    return director_level, director_playing


def state_event_form_fields() -> tuple[forms.Field, forms.Field, forms.Field, forms.Field]:
    """6.2.2 and 2.4: which State or Regional Championship the event is."""
    state_championship = forms.ChoiceField(
        label="State Championship (grade B)",
        required=False,
        choices=[("", "Not a State Championship"), *STATE_CHAMPIONSHIP_CHOICES.items()],
        help_text=with_clause_lazy(
            "Its sessions are held to the state's year: the three longest up to 20, the "
            "next three up to 10, all others 2 to 6.",
            "6.2.2",
        ),
    )
    eclectic = forms.BooleanField(
        label="Run as an eclectic event",
        required=False,
        help_text=with_clause_lazy("One of the state's championships a year.", "6.2.2"),
    )
    region = forms.CharField(
        label="Region (grade C)",
        required=False,
        max_length=80,
        help_text=with_clause_lazy(
            "The region of the state whose clubs run this Regional Championship.", "2.4"
        ),
    )
    regional_championship = forms.ChoiceField(
        label="Regional Championship (grade C)",
        required=False,
        choices=[("", "Not a Regional Championship"), *REGIONAL_CHAMPIONSHIPS.items()],
        help_text=with_clause_lazy("Each of the three once a year in a region.", "2.4"),
    )
    return state_championship, eclectic, region, regional_championship


def state_event_api_fields() -> tuple[
    serializers.Field, serializers.Field, serializers.Field, serializers.Field
]:
    """The same four fields of the uploads' API."""
    state_championship = serializers.ChoiceField(
        choices=list(STATE_CHAMPIONSHIP_CHOICES),
        required=False,
        allow_blank=True,
        default="",
        help_text=with_clause_lazy(
            "Which State Championship a grade B state event is: "
            + "; ".join(f"{code}: {label}" for code, label in STATE_CHAMPIONSHIP_CHOICES.items())
            + ". Its sessions are held to the state's year's limits.",
            "6.2.2",
        ),
    )
    eclectic = serializers.BooleanField(
        required=False,
        default=False,
        help_text=with_clause_lazy(
            "The championship is run as an eclectic event: one a state's year.", "6.2.2"
        ),
    )
    region = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=80,
        help_text=with_clause_lazy(
            "The name of the region (of the login's state) whose clubs run a grade C "
            "Regional Championship.",
            "2.4",
        ),
    )
    regional_championship = serializers.ChoiceField(
        choices=list(REGIONAL_CHAMPIONSHIPS),
        required=False,
        allow_blank=True,
        default="",
        help_text=with_clause_lazy(
            "Which of a region's three Regional Championships a grade C event is: "
            + "; ".join(f"{code}: {label}" for code, label in REGIONAL_CHAMPIONSHIPS.items())
            + "; each once a year.",
            "2.4",
        ),
    )
    return state_championship, eclectic, region, regional_championship


def congress_details(values: dict) -> dict:
    """5.3: what the event was at its congress, and its director (1.5.2), as EventDetails
    takes them."""
    details = {name: values.get(name) for name in CONGRESS_FIELDS}
    details["congress_grade"] = details["congress_grade"] or ""
    details["congress_event"] = details["congress_event"] or ""
    details["director_level"] = details["director_level"] or ""
    details["director_playing"] = bool(details["director_playing"])
    details["eclectic"] = bool(details["eclectic"])
    for name in ("state_championship", "regional_championship"):
        details[name] = details[name] or ""
    details["region"] = " ".join((details["region"] or "").split())
    return details
