"""In Chromium: a club secretary gives a player's postal address on the edit page and finds it
beside the email in the search of the club's players (1.4.2, App. C, guide F6.1); a visitor
picks a colour of the all-time top list (guide F6.1) and sees that colour's list. Each page
passes the accessibility check."""

import pytest

from players.models import Player
from tests.browser.accessibility import accessibility_problems
from tests.browser.conftest import log_in
from tests.factories import PlayerFactory, totals_create


@pytest.mark.django_db(transaction=True)
def test_a_secretary_gives_a_postal_address_and_finds_it_in_the_search(page, secretary_a, club_a):
    player = PlayerFactory(home_club=club_a, given_names="Ida", family_name="Inglis")
    log_in(page, "secretary-a")

    page.goto(f"/players/{player.abf_number}/edit/")
    assert accessibility_problems(page) == []
    page.fill("#id_postal_address", "7 Short Street\nBathurst NSW 2795")
    page.get_by_role("button", name="Save changes").click()
    page.wait_for_load_state()

    assert "are saved" in page.locator(".messages").inner_text()
    player.refresh_from_db()
    assert player.postal_address == "7 Short Street\nBathurst NSW 2795"
    page.goto("/players/search/?q=inglis")
    cell = page.locator(f"#results tr[data-abf='{player.abf_number}'] td[data-postal-address]")
    assert cell.inner_text() == "7 Short Street\nBathurst NSW 2795"


@pytest.mark.django_db(transaction=True)
def test_a_visitor_picks_a_colour_of_the_top_list(page, club_a):
    for name, gold, green in (("Gil", 30_00, 1_00), ("Hal", 10_00, 90_00)):
        player = PlayerFactory(home_club=club_a, given_names=name, family_name="Top")
        totals_create(player=player, year=2025, gold_approved=gold, green_approved=green)
    assert Player.objects.count() == 2

    page.goto("/awards/top/")
    assert page.locator("table[data-top-all-time] tbody tr").first.inner_text().startswith("1")
    page.get_by_role("navigation", name="Colour").get_by_role("link", name="Gold").click()
    page.wait_for_load_state()

    assert page.get_by_role("heading", level=1).inner_text() == (
        "Top 500 masterpoint earners of all time: Gold"
    )
    rows = page.locator("table[data-top-all-time] tbody tr")
    assert "Gil Top" in rows.nth(0).inner_text() and "30.00" in rows.nth(0).inner_text()
    assert "Hal Top" in rows.nth(1).inner_text()
    assert accessibility_problems(page) == []
