"""A club secretary's Sundry and CPAR pages refused for one bad row, at 1280 and 390 px: every
typed value is still there, the bad row is marked in place and named as the page shows it,
and the page still fits a phone."""

from datetime import timedelta

import pytest
from django.utils import timezone

from awards.intake.models import CreditUpload
from players.models import Player
from tests.browser.test_each_role_fits import demo, start  # noqa: F401 (the demo fixture)


def event_typed(page) -> None:
    page.fill("#id_name", "Wednesday pairs")
    page.fill("#id_starts_on", (timezone.localdate() - timedelta(days=1)).isoformat())
    page.select_option("#id_grade", "E")


@pytest.mark.django_db(transaction=True)
def test_a_refused_sundry_page_keeps_the_rows_and_marks_the_bad_one(page, demo):  # noqa: F811
    first, second, last = Player.objects.filter(status="active").exclude(home_club__number=201)[:3]
    wrong = first.abf_number[:6] + str((int(first.abf_number[6]) + 1) % 10)
    flow = start(page, "entry-rows", "club201")
    page.get_by_role("link", name="Enter awards (Sundry)").first.click()
    page.wait_for_load_state()
    event_typed(page)
    page.fill("[name=abf-1]", first.abf_number)
    page.fill("[name=points-1]", "0.30")
    page.fill("[name=abf-2]", wrong)
    page.fill("[name=points-2]", "0.20")
    page.fill("[name=abf-4]", last.abf_number)
    page.fill("[name=points-4]", "1.05")
    page.get_by_role("button", name="Check the awards").click()
    page.wait_for_load_state()

    # The refusal answers 400 (and Chromium logs it); nothing else went wrong.
    assert all("400" in failure for failure in flow.failures), flow.failures
    flow.failures.clear()
    assert not CreditUpload.objects.exists()
    assert page.input_value("#id_name") == "Wednesday pairs"
    assert [page.input_value(f"[name={name}]") for name in ("abf-1", "points-1")] == [
        first.abf_number,
        "0.30",
    ]
    assert page.input_value("[name=abf-4]") == last.abf_number
    assert page.input_value("[name=points-4]") == "1.05"
    bad = page.locator("[name=abf-2]")
    assert bad.input_value() == wrong
    assert bad.get_attribute("aria-invalid") == "true"
    assert page.locator("[name=abf-1]").get_attribute("aria-invalid") is None
    assert "check digit is wrong" in page.locator("tr[data-error-of='2']").inner_text()
    # The list above the rows names row 2 and takes the secretary to it.
    page.get_by_role("link", name=f"Row 2 (ABF number {wrong})").click()
    assert page.evaluate("document.activeElement.name") == "abf-2"
    flow.check("sundry-refused")

    bad.fill(second.abf_number)
    page.get_by_role("button", name="Check the awards").click()
    page.wait_for_load_state()
    assert CreditUpload.objects.get().line_count == 3
    flow.check("sundry-checked")
