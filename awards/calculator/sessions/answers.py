"""The calculator API's answer to an event typed session by session (`Scheme.calculator_sessions`,
the ABF's): POST /api/v1/calculator/awards sends here only a request under such a scheme's
edition (awards.calculator.engines.takes_sessions)."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ValidationError

from awards.calculator.engines import scheme_for_rules
from awards.calculator.sessions.serializers import (
    CalculatorRequestSerializer,
    CalculatorResponseSerializer,
)
from centre.errors import rules_error_path
from scheme.abf import EventAwards, RulesError, compute_awards


def sessions_answer(data: Any) -> dict[str, Any]:
    """The awards of an event typed session by session, as the API answers them: read by the
    sessions serializer, computed by its scheme's rules under the edition it names."""
    given = CalculatorRequestSerializer(data=data)
    given.is_valid(raise_exception=True)
    # A RulesError names its field ("sessions.0.fields.1.tables") through the handler.
    event = given.to_event()
    awards = scheme_for_rules(event.rules).compute_awards(event)
    answer = {
        "rules": awards.rules,
        "grade": awards.grade,
        "kind": awards.kind.value,
        "colour": awards.colour.value,
        "contestants": awards.contestants,
        "working": list(awards.working),
    }
    if awards.players:
        # 4.4.4, 4.4.5: each player's awards when the request listed the players.
        answer["players"] = awards.players
    return CalculatorResponseSerializer(answer).data


def request_awards(results: object) -> EventAwards:
    """An event in the calculator's request, one field (`results`) of another API request,
    computed by its scheme's rules without the working; its errors are named inside it
    (`results.sessions.0...`)."""
    given = CalculatorRequestSerializer(data=results)
    if not given.is_valid():
        raise ValidationError({"results": given.errors})
    try:
        return compute_awards(given.to_event(), working=False)
    except RulesError as error:
        # The results are one field of this request: their errors are named inside it.
        raise ValidationError({f"results.{rules_error_path(error)}": [error.message]}) from None
