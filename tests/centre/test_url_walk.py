"""Every address of the portal, pages and API, tried with malformed ids, query parameters and
bodies by an anonymous visitor, a club secretary and centre staff: none answers 5xx.

The addresses come from the URL resolver itself, so a new page or endpoint is walked as soon
as it exists. Django's admin is left out (its own tests cover it). The values are a table, not
random, so that a failure names the request that made it and the walk stays a few seconds."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

SKIPPED = ("admin/",)
HUGE = "99999999999999999999"
ARABIC_THREE = "\u0663"

# Per converter: values that match it but are no good (and, last, one that is good).
BAD_VALUES = {
    "int": [HUGE, "0"],
    "str": [HUGE, "0", ARABIC_THREE, "x" * 300],
    "slug": ["x" * 300, "0"],
}
# Documentation, the same for any input: read once.
READ_ONCE = ("api/schema/", "api/docs/")
GOOD_VALUES = {
    "number": "201",
    "year": "2026",
    "quarter": "1",
    "month": "1",
    "pk": "1",
    "code": "NSW",
    "abf_number": "0123456",
    "slug": "players",
    "form": "csv",
    "invoice_number": "INV-1",
    "uidb64": "MQ",
    "token": "set-password",
}
BAD_QUERY = (
    "year=%C2%B2&period=abc&start=abc&end=2026-13-45&q=%D9%A3&limit=-1&offset=" + HUGE
    + "&colour=purple&state=%FF&group=x&page=0&quarter=9&month=13&club=abc&number=" + HUGE
)  # fmt: skip
TOO_BIG = 2**63
BAD_FIELDS = {
    "amount": TOO_BIG,
    "points": -TOO_BIG,
    "pre_1982_red": 2**31,
    "birth_year": 2**31,
    "year": 99999,
    "club": TOO_BIG,
    "club_number": TOO_BIG,
    "number": TOO_BIG,
    "sessions": TOO_BIG,
    "abf_number": ARABIC_THREE * 7,
    "name": "a\x00b",
    "family_name": "=HYPERLINK(1)",
    "starts_on": "2026-02-30",
    "grade": "Z9",
    "quarter": 9,
}
CONVERTER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


def routes(resolver=None, prefix: str = "") -> Iterator[str]:
    """Every route of the project, as its pattern's text ('clubs/<int:number>/edit/')."""
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if route.startswith(SKIPPED):
            continue
        if isinstance(pattern, URLResolver):
            yield from routes(pattern, route)
        elif isinstance(pattern, URLPattern):
            yield route


def fill(route: str, bad: tuple[str, str] | None = None) -> str:
    """The route with each argument good, or the one named in `bad` given a bad value."""

    def value(match: re.Match) -> str:
        name = match["name"]
        if bad is not None and name == bad[0]:
            return bad[1]
        return GOOD_VALUES.get(name, "1")

    return "/" + CONVERTER.sub(value, route)


def requests_for(route: str) -> Iterator[tuple[str, str, dict]]:
    """(method, url, keyword arguments of the test client) for one route: the good address
    with a bad query and bad bodies, then each argument bad in turn."""
    url = fill(route)
    yield "get", url, {}
    if route in READ_ONCE:
        return
    as_json = {"data": json.dumps(BAD_FIELDS), "content_type": "application/json"}
    yield "get", f"{url}?{BAD_QUERY}", {}
    yield "post", url, {"data": {k: str(v) for k, v in BAD_FIELDS.items()}}
    yield "post", url, as_json
    if route.startswith("api/"):
        yield "post", url, {"data": "{", "content_type": "application/json"}
    for match in CONVERTER.finditer(route):
        values = BAD_VALUES.get(match["converter"] or "str", [])
        for value in values:
            yield "get", fill(route, (match["name"], value)), {}
        yield "post", fill(route, (match["name"], values[0])), as_json


def walk(client: Client) -> list[str]:
    client.raise_request_exception = False
    failures = []
    for route in routes():
        for method, url, kwargs in requests_for(route):
            response = getattr(client, method)(url, **kwargs)
            if response.status_code >= 500:
                failures.append(f"{method.upper()} {url!r} ({route}): {response.status_code}")
    return failures


@pytest.fixture
def registry(club_a, club_b):
    PlayerFactory(abf_number="0123456", home_club=club_a)


def test_every_route_is_walked():
    walked = list(routes())
    assert "awards/standings/<int:year>/" in walked
    assert "api/v1/b4c/<str:code>/<int:year>" in walked
    assert not any(route.startswith("admin/") for route in walked)


@pytest.mark.parametrize(
    "who",
    [
        "anonymous_client",
        "client_a",
        "staff_client",
        "organiser_client_a",
        "gold_client",
        "youth_client",
    ],
)
def test_no_address_answers_a_server_error_to_malformed_input(request, registry, who, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_CLASSES": [],
    }
    failures = walk(request.getfixturevalue(who))
    assert failures == [], "\n".join(failures)
