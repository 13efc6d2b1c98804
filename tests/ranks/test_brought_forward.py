"""1.7.2: a balance brought forward is not won in the year it is credited in. It counts in the
lifetime and in the ranking group at 1 January, never in the year's standings or its row."""

from datetime import date

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from awards.ledger.models import Credit, Event
from awards.ledger.selectors import player_totals, totals_disagreements
from awards.ledger.services.credits import credit_add
from awards.ledger.services.totals import credits_approve
from centre.models import Period
from tests.factories import PlayerFactory, totals_of

pytestmark = pytest.mark.django_db


def event(staff, *, name: str, of_the_year: bool, grade: str = "A") -> Event:
    day = date(2026, 1, 1)
    return Event.objects.create(
        organiser=Event.Organiser.NATIONAL,
        name=name,
        starts_on=day,
        ends_on=day,
        grade=grade,
        created_by=staff,
        of_the_year=of_the_year,
    )


def credited_and_approved(*credits) -> None:
    """Credits made in the month taking credits, then approved as its close does."""
    with transaction.atomic():
        for player, event_, colour, points in credits:
            credit_add(
                player=player,
                event=event_,
                colour=colour,
                points=points,
                source=Credit.Source.ADJUSTMENT,
                reason="Balance brought forward from the previous register",
                by=event_.created_by,
            )
        for period in Period.objects.all():
            credits_approve(period=period, limit=10_000)


@pytest.fixture
def diamond_and_winner(staff, club_a):
    """A Diamond Grand Master by a balance of 20,000 gold brought forward, who won 1.00 gold
    this year; and a player with no rank who won 5.00 gold this year."""
    diamond = PlayerFactory(home_club=club_a, given_names="Dee", family_name="Diamond")
    winner = PlayerFactory(home_club=club_a, given_names="Win", family_name="Winner")
    balance = event(staff, name="Gold points brought forward", of_the_year=False)
    congress = event(staff, name="Gold Coast congress", of_the_year=True)
    credited_and_approved(
        (diamond, balance, "gold", 20_000_00),
        (diamond, congress, "gold", 1_00),
        (winner, congress, "gold", 5_00),
    )
    return diamond, winner


def this_year() -> int:
    return Period.objects.get().year


def standings(year: int) -> dict[str, dict]:
    response = APIClient().get(f"/api/v1/standings/{year}")
    assert response.status_code == 200
    body = response.json()
    rows = body["results"] if isinstance(body, dict) else body
    return {row["abf_number"]: row for row in rows}


def test_a_balance_brought_forward_is_not_in_the_year_s_standings(diamond_and_winner):
    diamond, winner = diamond_and_winner

    rows = standings(this_year())

    assert rows[winner.abf_number]["points"] == 5_00
    assert rows[diamond.abf_number]["points"] == 1_00
    assert rows[winner.abf_number]["position"] == 1


def test_a_balance_brought_forward_counts_for_the_ranking_group_at_1_january(
    diamond_and_winner,
):
    diamond, winner = diamond_and_winner

    rows = standings(this_year())

    assert rows[diamond.abf_number]["group"] == "Diamond Grand Master"
    assert rows[winner.abf_number]["group"] == "Nil"


def test_the_year_s_row_holds_the_awards_and_the_lifetime_the_balance_too(
    diamond_and_winner, anonymous_client
):
    diamond, _ = diamond_and_winner
    year = this_year()

    assert player_totals(player=diamond, year=year).lifetime["gold"] == 1_00
    assert player_totals(player=diamond).lifetime["gold"] == 20_001_00
    body = APIClient().get(f"/api/v1/masterpoints/{diamond.abf_number}?year={year}").json()
    assert body["year"]["approved"]["gold"] == 1_00
    page = anonymous_client.get(f"/awards/players/{diamond.abf_number}/").content.decode()
    assert f"<tr><th>{year}</th>" in page
    year_row = page[page.index(f"<tr><th>{year}</th>") :].split("</tr>")[0]
    assert "1.00" in year_row and "20001.00" not in year_row


def test_the_kept_totals_still_agree_with_the_ledger(diamond_and_winner):
    diamond, _ = diamond_and_winner

    assert totals_disagreements() == []
    kept = totals_of(player=diamond, brought_forward=True)
    assert (kept["gold_approved"], kept["gold_provisional"]) == (20_000_00, 0)


def test_a_balance_not_yet_approved_is_kept_apart_too(staff, club_a):
    player = PlayerFactory(home_club=club_a)
    balance = event(staff, name="Red points brought forward", of_the_year=False, grade="B4")
    with transaction.atomic():
        credit_add(
            player=player,
            event=balance,
            colour="red",
            points=300_00,
            source=Credit.Source.ADJUSTMENT,
            reason="Balance brought forward from the previous register",
            by=staff,
        )

    year = Period.objects.get().year
    assert player_totals(player=player, year=year).lifetime["red"] == 0
    assert player_totals(player=player).provisional["red"] == 300_00
    assert totals_disagreements() == []
