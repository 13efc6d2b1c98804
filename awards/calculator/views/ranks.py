"""The rank calculator page: anyone types a player's points under any scheme and reads the
rank they reach and what the next rank needs (GET /api/v1/ranks on a page)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from awards.calculator.engines import rank_answer, scheme_by_code
from awards.calculator.forms import SchemePickForm
from centre.errors import DomainError, form_add_error
from scheme import Scheme
from scheme.core.errors import RulesError

# Parts of an answer said by the page elsewhere (the heading) or not for people.
UNSHOWN = ("scheme", "working")


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


class RankForm(forms.Form):
    """One box for each parameter the scheme's rank calculator reads."""

    def __init__(self, *args: Any, scheme: Scheme, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, description in scheme.rank_parameters:
            self.fields[name] = forms.CharField(
                label=_label(name), help_text=description, required=False, max_length=40
            )


def rank_calculator(request: HttpRequest) -> HttpResponse:
    scheme = scheme_by_code(request.GET.get("scheme"))
    names = [name for name, _ in scheme.rank_parameters]
    asked = any(name in request.GET for name in names)
    form = RankForm(request.GET if asked else None, scheme=scheme)
    answer = None
    if asked and form.is_valid() and scheme.rank_calculator is not None:
        # A box left empty is a parameter not given: the scheme says whether it needs it.
        query = {name: form.cleaned_data[name] for name in names if form.cleaned_data[name]}
        try:
            answer = rank_answer(scheme=scheme, query=query)
        except (RulesError, DomainError) as error:
            form_add_error(form, error)
    return render(
        request,
        "awards/rank_calculator.html",
        {
            "scheme": scheme,
            "pick": SchemePickForm(initial={"scheme": scheme.code}),
            "form": form,
            "available": scheme.rank_calculator is not None,
            "answer": answer,
            "lines": _plain(answer) if answer else [],
        },
    )


def _plain(value: dict[str, Any]) -> list[dict[str, Any]]:
    """The answer as labelled lines; a mapping's parts listed under its label, and theirs
    said on one line ("total 30.00, gold 5.00")."""
    return [
        {
            "label": _label(key),
            "text": "" if isinstance(item, dict) else _text(item),
            "parts": [(_label(k), _text(v)) for k, v in item.items()]
            if isinstance(item, dict)
            else [],
        }
        for key, item in value.items()
        if key not in UNSHOWN
    ]


def _text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{_label(k).lower()} {_text(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_text(item) for item in value)
    return str(value)
