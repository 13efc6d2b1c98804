"""1.4.4 "view results" in Chromium: a visitor opens Results from the menu, narrows the month
to a club, opens an event and reads its awards; the pages pass axe (WCAG 2.1 AA) on a
desktop and fit a phone's width."""

import pytest

from tests.awards.conftest import grn, upload_and_confirm
from tests.browser.accessibility import accessibility_problems
from tests.browser.conftest import numbers_off_screen, open_menu_entry
from tests.factories import PlayerFactory


@pytest.mark.django_db(transaction=True)
def test_a_visitor_finds_a_club_s_results_and_reads_an_event(
    page, secretary_a, secretary_b, club_a, club_b
):
    ada = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    bea = PlayerFactory(home_club=club_b, given_names="Bea", family_name="Bright")
    upload_and_confirm(secretary_a, "a.grn", grn((ada.abf_number, 1_50)))
    upload_and_confirm(secretary_b, "b.grn", grn((bea.abf_number, 2_00)))

    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/")
    open_menu_entry(page, "Lookup", "Results")
    assert page.locator("[data-event]").count() == 2
    assert accessibility_problems(page) == []

    page.fill("#club", "201")
    page.get_by_role("button", name="Show").click()
    page.wait_for_load_state()
    assert page.locator("[data-event]").count() == 1
    assert "Ada Lovelace" in page.locator("[data-awards]").inner_text()
    assert "Bea Bright" not in page.content()

    page.locator("[data-event] h2 a").click()
    page.wait_for_load_state()
    assert "1.50" in page.locator("[data-awards]").inner_text()
    assert accessibility_problems(page) == []

    # On a phone, the points people came for are on the screen.
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/awards/results/")
    assert numbers_off_screen(page, "[data-awards]", "Points") == []
