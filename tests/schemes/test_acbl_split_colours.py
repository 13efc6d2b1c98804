"""The NAP and GNT split colours entered as the ACBL's unit secretaries and League staff enter
them (seed 004, "Grand National Teams & North American Pairs"): one credit a colour, exact to
the hundredth, adding up to the award entered.

- Unit stage: "A Red 20% G, 80% R", "B Red 10% G, 90% R", "C Red 5% G, 95% R" (two sessions or
  more); the GNT's "20% gold, 80% red for the Open Championship and Flight A. Flight B awards
  are 10% gold, 90% red; and Flight C shall award 5% gold, 95% red at sectional rating".
- District finals, Flight C: "50% Gold 50% Red"; "Overall awards are 50% Gold and 50% Red".
- National finals, Flight C: "13.34 Gold, 26.66 Red" (NAP, a first award of 40.00); "Flight C
  awards will be 1/3 Gold and 2/3 Red for the NABC final overall" (GNT).
- Club level: "North American Pairs: Club Level — Awards 50% Black/50% Red masterpoints".

The plan states no rounding rule for a split; its one printed split of an award that is not
whole hundredths (13.34 gold of 40.00, a third) rounds the gold up, the red taking the rest.
"""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from tests.factories import PlayerFactory
from tests.schemes.test_entered_awards import _credited, _enter

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def acbl(settings):
    settings.MASTERPOINT_SCHEME = "acbl"


def _colours(upload: CreditUpload, player) -> dict[str, int]:
    return {c.colour: c.points for c in Credit.objects.filter(upload=upload, player=player)}


@pytest.mark.parametrize(
    ("grade", "points", "expected"),
    [
        # Flight A (GNT Championship and A): 20% of 12.37 is 2.474 gold: 2.48 up, red 9.89.
        ("G20", "12.37", {"gold": 248, "red": 989}),
        ("G20", "10.00", {"gold": 200, "red": 800}),
        # Flight B: 10% of 7.05 is 0.705 gold: 0.71, red 6.34.
        ("G10", "7.05", {"gold": 71, "red": 634}),
        # Flight C: 5% of 4.10 is 0.205 gold: 0.21, red 3.89.
        ("G5", "4.10", {"gold": 21, "red": 389}),
        ("G5", "20.00", {"gold": 100, "red": 1900}),
    ],
)
def test_a_unit_enters_its_nap_and_gnt_unit_final_overalls_in_gold_and_red(
    state_client_a, club_a, grade, points, expected
):
    player = PlayerFactory(home_club=club_a)

    upload = _credited(
        state_client_a,
        _enter(state_client_a, grade, [(player.abf_number, points)], name="NAP unit final"),
    )

    assert _colours(upload, player) == expected
    assert sum(expected.values()) == int(points.replace(".", ""))


@pytest.mark.parametrize(
    ("grade", "points", "expected"),
    [
        # NAP national final, Flight C: "13.34 Gold, 26.66 Red" of 40.00.
        ("G3", "40.00", {"gold": 1334, "red": 2666}),
        # GNT national final, Flight C: a third of 45.00 is 15.00 gold exactly.
        ("G3", "45.00", {"gold": 1500, "red": 3000}),
        # District final, Flight C, half and half: 15.01 is 7.51 gold (7.505 up), 7.50 red.
        ("GR", "15.01", {"gold": 751, "red": 750}),
        ("GR", "15.00", {"gold": 750, "red": 750}),
    ],
)
def test_staff_enter_the_district_and_national_finals_flight_c_overalls(
    staff_client, club_a, grade, points, expected
):
    player = PlayerFactory(home_club=club_a)

    upload = _credited(
        staff_client,
        _enter(
            staff_client,
            grade,
            [(player.abf_number, points)],
            name="NAP national final, Flight C",
            organiser="national",
        ),
    )

    assert _colours(upload, player) == expected


def test_a_club_enters_its_nap_club_game_half_black_half_red(client_a, club_a):
    player = PlayerFactory(home_club=club_a)

    upload = _credited(client_a, _enter(client_a, "BR", [(player.abf_number, "1.25")]))

    # "Awards 50% Black/50% Red masterpoints": 1.25 is 0.63 black, 0.62 red.
    assert _colours(upload, player) == {"black": 63, "red": 62}


