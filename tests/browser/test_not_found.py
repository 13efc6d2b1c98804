"""The portal's 404 page on a phone (390 px) and a desktop: the reason it gives for a
malformed player number, however long the address, stays inside the page."""

import pytest

from tests.browser.test_each_role_fits import MEASURE, SCREENSHOTS, WIDTHS

LONG = "0412988" * 30


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("scheme", ["abf", "nz"])
def test_a_malformed_number_s_404_page_fits_at_every_width(page, settings, scheme):
    settings.MASTERPOINT_SCHEME = scheme
    folder = SCREENSHOTS / "not-found"
    folder.mkdir(parents=True, exist_ok=True)
    for number in ("abc", LONG):
        response = page.goto(f"/awards/players/{number}/")
        assert response.status == 404
        reason = page.locator("[data-reason]").inner_text()
        assert "is not a player number" in reason
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.evaluate(
                "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
            )
            assert page.evaluate(MEASURE) == [], (number[:10], width)
            page.screenshot(path=folder / f"{scheme}-{number[:10]}-{width}.png", full_page=True)
