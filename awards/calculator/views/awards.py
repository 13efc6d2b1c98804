"""The calculator page: a club secretary types an event's results and reads its awards,
under any scheme's rules. A scheme whose events are typed session by session (the ABF's) has
its own form (awards.calculator.sessions.views); another scheme's event is typed as the JSON
its calculator reads (POST /api/v1/calculator/awards), prefilled with the scheme's example."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from awards.calculator.engines import event_answer, scheme_by_code, takes_events
from awards.calculator.forms import SchemeEventForm, SchemePickForm
from awards.calculator.sessions.views import sessions_calculator
from centre.errors import DomainError, form_add_error
from scheme import Scheme
from scheme.core.errors import RulesError

# An answer's value longer than this is a sentence, said in a paragraph of its own.
SHORT = 40


def _scheme(request: HttpRequest) -> Scheme:
    """The scheme the page is asked for (`?scheme=nz`), the deployment's when none; an
    unknown one is a 400 page naming the parameter."""
    return scheme_by_code(request.GET.get("scheme") or request.POST.get("scheme"))


def calculator(request: HttpRequest) -> HttpResponse:
    scheme = _scheme(request)
    if scheme.calculator_sessions:
        return sessions_calculator(request, scheme)
    return _scheme_calculator(request, scheme)


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
