"""The calculator for every scheme: POST /api/v1/calculator/awards dispatches on `rules` to the
scheme whose edition it names, GET /api/v1/ranks gives any scheme's rank, and both pages
take every scheme in SCHEMES. The ABF's answers are unchanged (test_calculator_api.py), and
its rank calculator and pages beside the other schemes are test_calculator_abf.py."""

from __future__ import annotations

import copy
import dataclasses
import json
from types import SimpleNamespace

import pytest
import yaml

from scheme import SCHEMES
from scheme.abf.calculator import CALCULATOR_EXAMPLES
from scheme.abf.scheme import ABF_SCHEME
from scheme.base import PointKind
from scheme.core.errors import RulesError
from scheme.core.points import points_text

REQUEST_EXAMPLE = CALCULATOR_EXAMPLES["A club pairs event"]

AWARDS = "/api/v1/calculator/awards"
RANKS = "/api/v1/ranks"

pytestmark = pytest.mark.django_db

EVENT_SCHEMES = [s for s in SCHEMES.values() if s.calculator_event and s.calculator_answer]
RANK_SCHEMES = [s for s in SCHEMES.values() if s.rank_calculator]
EXAMPLES = [
    pytest.param(scheme, name, example, id=f"{scheme.code}-{name}")
    for scheme in EVENT_SCHEMES
    for name, example in scheme.calculator_examples.items()
]


def _post(client, body):
    return client.post(AWARDS, body, content_type="application/json")


def _fields(response) -> dict[str, list[str]]:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["status"] == 400 and error["code"] == "invalid"
    return error["fields"]


# A scheme of one edition, "TEST-1", standing for any scheme the ABF's serializer does not
# read: each place of its ranking earns one point of kind "x" for every contestant below it,
# plus one.
def _test_event(data):
    ranking = data.get("ranking")
    if not isinstance(ranking, list) or not ranking:
        raise RulesError("ranking", "give the places, best first")
    for index, label in enumerate(ranking):
        if not isinstance(label, str):
            raise RulesError(f"ranking[{index}]", "a contestant is named by text")
    return tuple(ranking)


def _test_compute(event):
    return [(label, (len(event) - place) * 100) for place, label in enumerate(event)]


def _test_answer(result):
    return {
        "rules": "TEST-1",
        "contestants": [
            {"label": label, "points": {"x": points_text(h)}, "total": points_text(h)}
            for label, h in result
        ],
        "working": [f"{len(result)} contestants, one point a place"],
    }


def _test_ranks(query):
    x = query.get("x", "")
    if not x.isdigit():
        raise RulesError("x", "give the X points as a whole number")
    return {"scheme": "test", "rank": "Ace" if int(x) >= 10 else None, "next_rank": None}


TEST_SCHEME = dataclasses.replace(
    ABF_SCHEME,
    code="test",
    name="Test scheme",
    point_kinds=(PointKind("x", "X", "#123456", 1),),
    editions={"TEST-1": SimpleNamespace(name="TEST-1", title="Test rules", compute=None)},
    default_edition="TEST-1",
    compute=_test_compute,
    calculator_event=_test_event,
    calculator_answer=_test_answer,
    calculator_sessions=False,
    calculator_examples={"Three pairs": {"rules": "TEST-1", "ranking": ["P1", "P2", "P3"]}},
    rank_calculator=_test_ranks,
    rank_parameters=(("x", "X points, a whole number"),),
)


@pytest.fixture
def test_scheme(monkeypatch):
    monkeypatch.setitem(SCHEMES, "test", TEST_SCHEME)
    return TEST_SCHEME


# POST /api/v1/calculator/awards


def test_an_event_of_another_scheme_is_computed_by_that_scheme(client, test_scheme):
    response = _post(client, {"rules": "TEST-1", "ranking": ["P1", "P2", "P3"]})

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["rules"] == "TEST-1"
    assert [(c["label"], c["points"], c["total"]) for c in body["contestants"]] == [
        ("P1", {"x": "3.00"}, "3.00"),
        ("P2", {"x": "2.00"}, "2.00"),
        ("P3", {"x": "1.00"}, "1.00"),
    ]


def test_another_schemes_refusal_is_a_400_naming_its_field(client, test_scheme):
    fields = _fields(_post(client, {"rules": "TEST-1", "ranking": ["P1", 7]}))

    assert fields == {"ranking.1": ["a contestant is named by text"]}


