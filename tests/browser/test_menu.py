"""The main menu by keyboard and on a phone: a group opens with Enter, its entries fit the
screen, another group closes it, Escape closes it and gives the focus back to its name."""

import pytest

from tests.browser.conftest import log_in


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [1280, 390])
def test_a_menu_group_opens_and_closes_from_the_keyboard(page, secretary_a, width):
    page.set_viewport_size({"width": width, "height": 800})
    log_in(page, "secretary-a")
    nav = page.get_by_role("navigation", name="Main")
    my_club = nav.locator("details", has=page.locator("summary", has_text="My club"))
    lookup = nav.locator("details", has=page.locator("summary", has_text="Lookup"))
    players = nav.get_by_role("link", name="Players", exact=True)
    assert not players.is_visible()

    my_club.locator("summary").focus()
    page.keyboard.press("Enter")
    assert players.is_visible()
    box = nav.locator(".nav-panel").first.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Club home"

    lookup.locator("summary").click()
    assert lookup.evaluate("d => d.open") and not my_club.evaluate("d => d.open")

    page.keyboard.press("Escape")
    assert not lookup.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.textContent") == "Lookup"

    my_club.locator("summary").click()
    page.locator(".site-footer").click()
    assert not my_club.evaluate("d => d.open")
