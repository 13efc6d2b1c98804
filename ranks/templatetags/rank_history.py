"""A player's rank history on the player's pages (issue 25): `{% rank_history player %}`.

Written here, every value escaped, rather than by a template of its own: the public player
page shows it to every reader, and an included template's context and loop took as long to
write it as the rest of the page's rank (about 0.4M instructions a page)."""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from centre.templatetags.dates import day
from players.models import Player
from ranks.rank_history import RankStep, rank_history as history_of

register = template.Library()

_STEP = '<tr data-rank-step="{}"><td>{}</td><td>{}</td><td>{}{}</td></tr>'
_MERGED = " <small>(as {}, merged)</small>"
_TABLE = (
    '<table class="narrow">\n'
    "  <thead><tr><th>Rank</th><th>Promoted</th><th>At the close of</th></tr></thead>\n"
    "  <tbody>\n  {}\n  </tbody>\n</table>\n"
)
_NONE = "<p>No promotion recorded: the rank was held before the register's records began.</p>\n"


@register.simple_tag
def rank_history(player: Player, steps: list[RankStep] | None = None) -> SafeString:
    """The history `steps` given (the public page's, kept with its record), or read now: a
    section with a row for each promotion (the rank, the day, the month whose close made it,
    and the number it was made under where a merged record's), for a player who holds a
    rank."""
    if not player.rank_order:
        return mark_safe("")
    steps = history_of(player=player) if steps is None else steps
    rows = "".join(
        _STEP.format(
            step.rank_order,
            escape(step.rank_name),
            escape(day(step.promoted_on)),
            escape(step.month),
            _MERGED.format(escape(step.abf_number)) if step.abf_number != player.abf_number else "",
        )
        for step in steps
    )
    return mark_safe(  # noqa: S308
        '<section aria-labelledby="rank-history-heading" data-rank-history>\n'
        '<h2 id="rank-history-heading">Rank history</h2>\n'
        + (_TABLE.format(rows) if steps else _NONE)
        + "</section>\n"
    )