def test_an_abf_edition_is_still_read_by_the_abf_rules_when_another_scheme_is_known(
    client, test_scheme
):
    response = _post(client, REQUEST_EXAMPLE)

    assert response.status_code == 200
    body = response.json()
    assert body["colour"] == "green" and body["rules"] == "ABF-2025"
    by_label = {c["label"]: c for c in body["contestants"]}
    assert by_label["N1"]["sessions"] == ["0.24", None]  # Table 1B, 7.5 tables as 8


def test_without_rules_the_event_is_the_deployments_schemes(client, test_scheme, settings):
    body = {"ranking": ["P1", "P2"]}
    settings.MASTERPOINT_SCHEME = "test"
    assert _post(client, body).json()["rules"] == "TEST-1"

    settings.MASTERPOINT_SCHEME = "abf"
    # Read as an ABF event: the ABF's fields are missing.
    assert {"grade", "kind", "sessions"} <= set(_fields(_post(client, body)))


@pytest.mark.parametrize("rules", ["NZ", "abf-2025", "", 7, ["ABF-2025"], {"a": 1}])
def test_unknown_rules_are_a_400_naming_rules_and_listing_the_editions(client, rules):
    body = {**copy.deepcopy(REQUEST_EXAMPLE), "rules": rules}

    fields = _fields(_post(client, body))

    assert list(fields) == ["rules"]
    if isinstance(rules, str) and rules:
        message = fields["rules"][0]
        for scheme in SCHEMES.values():
            for edition in scheme.editions:
                assert edition in message


def test_a_body_that_is_not_an_object_is_refused(client):
    response = _post(client, [REQUEST_EXAMPLE])

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"


def test_another_schemes_event_is_throttled_with_the_abf_ones(
    client, test_scheme, settings, monkeypatch
):
    from rest_framework.throttling import ScopedRateThrottle

    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "calculator": "2/min"}
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", rates)

    assert _post(client, REQUEST_EXAMPLE).status_code == 200
    assert _post(client, {"rules": "TEST-1", "ranking": ["P1"]}).status_code == 200
    assert _post(client, {"rules": "TEST-1", "ranking": ["P1"]}).status_code == 429
    assert (
        client.get(RANKS, {"scheme": "abf", "green": "1", "red": "0", "gold": "0"}).status_code
        == 429
    )


@pytest.mark.parametrize(("scheme", "name", "example"), EXAMPLES)
def test_every_schemes_examples_are_computed_in_its_kinds(client, scheme, name, example):
    response = _post(client, example)

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["rules"] == example.get("rules", scheme.default_edition)
    assert body["contestants"], name
    kinds = {kind.code for kind in scheme.point_kinds}
    for contestant in body["contestants"]:
        points = contestant.get("points", {})
        assert set(points) <= kinds, contestant
        for value in [*points.values(), contestant["total"]]:
            assert isinstance(value, str), contestant  # exact text, never a float


def _schema(client) -> dict:
    response = client.get("/api/schema/")
    assert response.status_code == 200
    return yaml.safe_load(response.content)


def _enum(schema: dict, prop: dict) -> list:
    """A property's enum, written inline, as a $ref, or as a $ref in an allOf."""
    if "enum" in prop:
        return prop["enum"]
    ref = prop["$ref"] if "$ref" in prop else prop["allOf"][0]["$ref"]
    return schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]["enum"]


def test_the_schema_offers_each_schemes_examples_and_shapes(client):
    schema = _schema(client)

    operation = schema["paths"]["/api/v1/calculator/awards"]["post"]
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    values = [example["value"] for example in examples.values()]
    for scheme in SCHEMES.values():
        for name, example in scheme.calculator_examples.items():
            if scheme.code == "abf" or scheme in EVENT_SCHEMES:
                assert json.loads(json.dumps(example)) in values, name
    request = schema["components"]["schemas"]["CalculatorEvent"]
    shapes = {ref["$ref"].rsplit("/", 1)[-1] for ref in request["oneOf"]}
    assert "CalculatorRequest" in shapes
    for scheme in EVENT_SCHEMES:
        if scheme.code != "abf":
            shape = f"{scheme.code.upper()}CalculatorRequest"
            assert shape in shapes
            rules = schema["components"]["schemas"][shape]["properties"]["rules"]
            assert set(scheme.editions) <= set(_enum(schema, rules))
    assert "kinds of point" in operation["description"]
    for scheme in EVENT_SCHEMES:
        for kind in scheme.point_kinds:
            assert kind.code in operation["description"]


# GET /api/v1/ranks


def _ranks(client, **query):
    return client.get(RANKS, query)


