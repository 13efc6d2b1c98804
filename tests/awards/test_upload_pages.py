"""The upload pages (App. E): check, preview, confirm, cancel; who may see what."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from tests.awards.conftest import grn, yesterday
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def form(content: bytes, name: str = "monday.grn", grade: str = "E", **extra) -> dict:
    return {
        "file": SimpleUploadedFile(name, content),
        "name": "Monday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": grade,
        "kind": "pairs",
        "sessions": "1",
        **extra,
    }


@pytest.fixture
def members(club_a):
    return PlayerFactory.create_batch(2, home_club=club_a)


def test_secretary_checks_a_file_sees_the_preview_and_credits_it(client_a, members):
    p1, p2 = members
    response = client_a.post(
        reverse("awards:upload_new"), form(grn((p1.abf_number, 42), (p2.abf_number, 145)))
    )
    upload = CreditUpload.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("awards:upload", args=[upload.pk])
    preview = client_a.get(response["Location"]).content.decode()
    assert p1.family_name in preview
    assert "1.87" in preview  # the green total
    assert "<td>201</td>" in preview  # each line names the player's home club
    assert not Credit.objects.exists()
    client_a.post(reverse("awards:upload_confirm", args=[upload.pk]))
    assert Credit.objects.count() == 2
    page = client_a.get(reverse("awards:upload", args=[upload.pk])).content.decode()
    assert "Credited" in page


def test_bad_file_lists_every_bad_line_and_stores_nothing(client_a, members):
    content = grn((members[0].abf_number, 42)) + b"12345\r\n" + b"01234X6000042\r\n"
    response = client_a.post(reverse("awards:upload_new"), form(content))
    assert response.status_code == 400
    page = response.content.decode()
    assert "Line 2: The line has 5 digits" in page
    assert "Line 3: Character 6 is &#x27;X&#x27;, not a digit." in page
    assert "Nothing was credited" in page
    assert not CreditUpload.objects.exists()


def test_upload_left_unconfirmed_is_kept_and_offered_again(client_a, members):
    client_a.post(reverse("awards:upload_new"), form(grn((members[0].abf_number, 42))))
    page = client_a.get(reverse("awards:upload_new")).content.decode()
    assert "waiting for your confirmation" in page
    assert "monday.grn" in page


def test_cancelled_upload_credits_nothing(client_a, members):
    client_a.post(reverse("awards:upload_new"), form(grn((members[0].abf_number, 42))))
    upload = CreditUpload.objects.get()
    client_a.post(reverse("awards:upload_cancel", args=[upload.pk]))
    upload.refresh_from_db()
    assert upload.status == CreditUpload.Status.CANCELLED
    client_a.post(reverse("awards:upload_confirm", args=[upload.pk]))
    assert not Credit.objects.exists()


def test_another_club_cannot_see_confirm_or_cancel_the_upload(client_a, client_b, members):
    client_a.post(reverse("awards:upload_new"), form(grn((members[0].abf_number, 42))))
    upload = CreditUpload.objects.get()
    assert client_b.get(reverse("awards:upload", args=[upload.pk])).status_code == 404
    assert client_b.post(reverse("awards:upload_confirm", args=[upload.pk])).status_code == 404
    assert client_b.post(reverse("awards:upload_cancel", args=[upload.pk])).status_code == 404
    assert "monday.grn" not in client_b.get(reverse("awards:uploads")).content.decode()
    upload.refresh_from_db()
    assert upload.status == CreditUpload.Status.CHECKED


def test_club_is_not_offered_grades_it_may_not_issue(client_a, members):
    page = client_a.get(reverse("awards:upload_new")).content.decode()
    assert 'value="E"' in page
    assert 'value="B4"' not in page
    assert 'value="A"' not in page
    response = client_a.post(
        reverse("awards:upload_new"), form(grn((members[0].abf_number, 42)), "x.gld", "A")
    )
    assert response.status_code == 200  # the form refuses the grade
    assert not CreditUpload.objects.exists()


def test_anonymous_visitor_cannot_upload(anonymous_client):
    response = anonymous_client.get(reverse("awards:upload_new"))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_cpar_lists_home_members_and_alternates_and_credits_through_the_same_checks(
    client_a, club_a, club_b, members
):
    from players.models import Alternate

    visitor = PlayerFactory(home_club=club_b)
    Alternate.objects.create(player=visitor, club=club_a)
    outsider = PlayerFactory(home_club=club_b)
    page = client_a.get(reverse("awards:cpar")).content.decode()
    assert members[0].abf_number in page
    assert visitor.abf_number in page
    assert outsider.abf_number not in page
    response = client_a.post(
        reverse("awards:cpar"),
        {
            "name": "Tuesday pairs",
            "starts_on": yesterday().isoformat(),
            "grade": "E",
            "kind": "pairs",
            "sessions": "1",
            f"points-{members[0].abf_number}": "0.42",
            f"points-{visitor.abf_number}": "1.5",
        },
    )
    upload = CreditUpload.objects.get()
    assert response["Location"] == reverse("awards:upload", args=[upload.pk])
    assert upload.source == "cpar"
    assert upload.total_of("green") == 192
    client_a.post(reverse("awards:upload_confirm", args=[upload.pk]))
    assert sorted(Credit.objects.values_list("points", "source")) == [(42, "cpar"), (150, "cpar")]


def test_cpar_points_with_three_decimals_are_refused(client_a, members):
    response = client_a.post(
        reverse("awards:cpar"),
        {
            "name": "Tuesday pairs",
            "starts_on": yesterday().isoformat(),
            "grade": "E",
            "kind": "pairs",
            "sessions": "1",
            f"points-{members[0].abf_number}": "0.425",
        },
    )
    assert response.status_code == 400
    assert "points have at most two decimals" in response.content.decode()
    assert not CreditUpload.objects.exists()


def test_sundry_takes_any_player_and_reports_an_unknown_number(client_a, club_b):
    visitor = PlayerFactory(home_club=club_b)
    data = {
        "name": "Wednesday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "E",
        "kind": "pairs",
        "sessions": "1",
        "abf-1": visitor.abf_number,
        "points-1": "0.30",
        "abf-2": "0000019",
        "points-2": "0.10",
    }
    response = client_a.post(reverse("awards:sundry"), data)
    assert response.status_code == 400
    assert "no player has the ABF number 0000019" in response.content.decode()
    data.pop("abf-2")
    data.pop("points-2")
    response = client_a.post(reverse("awards:sundry"), data)
    upload = CreditUpload.objects.get()
    assert upload.source == "sundry"
    assert upload.preview["lines"][0]["abf_number"] == visitor.abf_number


def test_cpar_is_for_club_secretaries_only(state_client_a, staff_client):
    assert state_client_a.get(reverse("awards:cpar")).status_code == 403
    assert staff_client.get(reverse("awards:cpar")).status_code == 403


def test_state_secretary_issues_an_authorisation_for_a_club_of_the_state(
    state_client_a, state_client_b, club_a
):
    response = state_client_a.post(
        reverse("awards:authorisations"),
        {"club_number": "201", "event_name": "Red pairs", "grade": "B4c", "amount": "12.50"},
    )
    assert response.status_code == 302
    page = state_client_a.get(reverse("awards:authorisations")).content.decode()
    assert "NSW-" in page
    assert "12.50" in page
    # Another state's secretary sees none of it and cannot issue for club A.
    assert "Red pairs" not in state_client_b.get(reverse("awards:authorisations")).content.decode()
    response = state_client_b.post(
        reverse("awards:authorisations"),
        {"club_number": "201", "event_name": "Red pairs", "grade": "B4c", "amount": "1"},
    )
    assert "No club of your state has that number" in response.content.decode()


def test_club_secretary_may_not_issue_authorisations(client_a):
    assert client_a.get(reverse("awards:authorisations")).status_code == 403
    assert client_a.get(reverse("awards:b4c")).status_code == 403


def test_staff_credit_reciprocity_points_through_the_page(staff_client, club_a):
    player = PlayerFactory(home_club=club_a)
    response = staff_client.post(
        reverse("awards:reciprocity"),
        {
            "abf_number": player.abf_number,
            "kind": "nz:B",
            "amount": "4",
            "event_name": "NZ Congress",
            "won_on": "2026-03-01",
        },
    )
    assert response.status_code == 302
    credit = Credit.objects.get()
    assert (credit.colour, credit.points) == ("red", 400)


def test_secretaries_may_not_credit_reciprocity(client_a, state_client_a):
    assert client_a.get(reverse("awards:reciprocity")).status_code == 403
    assert state_client_a.get(reverse("awards:reciprocity")).status_code == 403


def test_an_upload_checked_before_its_lines_were_kept_as_rows_shows_and_credits_them(
    client_a, members
):
    p1, p2 = members
    client_a.post(
        reverse("awards:upload_new"), form(grn((p1.abf_number, 42), (p2.abf_number, 145)))
    )
    upload = CreditUpload.objects.get()
    lines = upload.preview["lines"]
    # As such a preview was stored: each line an object of its own.
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {CreditUpload._meta.db_table} SET preview = %s WHERE id = %s",  # noqa: S608
            [json.dumps({**upload.preview, "lines": lines}), upload.pk],
        )

    page = client_a.get(reverse("awards:upload", args=[upload.pk])).content.decode()
    assert p1.family_name in page and p2.family_name in page
    client_a.post(reverse("awards:upload_confirm", args=[upload.pk]))
    assert sorted(Credit.objects.values_list("points", flat=True)) == [42, 145]
