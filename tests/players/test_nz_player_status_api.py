"""NZ Bridge's Player Status Report and a club's declarations in the API (seed 003, Issue of
Master Points 6: "A Club has the right to declare a member ineligible to receive Master
Points"), scoped as the pages, each call twice."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from players.models import Ineligibility
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_club_declares_and_withdraws_through_the_api_each_once(
    settings, secretary_a, staff, club_a
):
    settings.MASTERPOINT_SCHEME = "nz"
    member = PlayerFactory(home_club=club_a)
    client = _api(secretary_a)
    declare = reverse("api-player-status-declare", args=[club_a.number, member.abf_number])
    withdraw = reverse("api-player-status-withdraw", args=[club_a.number, member.abf_number])

    first = client.post(declare, {"reason": "Unpaid"}, format="json")
    second = client.post(declare, {"reason": "Unpaid"}, format="json")

    assert first.status_code == 200 and first.json()["eligible"] is False
    assert first.json()["nzb_number"] == member.abf_number
    assert second.status_code == 400
    assert "already declared ineligible" in second.json()["error"]["message"]
    report = _api(staff).get(reverse("api-player-status", args=[club_a.number])).json()
    assert report["members"][0]["declared_ineligible_by"][0]["club"] == club_a.number
    blank = client.post(withdraw, {"reason": ""}, format="json")
    assert blank.status_code == 400 and "reason" in str(blank.json()["error"]["fields"])
    assert client.post(withdraw, {"reason": "Paid"}, format="json").json()["eligible"] is True
    assert client.post(withdraw, {"reason": "Paid"}, format="json").status_code == 400
    assert Ineligibility.objects.count() == 2


def test_another_club_and_the_office_may_not_declare(settings, secretary_b, staff, club_a):
    settings.MASTERPOINT_SCHEME = "nz"
    member = PlayerFactory(home_club=club_a)
    declare = reverse("api-player-status-declare", args=[club_a.number, member.abf_number])

    assert (
        _api(secretary_b).get(reverse("api-player-status", args=[club_a.number])).status_code == 404
    )
    assert _api(secretary_b).post(declare, {"reason": "x"}, format="json").status_code == 404
    assert _api(staff).post(declare, {"reason": "x"}, format="json").status_code == 403
    assert not Ineligibility.objects.exists()


@pytest.mark.parametrize("code", ["abf", "acbl"])
def test_no_other_scheme_has_the_operations(settings, code, secretary_a, club_a):
    settings.MASTERPOINT_SCHEME = code
    response = _api(secretary_a).get(reverse("api-player-status", args=[club_a.number]))
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_in_scheme"
