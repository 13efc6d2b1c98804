"""The calculator page: a club secretary types an event's results and reads its awards,
under any scheme's rules. The ABF's events are typed in the ABF's own form; another scheme's
as the JSON its calculator reads (POST /api/v1/calculator/awards), prefilled with the
scheme's example."""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from awards.calculator.engines import event_answer, scheme_by_code, takes_events
from awards.calculator.forms import (
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
from centre.errors import DomainError, form_add_error
from centre.responses import file_response
from scheme import SCHEMES, Scheme
from scheme.abf import RULE_SETS, EventAwards, RulesError, compute_awards
from scheme.abf.singles import singles_outright
from scheme.abf.validation import MAX_SESSIONS

SESSION_PREFIX = "session"
# `?event=singles`: the page's form of a Singles event (App. A; 4.3.1).
SINGLES = "singles"
# The largest event typed as JSON: the API's limit on a body (DATA_UPLOAD_MAX_MEMORY_SIZE).
MAX_EVENT_TEXT = 1_000_000
# An answer's value longer than this is a sentence, said in a paragraph of its own.
SHORT = 40


class SchemePickForm(forms.Form):
    """Which scheme's rules the calculators use: any scheme, whatever the deployment's."""

    scheme = forms.ChoiceField(label="Scheme", choices=())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["scheme"].choices = [(s.code, s.name) for s in SCHEMES.values()]
        self.fields["scheme"].widget.attrs["id"] = "id_pick_scheme"


def _scheme(request: HttpRequest) -> Scheme:
    """The scheme the page is asked for (`?scheme=nz`), the deployment's when none; an
    unknown one is a 400 page naming the parameter."""
    return scheme_by_code(request.GET.get("scheme") or request.POST.get("scheme"))


def calculator(request: HttpRequest) -> HttpResponse:
    scheme = _scheme(request)
    if not scheme.calculator_sessions:
        return _scheme_calculator(request, scheme)
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
                awards = compute_awards(build_event(form, played))
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
                RULE_SETS[data["rules"]],
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


class SchemeEventForm(forms.Form):
    """An event of a scheme other than the ABF, as its calculator reads it."""

    rules = forms.ChoiceField(label="Rules", choices=())
    event = forms.CharField(
        label="The event, as JSON",
        widget=forms.Textarea(attrs={"rows": 24, "spellcheck": "false"}),
        max_length=MAX_EVENT_TEXT,
        help_text="As the API takes it (POST /api/v1/calculator/awards); the example filled "
        "in shows the fields. The rules chosen above apply, whatever the event's own "
        '"rules" says.',
    )

    def __init__(self, *args: Any, scheme: Scheme, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rules"].choices = scheme.edition_choices()

    def clean_event(self) -> dict[str, Any]:
        text = self.cleaned_data["event"]
        try:
            event = json.loads(text)
        except RecursionError:
            raise forms.ValidationError("The JSON is nested too deeply.") from None
        except ValueError as error:
            line, column = getattr(error, "lineno", None), getattr(error, "colno", None)
            where = f" (line {line}, column {column})" if line else ""
            message = getattr(error, "msg", str(error))
            raise forms.ValidationError(f"This is not JSON: {message}{where}.") from None
        if not isinstance(event, dict):
            raise forms.ValidationError('The event is a JSON object: {"sessions": ...}.')
        return event


def _scheme_calculator(request: HttpRequest, scheme: Scheme) -> HttpResponse:
    examples = dict(scheme.calculator_examples)
    chosen = request.GET.get("example")
    name = chosen if chosen in examples else next(iter(examples), None)
    answer = None
    if request.method == "POST":
        form = SchemeEventForm(request.POST, scheme=scheme)
        if form.is_valid() and takes_events(scheme):
            data = {**form.cleaned_data["event"], "rules": form.cleaned_data["rules"]}
            try:
                answer = event_answer(data=data)
            except RulesError as error:
                # The page names the place in the JSON as the scheme names it.
                form.add_error("event", f"At {error.field}: {error.message}")
            except DomainError as error:
                form_add_error(form, error)
    else:
        example = examples.get(name, {}) if name else {}
        form = SchemeEventForm(
            scheme=scheme,
            initial={
                "rules": example.get("rules", scheme.default_edition),
                "event": json.dumps(example, indent=2) if example else "",
            },
        )
    return render(
        request,
        "awards/calculator_scheme.html",
        {
            "scheme": scheme,
            "pick": SchemePickForm(initial={"scheme": scheme.code}),
            "form": form,
            "available": takes_events(scheme),
            "examples": list(examples),
            "example": name,
            "answer": answer,
            "kinds": scheme.point_kinds,
            "rows": _answer_rows(scheme, answer) if answer else [],
            "summary": _summary(answer) if answer else ([], []),
        },
    )


def _summary(answer: dict[str, Any]) -> tuple[list[tuple[str, Any]], list[str]]:
    """The answer's own words on the event: its short values (rules, status, kind...) for a
    line under the heading, and its sentences (a note on the players) as paragraphs."""
    short, sentences = [], []
    for key, value in answer.items():
        if key == "total_label" or isinstance(value, bool) or not isinstance(value, str | int):
            continue  # the label heads the table's total column
        if isinstance(value, str) and len(value) > SHORT:
            sentences.append(value)
        else:
            short.append((key.replace("_", " "), value))
    return short, sentences


def _answer_rows(scheme: Scheme, answer: dict[str, Any]) -> list[dict[str, Any]]:
    """Each contestant's label, points by the scheme's kinds (from `points`, or from keys
    named after the kinds) and total, as the answer gives them."""
    rows = []
    for contestant in answer.get("contestants", []):
        if not isinstance(contestant, dict):
            continue
        points = contestant.get("points") if isinstance(contestant.get("points"), dict) else {}
        rows.append(
            {
                "label": contestant.get("label", ""),
                "points": [
                    points.get(kind.code, contestant.get(kind.code, ""))
                    for kind in scheme.point_kinds
                ],
                "total": contestant.get("total", ""),
            }
        )
    return rows


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
