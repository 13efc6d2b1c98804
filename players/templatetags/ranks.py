"""The rank as of the last month close and what the next one needs (1.4.4, 1.8)."""

from django import template

from centre.schemes import current_scheme
from players.models import Player
from players.selectors import player_rank_standing

register = template.Library()


@register.inclusion_tag("players/_rank_standing.html")
def rank_standing(
    player: Player, lifetime: dict[str, int], grade: object = None, won: bool = False
) -> dict:
    """`lifetime` is the player's points by kind as the page shows them, in hundredths;
    `grade` the player's grade in force (NZ), if the scheme grades players; `won` whether the
    player holds the win a rank needs (the public page's record says)."""
    standing = player_rank_standing(player=player, lifetime=lifetime, won=bool(won))
    needed = [(need.key, need.text()) for need in standing.needed()]
    return {
        "player": player,
        "standing": standing,
        "needed": needed,
        "scheme": current_scheme(),
        "grade": grade,
    }


@register.filter
def stars(count: int) -> str:
    """NZ: a rank's stars, as stars."""
    return "\u2605" * int(count or 0)
