import pytest

from tests.browser.conftest import log_in


@pytest.mark.django_db(transaction=True)
def test_a_club_secretary_logs_in_and_sees_the_club_page(page, secretary_a):
    log_in(page, "secretary-a")

    assert page.url.endswith("/club/")
    assert page.locator("h1").inner_text().startswith("Club A")
    assert page.locator("nav").get_by_text("My club").is_visible()
    assert page.locator("nav").get_by_text("Centre").count() == 0
