"""The public masterpoint lookup and statements (1.4.4)."""

from __future__ import annotations

import dataclasses
import functools
from datetime import date

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.html import json_script
from django.utils.safestring import SafeString

from awards.ledger.selectors import player_public_with_totals
from awards.ledger.statements import player_statement, player_statement_page_and_months
from awards.lookup.documents import statement_csv, statement_pdf
from awards.lookup.forms import StatementPeriodForm
from awards.lookup.parts import player_page_parts
from awards.lookup.selectors import players_lookup
from awards.lookup.written import statement_rows, written_chart
from centre import params
from centre.dates import day_text
from centre.responses import file_response
from centre.schemes import current_scheme
from centre.versions import APPROVED, LIFETIME, public_cached, public_read_ahead
from players.models import Player
from players.selectors import player_fingerprint, player_grade_in_force, player_public
from scheme import get_scheme

# Players on one page of the lookup's results.
LOOKUP_PAGE_SIZE = 50


def lookup(request: HttpRequest) -> HttpResponse:
    """Every match, LOOKUP_PAGE_SIZE to a page, with the count and the pages beside."""
    query = request.GET.get("q", "").strip()
    number = params.whole_number(
        request.GET.get("page") or 1, name="page", minimum=1, maximum=1_000_000
    )
    matches = players_lookup(query=query, limit=None)
    paginator = Paginator(matches, LOOKUP_PAGE_SIZE)
    # A page past the last (an old link, fewer matches since) shows the last.
    page = paginator.get_page(number)
    if paginator.count == 1 and query.isdigit():
        return redirect("awards:player", abf_number=page[0].abf_number)
    return render(
        request,
        "awards/lookup.html",
        {
            "query": query,
            "page": page,
            "players": page.object_list,
            # A name so common that its matches are counted only up to a limit.
            "more": getattr(matches, "more", False),
        },
    )


def _public_player(abf_number: str) -> Player:
    return player_public(number=abf_number)


def _statement_period(
    request: HttpRequest,
) -> tuple[date | None, date | None, StatementPeriodForm | None]:
    """The period asked for, and its form; no form when neither day is asked for (the
    statement whole: the page writes the empty inputs, awards.templatetags.statement)."""
    if "start" not in request.GET and "end" not in request.GET:
        return None, None, None
    form = StatementPeriodForm(request.GET)
    if form.is_valid():
        return form.cleaned_data["start"], form.cleaned_data["end"], form
    return None, None, form


def player_record(request: HttpRequest, abf_number: str) -> HttpResponse:
    """A player's totals by colour, position, home club, chart and a page of the statement."""
    year = timezone.localdate().year
    start, end, form = _statement_period(request)
    asked = request.GET.get("page") or "1"
    # The kept record is read with the versions, before the player, the totals and the place
    # are read in one statement (the versions first: what is read after them is as new): it
    # is kept under the number and holds what it was made of the player (the fingerprint).
    key = f"player-page:{abf_number}:{start}:{end}:{asked}"
    public_read_ahead(key)
    player, totals = player_public_with_totals(number=abf_number, year=year)
    page = params.whole_number(asked, name="page", minimum=1, maximum=1_000_000)
    fingerprint = player_fingerprint(player)
    record = public_cached(
        key,
        lambda: {**_player_record(player, start, end, page), "fingerprint": fingerprint},
        versions=(LIFETIME, APPROVED),
        good=lambda kept: kept["fingerprint"] == fingerprint,
    )
    # The period asked for, without the page: the CSV and the PDF hold all its lines.
    period = QueryDict(mutable=True)
    period.update({key: request.GET[key] for key in ("start", "end") if key in request.GET})
    statement = record["statement"]
    response = render(
        request,
        "awards/player.html",
        {
            **record,
            "totals": totals.lifetime,
            "year_totals": totals.of_year,
            "year": year,
            "position": totals.position,
            "player": player,
            "form": form,
            "query": period.urlencode(),
            "period": start is not None or end is not None,
            "earlier": _page_query(period, statement.number + 1) if statement.has_earlier else "",
            "later": _page_query(period, statement.number - 1) if statement.has_later else "",
            "country": COUNTRIES.get(current_scheme().code, "the registry"),
            "chart_kinds": _chart_kinds(current_scheme().code),
            "grade": player_grade_in_force(player=player),
        },
    )
    # A record not active may be a number retired by a merge: the page's wrapper asks then.
    response.player_status = player.status
    return response


def _page_query(period: QueryDict, page: int) -> str:
    query = period.copy()
    if page > 1:
        query["page"] = str(page)
    return query.urlencode()


@functools.cache
def _chart_kinds(code: str) -> SafeString:
    """The chart's kinds of point, their codes, labels and colours, as the page's script reads
    them: the scheme's, the same on every page, so written once."""
    kinds = get_scheme(code).kinds_in_order
    return json_script(
        [{"key": kind.code, "label": kind.label, "colour": kind.colour_hex} for kind in kinds],
        "points-chart-kinds",
    )


# What the player page calls the country of a scheme's registry.
COUNTRIES = {"abf": "Australia", "nz": "New Zealand", "acbl": "the ACBL"}


def _player_record(player: Player, start: date | None, end: date | None, page: int) -> dict:
    """What the page shows of the player's record beside the totals (it is kept in the
    cache): a page of the statement, with its lines and the chart of the player's months
    written (awards.lookup.written)."""
    statement, months = player_statement_page_and_months(
        player=player, start=start, end=end, page=page
    )
    scheme = current_scheme()
    return {
        # The page without its lines: they are kept written.
        "statement": dataclasses.replace(statement, lines=[]),
        "statement_rows": statement_rows(statement.lines),
        "chart": written_chart(
            _chart_months(months),
            scheme.kinds_in_order,
            scheme.kind_word,
        ),
        **player_page_parts(player),
    }


def _chart_months(series: list[dict]) -> list[dict]:
    """The chart's months, each with its label and the cumulative hundredths by colour; the
    page draws them and lists them as a table, the same figures."""
    return [{**row, "label": _month_label(row["month"])} for row in series]


@functools.lru_cache(maxsize=1024)
def _month_label(month: str) -> str:
    """ "2026-11" -> "Nov 2026": the same months are on many players' charts."""
    return date(int(month[:4]), int(month[5:]), 1).strftime("%b %Y")


def player_statement_csv(request: HttpRequest, abf_number: str) -> HttpResponse:
    player = _public_player(abf_number)
    start, end, _ = _statement_period(request)
    opening, lines, _closing = player_statement(player=player, start=start, end=end)
    return file_response(
        statement_csv(player=player, opening=opening, lines=lines), f"statement-{abf_number}.csv"
    )


def player_statement_pdf(request: HttpRequest, abf_number: str) -> HttpResponse:
    player = _public_player(abf_number)
    start, end, _ = _statement_period(request)
    opening, lines, closing = player_statement(player=player, start=start, end=end)
    span = f"{day_text(start)} to {day_text(end)}" if start and end else "all awards"
    pdf = statement_pdf(
        player=player,
        opening=opening,
        lines=lines,
        closing=closing,
        title=f"Player Awards Statement: {span}",
    )
    return file_response(pdf, f"statement-{abf_number}.pdf")
