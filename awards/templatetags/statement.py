"""The player page's repeated cells: the rows of the totals and a cell for each kind of
point in them, the tables' headings, the heading of the page and the inputs of the
statement's period.

Each is the same few cells a row, so they are written here, every value escaped (but the
points, which points_text writes in digits, a sign and a point), rather than by the template's
loops, where each cell is a node resolved and escaped on its own. The statement's lines and
the chart are written with the page's record (awards.lookup.written); the rest of the page's
markup is its template's (templates/awards/player.html).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from html import escape

from django import forms, template
from django.utils.safestring import SafeString, mark_safe

from awards.ledger.selectors import Totals
from awards.lookup.forms import StatementPeriodForm
from awards.templatetags.corrections import retired_pointer
from awards.templatetags.ledger import as_text
from players.models import Player
from scheme.core.points import points_text
from scheme.parts import PointKind

register = template.Library()


@register.simple_tag
def kind_headings(kinds: Iterable[PointKind], scope: str = "", marked: str = "") -> SafeString:
    """A table's heading of each kind of point, in the kind's colour made dark enough to read
    as text; `scope` the headings' scope, `marked` the name of an attribute holding the
    kind's code. The same on every page of a scheme: written once for each."""
    return _kind_headings(tuple(kinds), scope, marked)


@functools.lru_cache(maxsize=64)
def _kind_headings(kinds: tuple[PointKind, ...], scope: str, marked: str) -> SafeString:
    scoped = f' scope="{escape(scope)}"' if scope else ""
    return mark_safe(  # noqa: S308
        "".join(
            f'<th{scoped} class="number colour-{escape(kind.code)}" '
            f'style="color: {escape(as_text(kind.colour_hex))}"'
            f"{_marked(marked, kind.code)}>{escape(kind.label)}</th>"
            for kind in kinds
        )
    )


@register.simple_tag
def kind_cells(
    figures: Mapping[str, int] | None, kinds: Iterable[PointKind], marked: str = ""
) -> SafeString:
    """A cell for each kind of point with its figure of `figures` (hundredths by kind's code;
    none is 0), as points; `marked` the name of an attribute holding the kind's code."""
    figures = figures or {}
    return mark_safe(  # noqa: S308
        "".join(
            f'<td class="number"{_marked(marked, kind.code)}>'
            f"{points_text(int(figures.get(kind.code) or 0))}</td>"
            for kind in kinds
        )
    )


@register.simple_tag
def player_heading(player: Player, position: int, country: str) -> SafeString:
    """The page's heading, the player's name and number; where the number was retired by a
    merge, the kept number (`retired_pointer`); the home club, status and position."""
    club = (player.home_club.name if player.home_club_id is not None else "") or "none"
    return mark_safe(  # noqa: S308
        f"<h1>{escape(player.given_names)} {escape(player.family_name)} "
        f"<small>{escape(player.abf_number)}</small></h1>\n"
        f"{retired_pointer(player)}\n"
        f"<p>Home club: {escape(club)} · {escape(player.get_status_display())} · position "
        f"{escape(str(position))} in {escape(country)} by approved points</p>"
    )


@register.simple_tag
def totals_rows(
    totals: Totals,
    year: int,
    year_totals: Totals | None,
    kinds: Iterable[PointKind],
    pre_1982_kept: bool = False,
    pre_1982_red: int = 0,
) -> SafeString:
    """The rows of the player's totals by kind: lifetime, the red points won before 1982 (where
    the scheme keeps them and the player has some, in the red column), approved, provisional
    and the year's."""
    kinds = list(kinds)
    rows = [f"    <tr><th>Lifetime</th>{kind_cells(totals.lifetime, kinds, 'data-lifetime')}</tr>"]
    if pre_1982_kept and pre_1982_red:
        red = points_text(int(pre_1982_red))
        cells = "".join(
            f'<td class="number">{red if kind.code == "red" else ""}</td>' for kind in kinds
        )
        rows.append(f"    <tr data-pre-1982><th>Red won before 1982</th>{cells}</tr>")
    of_year = year_totals.lifetime if year_totals is not None else None
    rows += [
        f"    <tr><th>Approved</th>{kind_cells(totals.approved, kinds)}</tr>",
        f'    <tr class="provisional"><th>Provisional</th>'
        f"{kind_cells(totals.provisional, kinds)}</tr>",
        f"    <tr><th>{escape(str(year))}</th>{kind_cells(of_year, kinds)}</tr>",
    ]
    return mark_safe("\n".join(rows))  # noqa: S308


@register.simple_tag
def period_inputs(form: forms.Form | None) -> SafeString:
    """A labelled date input for each of the period's fields, as its widget writes it (the
    widgets' own templates cost as much as the statement's lines), marked invalid and pointed
    at its error (`<id>_error`) where the value given was refused; with no form (no period
    asked for), the empty inputs, written once."""
    if form is None:
        return _empty_period_inputs()
    inputs = []
    for field in form:
        auto_id = escape(field.auto_id)
        value = field.value()
        inputs.append(
            f'<label for="{auto_id}">{escape(str(field.label))}</label> '
            f'<input type="date" name="{escape(field.html_name)}"'
            + ("" if value is None else f' value="{escape(str(value))}"')
            + (f' aria-invalid="true" aria-describedby="{auto_id}_error"' if field.errors else "")
            + f' id="{auto_id}"> '
        )
    return mark_safe("".join(inputs))  # noqa: S308


@functools.cache
def _empty_period_inputs() -> SafeString:
    return period_inputs(StatementPeriodForm())


def _marked(attribute: str, code: str) -> str:
    return f' {escape(attribute)}="{escape(code)}"' if attribute else ""
