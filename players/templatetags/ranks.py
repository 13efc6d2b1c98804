"""The rank as of the last month close and what the next one needs (1.4.4, 1.8).

Written here, every value escaped, rather than by a template of its own: the public player
page shows it to every reader, and the included template's context and branches took as long
to write as working the rank out (about 0.3M instructions a page)."""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from centre.schemes import current_scheme
from centre.templatetags.dates import day
from players.models import Player
from players.selectors import RankStanding, player_rank_standing
from scheme.core.points import points_text

register = template.Library()

_PRE_1982_NOTE = (
    ' <span class="working">The red-and-gold and gold minimums of the Life and Grand ranks are '
    "lowered by the allowance for red points won before 1982 (1.8 notes).</span>"
)


def _stars(count: int) -> str:
    """NZ: a rank's stars, as stars."""
    return "\u2605" * int(count or 0)


def _name(rank: object) -> str:
    return escape(rank.name) if rank is not None else ""


@register.simple_tag
def rank_standing(
    player: Player, lifetime: dict[str, int], grade: object = None, won: bool = False
) -> SafeString:
    """`lifetime` is the player's points by kind as the page shows them, in hundredths;
    `grade` the player's grade in force (NZ), if the scheme grades players; `won` whether the
    player holds the win a rank needs (the public page's record says)."""
    standing = player_rank_standing(player=player, lifetime=lifetime, won=bool(won))
    scheme = current_scheme()
    held = _name(standing.rank) or "not yet ranked"
    starred = ""
    if standing.stars:
        plural = "" if standing.stars == 1 else "s"
        starred = (
            f' <span data-stars title="{standing.stars} star{plural}">'
            f"{_stars(standing.stars)}</span>"
        )
    cited = ", 1.4.4" if scheme.cites_abf_manual else ""
    lines = [
        "<div data-rank>",
        f'<p>Rank: <strong data-rank-name>{held}</strong>{starred} <span class="working">(as '
        f"of the last month close: promotions are made only then{cited})</span></p>",
    ]
    if grade:
        lines.append(_grade(grade, scheme.body_name))
    lines.append(_next_rank(standing, player, scheme.cites_abf_manual))
    if standing.next_star is not None:
        star = standing.next_star
        lines.append(
            f"<p data-next-star>Star {star.stars} ({_name(standing.rank)} {_stars(star.stars)}): "
            f"{points_text(star.hundredths)} more A and B Points, while the A Points of "
            f"{_name(standing.next_rank)} are lacking.</p>"
        )
    lines.append("</div>\n")
    return mark_safe("\n".join(lines))  # noqa: S308 (every value above escaped)


def _grade(grade: object, body_name: str) -> str:
    """NZ: the grade in force, by the office's decision or the year's certificate."""
    label = escape(grade.grade_label)
    decision = getattr(grade, "decision", None)
    if decision:
        overseas = " for an overseas player" if decision.overseas else ""
        return (
            f'<p data-grade>Grade: <strong>{label}</strong> <span class="working">(by decision '
            f"of {escape(body_name)}{overseas}, from {escape(day(decision.starts_on))})</span></p>"
        )
    return (
        f'<p data-grade>Grade: <strong>{label}</strong> <span class="working">'
        f"({points_text(int(grade.rating or 0))} rating points, from 1 February "
        f"{escape(grade.year)})</span></p>"
    )


def _next_rank(standing: RankStanding, player: Player, cites: bool) -> str:
    """The next rank, and what it still needs after the points awaiting approval."""
    following = _name(standing.next_rank)
    if standing.next_rank is None:
        cited = " (1.8)" if cites else ""
        return (
            f"<p data-next-rank>{_name(standing.rank)} is the highest rank of the scheme"
            f"{cited}.</p>"
        )
    if standing.next_is_met:
        return (
            f"<p data-next-rank>Next rank: {following}, reached with the points awaiting "
            "approval; the promotion is made at the month's close.</p>"
        )
    needed = standing.needed()
    if not needed:
        return f"<p data-next-rank>Next rank: {following}.</p>"
    listed = "; ".join(
        f'<span data-needed="{escape(need.key)}">{escape(need.text())}</span>' for need in needed
    )
    note = _PRE_1982_NOTE if player.pre_1982_red else ""
    return f"<p data-next-rank>Still needed for {following}: {listed}.{note}</p>"
