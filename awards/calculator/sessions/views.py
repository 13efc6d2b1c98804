"""The calculator page of a scheme whose events are typed session by session
(`Scheme.calculator_sessions`, the ABF's): the event's form with its sessions, its awards
and their CSV, and the Singles calculator (`?event=singles`). The calculator page
(awards.calculator.views.awards) sends here only a scheme that has it."""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from awards.calculator.forms import SchemePickForm
from awards.calculator.sessions.forms import (
    MATCHES_HELP,
    RANKING_HELP,
    CalculatorForm,
    SessionForm,
    SessionFormSet,
    SinglesForm,
    build_event,
)
from centre import params
from centre.documents import render_csv
from centre.responses import file_response
from scheme import Scheme
from scheme.abf import EventAwards, RulesError
from scheme.abf.singles import singles_outright
from scheme.abf.validation import MAX_SESSIONS

SESSION_PREFIX = "session"


# `?event=singles`: the page's form of a Singles event (App. A; 4.3.1).
SINGLES = "singles"


def sessions_calculator(request: HttpRequest, scheme: Scheme) -> HttpResponse:
    """The calculator page of a scheme whose events are typed session by session."""
    if (request.GET.get("event") or request.POST.get("event")) == SINGLES:
        return _singles(request, scheme)
    awards = None
    if request.method == "POST" and "add_session" in request.POST:
        form, sessions = _with_another_session(request)
    elif request.method == "POST":
        form = CalculatorForm(request.POST)
        sessions = SessionFormSet(request.POST, prefix=SESSION_PREFIX)
        if form.is_valid() and sessions.is_valid():
            played = [f.cleaned_data["session"] for f in sessions if "session" in f.cleaned_data]
            try:
                awards = scheme.compute_awards(build_event(form, played))
            except RulesError as error:
                if error.field in form.fields:
                    form.add_error(error.field, error.message)
                else:
                    # The page names the place in words, where the API gives its dotted path.
                    form.add_error(None, f"{_where(error.field)}: {error.message}")
            else:
                if "download" in request.POST:
                    return _csv(awards)
    else:
        form = CalculatorForm()
        sessions = SessionFormSet(prefix=SESSION_PREFIX)
    return render(
        request,
        "awards/calculator.html",
        {
            "form": form,
            "sessions": sessions,
            "awards": awards,
            "rows": _rows(awards) if awards else [],
            "ranking_help": RANKING_HELP,
            "matches_help": MATCHES_HELP,
            "pick": SchemePickForm(initial={"scheme": scheme.code}),
            "scheme": scheme,
        },
    )


def _singles(request: HttpRequest, scheme: Scheme) -> HttpResponse:
    """A Singles event's outright awards (App. A; 4.3.1), as POST /api/v1/calculator/singles
    gives them: each final place-getter's, withheld from a player with too few partnerships."""
    result = None
    form = SinglesForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            result = singles_outright(
                scheme.editions[data["rules"]],
                grade=data["grade"],
                ranking=tuple(tuple(group) for group in data["ranking"]),
                tables=data["tables"],
                sessions=data["sessions"],
                min_sessions=data["min_sessions"],
                partners=data["partners"],
            )
        except RulesError as error:
            field = error.field if error.field in form.fields else None
            form.add_error(field, error.message)
    rows = []
    if result is not None:
        for group in form.cleaned_data["ranking"]:
            for label in group:
                if label in result.awards or label in result.withheld:
                    rows.append((label, result.awards.get(label), result.withheld.get(label, "")))
    return render(
        request,
        "awards/calculator_singles.html",
        {
            "form": form,
            "result": result,
            "rows": rows,
            "ranking_help": RANKING_HELP,
            "pick": SchemePickForm(initial={"scheme": scheme.code}),
            "scheme": scheme,
        },
    )


def _with_another_session(request: HttpRequest) -> tuple[CalculatorForm, SessionFormSet]:
    """The same form, unvalidated, with one more (empty) session."""
    total = params.whole_number(
        request.POST.get(f"{SESSION_PREFIX}-TOTAL_FORMS") or 1,
        name=f"{SESSION_PREFIX}-TOTAL_FORMS",
        minimum=0,
        maximum=MAX_SESSIONS,
    )
    initial = [
        {
            name: request.POST.get(f"{SESSION_PREFIX}-{index}-{name}", "")
            for name in SessionForm.base_fields
        }
        for index in range(total)
    ]
    form = CalculatorForm(initial=request.POST.dict())
    return form, SessionFormSet(initial=initial, prefix=SESSION_PREFIX)


def _rows(awards: EventAwards) -> list:
    """Contestants, best total first (ties keep the order of the results)."""
    return sorted(awards.contestants, key=lambda c: -c.total)


def _where(path: str) -> str:
    """'sessions[0].fields[1].tables' in words: 'Session 1, E-W ranking, tables'."""
    words = re.sub(r"sessions\[(\d+)\]", lambda m: f"Session {int(m[1]) + 1}", path)
    # The page's first ranking box is the field, or the N-S of a Mitchell; the second, E-W.
    words = words.replace("fields[0]", "ranking").replace("fields[1]", "E-W ranking")
    words = re.sub(r"matches\[(\d+)\]", lambda m: f"match {int(m[1]) + 1}", words)
    words = words.replace("outright", "Final placings").replace("_", " ")
    return re.sub(r"\[(\d+)\]", lambda m: f" line {int(m[1]) + 1}", words).replace(".", ", ")


def _csv(awards: EventAwards) -> HttpResponse:
    sessions = len(awards.contestants[0].sessions) if awards.contestants else 0
    header = [
        "Contestant",
        *(f"Session {n}" for n in range(1, sessions + 1)),
        "Matches",
        "Outright",
        "Total",
    ]
    rows: list[list[object]] = [
        [
            contestant.label,
            *("" if award is None else award for award in contestant.sessions),
            contestant.matches,
            contestant.outright,
            contestant.total,
        ]
        for contestant in _rows(awards)
    ]
    rows += [
        [],
        ["Rules", awards.rules, "Grade", awards.grade, "Colour", awards.colour.value],
        ["Working"],
        *([line] for line in awards.working),
    ]
    return file_response(render_csv(header, rows), "masterpoint-awards.csv")
