"""Results in with who played how many boards (4.4.4, 4.4.5): the CSV's `player_boards`
and `substitutes` columns, and the API's per-player boards, decide each player's credit."""

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.calculator.sessions.serializers import (
    CalculatorRequestSerializer,
    CalculatorResponseSerializer,
)
from awards.ledger.models import Credit
from awards.results import csv_results
from players.abf_numbers import from_serial
from scheme.abf import compute_awards
from tests.factories import PlayerFactory

N = [from_serial(s) for s in range(20400, 20600)]

# Two sessions of a 2 table grade E Howell (4 pairs) and the final placings. Pair 1: N0 plays
# both sessions; N1 the first only; N2 comes in as a substitute for the second.
TWO_SESSIONS = (
    "session,contestant,place,players,boards,player_boards,substitutes\n"
    f"1,1,1,{N[0]} {N[1]},24,24 24,\n"
    f"1,2,2,{N[3]} {N[4]},24,,\n"
    f"1,3,3,{N[5]} {N[6]},24,,\n"
    f"1,4,4,{N[7]} {N[8]},24,,\n"
    f"2,1,1,{N[0]} {N[2]},24,24 24,{N[2]}\n"
    f"2,2,2,{N[3]} {N[4]},24,,\n"
    f"2,3,3,{N[5]} {N[6]},24,,\n"
    f"2,4,4,{N[7]} {N[8]},24,,\n"
    f"final,1,1,{N[0]} {N[1]},,,\n"
    f"final,2,2,{N[3]} {N[4]},,,\n"
    f"final,3,3,{N[5]} {N[6]},,,\n"
    f"final,4,4,{N[7]} {N[8]},,,\n"
)


def test_the_csv_gives_each_players_boards_and_the_substitute():
    read = csv_results.read(TWO_SESSIONS.encode(), kind="pairs")

    assert read.players["1"] == [N[0], N[1], N[2]]
    assert read.player_boards["1"] == {N[0]: [24, 24], N[1]: [24, 0], N[2]: [0, 24]}
    assert read.substitutes == {N[2]}
    request = read.request(grade="E")
    assert request["players"]["1"][2] == {"label": N[2], "boards": [0, 24], "substitute": True}
    assert "2" not in request["players"]  # no boards given: every player has it all


def test_a_row_giving_the_wrong_number_of_counts_is_refused():
    text = f"session,contestant,place,players,player_boards\n1,1,1,{N[0]} {N[1]},24\n"
    with pytest.raises(Exception) as refused:
        csv_results.read(text.encode(), kind="pairs")

    assert "line 2, column player_boards: 1 counts for 2 players" in str(refused.value)


@pytest.mark.django_db
def test_credits_follow_the_boards_each_player_played(secretary_a, club_a):
    for number in N[:9]:
        PlayerFactory(abf_number=number, home_club=club_a)
    client = APIClient()
    client.force_authenticate(secretary_a)
    response = client.post(
        reverse("results-check"),
        {
            "file": SimpleUploadedFile("two.csv", TWO_SESSIONS.encode()),
            "grade": "E",
            "kind": "pairs",
            "name": "Autumn pairs",
            "starts_on": "2026-03-02",
        },
        format="multipart",
    )
    assert response.status_code == 201, response.json()
    confirmed = client.post(reverse("upload-confirm", args=[response.json()["upload"]["id"]]))
    assert confirmed.status_code == 200, confirmed.json()

    def credited(number: str) -> Decimal:
        return (
            Decimal(sum(c.points for c in Credit.objects.filter(player__abf_number=number))) / 100
        )

    # Table 2B, 2 tables: the session winner 0.12 (0.04 x 1.5 x 2); the outright winner
    # (3.1.2 at W = 1.5, T = 2, S = 2; the printed row T = 2 of Table 3B is lost) 0.15.
    # N0 has both sessions and the outright; N1 the first session and the outright (24 of
    # the pair's 48 boards, over 40%); N2, a substitute, the second session only.
    assert credited(N[0]) == Decimal("0.12") * 2 + Decimal("0.15")
    assert credited(N[1]) == Decimal("0.12") + Decimal("0.15")
    assert credited(N[2]) == Decimal("0.12")


def test_the_calculator_request_takes_per_player_boards():
    # 4.4.4: 18 of 24 boards is 75%, 17 is under: B has no session award.
    request = {
        "grade": "E",
        "kind": "pairs",
        "sessions": [
            {"boards": 24, "fields": [{"movement": "howell", "tables": "2", "ranking": [["1"]]}]}
        ],
        "players": {"1": [{"label": "A", "boards": [18]}, {"label": "B", "boards": [17]}]},
    }
    given = CalculatorRequestSerializer(data=request)
    assert given.is_valid(), given.errors
    awards = compute_awards(given.to_event())
    answer = CalculatorResponseSerializer(
        {
            "rules": awards.rules,
            "grade": awards.grade,
            "kind": awards.kind.value,
            "colour": awards.colour.value,
            "contestants": awards.contestants,
            "players": awards.players,
            "working": list(awards.working),
        }
    ).data

    assert [(p["label"], p["total"]) for p in answer["players"]] == [("A", "0.12"), ("B", "0.00")]
    assert "17 of 24 boards, under 75% (4.4.4)" in answer["players"][1]["reasons"][0]


def test_a_negative_board_count_is_refused_naming_the_field():
    request = {
        "grade": "E",
        "kind": "pairs",
        "sessions": [
            {"boards": 24, "fields": [{"movement": "howell", "tables": "2", "ranking": [["1"]]}]}
        ],
        "players": {"1": [{"label": "A", "boards": [-1]}]},
    }
    given = CalculatorRequestSerializer(data=request)

    assert not given.is_valid()
    assert "boards" in str(given.errors["players"])
