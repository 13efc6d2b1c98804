import pytest

from tests.browser.conftest import log_in


@pytest.mark.django_db(transaction=True)
def test_a_club_secretary_logs_in_and_sees_the_club_page(page, secretary_a):
    log_in(page, "secretary-a")

    assert page.url.endswith("/club/")
    assert page.locator("h1").inner_text().startswith("Club A")
    nav = page.get_by_role("navigation", name="Main")
    assert nav.locator("summary", has_text="My club").is_visible()
    assert nav.get_by_text("Centre").count() == 0
