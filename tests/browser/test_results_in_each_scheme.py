"""Under every scheme a club secretary uploads the results file the scoring program wrote,
checks the awards the scheme's rules give, and credits them, at 1280 px; the preview also
fits a phone (390 px)."""

from pathlib import Path

import pytest

from awards.entries.api.examples import results_grade
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from awards.results import usebio
from centre.schemes import current_scheme
from scheme import SCHEMES
from tests.browser.conftest import log_in, open_menu_entry
from tests.browser.test_each_role_fits import MEASURE
from tests.factories import PlayerFactory

SAMPLE = Path(__file__).parent.parent / "awards" / "results" / "samples" / "compscore_mitchell.xml"


@pytest.mark.parametrize("code", sorted(SCHEMES))
@pytest.mark.django_db(transaction=True)
def test_a_club_secretary_uploads_results_and_credits_them(
    page, settings, code, club_a, secretary_a
):
    settings.MASTERPOINT_SCHEME = code
    scheme = current_scheme()
    for numbers in usebio.read(SAMPLE.read_bytes()).players.values():
        for number in numbers:
            PlayerFactory(abf_number=number, home_club=club_a)
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, "secretary-a")

    open_menu_entry(page, "My club", "Upload awards")
    page.set_input_files("#id_results", str(SAMPLE))
    chosen = results_grade(scheme)
    page.select_option("#id_grade", chosen["grade"])
    if "event" in chosen:
        page.select_option("#id_event", chosen["event"])
    page.get_by_role("button", name="Check the file").click()
    page.wait_for_load_state()

    # The preview is titled by the event, and lists the awards by the scheme's rules.
    day = "April 15, 2025" if code == "acbl" else "15 April 2025"  # as each federation writes it
    title = f"Tue 7:30pm Open, {day}"
    assert page.locator("h1").inner_text().startswith(title)
    assert page.locator("[data-results-awards]").count() == 1
    assert not Credit.objects.exists()
    page.set_viewport_size({"width": 390, "height": 800})
    assert page.evaluate(MEASURE) == []
    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator("[data-confirm]").click()
    page.wait_for_load_state()

    assert "Credited" in page.locator(".messages").inner_text()
    assert CreditUpload.objects.get().status == CreditUpload.Status.CREDITED
    assert Credit.objects.filter(points__gt=0).exists()
    open_menu_entry(page, "My club", "Uploads")
    assert title in page.locator("table").first.inner_text()
