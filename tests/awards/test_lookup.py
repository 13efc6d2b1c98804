"""The public masterpoint lookup and the awards statement (1.4.4), pages and API."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from centre.models import Period
from operations.services import month_close
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(secretary_a, club_a, staff):
    player = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    upload_and_confirm(secretary_a, "m.grn", grn((player.abf_number, 145)))
    month_close(period=Period.objects.get(), by=staff)
    upload_and_confirm(secretary_a, "t.grn", grn((player.abf_number, 30)))
    return player


def test_anyone_finds_a_player_by_name_and_sees_totals_by_colour(anonymous_client, player):
    page = anonymous_client.get(reverse("awards:lookup"), {"q": "lovel"}).content.decode()
    assert player.abf_number in page
    page = anonymous_client.get(reverse("awards:player", args=[player.abf_number])).content.decode()
    assert "Ada Lovelace" in page
    assert "Club A" in page
    assert 'data-lifetime="green">1.75<' in page
    assert "position 1" in page


def test_lookup_by_number_without_leading_zeros_goes_to_the_player(anonymous_client, player):
    response = anonymous_client.get(reverse("awards:lookup"), {"q": player.abf_number.lstrip("0")})
    assert response.status_code == 302
    assert response["Location"] == reverse("awards:player", args=[player.abf_number])


def test_statement_marks_provisional_credits_and_runs_totals(anonymous_client, player):
    page = anonymous_client.get(reverse("awards:player", args=[player.abf_number])).content.decode()
    assert page.count("data-provisional") == 1
    assert page.count("data-approved") == 1
    assert "data-points-chart" in page  # the chart of points over time


def test_statement_csv_and_pdf(anonymous_client, player):
    csv_text = anonymous_client.get(
        reverse("awards:statement_csv", args=[player.abf_number])
    ).content.decode()
    rows = csv_text.strip().splitlines()
    assert rows[0].startswith("Date,Event,Grade,Colour,Points,Status")
    assert rows[-1].endswith("provisional,1.75,0.00,0.00")
    pdf = anonymous_client.get(reverse("awards:statement_pdf", args=[player.abf_number]))
    assert pdf["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Lovelace" in text
    assert "1.75" in text


def test_lookup_api_is_public_and_gives_totals_in_hundredths(player):
    client = APIClient()
    body = client.get(reverse("masterpoints-lookup"), {"q": player.abf_number}).json()
    assert body["results"][0]["totals"]["lifetime"]["green"] == 175
    assert body["results"][0]["totals"]["provisional"]["green"] == 30
    assert "email" not in body["results"][0]
    record = client.get(reverse("masterpoints-player", args=[player.abf_number])).json()
    assert record["position"] == 1
    statement = client.get(reverse("masterpoints-statement", args=[player.abf_number])).json()
    assert [line["state"] for line in statement["lines"]] == ["approved", "provisional"]
    assert statement["closing"]["green"] == 175


def test_statement_api_refuses_a_bad_date(player):
    response = APIClient().get(
        reverse("masterpoints-statement", args=[player.abf_number]), {"start": "31/02/2026"}
    )
    assert response.status_code == 400
    assert "start" in response.json()["error"]["fields"]


def test_statement_api_refuses_a_start_after_the_end_naming_it(player):
    response = APIClient().get(
        reverse("masterpoints-statement", args=[player.abf_number]),
        {"start": "2026-10-01", "end": "2026-06-01"},
    )
    assert response.status_code == 400
    fields = response.json()["error"]["fields"]
    assert list(fields) == ["start"]
    assert "2026-10-01" in fields["start"][0] and "2026-06-01" in fields["start"][0]


def test_unknown_player_is_not_found(anonymous_client):
    assert anonymous_client.get(reverse("awards:player", args=["0000019"])).status_code == 404


def test_a_name_lists_the_same_totals_as_each_players_number(player, club_a):
    # A name's matches are read with their points by kind (one statement); a number's
    # player has them read apart. A player with no awards shows every kind at nought.
    unawarded = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovell")
    client = APIClient()
    by_name = client.get(reverse("masterpoints-lookup"), {"q": "ada lovel"}).json()["results"]
    by_number = [
        client.get(reverse("masterpoints-lookup"), {"q": someone.abf_number}).json()["results"][0]
        for someone in (player, unawarded)  # Lovelace, then Lovell
    ]

    assert by_name == by_number
    assert by_name[0]["totals"]["approved"] == {"green": 145, "red": 0, "gold": 0}
    assert by_name[0]["totals"]["provisional"] == {"green": 30, "red": 0, "gold": 0}
    assert by_name[1]["totals"]["lifetime"] == {"green": 0, "red": 0, "gold": 0}
