"""A player's rank history on the player's pages (issue 25): `{% rank_history player %}`."""

from django import template

from players.models import Player
from ranks.rank_history import rank_history as history_of

register = template.Library()


@register.inclusion_tag("ranks/_rank_history.html")
def rank_history(player: Player) -> dict:
    return {"player": player, "steps": history_of(player=player)}
