"""The API's addresses: every operation answers with or without a trailing slash (the schema
lists it without), by any method and with no redirect; any other address under /api/ answers
404, and a method an operation lacks 405, in the one error shape."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

VALUES = {"number": "201", "abf_number": "0123456", "code": "NSW", "year": "2026", "pk": "1"}
PARAMETER = re.compile(r"\{(?P<name>[^}]+)\}")


@pytest.fixture
def operations(staff_client) -> list[tuple[str, str]]:
    """(method, path) of every operation the schema lists, its parameters filled in."""
    schema = staff_client.get("/api/schema/", {"format": "json"}).json()
    return [
        (method, PARAMETER.sub(lambda match: VALUES.get(match["name"], "1"), path))
        for path, item in schema["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    ]


def _error(response) -> dict:
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {"error"}
    return body["error"]


def test_the_schema_lists_every_operation_without_a_trailing_slash(operations):
    assert len(operations) > 40
    assert [path for _, path in operations if path.endswith("/")] == []


def test_every_operation_answers_with_and_without_the_slash(staff_client, club_a, operations):
    PlayerFactory(abf_number="0123456", home_club=club_a)
    staff_client.raise_request_exception = False
    for method, path in operations:
        without = getattr(staff_client, method)(path)
        with_slash = getattr(staff_client, method)(f"{path}/")

        assert without.resolver_match.url_name != "api-not-found", (method, path)
        assert with_slash.resolver_match.view_name == without.resolver_match.view_name
        assert with_slash.status_code not in (301, 302, 308), (method, path)
        assert with_slash.status_code < 500, (method, path, with_slash.status_code)


@pytest.mark.parametrize("path", ["/api/v1/clubs/201/players", "/api/v1/clubs/201/players/"])
def test_a_player_is_registered_at_either_address_under_debug_too(client_a, settings, path):
    # APPEND_SLASH would redirect a GET and refuse a POST with a RuntimeError under DEBUG.
    settings.DEBUG = True

    response = client_a.post(path, {}, content_type="application/json")

    assert response.resolver_match.url_name == "api-player-register"
    assert response.status_code == 400
    assert _error(response)["code"] == "invalid"


@pytest.mark.parametrize("path", ["/api/v1/clubs", "/api/v1/clubs/"])
def test_a_list_that_was_written_with_the_slash_answers_without_it(client_a, path):
    response = client_a.get(path)

    assert response.status_code == 200


@pytest.mark.parametrize("path", ["/api/v1/uploads", "/api/v1/uploads/"])
def test_the_uploads_answer_with_or_without_the_slash(staff_client, path):
    assert staff_client.get(path).status_code == 200


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/no-such-operation"),
        ("get", "/api/v1/no-such-operation/"),
        ("post", "/api/v1/uploads/1/nothing"),
        ("delete", "/api/v1/clubs/201/nowhere/"),
        ("get", "/api/v1/"),
        ("get", "/api/v2/clubs"),
        ("get", "/api/"),
    ],
)
@pytest.mark.parametrize("debug", [False, True])
def test_an_address_under_api_that_is_no_operation_answers_404_in_the_error_shape(
    anonymous_client: Client, settings, method, path, debug
):
    settings.DEBUG = debug

    response = getattr(anonymous_client, method)(path)

    assert response.status_code == 404
    error = _error(response)
    assert (error["status"], error["code"]) == (404, "not_found")
    assert path in error["message"]
    assert "/api/docs/" in error["message"]


def test_a_bad_token_still_learns_the_address_is_no_operation():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token nonsense")

    response = client.get("/api/v1/no-such-operation")

    assert response.status_code == 404


def test_a_record_not_found_keeps_its_own_message(staff_client):
    response = staff_client.get("/api/v1/uploads/999999/")

    error = _error(response)
    assert error["status"] == 404
    assert "no operation" not in error["message"]


@pytest.mark.parametrize("path", ["/api/v1/masterpoints/lookup", "/api/v1/masterpoints/lookup/"])
def test_a_method_an_operation_lacks_answers_405_in_the_error_shape(anonymous_client, path):
    response = anonymous_client.delete(path)

    assert response.status_code == 405
    error = _error(response)
    assert (error["status"], error["code"]) == (405, "method_not_allowed")
    assert "DELETE" in error["message"]
    assert "GET" in response["Allow"]


def test_the_portal_keeps_its_own_404_page(anonymous_client):
    response = anonymous_client.get("/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("path", ["/api/docs", "/api/docs/", "/api/schema", "/api/schema/"])
def test_the_docs_and_schema_answer_with_or_without_the_slash(anonymous_client, path):
    assert anonymous_client.get(path).status_code == 200
