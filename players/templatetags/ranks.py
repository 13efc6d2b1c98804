"""The rank as of the last month close and what the next one needs (1.4.4, 1.8)."""

from django import template

from players.models import Player
from players.selectors import player_rank_standing
from scheme.core.points import points_text

register = template.Library()


@register.inclusion_tag("players/_rank_standing.html")
def rank_standing(player: Player, lifetime: dict[str, int]) -> dict:
    """`lifetime` is the player's points by colour as the page shows them, in hundredths."""
    standing = player_rank_standing(
        player=player, green=lifetime["green"], red=lifetime["red"], gold=lifetime["gold"]
    )
    needed = [(key, f"{points_text(value)} more {what}") for key, value, what in standing.needed()]
    return {"player": player, "standing": standing, "needed": needed}
