"""The upload API: the same two steps for programs, with the one error shape."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.authorisations.models import Authorisation
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from tests.awards.conftest import grn, yesterday
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def body(content: bytes, name: str = "monday.grn", grade: str = "E", **extra) -> dict:
    return {
        "file": SimpleUploadedFile(name, content),
        "name": "Monday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": grade,
        **extra,
    }


@pytest.fixture
def members(club_a):
    return PlayerFactory.create_batch(2, home_club=club_a)


def test_program_checks_then_confirms_a_file(secretary_a, members):
    client = api(secretary_a)
    response = client.post(
        reverse("upload-check"),
        body(grn((members[0].abf_number, 42), (members[1].abf_number, 8))),
        format="multipart",
    )
    assert response.status_code == 201
    upload = response.json()
    assert upload["status"] == "checked"
    assert upload["totals"]["green"] == 50
    assert upload["lines"][0]["abf_number"] == members[0].abf_number
    confirmed = client.post(reverse("upload-confirm", args=[upload["id"]]))
    assert confirmed.status_code == 200
    assert confirmed.json()["status"] == "credited"
    assert Credit.objects.count() == 2
    again = client.post(reverse("upload-confirm", args=[upload["id"]]))
    assert again.status_code == 400
    assert Credit.objects.count() == 2


def test_bad_lines_come_back_under_their_line_numbers(secretary_a, members):
    response = api(secretary_a).post(
        reverse("upload-check"),
        body(grn((members[0].abf_number, 42)) + b"0123\r\n" + grn((members[0].abf_number, 1))),
        format="multipart",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert error["fields"]["lines.2"] == [
        "The line has 4 digits; this file's lines have exactly 13."
    ]
    assert "already credited on line 1" in error["fields"]["lines.3"][0]
    assert not CreditUpload.objects.exists()


def test_repeat_file_is_refused_with_a_link_to_the_first_and_a_club_may_not_intend_it(
    secretary_a, members
):
    client = api(secretary_a)
    content = grn((members[0].abf_number, 42))
    first = client.post(reverse("upload-check"), body(content), format="multipart")
    assert first.status_code == 201
    response = client.post(reverse("upload-check"), body(content), format="multipart")
    error = response.json()["error"]
    assert response.status_code == 400
    assert f"upload {first.json()['id']}" in error["fields"]["duplicate"][0]
    assert error["links"] == {"duplicate": reverse("upload-detail", args=[first.json()["id"]])}
    response = client.post(
        reverse("upload-check"),
        body(content, intended="true", intended_reason="again"),
        format="multipart",
    )
    assert response.status_code == 400
    assert "only centre staff" in response.json()["error"]["fields"]["intended"][0]
    assert CreditUpload.objects.count() == 1


def test_another_clubs_upload_is_not_found(secretary_a, secretary_b, members):
    upload = (
        api(secretary_a)
        .post(reverse("upload-check"), body(grn((members[0].abf_number, 42))), format="multipart")
        .json()
    )
    other = api(secretary_b)
    assert other.get(reverse("upload-detail", args=[upload["id"]])).status_code == 404
    assert other.post(reverse("upload-confirm", args=[upload["id"]])).status_code == 404
    assert other.post(reverse("upload-cancel", args=[upload["id"]])).status_code == 404
    assert other.get(reverse("uploads")).json()["results"] == []
    assert not Credit.objects.exists()


def test_anonymous_program_is_refused(members):
    response = APIClient().post(
        reverse("upload-check"), body(grn((members[0].abf_number, 42))), format="multipart"
    )
    assert response.status_code in (401, 403)
    assert not CreditUpload.objects.exists()


def test_cancel_through_the_api(secretary_a, members):
    client = api(secretary_a)
    upload = client.post(
        reverse("upload-check"), body(grn((members[0].abf_number, 42))), format="multipart"
    ).json()
    assert (
        client.post(reverse("upload-cancel", args=[upload["id"]])).json()["status"] == "cancelled"
    )
    assert client.post(reverse("upload-confirm", args=[upload["id"]])).status_code == 400


def test_state_secretary_issues_authorisations_through_the_api(
    state_secretary_a, secretary_a, club_a, club_b
):
    client = api(state_secretary_a)
    response = client.post(
        reverse("authorisation-issue"),
        {"club": 201, "event_name": "Red pairs", "grade": "B4c", "amount": 750},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["number"].startswith("NSW-")
    refused = client.post(
        reverse("authorisation-issue"),
        {"club": 301, "event_name": "Red pairs", "grade": "B4c", "amount": 750},
        format="json",
    )
    assert refused.status_code == 400
    assert api(secretary_a).get(reverse("authorisations")).status_code == 403
    assert Authorisation.objects.count() == 1


def test_schema_documents_the_upload_operations(staff):
    response = api(staff).get(reverse("api-schema"))
    assert response.status_code == 200
    text = response.content.decode()
    assert "/api/v1/uploads/check" in text
    assert "/api/v1/masterpoints/lookup" in text


def test_club_adjusts_its_own_credit_but_never_another_clubs(secretary_a, secretary_b, members):
    from tests.awards.conftest import upload_and_confirm

    upload_and_confirm(secretary_a, "m.grn", grn((members[0].abf_number, 100)))
    credit = Credit.objects.get()
    refused = api(secretary_b).post(
        reverse("credit-adjust", args=[credit.pk]), {"points": -10, "reason": "x"}, format="json"
    )
    assert refused.status_code == 404
    response = api(secretary_a).post(
        reverse("credit-adjust", args=[credit.pk]),
        {"points": -10, "reason": "Board 7 misscored"},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["source"] == "adjustment"
    credit.refresh_from_db()
    assert credit.points == 100
    assert sum(Credit.objects.values_list("points", flat=True)) == 90
    no_reason = api(secretary_a).post(
        reverse("credit-adjust", args=[credit.pk]), {"points": -10, "reason": " "}, format="json"
    )
    assert no_reason.status_code == 400
