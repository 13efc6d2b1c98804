"""The API speaks the federation's word for a player's number (issue 24: `abf_number` showed
in NZ and ACBL answers): its answers, the bodies it reads and its schema use the scheme's key
(`nzb_number`, `acbl_number`), and under the ABF nothing changes."""

import json

import pytest
from rest_framework.test import APIClient

from centre.tokens import api_token_create
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

KEYS = {"abf": "abf_number", "nz": "nzb_number", "acbl": "acbl_number"}


def _api(user) -> APIClient:
    client = APIClient()
    _, key = api_token_create(user=user, name="scoring program", days=30)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@pytest.mark.parametrize("code", sorted(KEYS))
def test_a_player_s_public_record_names_the_number_by_the_scheme_s_key(settings, code, club_a):
    settings.MASTERPOINT_SCHEME = code
    player = PlayerFactory(home_club=club_a)

    answer = APIClient().get(f"/api/v1/masterpoints/{player.abf_number}")

    assert answer.status_code == 200, answer.content[:300]
    assert answer.json()[KEYS[code]] == player.abf_number
    others = set(KEYS.values()) - {KEYS[code]}
    assert not any(f'"{key}"' in answer.content.decode() for key in others)


@pytest.mark.parametrize("code", ["nz", "acbl"])
def test_a_body_gives_the_number_by_the_scheme_s_key_and_lists_answer_with_it(
    settings, code, secretary_a, club_a, club_b
):
    settings.MASTERPOINT_SCHEME = code
    visitor = PlayerFactory(home_club=club_b)
    api = _api(secretary_a)

    added = api.post(
        "/api/v1/clubs/201/alternates/add/", {KEYS[code]: visitor.abf_number}, format="json"
    )
    listed = api.get("/api/v1/clubs/201/alternates/")

    assert added.status_code == 201, added.content[:500]
    assert [row[KEYS[code]] for row in listed.json()["results"]] == [visitor.abf_number]
    assert "abf_number" not in listed.content.decode()


def test_a_missing_number_is_refused_naming_the_scheme_s_key(settings, secretary_a, club_a):
    settings.MASTERPOINT_SCHEME = "acbl"

    refused = _api(secretary_a).post("/api/v1/clubs/201/alternates/add/", {}, format="json")

    assert refused.status_code == 400
    assert "acbl_number" in refused.content.decode()
    assert "abf_number" not in refused.content.decode()


@pytest.mark.parametrize("code", ["nz", "acbl"])
def test_the_schema_says_the_scheme_s_key_and_name(settings, code):
    settings.MASTERPOINT_SCHEME = code

    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    text = (
        json.dumps(schema.json())
        if schema.get("Content-Type", "").endswith("json")
        else (schema.content.decode())
    )

    assert schema.status_code == 200
    assert KEYS[code] in text
    assert "abf_number" not in text
    assert "ABF number" not in text
