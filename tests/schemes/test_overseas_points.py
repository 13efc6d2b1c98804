"""Points won under another federation are credited at the running scheme's own rates: the
ABF's 1.3.4, and New Zealand's Overseas Master Points (seed 003: "Gold Points earned by
NZ-registered Players at all Australian Bridge Federation Gold Point events are transferred at
the rate of: 1 Gold Point = 1 A Point"; "Red Points earned ... on Klinger holidays and cruises
... 1 Red Point = 1 B Point"). The ACBL's plan credits none: its page is not there."""

from datetime import date
from decimal import Decimal

import pytest
from django.urls import reverse

from awards.errors import AwardsError
from awards.grants.services.reciprocity import credit_reciprocity
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_new_zealand_credits_abf_gold_as_a_points_at_one_for_one(settings, staff, club_a):
    settings.MASTERPOINT_SCHEME = "nz"
    player = PlayerFactory(home_club=club_a)

    credit = credit_reciprocity(
        by=staff, player=player, kind="abf:gold", amount=Decimal("3.5"),
        event_name="Gold Coast Congress Teams", won_on=date(2026, 2, 20),
    )  # fmt: skip

    assert (credit.colour, credit.points, credit.source) == ("A", 350, "reciprocity")
    assert credit.conversion == "3.5 ABF gold points (any ABF Gold Point event) at 1 A each = 3.5"


def test_new_zealand_refuses_what_its_outline_does_not_transfer(settings, staff, club_a):
    settings.MASTERPOINT_SCHEME = "nz"

    with pytest.raises(AwardsError, match="No rate for uk green points"):
        credit_reciprocity(
            by=staff, player=PlayerFactory(home_club=club_a), kind="uk:green",
            amount=Decimal(1), event_name="", won_on=date(2026, 2, 20),
        )  # fmt: skip


def test_the_page_offers_each_scheme_s_own_transfers(settings, staff_client, club_a):
    settings.MASTERPOINT_SCHEME = "nz"
    page = staff_client.get(reverse("awards:reciprocity"))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'value="abf:gold">ABF gold points (any ABF Gold Point event): 1 ' in text
    assert "UK green points" not in text
    assert "(1.3.4)" not in text

    player = PlayerFactory(home_club=club_a)
    response = staff_client.post(
        reverse("awards:reciprocity"),
        {"abf_number": player.abf_number, "kind": "klinger:red", "amount": "2",
         "event_name": "Klinger cruise", "won_on": "2026-03-01"},
        follow=True,
    )  # fmt: skip
    assert "Credited 2.00" in response.content.decode()

    settings.MASTERPOINT_SCHEME = "acbl"
    assert staff_client.get(reverse("awards:reciprocity")).status_code == 404
