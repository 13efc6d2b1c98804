"""The uploads' API shapes: an upload and its lines, the event's details an upload or a
results file comes with (organiser, congress, session, a correction on purpose)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from awards.intake import congress
from awards.intake.models import CreditUpload
from awards.intake.titles import upload_title
from awards.ledger.models import Event
from centre.schemes import current_scheme, grade_choices, with_clause_lazy
from clubs.models import Club, CongressOrganiser
from clubs.selectors import club_by_number
from scheme.base import CONGRESSES


class UploadLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    abf_number = serializers.CharField()
    name = serializers.CharField()
    home_club = serializers.IntegerField(allow_null=True)
    colour = serializers.CharField()
    points = serializers.IntegerField(help_text="Hundredths of a masterpoint.")
    held = serializers.BooleanField(
        help_text=with_clause_lazy("An inactive player's points are held.", "1.3.2")
    )
    warning = serializers.CharField(
        allow_blank=True,
        help_text="What to look at on this line: an inactive player's points held, or points "
        "above the most the event can pay (the most and how it was found).",
    )
    most = serializers.IntegerField(
        allow_null=True,
        required=False,
        help_text="The most the event can pay one player, in hundredths; null if not known.",
    )
    above_most = serializers.BooleanField(
        help_text="True if the player is given more than the most the event (or any event of "
        "its grade) can pay: confirm with `above_most_checked` once checked."
    )


class MostSerializer(serializers.Serializer):
    points = serializers.IntegerField(help_text="Hundredths of a masterpoint.")
    how = serializers.CharField(help_text="How the award rules give it.")


class UploadSerializer(serializers.ModelSerializer):
    title = serializers.SerializerMethodField(
        help_text="The event's name and first day, as the portal's pages title the upload."
    )
    lines = serializers.SerializerMethodField()
    warnings = serializers.SerializerMethodField()
    most = serializers.SerializerMethodField()
    differences = serializers.SerializerMethodField()
    period = serializers.SerializerMethodField()
    authorisation = serializers.SlugRelatedField(slug_field="number", read_only=True)

    class Meta:
        model = CreditUpload
        fields = [
            "id",
            "title",
            "filename",
            "source",
            "status",
            "event_details",
            "authorisation",
            "intended",
            "intended_reason",
            "line_count",
            "totals",
            "period",
            "created_at",
            "credited_at",
            "cancelled_at",
            "warnings",
            "most",
            "differences",
            "lines",
        ]

    def get_title(self, upload: CreditUpload) -> str:
        return upload_title(upload)

    @extend_schema_field(UploadLineSerializer(many=True))
    def get_lines(self, upload: CreditUpload) -> list[dict]:
        return [
            {
                **{key: value for key, value in line.items() if key != "above"},
                "above_most": bool(line.get("above")),
            }
            for line in upload.preview.get("lines", [])
        ]

    def get_warnings(self, upload: CreditUpload) -> list[str]:
        return upload.preview.get("warnings", [])

    @extend_schema_field(MostSerializer(allow_null=True))
    def get_most(self, upload: CreditUpload) -> dict | None:
        """The most the event can pay one player and how it was found, if known."""
        return upload.preview.get("most")

    def get_differences(self, upload: CreditUpload) -> list[dict]:
        """Lines whose points differ from what the rules give (files sent with results)."""
        return upload.preview.get("differences", [])

    def get_period(self, upload: CreditUpload) -> str | None:
        return str(upload.period) if upload.period else None


class OrganiserFields(serializers.Serializer):
    """Who ran the event: a club secretary's events are the club's own and ignore these."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The grades of the deployment's scheme as the request finds it, not as it was when
        # this module was first imported.
        if "grade" in self.fields:
            self.fields["grade"].choices = [code for code, _ in grade_choices()]
        # The ABF's congresses (5.x, 6.2.2, 2.4): no such fields under a scheme without them,
        # in the requests it takes nor in its API's schema.
        if not current_scheme().has(CONGRESSES):
            for name in ("congress_organiser", *congress.CONGRESS_FIELDS):
                self.fields.pop(name, None)

    organiser = serializers.ChoiceField(
        choices=[v for v in Event.Organiser.values if v != Event.Organiser.OVERSEAS],
        required=False,
        allow_blank=True,
        default="",
        help_text="state or congress for a state secretary; any of these for staff.",
    )
    club_number = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="The club that ran it, if any."
    )

    congress_organiser = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text=with_clause_lazy(
            "The id of the congress's organiser (its convener gets the Centre's report and "
            "invoice); a congress of the login's state.",
            "5.4.1",
        ),
    )

    # 5.3: what the event was at its congress (checked under a scheme with congresses).
    congress_grade, congress_event, extra_championship, congress_table_sessions = (
        congress.api_fields()
    )
    # 1.5.2, 5.1.1-5.1.3: the director's accreditation.
    director_level, director_playing = congress.director_api_fields()
    # 6.2.2, 2.4: a State or Regional Championship.
    state_championship, eclectic, region, regional_championship = congress.state_event_api_fields()

    def validate_club_number(self, number: int | None) -> Club | None:
        # Any club may run a congress; whether this login may name it is the service's check.
        return None if number is None else club_by_number(number)

    def validate_congress_organiser(self, pk: int | None) -> CongressOrganiser | None:
        if pk is None:
            return None
        found = CongressOrganiser.objects.filter(pk=pk).first()
        if found is None:
            raise serializers.ValidationError(f"{pk} is not a congress organiser.")
        return found


def session_field() -> serializers.IntegerField:
    """Which of the day's events this is: an event is credited once (awards.intake.upload_keys)."""
    return serializers.IntegerField(
        min_value=1,
        max_value=9,
        default=1,
        help_text="1, unless the club ran another event the same day: 2 for the second (the "
        "evening after the afternoon), and so on. An event is credited once: an upload of an "
        "event (who ran it, first day, session, grade, name) or of the same awards already "
        "waiting or credited is refused under `duplicate`, `links.duplicate` the first.",
    )


def intended_field() -> serializers.BooleanField:
    return serializers.BooleanField(
        default=False,
        help_text="Centre staff only: credit an event, or the same awards, already waiting or "
        "credited again on purpose (a correction), saying why in `intended_reason`. Refused "
        "for any other login: an event is credited once, and a credited event is corrected "
        "with adjusting credits (`POST /api/v1/credits/{id}/adjust`).",
    )


def intended_reason_field() -> serializers.CharField:
    return serializers.CharField(
        max_length=255,
        required=False,
        allow_blank=True,
        default="",
        help_text="Why the event is credited again (with `intended`).",
    )


class UploadResultsSerializer(OrganiserFields):
    name = serializers.CharField(max_length=160, help_text="The event's name.")
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(required=False, allow_null=True)
    session = session_field()
    authorisation_number = serializers.CharField(required=False, allow_blank=True, default="")
    intended = intended_field()
    intended_reason = intended_reason_field()
    results = serializers.JSONField(help_text="The event's results as the calculator takes them.")
    players = serializers.JSONField(
        help_text='Each contestant\'s ABF numbers: {"N1": ["0123456", "0002288"], ...}.'
    )
