"""The API's JSON (centre.api_words.SchemeJSONRenderer, written by orjson): byte for byte what
DRF's own renderer writes, for every kind of value an answer holds, and indented when asked."""

import datetime
import json
import uuid
from decimal import Decimal
from typing import NamedTuple
from zoneinfo import ZoneInfo

import pytest
from django.utils.functional import lazy
from rest_framework.renderers import JSONRenderer

from centre.api_words import SchemeJSONRenderer


class Need(NamedTuple):
    key: str
    hundredths: int


SYDNEY = ZoneInfo("Australia/Sydney")

ANSWERS = [
    {"abf_number": "0123456", "name": "Zoë O'Brien-Łukasz", "home_club": 101, "more": False},
    {"count": 0, "next": None, "previous": None, "results": []},
    # An event's name pasted with a line separator: JSON that is also JavaScript escapes it.
    {"event": "Pairs\u2028Final\u2029", "quote": 'a "b" \\ c', "tab": "\t", "nul": "\x00"},
    {"at": datetime.datetime(2026, 11, 29, 1, 2, 3, 456789, tzinfo=datetime.UTC)},
    {
        "at": datetime.datetime(2026, 11, 29, 12, 0, tzinfo=SYDNEY),
        "naive": datetime.datetime(2026, 1, 1),
    },
    {"on": datetime.date(2026, 2, 1), "time": datetime.time(9, 30)},
    {"fee": Decimal("12.50"), "id": uuid.UUID("12345678-1234-5678-1234-567812345678")},
    {"label": lazy(lambda: "Green", str)(), "need": Need("total", 477)},
    {2026: {"green": 1}, "nested": [[1, 2], (3, 4), {"x": [None, True, False]}]},
    {"big": 2**62, "negative": -5, "float": 0.5},
    [1, "two", None],
]


@pytest.mark.parametrize("answer", ANSWERS)
def test_the_api_writes_the_bytes_drf_writes(answer):
    assert SchemeJSONRenderer().render(answer) == JSONRenderer().render(answer)


def test_an_answer_asked_for_indented_is_indented():
    answer = {"name": "Ann", "totals": {"green": 100}}

    written = SchemeJSONRenderer().render(answer, "application/json; indent=4")

    assert written == json.dumps(answer, indent=4).encode()


def test_no_answer_is_no_body():
    assert SchemeJSONRenderer().render(None) == b""
