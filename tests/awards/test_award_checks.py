"""Each line of an upload held against the most its event can pay: a warning above the
winner's award of the event described, a refusal above what any event of the grade could pay
(1.5.1, 4.1-4.4)."""

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.calculator.sessions.ceilings import grade_limit
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from scheme.abf import Event, Field, Session, compute_awards
from tests.awards.conftest import grn, yesterday
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def form(content: bytes, **extra) -> dict:
    return {
        "file": SimpleUploadedFile("tuesday.grn", content),
        "name": "Tuesday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "E",
        "kind": "pairs",
        "sessions": "1",
        **extra,
    }


@pytest.fixture
def members(club_a):
    return PlayerFactory.create_batch(2, home_club=club_a)


def test_ten_green_points_for_one_club_session_are_warned_with_the_most_it_can_pay(
    client_a, members
):
    winner, other = members
    content = grn((winner.abf_number, 1000), (other.abf_number, 72))
    response = client_a.post(reverse("awards:upload_new"), form(content, tables="12"))
    assert response.status_code == 302
    upload = CreditUpload.objects.get()
    page = client_a.get(response["Location"]).content.decode()
    # The most: the winner of a 12-table grade E Howell, 0.72 (Table 2B, weight 1.5).
    assert "The most this event can pay one player: <strong>0.72</strong>" in page
    assert (
        f"Line 1: {winner.abf_number} {winner.given_names} {winner.family_name} is given 10.00, "
        "above the most this event can pay: 0.72 (the winner's award of its one session "
        "of a grade E pairs event, a Howell of 12 tables, by the award rules)."
    ) in upload.preview["warnings"]
    # The page says it once, and flags the line in a word.
    assert "1 line above the most this event can pay one player (0.72)" in page
    warned = [line for line in upload.preview["lines"] if line["warning"]]
    assert [line["line"] for line in warned] == [1]
    assert page.count("data-line-warning") == 1
    # A warning, not a refusal: the secretary may still credit it, once it is checked.
    client_a.post(reverse("awards:upload_confirm", args=[upload.pk]), {"above_most_checked": "on"})
    assert Credit.objects.count() == 2


def test_the_winner_of_a_twelve_table_howell_is_not_warned(client_a, members):
    awards = compute_awards(
        Event(
            grade="E",
            kind="pairs",
            sessions=[Session(fields=[Field("howell", 12, [["W"], ["X"]])])],
        )
    )
    assert awards["W"].total == Decimal("0.72")  # the calculator's award, the most the event pays
    content = grn((members[0].abf_number, 72), (members[1].abf_number, 50))
    response = client_a.post(
        reverse("awards:upload_new"), form(content, tables="12", movement="howell")
    )
    assert response.status_code == 302
    upload = CreditUpload.objects.get()
    assert upload.preview["most"]["points"] == 72
    assert upload.preview["warnings"] == []
    assert all(line["warning"] == "" for line in upload.preview["lines"])
    page = client_a.get(response["Location"]).content.decode()
    assert "data-line-warning" not in page


def test_a_mitchell_pays_its_winner_half_a_howell_and_sessions_add_up(client_a, members):
    content = grn((members[0].abf_number, 72))
    client_a.post(reverse("awards:upload_new"), form(content, tables="12", movement="mitchell"))
    upload = CreditUpload.objects.get()
    assert upload.preview["most"]["points"] == 36  # one direction's winner (Table 1B)
    assert "Line 1:" in upload.preview["warnings"][0]
    # Three sessions of the same Howell: 3 x 0.72 and the outright 1.32 (4.3.1).
    content = grn((members[1].abf_number, 348))
    client_a.post(
        reverse("awards:upload_new"),
        form(content, name="Tuesday three-session pairs", tables="12", sessions="3"),
    )
    upload = CreditUpload.objects.latest("pk")
    assert upload.preview["most"]["points"] == 348
    assert upload.preview["warnings"] == []


def test_an_award_no_grade_e_event_could_pay_is_refused_naming_the_line(client_a, members):
    limit = grade_limit("E").points
    content = grn((members[0].abf_number, 50), (members[1].abf_number, limit + 1))
    # Refused whether or not the event's tables are given.
    for extra in ({}, {"tables": "12"}):
        response = client_a.post(reverse("awards:upload_new"), form(content, **extra))
        assert response.status_code == 400
        page = response.content.decode()
        assert "Line 2:" in page
        assert "more than any grade E event can pay one player" in page
        assert not CreditUpload.objects.exists()


def test_the_grade_limit_is_above_any_real_event_and_below_the_file_format_limit():
    # The national congresses' largest events pay far less; a 13-digit line holds 9999.99.
    assert 5000 < grade_limit("E").points < grade_limit("A").points <= 999999


def test_tables_the_rules_cannot_take_are_named(client_a, members):
    content = grn((members[0].abf_number, 30))
    response = client_a.post(
        reverse("awards:upload_new"), form(content, tables="3", movement="mitchell")
    )
    assert response.status_code == 400
    assert "Mitchell pairs fields need at least 4 tables (4.4.3)." in response.content.decode()
    assert not CreditUpload.objects.exists()


