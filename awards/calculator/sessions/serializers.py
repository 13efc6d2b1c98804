"""The calculator's request and response, as the API reads and writes them."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from scheme.abf import (
    DEFAULT_RULES,
    RULE_SETS,
    ConsolationOutright,
    Event,
    Field,
    Kind,
    MasterFactor,
    MasterFactorMethod,
    Match,
    Movement,
    Outright,
    Player,
    Session,
    Stage,
    WalkIn,
)
from scheme.abf.congress import (
    extra_championship_accelerated,
    extra_championships,
    walk_in_final_outright,
)
from scheme.abf.validation import (
    MAX_BOARDS,
    MAX_CONSOLATIONS,
    MAX_CONTESTANTS,
    MAX_EVENT_PLACINGS,
    MAX_EVENT_TABLES,
    MAX_FIELDS,
    MAX_MATCHES,
    MAX_SESSIONS,
    MAX_TABLES,
    event_within_limits,
)

LABEL_LENGTH = 60

# The largest event taken (scheme.abf.validation), for the API's documentation.
EVENT_LIMITS = (
    f'Limits (README "Limits"): at most {MAX_SESSIONS} sessions, {MAX_FIELDS} fields and '
    f"{MAX_MATCHES:,} matches a session, {MAX_TABLES:,} tables a field, {MAX_CONTESTANTS:,} "
    f"contestants a ranking, {MAX_BOARDS:,} boards a session or match, and over the whole event "
    f"{MAX_EVENT_TABLES:,} field tables and {MAX_EVENT_PLACINGS:,} placings; beyond them 400 "
    f"naming the field (e.g. `sessions.0.fields.0.tables`). A body over 1 MB is refused with "
    f"413, JSON nested too deep with 400."
)


def _choices(enum) -> list[str]:
    return [member.value for member in enum]


def _number(**extra) -> serializers.DecimalField:
    # JSON floats are read through their text (DRF's DecimalField does str -> Decimal).
    return serializers.DecimalField(max_digits=9, decimal_places=3, **extra)


class RankingField(serializers.ListField):
    """Places, best first; each place lists the contestants tied there."""

    child = serializers.ListField(
        child=serializers.CharField(max_length=LABEL_LENGTH),
        allow_empty=False,
        max_length=MAX_CONTESTANTS,
    )

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("allow_empty", False)
        kwargs.setdefault("max_length", MAX_CONTESTANTS)
        super().__init__(**kwargs)


class FieldSerializer(serializers.Serializer):
    movement = serializers.ChoiceField(choices=_choices(Movement))
    tables = _number(min_value=0)
    ranking = RankingField()
    name = serializers.CharField(required=False, allow_blank=True, max_length=40)
    size = serializers.IntegerField(required=False, min_value=1, max_value=MAX_CONTESTANTS)
    stage = serializers.ChoiceField(choices=_choices(Stage), default=Stage.QUALIFYING.value)
    consolation = serializers.IntegerField(required=False, min_value=1, max_value=MAX_CONSOLATIONS)
    percentages = serializers.DictField(
        child=_number(min_value=0, max_value=100),
        required=False,
        help_text="Each pair's score in percent, by label; given, the session awards follow "
        "the scores instead of the placings (grades of congress, state and national events) "
        "(4.2.2, and 6.3's alternative).",
    )

    def validate_percentages(self, value: dict) -> dict:
        if len(value) > MAX_CONTESTANTS:
            raise serializers.ValidationError(f"At most {MAX_CONTESTANTS:,} scores a field.")
        return value


class MatchSerializer(serializers.Serializer):
    boards = serializers.IntegerField(min_value=1, max_value=MAX_BOARDS)
    home = serializers.CharField(max_length=LABEL_LENGTH)
    away = serializers.CharField(max_length=LABEL_LENGTH)
    home_imps = _number(required=False, allow_null=True)
    away_imps = _number(required=False, allow_null=True)
    home_vps = _number(required=False, allow_null=True)
    away_vps = _number(required=False, allow_null=True)
    home_percent = _number(required=False, allow_null=True)
    stage = serializers.ChoiceField(choices=_choices(Stage), default=Stage.QUALIFYING.value)
    consolation = serializers.IntegerField(required=False, min_value=1)
    triangle = serializers.BooleanField(default=False)


class SessionSerializer(serializers.Serializer):
    boards = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=MAX_BOARDS
    )
    name = serializers.CharField(required=False, allow_blank=True, max_length=40)
    fields = FieldSerializer(many=True, required=False, max_length=MAX_FIELDS)
    matches = MatchSerializer(many=True, required=False, max_length=MAX_MATCHES)

    def validate(self, attrs: dict) -> dict:
        if bool(attrs.get("fields")) == bool(attrs.get("matches")):
            raise serializers.ValidationError("A session has either fields or matches.")
        return attrs


class WalkInSerializer(serializers.Serializer):
    average_tables = _number(min_value=0)


class ConsolationOutrightSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    tables = _number(min_value=0)
    rankings = serializers.ListField(child=RankingField(), min_length=1, max_length=2)


class OutrightSerializer(serializers.Serializer):
    ranking = RankingField()
    tables = _number(required=False, allow_null=True, min_value=0)
    sessions = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    boards = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    size = serializers.IntegerField(required=False, min_value=1)
    sessions_played = serializers.DictField(
        child=serializers.IntegerField(min_value=1), required=False
    )
    boards_played = serializers.DictField(
        child=serializers.IntegerField(min_value=1), required=False
    )
    walk_in = WalkInSerializer(required=False)
    amplification = _number(required=False, min_value=1)
    final_size = serializers.IntegerField(required=False, min_value=1)
    final_tables = _number(required=False, min_value=0)
    consolations = ConsolationOutrightSerializer(many=True, required=False)
    walk_in_final_heats = serializers.ListField(
        child=_number(min_value=Decimal("0.5")),
        required=False,
        allow_empty=False,
        max_length=MAX_SESSIONS,
        help_text="A walk-in final (open only to place-getters from the heats): the "
        "tables of each heat (5.3.3). The outright is then on their average and S=2, and the "
        "final's sessions take no final premium; leave out tables, sessions and boards.",
    )

    def validate(self, attrs: dict) -> dict:
        if attrs.get("walk_in_final_heats"):
            given = [f for f in ("tables", "sessions", "boards", "walk_in") if attrs.get(f)]
            if given:
                raise serializers.ValidationError(
                    {
                        given[0]: [
                            "A walk-in final's outright is on the heats' average "
                            "tables and S=2; leave this out (5.3.3)."
                        ]
                    }
                )
            return attrs
        if attrs.get("sessions") is None and attrs.get("boards") is None:
            raise serializers.ValidationError(
                {"sessions": ["Give the number of sessions or of boards (4.3.1)."]}
            )
        return attrs


class ExtraChampionshipSerializer(serializers.Serializer):
    """5.3.3: an additional (minor) championship a large congress nominated."""

    number = serializers.IntegerField(
        min_value=1, max_value=100, help_text="Which of the congress's additional championships."
    )
    congress_table_sessions = _number(
        min_value=0, help_text="The table-sessions of the whole congress (App. A)."
    )


class MasterFactorSerializer(serializers.Serializer):
    ranks = serializers.ListField(child=serializers.CharField(max_length=40), allow_empty=False)
    method = serializers.ChoiceField(
        choices=_choices(MasterFactorMethod), default=MasterFactorMethod.MEDIAN.value
    )


# Named apart from the registry's Player (players.api), which the schema also documents.
@extend_schema_serializer(component_name="CalculatorPlayer")
class PlayerSerializer(serializers.Serializer):
    """One player of a contestant and the boards played (4.4.4, 4.4.5)."""

    label = serializers.CharField(max_length=LABEL_LENGTH, help_text="An ABF number or name.")
    boards = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_BOARDS, allow_null=True),
        required=False,
        allow_null=True,
        max_length=MAX_SESSIONS,
        help_text="Boards played in each session, in order (0 where the player did not play, "
        "null for every board of the contestant's; boards sat out count as played, 4.4.4). "
        "Left out: every board of the contestant's.",
    )
    substitute = serializers.BooleanField(
        default=False, help_text="Session awards of the sessions played, no outright (4.4.5)."
    )
    playoff_share = serializers.DecimalField(
        max_digits=5,
        decimal_places=4,
        min_value=0,
        max_value=1,
        required=False,
        allow_null=True,
        help_text="The proportion of the Playoff Qualifying Points given to a "
        "member who played under 40% of a National Teams final (4.4.5 NOTE).",
    )


# The most players a contestant lists: a team of six and its substitutes.
MAX_PLAYERS = 12


class CalculatorRequestSerializer(serializers.Serializer):
    rules = serializers.ChoiceField(choices=list(RULE_SETS), default=DEFAULT_RULES)
    grade = serializers.CharField(max_length=8)
    kind = serializers.ChoiceField(choices=_choices(Kind))
    sessions = SessionSerializer(many=True, allow_empty=False, max_length=MAX_SESSIONS)
    outright = OutrightSerializer(required=False, allow_null=True)
    entry_tables = _number(required=False, min_value=0)
    consolations = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_CONSOLATIONS, default=0
    )
    consolations_graded = serializers.BooleanField(default=True)
    congress = serializers.BooleanField(default=False)
    extra_championship = ExtraChampionshipSerializer(
        required=False,
        help_text="The event is an additional championship of a large congress, with "
        "the same acceleration as its major championships (give `congress` too); refused past "
        "one for every 100 table-sessions over 100, or under two sessions (5.3.3).",
    )
    master_factor = MasterFactorSerializer(required=False)
    restricted = serializers.BooleanField(default=False)
    reduced_state_championship = serializers.BooleanField(default=False)
    australia_wide = serializers.BooleanField(default=False)
    team_sizes = serializers.DictField(child=serializers.IntegerField(), required=False)
    players = serializers.DictField(
        child=PlayerSerializer(many=True, allow_empty=False, max_length=MAX_PLAYERS),
        required=False,
        help_text="Optional, by contestant label: its players with the boards each played "
        "(4.4.4: 75% of a session's boards for its award in a pairs event; 4.4.5: 40% of the "
        "team's boards in each stage for the outright award, none for a substitute). The "
        "answer's `players` then gives each player's awards.",
    )

    def validate_players(self, value: dict) -> dict:
        if len(value) > MAX_CONTESTANTS:
            raise serializers.ValidationError(f"At most {MAX_CONTESTANTS:,} contestants.")
        return value

    def validate(self, attrs: dict) -> dict:
        outright = attrs.get("outright") or {}
        if outright.get("walk_in_final_heats"):
            for index, session in enumerate(attrs["sessions"]):
                parts = [*session.get("fields", []), *session.get("matches", [])]
                if any(part.get("stage") == Stage.FINAL.value for part in parts):
                    raise serializers.ValidationError(
                        {
                            f"sessions.{index}": [
                                "No final premium applies to a walk-in final; give its "
                                "sessions as qualifying sessions (5.3.3)."
                            ]
                        }
                    )
        extra = attrs.get("extra_championship")
        if extra:
            _extra_championship_check(extra, attrs)
        return attrs

    def to_event(self) -> Event:
        """The validated request as the award rules' `Event`, refused (RulesError naming the
        field) when it is larger than any real event."""
        data = self.validated_data
        outright = data.get("outright")
        master = data.get("master_factor")
        event = Event(
            rules=data["rules"],
            grade=data["grade"],
            kind=data["kind"],
            sessions=[_session(s) for s in data["sessions"]],
            outright=_outright(outright) if outright else None,
            entry_tables=data.get("entry_tables"),
            consolations=data["consolations"],
            consolations_graded=data["consolations_graded"],
            congress=data["congress"],
            master_factor=MasterFactor(tuple(master["ranks"]), master["method"])
            if master
            else None,
            restricted=data["restricted"],
            reduced_state_championship=data["reduced_state_championship"],
            australia_wide=data["australia_wide"],
            team_sizes=data.get("team_sizes", {}),
            players={
                label: [Player(**player) for player in players]
                for label, players in data.get("players", {}).items()
            },
        )
        event_within_limits(event)
        return event


def _extra_championship_check(extra: dict, attrs: dict) -> None:
    """5.3.3: "In the case of large Congresses (number of table-sessions for the whole
    Congress exceeding 200), one additional (minor) championship of at least two sessions may
    be nominated for every 100 table-sessions in excess of 100. Such minor championships
    receive the same acceleration as the major championships."""
    if not attrs.get("congress"):
        raise serializers.ValidationError(
            {"congress": ["An additional championship is accelerated as a congress's (5.3.3)."]}
        )
    allowed = extra_championships(extra["congress_table_sessions"])
    if extra["number"] > allowed:
        raise serializers.ValidationError(
            {
                "extra_championship.number": [
                    f"A congress of {extra['congress_table_sessions'].normalize():f} "
                    f"table-sessions may nominate {allowed} additional championship(s): "
                    f"one for every 100 table-sessions over 100, once over 200 (5.3.3)."
                ]
            }
        )
    outright = attrs.get("outright") or {}
    sessions = outright.get("sessions") or len(attrs["sessions"])
    if not extra_championship_accelerated(
        nominated=extra["number"], allowed=allowed, sessions=sessions
    ):
        raise serializers.ValidationError(
            {
                "extra_championship": [
                    "An additional championship has at least two sessions (5.3.3)."
                ]
            }
        )


def _session(data: dict) -> Session:
    return Session(
        boards=data.get("boards"),
        name=data.get("name", ""),
        fields=[Field(**f) for f in data.get("fields", [])],
        matches=[Match(**m) for m in data.get("matches", [])],
    )


def _outright(data: dict) -> Outright:
    data = dict(data)
    heats = data.pop("walk_in_final_heats", None)
    if heats:
        # 5.3.3: the heats' average tables and S=2.
        base = walk_in_final_outright(data["ranking"], heats)
        data.update(tables=base.tables, sessions=base.sessions)
    walk_in = data.pop("walk_in", None)
    consolations = data.pop("consolations", [])
    return Outright(
        **data,
        walk_in=WalkIn(**walk_in) if walk_in else None,
        consolations=[ConsolationOutright(**c) for c in consolations],
    )


class EventShapeSerializer(serializers.Serializer):
    """What an upload says of its event's shape: the most it can pay each player is its
    winner's award by the rules (awards.intake.services.award_checks)."""

    tables = serializers.DecimalField(
        max_digits=6,
        decimal_places=1,
        min_value=Decimal("0.5"),
        max_value=MAX_TABLES,
        required=False,
        allow_null=True,
        help_text="Tables of the event's biggest field (teams for a teams event); half "
        "tables allowed. With it, each line above what the winner receives is warned.",
    )
    movement = serializers.ChoiceField(
        choices=[*_choices(Movement), "matches"],
        required=False,
        allow_blank=True,
        default="",
        help_text="Left out: one winner (the most a field pays). `matches`: teams matches "
        "of 5 or more boards, with `boards`.",
    )
    boards = serializers.IntegerField(
        min_value=1,
        max_value=MAX_BOARDS,
        required=False,
        allow_null=True,
        help_text="Boards a session; for teams matches, the boards each team plays in one.",
    )


