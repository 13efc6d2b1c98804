"""The registry API (App. C; guide F6), by feature: reads, the players' records, and the
club's lists of alternates and cancellations.

Scoped exactly as the pages: a club acts only for itself (`clubs/<number>/...` of another
club answers 404), reads only its own home members in full, and sees players of other clubs
only through the search, with the public fields. A refusal reaches the API's one error
shape through its exception handler (centre.api).
"""

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from centre.models import Role
from players.models import Player
from players.selectors import player_by_abf_number, player_visible

READERS = (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
ACTORS = (Role.CLUB_SECRETARY, Role.STAFF)


class AbfNumberSerializer(serializers.Serializer):
    abf_number = serializers.CharField(max_length=20)


def visible_player(request: Request, abf_number: str) -> Player:
    """The player, if this login may read the full record; otherwise 404, never a hint."""
    return player_visible(user=request.user, number=abf_number)


def named_player(data: Any) -> Player:
    """The player the request names by ABF number, or a refusal naming `abf_number`."""
    serializer = AbfNumberSerializer(data=data)
    serializer.is_valid(raise_exception=True)
    return player_by_abf_number(number=serializer.validated_data["abf_number"])
