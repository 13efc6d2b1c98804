"""NZ Bridge's Overseas Master Points: "Overseas Players, now resident in New Zealand, when
joining the New Zealand Master Points Scheme, may apply to NZ Bridge for recognition of their
overseas ranking. Where such recognition is made, the points allocated will be the minimum
required to achieve the equivalent New Zealand Master Point rank." Staff do it on a page;
every request is sent twice."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.ledger.models import Credit
from awards.ledger.selectors import player_totals
from centre.models import Period
from operations.close_run import month_close
from scheme.nz.ranks import RANKS
from scheme.nz.recognition import recognition_points
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

LIFE_MASTER = next(rank for rank in RANKS if rank.name == "Life Master")
MASTER = next(rank for rank in RANKS if rank.name == "Master")


@pytest.fixture
def nz(settings):
    settings.MASTERPOINT_SCHEME = "nz"


def _recognise(client, player, rank, reason="Bridge Federation of Wales: Life Master, 2019"):
    return client.post(
        reverse("awards:rank_recognition"),
        {
            "number": player.abf_number,
            "rank": rank.order,
            "on": timezone.localdate().isoformat(),
            "reason": reason,
        },
    )


def test_the_points_are_the_fewest_that_reach_the_rank():
    """Life Master: 500 aggregate, 250 of them A Points (rule 5)."""
    assert recognition_points(LIFE_MASTER, {}) == {"A": 250_00, "B": 250_00}
    # 30 A and 100 B held: Master (200, 100 A) lacks 70 A, and then the aggregate is met.
    assert recognition_points(MASTER, {"A": 30_00, "B": 100_00}) == {"A": 70_00}
    # 120 A and 20 B held: Master lacks only 60 of its aggregate, as B Points.
    assert recognition_points(MASTER, {"A": 120_00, "B": 20_00}) == {"B": 60_00}
    assert recognition_points(MASTER, {"A": 150_00, "B": 60_00}) == {}


def test_staff_recognise_a_new_resident_s_rank_once(nz, staff_client, club_a):
    player = PlayerFactory(home_club=club_a)

    first = _recognise(staff_client, player, LIFE_MASTER)
    again = _recognise(staff_client, player, LIFE_MASTER)

    assert first.status_code == 302
    credits = Credit.objects.filter(player=player)
    assert sorted(credits.values_list("colour", "points", "source")) == [
        ("A", 250_00, "grant"),
        ("B", 250_00, "grant"),
    ]
    # Held before any year: in the lifetime, never in the year's points.
    assert not any(credit.event.of_the_year for credit in credits)
    assert player_totals(player=player).lifetime == {"A": 250_00, "B": 250_00, "C": 0}
    assert player_totals(player=player, year=timezone.localdate().year).lifetime == {
        "A": 0,
        "B": 0,
        "C": 0,
    }
    # Sent again: refused on the rank, nothing more credited.
    assert again.status_code == 200
    assert "already holds the points of Life Master" in again.content.decode()
    assert credits.count() == 2


def test_the_rank_follows_at_the_month_close(nz, staff, staff_client, club_a):
    player = PlayerFactory(home_club=club_a)
    _recognise(staff_client, player, MASTER)
    period = Period.objects.get(status=Period.Status.OPEN)

    month_close(period=period, by=staff, early=True)

    player.refresh_from_db()
    assert player.rank_order == MASTER.order


def test_refusals_name_the_field_and_credit_nothing(nz, staff_client, club_a):
    player = PlayerFactory(home_club=club_a)
    no_reason = _recognise(staff_client, player, MASTER, reason=" ")
    nobody = staff_client.post(
        reverse("awards:rank_recognition"),
        {"number": "9999999", "rank": MASTER.order, "on": timezone.localdate(), "reason": "x"},
    )
    later = staff_client.post(
        reverse("awards:rank_recognition"),
        {
            "number": player.abf_number,
            "rank": MASTER.order,
            "on": timezone.localdate() + timedelta(days=3),
            "reason": "x",
        },
    )

    assert "This field is required" in no_reason.content.decode()
    assert "No player has the NZB number 9999999" in nobody.content.decode()
    assert later.status_code == 200
    assert not Credit.objects.exists()


def test_only_staff_and_only_under_a_scheme_with_the_rule(
    settings, nz, client_a, staff_client, club_a
):
    player = PlayerFactory(home_club=club_a)
    assert _recognise(client_a, player, MASTER).status_code in (302, 403)
    assert not Credit.objects.exists()
    settings.MASTERPOINT_SCHEME = "abf"
    assert staff_client.get(reverse("awards:rank_recognition")).status_code == 404
    assert _recognise(staff_client, player, MASTER).status_code == 404
    assert not Credit.objects.exists()


def test_the_page_offers_today_and_the_scheme_s_ranks(nz, staff_client):
    page = staff_client.get(reverse("awards:rank_recognition")).content.decode()

    assert f'value="{timezone.localdate().isoformat()}"' in page
    assert all(rank.name in page for rank in RANKS)