class ContestantAwardsSerializer(serializers.Serializer):
    label = serializers.CharField()
    sessions = serializers.ListField(
        child=serializers.DecimalField(max_digits=9, decimal_places=2, allow_null=True),
        help_text="The session award of each session in order; null where the contestant did "
        "not play a field of that session (or the session was of matches).",
    )
    matches = serializers.DecimalField(max_digits=9, decimal_places=2)
    outright = serializers.DecimalField(max_digits=9, decimal_places=2)
    total = serializers.DecimalField(max_digits=9, decimal_places=2)


class PlayerAwardsSerializer(ContestantAwardsSerializer):
    contestant = serializers.CharField()
    reasons = serializers.ListField(
        child=serializers.CharField(),
        help_text="Why a part of the contestant's awards is withheld or shared (4.4.4, 4.4.5).",
    )


class CalculatorResponseSerializer(serializers.Serializer):
    rules = serializers.CharField()
    grade = serializers.CharField()
    kind = serializers.CharField()
    colour = serializers.CharField()
    contestants = ContestantAwardsSerializer(many=True)
    players = PlayerAwardsSerializer(
        many=True,
        required=False,
        help_text="Each player's awards, when the request listed the contestants' players.",
    )
    working = serializers.ListField(child=serializers.CharField())