def test_the_split_grades_are_offered_to_whom_they_belong(client_a, state_client_a, staff_client):
    club = client_a.get(reverse("awards:sundry")).content.decode()
    unit = state_client_a.get(reverse("awards:sundry")).content.decode()
    staff = staff_client.get(reverse("awards:sundry")).content.decode()

    assert 'value="BR"' in club and 'value="G20"' not in club
    assert all(f'value="{g}"' in unit for g in ("G20", "G10", "G5"))
    assert 'value="G3"' not in unit and 'value="GR"' not in unit
    assert all(f'value="{g}"' in staff for g in ("G20", "G10", "G5", "GR", "G3", "BR"))
    assert "20% gold, 80% red" in unit and "one third gold, two thirds red" in staff


def test_a_club_may_not_enter_a_unit_final_s_gold(client_a, club_a):
    player = PlayerFactory(home_club=club_a)

    response = _enter(client_a, "G20", [(player.abf_number, "5.00")])

    assert response.status_code == 400
    assert "the unit reports its awards" in response.content.decode()
    assert not CreditUpload.objects.exists()


def test_an_award_of_a_thousandth_is_refused_naming_its_row(state_client_a, club_a):
    player = PlayerFactory(home_club=club_a)

    response = _enter(state_client_a, "G10", [(player.abf_number, "7.055")])

    assert response.status_code == 400
    assert "points have at most two decimals, e.g. 0.42<" in response.content.decode()
    assert not CreditUpload.objects.exists()


def test_the_same_final_entered_twice_is_credited_once(state_client_a, club_a):
    player = PlayerFactory(home_club=club_a)
    rows = [(player.abf_number, "12.37")]
    first = _credited(state_client_a, _enter(state_client_a, "G20", rows, name="GNT unit final"))

    again = _enter(state_client_a, "G20", rows, name="GNT unit final")

    assert again.status_code == 400
    assert Credit.objects.filter(player=player).count() == 2  # its gold and its red, once
    assert _colours(first, player) == {"gold": 248, "red": 989}


# -- the same through the API, as a scoring program sends it --


def _api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_program_enters_a_gnt_national_final_s_flight_c_through_the_api(staff, club_a):
    player, partner = PlayerFactory.create_batch(2, home_club=club_a)
    body = {
        "name": "GNT national final, Flight C",
        "starts_on": "2026-07-20",
        "grade": "G3",
        "kind": "teams",
        "organiser": "national",
        "awards": [
            {"abf_number": player.abf_number, "points": "40.00"},
            {"abf_number": partner.abf_number, "points": "20.00"},
        ],
    }
    api = _api(staff)

    checked = api.post(reverse("upload-entries"), body, format="json")

    assert checked.status_code == 201, checked.json()
    upload = CreditUpload.objects.get(pk=checked.json()["id"])
    assert api.post(reverse("upload-confirm", args=[upload.pk])).status_code == 200
    assert _colours(upload, player) == {"gold": 1334, "red": 2666}
    assert _colours(upload, partner) == {"gold": 667, "red": 1333}
    # Sent again: the event is credited once.
    again = api.post(reverse("upload-entries"), body, format="json")
    assert again.status_code == 400
    assert Credit.objects.filter(player=player).count() == 2


def test_an_api_award_of_a_thousandth_or_a_float_is_refused_naming_its_field(staff, club_a):
    player = PlayerFactory(home_club=club_a)
    body = {
        "name": "NAP unit final",
        "starts_on": "2026-07-20",
        "grade": "G20",
        "organiser": "state",
        "awards": [{"abf_number": player.abf_number, "points": "7.055"}],
    }

    refused = _api(staff).post(reverse("upload-entries"), body, format="json")

    assert refused.status_code == 400
    # The row and field named, in the plan's words (no clause of another federation's book).
    assert refused.json()["error"]["fields"] == {
        "awards.0.points": ["points have at most two decimals, e.g. 0.42"]
    }
    assert not CreditUpload.objects.exists()


def test_the_entries_api_asks_who_is_asking(secretary_a, club_a):
    player = PlayerFactory(home_club=club_a)
    body = {
        "name": "NAP unit final",
        "starts_on": "2026-07-20",
        "grade": "G20",
        "awards": [{"abf_number": player.abf_number, "points": "5.00"}],
    }
    anonymous = APIClient().post(reverse("upload-entries"), body, format="json")
    club = _api(secretary_a).post(reverse("upload-entries"), body, format="json")

    assert anonymous.status_code in (401, 403)
    # A club reports its club games, not the unit's finals.
    assert club.status_code == 400
    assert "the unit reports its awards" in club.json()["error"]["message"] + str(
        club.json()["error"]["fields"]
    )
    assert not CreditUpload.objects.exists()
