"""Issue 25 in Chromium: centre staff reverse an upload, move a credit to the right player and
merge two records of one person, each from the menu and with a reason; a tournament
organiser checks an entry list as at its cut-off day. Every page passes the accessibility
check."""

from datetime import timedelta

import pytest
from django.utils import timezone

from awards.corrections.models import Correction
from awards.ledger.models import Credit
from tests.awards.conftest import grn, upload_and_confirm
from tests.browser.accessibility import accessibility_problems
from tests.browser.conftest import log_in, open_menu_entry
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _held(player) -> int:
    return sum(Credit.objects.filter(player=player).values_list("points", flat=True))


@pytest.fixture
def credited(secretary_a, staff, club_a):
    winner = PlayerFactory(home_club=club_a, given_names="Grace", family_name="Hopper")
    other = PlayerFactory(home_club=club_a, given_names="Alan", family_name="Turing")
    upload = upload_and_confirm(
        secretary_a, "monday.grn", grn((winner.abf_number, 145), (other.abf_number, 42))
    )
    return upload, winner, other


def test_staff_reverse_an_upload_with_a_reason(page, credited):
    upload, winner, _ = credited
    log_in(page, "staff")

    page.goto(f"/awards/uploads/{upload.pk}/")
    page.get_by_role("link", name="Reverse this upload").click()
    assert "Hopper" in page.locator("[data-reverse-lines]").inner_text()
    assert accessibility_problems(page) == []
    page.fill("#id_reason", "The file was of Tuesday's session")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Reverse the upload").click()
    page.wait_for_load_state()

    correction = Correction.objects.get()
    assert page.url.endswith(f"/awards/corrections/{correction.pk}/")
    assert "Tuesday's session" in page.locator("[data-reason]").inner_text()
    assert accessibility_problems(page) == []
    page.goto(f"/awards/players/{winner.abf_number}/")
    assert page.locator("[data-correction-line]").count() == 1
    assert _held(winner) == 0


def test_staff_move_a_credit_to_the_right_player(page, credited, club_a):
    _, winner, _ = credited
    right = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    log_in(page, "staff")

    open_menu_entry(page, "Centre", "Corrections")
    page.get_by_role("link", name="Correct a player's credits").click()
    page.fill("#id_number", winner.abf_number)
    page.get_by_role("button", name="Find").click()
    page.get_by_role("link", name="Move to another player").click()
    assert accessibility_problems(page) == []
    page.fill("#id_abf_number", right.abf_number)
    page.fill("#id_reason", "Misread number on the traveller")
    page.get_by_role("button", name="Preview").click()
    assert "Lovelace" in page.locator("[data-preview]").inner_text()
    page.get_by_role("button", name="Move the points").click()
    page.wait_for_load_state()

    assert "Correction" in page.locator(".messages").inner_text()
    assert _held(winner) == 0 and _held(right) == 145


def test_staff_merge_two_records_and_the_retired_number_leads_to_the_kept(
    page, staff, club_a, club_b
):
    kept = PlayerFactory(home_club=club_a, given_names="Ann", family_name="Lee")
    retired = PlayerFactory(home_club=club_b, given_names="Ann", family_name="Lee")
    log_in(page, "staff")

    open_menu_entry(page, "Centre", "Merge two records")
    page.fill("#id_retired_number", retired.abf_number)
    page.fill("#id_kept_number", kept.abf_number)
    page.fill("#id_reason", "Registered twice, at two clubs")
    page.get_by_role("button", name="Preview").click()
    assert club_b.name in page.locator("[data-preview]").inner_text()
    assert accessibility_problems(page) == []
    page.get_by_role("button", name="Merge the records").click()
    page.wait_for_load_state()

    page.goto(f"/awards/players/{retired.abf_number}/")
    assert page.url.endswith(f"/awards/players/{kept.abf_number}/")
    assert Correction.objects.get().other_player == kept


def test_an_organiser_checks_an_entry_list_as_at_its_cut_off_day(page, credited, organiser_a):
    _, winner, other = credited
    log_in(page, "organiser-a")

    open_menu_entry(page, "My state", "Check an entry list")
    page.fill("#id_on", (timezone.localdate() + timedelta(days=1)).isoformat())
    page.fill("#id_limit_points", "1")
    page.fill("#id_numbers", f"{winner.abf_number}\n{other.abf_number}\n1234")
    page.get_by_role("button", name="Check the list").click()

    assert page.locator("[data-breach]").count() == 1
    assert "Hopper" in page.locator("[data-breach]").inner_text()
    assert page.locator("[data-problem-line]").count() == 1
    assert accessibility_problems(page) == []
