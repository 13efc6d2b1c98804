"""From results to credits: the award engine computes the awards, which become an upload;
a credit file sent with its results shows every line that differs from the rules."""

import json
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.ledger.models import Credit
from scheme.abf import Event, Field, Session, compute_awards
from tests.awards.conftest import grn, yesterday
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

RESULTS = {
    "grade": "E",
    "kind": "pairs",
    "sessions": [
        {
            "boards": 24,
            "fields": [
                {"movement": "mitchell", "tables": 8.5, "ranking": [["N1"], ["N2"], ["N3"]]}
            ],
        }
    ],
}


def expected_awards() -> dict[str, int]:
    awards = compute_awards(
        Event(
            grade="E",
            kind="pairs",
            sessions=[
                Session(boards=24, fields=[Field("mitchell", "8.5", [["N1"], ["N2"], ["N3"]])])
            ],
        )
    )
    return {c.label: int(c.total * 100) for c in awards.contestants}


@pytest.fixture
def pairs(club_a):
    return {label: PlayerFactory.create_batch(2, home_club=club_a) for label in ("N1", "N2", "N3")}


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_results_become_credits_for_every_player_of_each_pair(secretary_a, pairs):
    awards = expected_awards()
    assert awards["N1"] == int(Decimal("0.27") * 100)  # the engine's own worked example
    client = api(secretary_a)
    response = client.post(
        reverse("upload-results"),
        {
            "name": "Monday pairs",
            "starts_on": yesterday().isoformat(),
            "results": RESULTS,
            "players": {label: [p.abf_number for p in players] for label, players in pairs.items()},
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    upload = response.json()
    assert upload["source"] == "results"
    client.post(reverse("upload-confirm", args=[upload["id"]]))
    for label, players in pairs.items():
        for player in players:
            if awards[label]:
                assert Credit.objects.get(player=player).points == awards[label]
            else:
                assert not Credit.objects.filter(player=player).exists()


def test_contestant_with_points_but_no_players_is_named(secretary_a, pairs):
    response = api(secretary_a).post(
        reverse("upload-results"),
        {
            "name": "Monday pairs",
            "starts_on": yesterday().isoformat(),
            "results": RESULTS,
            "players": {"N2": [p.abf_number for p in pairs["N2"]]},
        },
        format="json",
    )
    assert response.status_code == 400
    assert "players.N1" in response.json()["error"]["fields"]
    assert not Credit.objects.exists()


def test_results_the_rules_cannot_award_say_where(secretary_a):
    bad = json.loads(json.dumps(RESULTS))
    bad["sessions"][0]["fields"][0]["tables"] = -3
    response = api(secretary_a).post(
        reverse("upload-results"),
        {"name": "x", "starts_on": yesterday().isoformat(), "results": bad, "players": {}},
        format="json",
    )
    assert response.status_code == 400
    assert any(key.startswith("results") for key in response.json()["error"]["fields"])


def test_file_sent_with_results_lists_each_line_that_differs(secretary_a, pairs, client_a):
    awards = expected_awards()
    n1, n2 = pairs["N1"], pairs["N2"]
    content = grn(
        (n1[0].abf_number, awards["N1"]),
        (n1[1].abf_number, awards["N1"] + 5),  # five hundredths too many
        (n2[0].abf_number, awards["N2"]),
    )  # n2[1] and the third pair are missing
    response = api(secretary_a).post(
        reverse("upload-check"),
        {
            "file": SimpleUploadedFile("monday.grn", content),
            "name": "Monday pairs",
            "starts_on": yesterday().isoformat(),
            "grade": "E",
            "results": json.dumps(RESULTS),
            "players": json.dumps(
                {label: [p.abf_number for p in players] for label, players in pairs.items()}
            ),
        },
        format="multipart",
    )
    assert response.status_code == 201, response.json()
    differences = response.json()["differences"]
    assert {(d["line"], d["abf_number"], d["points"], d["expected"]) for d in differences} == {
        (2, n1[1].abf_number, awards["N1"] + 5, awards["N1"]),
        (None, n2[1].abf_number, 0, awards["N2"]),
        *((None, p.abf_number, 0, awards["N3"]) for p in pairs["N3"]),
    }
    assert awards["N3"] > 0
    page = client_a.get(reverse("awards:upload", args=[response.json()["id"]])).content.decode()
    assert "differ from what the award rules give" in page