def test_without_the_tables_nothing_is_warned(client_a, members):
    response = client_a.post(reverse("awards:upload_new"), form(grn((members[0].abf_number, 1000))))
    assert response.status_code == 302
    upload = CreditUpload.objects.get()
    assert upload.preview["most"] is None and upload.preview["warnings"] == []


def test_sundry_entries_are_warned_in_the_same_preview(client_a, club_b):
    visitor = PlayerFactory(home_club=club_b)
    response = client_a.post(
        reverse("awards:sundry"),
        {
            "name": "Wednesday pairs",
            "starts_on": yesterday().isoformat(),
            "grade": "E",
            "kind": "pairs",
            "sessions": "1",
            "tables": "12",
            "abf-1": visitor.abf_number,
            "points-1": "10.00",
        },
    )
    assert response.status_code == 302, response.content.decode()
    upload = CreditUpload.objects.get()
    assert upload.source == "sundry"
    page = client_a.get(response["Location"]).content.decode()
    assert "above the most this event can pay: 0.72" in page


def test_cpar_entries_are_warned_in_the_same_preview(client_a, members):
    response = client_a.post(
        reverse("awards:cpar"),
        {
            "name": "Tuesday pairs",
            "starts_on": yesterday().isoformat(),
            "grade": "E",
            "kind": "pairs",
            "sessions": "1",
            "tables": "12",
            f"points-{members[0].abf_number}": "10.00",
        },
    )
    assert response.status_code == 302, response.content.decode()
    page = client_a.get(response["Location"]).content.decode()
    assert "above the most this event can pay: 0.72" in page


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_answers_the_most_and_a_warning_on_each_line_above_it(secretary_a, members):
    winner, other = members
    response = api(secretary_a).post(
        reverse("upload-check"),
        {
            "file": SimpleUploadedFile(
                "t.grn", grn((winner.abf_number, 1000), (other.abf_number, 72))
            ),
            "name": "Tuesday pairs",
            "starts_on": yesterday().isoformat(),
            "grade": "E",
            "tables": "12",
            "movement": "howell",
        },
        format="multipart",
    )
    assert response.status_code == 201, response.json()
    answer = response.json()
    assert answer["most"]["points"] == 72
    assert "Howell of 12 tables" in answer["most"]["how"]
    by_line = {line["line"]: line for line in answer["lines"]}
    assert by_line[1]["warning"].startswith("above the most this event can pay: 0.72")
    assert by_line[2]["warning"] == ""
    assert by_line[1]["most"] == 72
    assert answer["warnings"] == [
        f"Line 1: {winner.abf_number} {winner.given_names} {winner.family_name} is given 10.00, "
        f"{by_line[1]['warning']}."
    ]


def test_the_api_refuses_an_impossible_line_and_a_bad_movement(secretary_a, members):
    content = grn((members[0].abf_number, grade_limit("E").points + 1))
    fields = {"name": "T", "starts_on": yesterday().isoformat(), "grade": "E"}
    response = api(secretary_a).post(
        reverse("upload-check"),
        {"file": SimpleUploadedFile("t.grn", content), **fields},
        format="multipart",
    )
    assert response.status_code == 400
    assert "more than any grade E event" in response.json()["error"]["fields"]["lines.1"][0]
    response = api(secretary_a).post(
        reverse("upload-check"),
        {
            "file": SimpleUploadedFile("t.grn", grn((members[0].abf_number, 10))),
            "movement": "x",
            **fields,
        },
        format="multipart",
    )
    assert response.status_code == 400
    assert "movement" in response.json()["error"]["fields"]
    assert not CreditUpload.objects.exists()


def test_teams_matches_need_the_boards_and_pay_by_them(secretary_a, members):
    fields = {
        "name": "Teams",
        "starts_on": yesterday().isoformat(),
        "grade": "E",
        "kind": "teams",
        "tables": "10",
        "movement": "matches",
    }
    content = grn((members[0].abf_number, 20))
    response = api(secretary_a).post(
        reverse("upload-check"),
        {"file": SimpleUploadedFile("t.grn", content), **fields},
        format="multipart",
    )
    assert response.status_code == 400
    assert "boards" in response.json()["error"]["fields"]["event.boards"][0]
    response = api(secretary_a).post(
        reverse("upload-check"),
        {"file": SimpleUploadedFile("t.grn", content), "boards": "24", **fields},
        format="multipart",
    )
    assert response.status_code == 201, response.json()
    # 4.2.3: 0.008 a board at teams weight 1.0, 24 boards: 0.192, 0.19.
    assert response.json()["most"]["points"] == 19
    assert response.json()["lines"][0]["warning"].startswith("above the most")


def test_centre_staff_are_warned_not_refused_above_any_events_award(staff_client, club_a):
    player = PlayerFactory(home_club=club_a)
    limit = grade_limit("E").points
    response = staff_client.post(
        reverse("awards:upload_new"),
        form(grn((player.abf_number, limit + 1)), organiser="national"),
    )
    assert response.status_code == 302, response.content.decode()
    upload = CreditUpload.objects.get()
    assert "more than any grade E event can pay one player" in upload.preview["warnings"][0]
