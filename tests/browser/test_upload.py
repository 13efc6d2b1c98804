"""A secretary uploads a .grn file, sees the preview, confirms, and finds the points on a
player's statement marked provisional; after staff close the month they are approved (App. E)."""

import pytest

from awards.ledger.models import Credit
from tests.browser.conftest import log_in, open_menu_entry
from tests.factories import PlayerFactory


@pytest.mark.django_db(transaction=True)
def test_secretary_uploads_a_green_file_and_staff_close_the_month(
    page, browser, live_server, secretary_a, staff, club_a, tmp_path
):
    from datetime import timedelta

    from django.utils import timezone

    winner = PlayerFactory(home_club=club_a, given_names="Grace", family_name="Hopper")
    runner_up = PlayerFactory(home_club=club_a)
    credit_file = tmp_path / "monday.grn"
    credit_file.write_bytes(
        f"{winner.abf_number}000145\r\n{runner_up.abf_number}000042\r\n\x1a".encode()
    )
    log_in(page, "secretary-a")

    open_menu_entry(page, "My club", "Upload awards")
    page.set_input_files("#id_file", str(credit_file))
    page.fill("#id_name", "Monday pairs")
    page.fill("#id_starts_on", (timezone.localdate() - timedelta(days=1)).isoformat())
    page.select_option("#id_grade", "E")
    page.get_by_role("button", name="Check the file").click()

    # The preview: each line's player and points, the green total; nothing credited yet.
    assert "Hopper" in page.content()
    assert page.locator("[data-total=green]").inner_text() == "1.87"
    assert not Credit.objects.exists()
    page.get_by_role("button", name="Credit these 2 lines").click()
    assert "Credited 2 lines" in page.locator(".messages").inner_text()

    page.goto(f"/awards/players/{winner.abf_number}/")
    row = page.locator("[data-statement] tr[data-provisional]")
    assert row.count() == 1
    assert "provisional" in row.inner_text()
    assert "Monday pairs" in row.inner_text()

    staff_page = browser.new_context(base_url=live_server.url).new_page()
    log_in(staff_page, "staff")
    staff_page.goto("/centre/months/")
    staff_page.get_by_role("link", name="Approve and close").first.click()
    # The month has not ended: staff choose an early close explicitly.
    staff_page.get_by_label("early, before the month has ended").check()
    staff_page.get_by_role("button", name="early").click()
    staff_page.goto(staff_page.url)  # the close runs as a task; the page shows its progress
    assert "Closed" in staff_page.locator("[data-progress]").inner_text()

    page.goto(f"/awards/players/{winner.abf_number}/")
    assert page.locator("[data-statement] tr[data-provisional]").count() == 0
    assert page.locator("[data-statement] tr[data-approved]").count() == 1
    assert set(Credit.objects.values_list("state", flat=True)) == {"approved"}
