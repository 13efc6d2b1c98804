"""Lines above the most the event can pay: one amber summary on the upload's page, a short
flag on each line, and nothing credited until the uploader ticks that they were checked (the
page's box, the API's `above_most_checked`)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from tests.awards.conftest import grn, yesterday
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def form(content: bytes) -> dict:
    return {
        "file": SimpleUploadedFile("tuesday.grn", content),
        "name": "Tuesday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "E",
        "kind": "pairs",
        "sessions": "1",
        "tables": "4",
    }


@pytest.fixture
def too_much(client_a, club_a) -> CreditUpload:
    """Four players given 0.72 where a 4-table Howell's winner receives 0.24 (Table 2B):
    every line above the most."""
    players = PlayerFactory.create_batch(4, home_club=club_a)
    response = client_a.post(
        reverse("awards:upload_new"), form(grn(*((p.abf_number, 72) for p in players)))
    )
    assert response.status_code == 302, response.content.decode()
    return CreditUpload.objects.get()


def test_the_page_says_it_once_and_flags_each_line(client_a, too_much):
    assert too_much.preview["most"]["points"] == 24
    page = client_a.get(reverse("awards:upload", args=[too_much.pk])).content.decode()
    assert page.count("data-above-most>") == 1
    assert "4 lines above the most this event can pay one player (0.24)" in page
    assert "lines 1, 2, 3, 4" in page
    assert page.count("data-above-flag") == 4
    assert "above the most, 0.24</span>" in page
    # The long sentence a line stays in the preview (and the API), not in the page's box.
    assert "is given 0.72" not in page
    assert "data-warnings" not in page
    assert 'name="above_most_checked" required' in page
    assert "I have checked the lines above the maximum" in page


def test_the_page_credits_nothing_without_the_tick(client_a, too_much):
    response = client_a.post(reverse("awards:upload_confirm", args=[too_much.pk]), follow=True)
    assert Credit.objects.count() == 0
    too_much.refresh_from_db()
    assert too_much.status == CreditUpload.Status.CHECKED
    assert "check the lines above the most the event can pay (lines 1, 2, 3, 4)" in (
        response.content.decode()
    )


def test_the_page_credits_every_line_with_the_tick(client_a, too_much):
    response = client_a.post(
        reverse("awards:upload_confirm", args=[too_much.pk]),
        {"above_most_checked": "on"},
        follow=True,
    )
    assert Credit.objects.count() == 4
    too_much.refresh_from_db()
    assert too_much.status == CreditUpload.Status.CREDITED
    assert "Credited 4 lines to" in response.content.decode()


def test_an_upload_within_the_most_needs_no_tick(client_a, club_a):
    player = PlayerFactory(home_club=club_a)
    client_a.post(reverse("awards:upload_new"), form(grn((player.abf_number, 24))))
    upload = CreditUpload.objects.get()
    page = client_a.get(reverse("awards:upload", args=[upload.pk])).content.decode()
    assert "above_most_checked" not in page
    assert "Credit this line</button>" in page
    response = client_a.post(reverse("awards:upload_confirm", args=[upload.pk]), follow=True)
    assert Credit.objects.count() == 1
    assert "Credited 1 line to" in response.content.decode()


def test_the_api_credits_lines_above_the_most_only_when_told_they_were_checked(
    secretary_a, too_much
):
    client = APIClient()
    client.force_authenticate(secretary_a)
    detail = client.get(reverse("upload-detail", args=[too_much.pk])).json()
    assert [line["above_most"] for line in detail["lines"]] == [True] * 4
    refused = client.post(reverse("upload-confirm", args=[too_much.pk]), {}, format="json")
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "above_most_unchecked"
    assert "above_most_checked" in error["fields"]
    assert Credit.objects.count() == 0
    done = client.post(
        reverse("upload-confirm", args=[too_much.pk]), {"above_most_checked": True}, format="json"
    )
    assert done.status_code == 200, done.json()
    assert done.json()["status"] == "credited"
    assert Credit.objects.count() == 4
