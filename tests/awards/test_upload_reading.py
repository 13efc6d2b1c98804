"""One rule for reading an upload, on its page and in the API: its maker and staff; a state
secretary also its organisers' uploads and those run in the state's name (5.4.1); nobody
else, who finds nothing (404). Only the maker (or staff) credits or cancels it."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.intake.models import CreditUpload
from tests.awards.conftest import grn, yesterday
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def organisers_upload(organiser_a, club_a) -> CreditUpload:
    player = PlayerFactory(home_club=club_a)
    checked = _api(organiser_a).post(
        reverse("upload-check"),
        {
            "file": SimpleUploadedFile("final.gld", grn((player.abf_number, 18))),
            "name": "GNOT Region 3 final",
            "starts_on": yesterday().isoformat(),
            "grade": "A2",
        },
        format="multipart",
    )
    assert checked.status_code == 201, checked.json()
    return CreditUpload.objects.get(pk=checked.json()["id"])


def test_the_state_secretary_reads_its_organisers_upload_on_the_page_and_in_the_api(
    organisers_upload, state_secretary_a, state_client_a
):
    page = state_client_a.get(reverse("awards:upload", args=[organisers_upload.pk]))
    detail = _api(state_secretary_a).get(reverse("upload-detail", args=[organisers_upload.pk]))
    listed = _api(state_secretary_a).get(reverse("uploads"))

    assert page.status_code == detail.status_code == listed.status_code == 200
    assert detail.json()["id"] == organisers_upload.pk
    assert [u["id"] for u in listed.json()["results"]] == [organisers_upload.pk]


def test_the_state_secretary_neither_confirms_nor_cancels_its_organisers_upload(
    organisers_upload, state_secretary_a
):
    client = _api(state_secretary_a)

    confirm = client.post(reverse("upload-confirm", args=[organisers_upload.pk]))
    cancel = client.post(reverse("upload-cancel", args=[organisers_upload.pk]))

    assert confirm.status_code == cancel.status_code == 404
    organisers_upload.refresh_from_db()
    assert organisers_upload.status == CreditUpload.Status.CHECKED


@pytest.mark.parametrize(
    ("login", "client"), [("state_secretary_b", "state_client_b"), ("secretary_b", "client_b")]
)
def test_another_state_or_club_finds_the_upload_neither_on_the_page_nor_in_the_api(
    request, organisers_upload, login, client
):
    page = request.getfixturevalue(client).get(
        reverse("awards:upload", args=[organisers_upload.pk])
    )
    detail = _api(request.getfixturevalue(login)).get(
        reverse("upload-detail", args=[organisers_upload.pk])
    )

    assert page.status_code == detail.status_code == 404
