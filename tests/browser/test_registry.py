"""A secretary logs in, searches the actives and inactives, adds a new player and sees the
new ABF number at once (App. C; guide F6.2)."""

import re

import pytest

from players import abf_numbers
from players.models import Player
from tests.browser.conftest import log_in, open_menu_entry
from tests.factories import PlayerFactory


@pytest.mark.django_db(transaction=True)
def test_secretary_searches_adds_a_new_player_and_sees_the_number(page, secretary_a, club_b):
    namesake = PlayerFactory(
        given_names="Peter", family_name="Newbold", home_club=club_b, email="p@example.org"
    )
    log_in(page, "secretary-a")

    open_menu_entry(page, "My club", "Players")
    page.fill("#id_q", "newbold")
    page.get_by_role("button", name="Search").click()
    # The search finds the namesake of another club, without their email.
    assert page.locator(f"#results tr[data-abf='{namesake.abf_number}']").is_visible()
    assert "p@example.org" not in page.content()

    page.get_by_role("link", name="Add a new player").click()
    page.fill("#id_given_names", "Nora")
    page.fill("#id_family_name", "Newbold")
    page.fill("#id_birth_year", "1991")
    page.check("#id_confirmed_never_registered")
    page.get_by_role("button", name="Add the player and issue an ABF number").click()

    shown = page.locator("#abf-number").inner_text()
    assert re.fullmatch(r"\d{7}", shown)
    assert abf_numbers.is_valid(shown)
    assert f"registered with ABF number {shown}" in page.locator(".messages").inner_text()
    player = Player.objects.get(abf_number=shown)
    assert (player.given_names, player.home_club.number) == ("Nora", 201)
