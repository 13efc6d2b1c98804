"""A player's rank history on the player's pages (issue 25): `{% rank_history player %}`."""

from django import template

from players.models import Player
from ranks.rank_history import RankStep, rank_history as history_of

register = template.Library()


@register.inclusion_tag("ranks/_rank_history.html")
def rank_history(player: Player, steps: list[RankStep] | None = None) -> dict:
    """The history `steps` given (the public page's, kept with its record), or read now."""
    return {"player": player, "steps": history_of(player=player) if steps is None else steps}