def test_the_rank_calculator_takes_any_known_scheme_and_defaults_to_the_deployments(
    client, test_scheme, settings
):
    assert _ranks(client, scheme="test", x="12").json()["rank"] == "Ace"
    assert list(_fields(_ranks(client, scheme="test", x="many"))) == ["x"]
    assert list(_fields(_ranks(client, scheme="test", x="1", green="2"))) == ["green"]

    settings.MASTERPOINT_SCHEME = "test"
    assert _ranks(client, x="3").json() == {"scheme": "test", "rank": None, "next_rank": None}


@pytest.mark.parametrize("scheme", RANK_SCHEMES, ids=[s.code for s in RANK_SCHEMES])
def test_every_schemes_rank_calculator_names_a_bad_parameter(client, scheme):
    names = [name for name, _description in scheme.rank_parameters]
    assert _ranks(client, scheme=scheme.code, **dict.fromkeys(names, "0")).status_code == 200
    for name in names:
        query = {**dict.fromkeys(names, "0"), name: "lots"}
        fields = _fields(_ranks(client, scheme=scheme.code, **query))
        assert list(fields) == [name]


def test_the_schema_documents_each_schemes_rank_parameters(client):
    schema = _schema(client)

    operation = schema["paths"]["/api/v1/ranks"]["get"]
    parameters = {p["name"]: p for p in operation["parameters"]}
    assert set(parameters["scheme"]["schema"]["enum"]) == {s.code for s in RANK_SCHEMES}
    for scheme in RANK_SCHEMES:
        for name, description in scheme.rank_parameters:
            assert f"{scheme.code}: {description}" in parameters[name]["description"]


def test_a_scheme_registered_later_is_in_the_schema_with_its_shape_and_examples(
    client, test_scheme
):
    schema = _schema(client)

    operation = schema["paths"]["/api/v1/calculator/awards"]["post"]
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    assert {"rules": "TEST-1", "ranking": ["P1", "P2", "P3"]} in [
        example["value"] for example in examples.values()
    ]
    shape = schema["components"]["schemas"]["TESTCalculatorRequest"]
    assert "ranking" in shape["properties"]
    assert "TEST-1" in operation["description"] and "Test scheme: x" in operation["description"]
    ranks = {p["name"]: p for p in schema["paths"]["/api/v1/ranks"]["get"]["parameters"]}
    assert ranks["x"]["description"] == "test: X points, a whole number"


# The pages: /awards/calculator/ and /awards/ranks/

CALCULATOR_PAGE = "/awards/calculator/"
RANKS_PAGE = "/awards/ranks/"
ALL_SCHEMES = list(SCHEMES.values())


@pytest.mark.parametrize("scheme", ALL_SCHEMES, ids=[s.code for s in ALL_SCHEMES])
def test_the_calculator_page_renders_for_every_scheme(client, scheme):
    response = client.get(CALCULATOR_PAGE, {"scheme": scheme.code})

    assert response.status_code == 200
    page = response.content.decode()
    assert scheme.name in page
    assert f'<option value="{scheme.code}" selected>' in page
    assert f'href="{RANKS_PAGE}?scheme={scheme.code}"' in page
    if scheme.code == "abf":
        assert "Final placings" in page  # the ABF's own form, as it was
    elif scheme in EVENT_SCHEMES:
        # The JSON box holds the scheme's first example.
        first = next(iter(scheme.calculator_examples.values()))
        assert response.context["form"]["event"].value() == json.dumps(first, indent=2)
    else:
        assert f"does not take {scheme.name} events yet" in page


@pytest.mark.parametrize("scheme", ALL_SCHEMES, ids=[s.code for s in ALL_SCHEMES])
def test_the_rank_calculator_page_renders_for_every_scheme(client, scheme):
    response = client.get(RANKS_PAGE, {"scheme": scheme.code})

    assert response.status_code == 200
    page = response.content.decode()
    assert scheme.name in page
    for name, description in scheme.rank_parameters:
        assert f'name="{name}"' in page and f'for="id_{name}"' in page
        assert description.split("(")[0].strip() in page
    if scheme.rank_calculator is None:
        assert f"does not give {scheme.name} ranks yet" in page


def test_the_pages_default_to_the_deployments_scheme_and_refuse_an_unknown_one(
    client, test_scheme, settings
):
    settings.MASTERPOINT_SCHEME = "test"
    assert "Test scheme" in client.get(CALCULATOR_PAGE).content.decode()
    assert "Test scheme" in client.get(RANKS_PAGE).content.decode()

    for url in (CALCULATOR_PAGE, RANKS_PAGE):
        response = client.get(url, {"scheme": "fifa"})
        assert response.status_code == 400
        assert "scheme" in response.content.decode()


