"""Grants through the API (1.3.3, 1.3.4 note 2, 1.3.5): staff only, by token or session;
everyone else is refused and nothing is credited."""

import pytest
from django.test import Client

from awards.grants.models import Grant
from awards.ledger.models import Credit
from centre.tokens import api_token_create
from clubs.models import Club
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db

GRANTS = "/api/v1/grants"
PREVIEW = "/api/v1/grants/preview"


def _token_client(user) -> Client:
    _, key = api_token_create(user=user, name="registry program", days=30)
    return Client(HTTP_AUTHORIZATION=f"Token {key}")


@pytest.fixture
def visitor(db):
    foreign = ClubFactory(number=999, name="Foreign Players", kind=Club.Kind.FOREIGN, state=None)
    return PlayerFactory(home_club=foreign)


def _visitor_grant(visitor) -> dict:
    return {
        "abf_number": visitor.abf_number,
        "basis": "visitor",
        "rank_name": "Grand Master",
        "reason": "Bermuda Bowl finalist 2025",
        "country": "Italy",
    }


def test_staff_preview_a_grant_by_token_and_nothing_is_credited(staff, visitor):
    answer = _token_client(staff).post(PREVIEW, _visitor_grant(visitor), "application/json")
    assert answer.status_code == 200
    # 1.8 Grand Master: 200 gold, 700 red and gold, 1000 in all.
    assert answer.json() | {"working": ""} == {
        "player": visitor.abf_number,
        "rank": "Grand Master",
        "gold": 20000,
        "red": 50000,
        "green": 30000,
        "working": "",
    }
    assert not Credit.objects.exists() and not Grant.objects.exists()


def test_staff_make_a_grant_by_token_and_list_it(staff, visitor):
    program = _token_client(staff)
    made = program.post(GRANTS, _visitor_grant(visitor), "application/json")
    assert made.status_code == 201
    assert (made.json()["gold"], made.json()["red"], made.json()["green"]) == (20000, 50000, 30000)
    assert made.json()["rank"] == "Grand Master"
    assert sum(Credit.objects.filter(player=visitor).values_list("points", flat=True)) == 100000
    listed = program.get(GRANTS)
    assert listed.status_code == 200
    assert [(g["player"], g["reason"], g["country"]) for g in listed.json()] == [
        (visitor.abf_number, "Bermuda Bowl finalist 2025", "Italy")
    ]


def test_a_grant_the_manual_refuses_is_a_400_naming_the_field(staff, club_a):
    resident = PlayerFactory(home_club=club_a)
    program = _token_client(staff)
    refused = program.post(
        GRANTS,
        {
            "abf_number": resident.abf_number,
            "basis": "retrospective",
            "rank_name": "Life Master",
            "reason": "x",
        },
        "application/json",
    )
    assert refused.status_code == 400
    assert "assessed_by" in refused.json()["error"]["fields"]
    unknown = program.post(PREVIEW, {**_visitor_grant(resident), "abf_number": "0000000"})
    assert unknown.status_code == 400 and "abf_number" in unknown.json()["error"]["fields"]
    assert not Credit.objects.exists() and not Grant.objects.exists()


@pytest.mark.parametrize(
    "who", ["secretary_a", "state_secretary_a", "organiser_a", "gold_coordinator"]
)
def test_every_other_login_is_refused_the_grants_api(request, who, visitor):
    program = _token_client(request.getfixturevalue(who))
    assert program.get(GRANTS).status_code == 403
    assert program.post(GRANTS, _visitor_grant(visitor), "application/json").status_code == 403
    assert program.post(PREVIEW, _visitor_grant(visitor), "application/json").status_code == 403
    assert not Credit.objects.exists() and not Grant.objects.exists()


def test_anyone_without_a_login_is_refused_the_grants_api(visitor):
    assert Client().get(GRANTS).status_code in (401, 403)
    assert Client().post(GRANTS, _visitor_grant(visitor)).status_code in (401, 403)
    bad = Client(HTTP_AUTHORIZATION="Token not-a-token")
    assert bad.get(GRANTS).status_code == 401
    assert not Grant.objects.exists()


def test_the_grants_operations_are_in_the_openapi_schema(anonymous_client):
    schema = anonymous_client.get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert {"get", "post"} <= set(paths["/api/v1/grants"])
    assert "post" in paths["/api/v1/grants/preview"]
