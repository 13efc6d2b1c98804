"""The award and rank calculators at 1280 and 390 px (a phone), for every scheme: each page
fits (its tables scroll in their own box), its labels and errors are in words, and no answer
is a 4xx or 5xx. The photographs go to var/screenshots/calculators/."""

import pytest

from scheme import SCHEMES
from tests.browser.conftest import open_menu_entry
from tests.browser.test_each_role_fits import Flow


def _choose(page, code: str) -> None:
    page.select_option("#id_pick_scheme", code)
    page.click("form.scheme-pick button[type=submit]")
    page.wait_for_load_state()


@pytest.mark.django_db(transaction=True)
def test_anyone_uses_both_calculators_under_every_scheme_on_a_phone(page):
    flow = Flow(page, "calculators")
    page.goto("/")

    open_menu_entry(page, "Lookup", "Award calculator")
    page.select_option("#id_session-0-movement", "mitchell")
    page.fill("#id_session-0-boards", "24")
    page.fill("#id_session-0-tables", "7.5")
    page.fill("#id_session-0-ranking", "N1\nN2 = N3\nN4")
    page.fill("#id_session-0-ranking_ew", "E1\nE2\nE3")
    page.click("main button[name=compute]")
    page.wait_for_load_state()
    assert page.locator("main .table-scroll table").count() == 1
    flow.check("abf-awards")

    open_menu_entry(page, "Lookup", "Rank calculator")
    page.fill("#id_green", "200")
    page.fill("#id_red", "140.50")
    page.fill("#id_gold", "25")
    page.click("main form:not(.scheme-pick) button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("#rank").inner_text() == "Silver National Master"
    flow.check("abf-rank")

    for scheme in SCHEMES.values():
        if scheme.code == "abf":
            continue
        page.goto("/awards/calculator/")
        _choose(page, scheme.code)
        if scheme.calculator_event is not None:
            # The example filled in is computed as it stands.
            page.click("main button[name=compute]")
            page.wait_for_load_state()
            assert page.locator("main .table-scroll table").count() == 1
        flow.check(f"{scheme.code}-awards")
        page.goto("/awards/ranks/")
        _choose(page, scheme.code)
        flow.check(f"{scheme.code}-rank")