def test_the_calculator_page_computes_another_schemes_event(client, test_scheme):
    response = client.post(
        CALCULATOR_PAGE,
        {"scheme": "test", "rules": "TEST-1", "event": '{"ranking": ["P1", "P2"]}'},
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert '<div class="table-scroll"><table>' in page
    assert '<th class="number">X</th>' in page
    assert '<td>P1</td>\n              <td class="number">2.00</td>' in page
    assert "<li>2 contestants, one point a place</li>" in page
    assert "<p>Rules: TEST-1</p>" in page


@pytest.mark.parametrize(
    ("event", "words"),
    [
        ('{"ranking": ["P1", 2]}', "At ranking[1]: a contestant is named by text"),
        ('{"ranking": ["P1",', "This is not JSON: Expecting value (line 1, column 19)."),
        ('["P1"]', "The event is a JSON object"),
        ("", "This field is required."),
    ],
)
def test_a_bad_event_is_said_in_words_beside_the_json_box(client, test_scheme, event, words):
    response = client.post(CALCULATOR_PAGE, {"scheme": "test", "rules": "TEST-1", "event": event})

    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["event"]
    assert words in errors["event"][0]
    assert 'id="id_event_error"' in response.content.decode()
    assert response.context["answer"] is None


def test_the_calculator_page_offers_each_example_of_the_scheme(client, test_scheme, monkeypatch):
    scheme = dataclasses.replace(
        TEST_SCHEME,
        calculator_examples={
            "Three pairs": {"rules": "TEST-1", "ranking": ["P1", "P2", "P3"]},
            "Two pairs": {"rules": "TEST-1", "ranking": ["A", "B"]},
        },
    )
    monkeypatch.setitem(SCHEMES, "test", scheme)

    page = client.get(CALCULATOR_PAGE, {"scheme": "test"}).content.decode()
    assert 'href="?scheme=test&amp;example=Two%20pairs"' in page
    chosen = client.get(CALCULATOR_PAGE, {"scheme": "test", "example": "Two pairs"})
    assert json.loads(chosen.context["form"]["event"].value())["ranking"] == ["A", "B"]


def test_the_menu_offers_both_calculators_to_anyone(client):
    page = client.get("/").content.decode()

    assert f'href="{CALCULATOR_PAGE}"' in page
    assert f'href="{RANKS_PAGE}"' in page


WRONG_VALUES = ["x", -1, 10**12, [], {}, None, True, 0.001]


@pytest.fixture
def unthrottled(monkeypatch, settings):
    # These tests ask many times a minute; the throttle has tests of its own.
    from rest_framework.throttling import ScopedRateThrottle

    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "calculator": "100000/min"}
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", rates)


# Known refusals that are still errors of the server, each kept in sight until its scheme's
# calculator refuses the value by name.
KNOWN_SERVER_ERRORS: dict[tuple[str, str, str], str] = {}


def _wrong_values():
    for scheme in [ABF_SCHEME, *[s for s in EVENT_SCHEMES if s.code != "abf"]]:
        for number, example in enumerate(scheme.calculator_examples.values(), start=1):
            for key in example:
                if key == "rules":
                    continue
                for wrong in WRONG_VALUES:
                    shown = json.dumps(wrong)
                    known = KNOWN_SERVER_ERRORS.get((scheme.code, key, shown))
                    marks = [pytest.mark.xfail(reason=known)] if known else []
                    yield pytest.param(
                        example, key, wrong, marks=marks, id=f"{scheme.code}{number}-{key}-{shown}"
                    )


@pytest.mark.parametrize(("example", "key", "wrong"), list(_wrong_values()))
def test_every_schemes_calculator_refuses_a_wrong_value_by_name(
    client, unthrottled, example, key, wrong
):
    # A field of an example given a value of the wrong kind or size: computed, or refused
    # naming a field, never an error of the server.
    response = _post(client, {**copy.deepcopy(example), key: wrong})

    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert response.json()["error"]["fields"]


@pytest.mark.parametrize("scheme", RANK_SCHEMES, ids=[s.code for s in RANK_SCHEMES])
def test_every_schemes_rank_calculator_refuses_a_wrong_value_by_name(client, unthrottled, scheme):
    names = [name for name, _description in scheme.rank_parameters]
    for name in names:
        for wrong in ["", " ", "-1", "1e3", "abc", "1.234", "٣", "1" * 40, "NaN"]:
            query = {**dict.fromkeys(names, "0"), name: wrong}
            response = _ranks(client, scheme=scheme.code, **query)
            assert response.status_code in (200, 400), (name, wrong)
            if response.status_code == 400:
                assert list(response.json()["error"]["fields"]) == [name], (name, wrong)
