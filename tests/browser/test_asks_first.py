"""What cannot be taken back asks first: an upload with lines above the most its event can pay
is credited only with its tick; cancelling an upload and revoking a token each ask, and a No
leaves them as they were."""

import pytest

from awards.intake.models import CreditUpload
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.models import Credit
from tests.awards.conftest import event, grn
from tests.browser.conftest import log_in
from tests.factories import PlayerFactory


def _too_much(secretary, club) -> CreditUpload:
    """Two players given 0.72 where a 4-table Howell's winner receives 0.24."""
    players = PlayerFactory.create_batch(2, home_club=club)
    return credit_upload_check(
        by=secretary,
        filename="t.grn",
        content=grn(*((p.abf_number, 72) for p in players)),
        event=event(tables=4),
    )


@pytest.mark.django_db(transaction=True)
def test_lines_above_the_most_are_credited_only_once_ticked(page, secretary_a, club_a):
    upload = _too_much(secretary_a, club_a)
    log_in(page, "secretary-a")
    page.goto(f"/awards/uploads/{upload.pk}/")
    assert "2 lines above the most" in page.locator("[data-above-most]").inner_text()
    assert page.locator("[data-above-flag]").count() == 2

    # The box is required: the button alone sends nothing.
    page.get_by_role("button", name="Credit these 2 lines").click()
    assert not Credit.objects.exists()

    page.get_by_label("I have checked the lines above the maximum").check()
    page.get_by_role("button", name="Credit these 2 lines").click()
    assert "Credited 2 lines" in page.locator(".messages").inner_text()
    assert Credit.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_cancelling_an_upload_asks_first(page, secretary_a, club_a):
    upload = _too_much(secretary_a, club_a)
    log_in(page, "secretary-a")
    page.goto(f"/awards/uploads/{upload.pk}/")

    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name="Cancel the upload").click()
    page.wait_for_timeout(300)
    upload.refresh_from_db()
    assert upload.status == CreditUpload.Status.CHECKED

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Cancel the upload").click()
    assert "is cancelled" in page.locator(".messages").inner_text()
    upload.refresh_from_db()
    assert upload.status == CreditUpload.Status.CANCELLED


@pytest.mark.django_db(transaction=True)
def test_revoking_a_token_asks_first(page, secretary_a):
    from centre.tokens import api_token_create

    api_token_create(user=secretary_a, name="Scorer", days=30)
    log_in(page, "secretary-a")
    page.goto("/accounts/tokens/")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name="Revoke").click()
    page.wait_for_timeout(300)
    assert secretary_a.auth_token_set.count() == 1

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Revoke").click()
    page.wait_for_load_state()
    assert secretary_a.auth_token_set.count() == 0
