"""What the registry API shows of a player: the public fields to anyone who searches, the
full record to the player's own club, its state and the centre."""

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from players.models import Player
from players.selectors import player_is_visible_to


class PlayerPublicSerializer(serializers.Serializer):
    """What anyone searching may see of a player of another club."""

    abf_number = serializers.CharField()
    given_names = serializers.CharField()
    family_name = serializers.CharField()
    status = serializers.CharField()
    home_club_name = serializers.CharField(source="home_club.name", default=None)


class PlayerSerializer(PlayerPublicSerializer):
    """The full record, for the player's own club, its state and the centre."""

    birth_year = serializers.IntegerField(allow_null=True)
    email = serializers.CharField()
    # 1.4.2, App. C, guide F6.1: private like the email, so only in the full record.
    postal_address = serializers.CharField(help_text="Its lines joined by newlines.")
    home_club = serializers.IntegerField(source="home_club.number", default=None)
    pre_1982_red = serializers.IntegerField(help_text="Hundredths of a red point (1.8 notes).")
    cancellation_requested_at = serializers.DateTimeField(allow_null=True)
    registered_at = serializers.DateTimeField()


class ChangeSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    action = serializers.CharField()
    club = serializers.IntegerField(source="club.number", default=None)
    by = serializers.CharField(source="by.username", default=None)
    changes = serializers.JSONField()


class PlayerDetailSerializer(PlayerSerializer):
    alternate_clubs = serializers.SerializerMethodField()
    history = ChangeSerializer(source="changes.all", many=True)

    def get_alternate_clubs(self, player: Player) -> list[int]:
        return sorted(player.alternate_clubs.values_list("number", flat=True))


class PlayerHistorySerializer(serializers.Serializer):
    """The public fields, and the changes the login may read (players.selectors)."""

    player = PlayerPublicSerializer()
    history = ChangeSerializer(many=True)


def player_shown(player: Player, request: Request) -> dict[str, Any]:
    """The full record when the login may read it, the public fields otherwise."""
    if player_is_visible_to(player=player, user=request.user):
        return PlayerSerializer(player).data
    return PlayerPublicSerializer(player).data
