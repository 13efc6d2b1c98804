"""The largest event the calculator takes, the largest credit file an upload takes, and bad
parameters of the awards pages and API: each refused with 400 (or 413) naming what is wrong,
before any work is done."""

import copy

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from awards.authorisations.models import Authorisation
from awards.intake.limits import MAX_CREDIT_FILE_LINES
from awards.intake.models import CreditUpload
from centre.models import Period
from tests.awards.conftest import grn, upload_and_confirm, yesterday
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

CALCULATOR = "/api/v1/calculator/awards"
TOO_BIG = 2**31


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def pairs(tables=7, sessions=1) -> dict:
    return {
        "grade": "E",
        "kind": "pairs",
        "sessions": [
            {"fields": [{"movement": "howell", "tables": tables, "ranking": [["A"], ["B"]]}]}
            for _ in range(sessions)
        ],
    }


def calculate(body: dict):
    return api().post(CALCULATOR, body, format="json")


# --- the calculator ---------------------------------------------------------------------


def test_an_event_of_a_million_tables_is_refused_naming_the_field():
    response = calculate(pairs(tables=999_999))

    assert response.status_code == 400
    fields = response.json()["error"]["fields"]
    assert "at most 1,000 tables" in fields["sessions.0.fields.0.tables"][0]


def test_an_outright_field_of_ten_million_is_refused_naming_the_field():
    body = pairs(sessions=2)
    body["outright"] = {"sessions": 2, "ranking": [["A"], ["B"]], "size": 10**7}

    response = calculate(body)

    assert response.status_code == 400
    assert "outright.size" in response.json()["error"]["fields"]


def test_more_sessions_than_any_event_has_are_refused():
    response = calculate(pairs(sessions=31))

    assert response.status_code == 400
    assert "sessions" in response.json()["error"]["fields"]


def test_an_event_of_the_largest_congress_size_is_worked_out():
    # The Gold Coast Congress: 300 tables of pairs in a session, 15 sessions.
    labels = [[f"P{n}"] for n in range(600)]
    body = {
        "grade": "A",
        "kind": "pairs",
        "sessions": [
            {"fields": [{"movement": "howell", "tables": 300, "ranking": labels}]}
            for _ in range(15)
        ],
        "outright": {"sessions": 15, "ranking": labels},
    }

    response = calculate(body)

    assert response.status_code == 200, response.json()
    assert len(response.json()["contestants"]) == 600


def test_too_many_fields_in_the_sessions_of_an_event_are_refused():
    body = pairs()
    field = body["sessions"][0]["fields"][0]
    body["sessions"][0]["fields"] = [
        {**copy.deepcopy(field), "ranking": [[f"{n}A"], [f"{n}B"]]} for n in range(101)
    ]

    response = calculate(body)

    assert response.status_code == 400
    assert "sessions.0.fields" in response.json()["error"]["fields"]


def test_a_body_larger_than_the_limit_is_refused_with_413_before_it_is_read(settings):
    big = pairs()
    big["sessions"][0]["fields"][0]["ranking"] = [[f"P{n}"] for n in range(200_000)]

    response = calculate(big)

    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


def test_json_nested_fifty_thousand_deep_is_a_400():
    response = api().post(CALCULATOR, "[" * 50_000 + "]" * 50_000, content_type="application/json")

    assert response.status_code == 400
    assert "nested" in response.json()["error"]["message"]


def test_the_calculator_page_refuses_an_event_of_a_million_tables(client):
    response = client.post(
        reverse("awards:calculator"),
        {
            "rules": "ABF-2025",
            "grade": "E",
            "kind": "pairs",
            "session-TOTAL_FORMS": "1",
            "session-INITIAL_FORMS": "0",
            "session-0-movement": "howell",
            "session-0-boards": "26",
            "session-0-tables": "999999",
            "session-0-ranking": "1\n2\n3",
        },
    )

    assert response.status_code == 200
    assert "at most 1,000 tables" in response.content.decode()
    assert response.context["awards"] is None


@pytest.mark.parametrize("total", ["abc", "-1", "99999999999999999999", "\u0663"])
def test_the_calculator_page_refuses_a_bad_session_count_naming_it(client, total):
    response = client.post(
        reverse("awards:calculator"), {"add_session": "1", "session-TOTAL_FORMS": total}
    )

    assert response.status_code == 400
    assert "session-TOTAL_FORMS" in response.content.decode()


def test_the_calculator_page_builds_no_more_sessions_than_the_largest_event(client):
    response = client.post(
        reverse("awards:calculator"),
        {
            "grade": "E",
            "kind": "pairs",
            "session-TOTAL_FORMS": "1000",
            "session-INITIAL_FORMS": "0",
        },
    )

    assert response.status_code == 200
    assert len(response.context["sessions"].forms) <= 30


# --- credit files ----------------------------------------------------------------------


def upload_body(content: bytes, name: str = "monday.grn") -> dict:
    return {
        "file": SimpleUploadedFile(name, content),
        "name": "Monday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "E",
        "kind": "pairs",
        "sessions": 1,
    }


def test_a_credit_file_over_the_line_limit_is_refused_naming_the_file(secretary_a):
    content = b"0123456000042\r\n" * (MAX_CREDIT_FILE_LINES + 1)

    response = api(secretary_a).post(
        reverse("upload-check"), upload_body(content), format="multipart"
    )

    assert response.status_code == 400
    assert "at most 50,000 lines" in response.json()["error"]["fields"]["file"][0]
    assert not CreditUpload.objects.exists()


@override_settings(MAX_UPLOAD_FILE_BYTES=1000)
def test_a_credit_file_over_the_size_limit_is_refused_on_the_page_and_the_api(
    secretary_a, client_a
):
    content = b"0123456000042\r\n" * 100  # 1,500 bytes

    by_api = api(secretary_a).post(
        reverse("upload-check"), upload_body(content), format="multipart"
    )
    by_page = client_a.post(reverse("awards:upload_new"), upload_body(content))

    assert by_api.status_code == 400
    assert "at most 1,000 bytes" in by_api.json()["error"]["fields"]["file"][0]
    assert "at most 1,000 bytes" in by_page.content.decode()
    assert not CreditUpload.objects.exists()


def test_a_fifty_megabyte_upload_is_refused_with_413(secretary_a):
    content = b"0123456000042\r\n" * 3_500_000

    response = api(secretary_a).post(
        reverse("upload-check"), upload_body(content), format="multipart"
    )

    assert response.status_code == 413
    assert not CreditUpload.objects.exists()


def test_a_file_of_bad_lines_lists_the_first_hundred_and_counts_the_rest(secretary_a, client_a):
    content = b"bad line\r\n" * 5000

    response = api(secretary_a).post(
        reverse("upload-check"), upload_body(content), format="multipart"
    )
    page = client_a.post(reverse("awards:upload_new"), upload_body(content))

    error = response.json()["error"]
    assert response.status_code == 400
    assert len(error["fields"]) == 100
    assert "lines.1" in error["fields"] and "lines.101" not in error["fields"]
    assert error["more"] == 4900
    assert "and 4,900 more" in error["message"]
    assert len(response.content) < 20_000
    assert page.status_code == 400
    assert page.content.decode().count("data-line=") == 100
    assert "and 4900 more" in page.content.decode()


# --- bounded numbers and parameters ------------------------------------------------------


def test_an_authorisation_of_two_to_the_31_hundredths_is_refused_naming_amount(
    state_secretary_a, club_a
):
    response = api(state_secretary_a).post(
        reverse("authorisation-issue"),
        {"club": club_a.number, "event_name": "Red pairs", "grade": "B4c", "amount": TOO_BIG},
        format="json",
    )

    assert response.status_code == 400
    assert "amount" in response.json()["error"]["fields"]
    assert not Authorisation.objects.exists()


@pytest.mark.parametrize("points", [TOO_BIG, -TOO_BIG, 2**63])
def test_an_adjustment_beyond_the_bound_is_refused_naming_points(
    staff, secretary_a, club_a, points
):
    player = PlayerFactory(home_club=club_a)
    upload = upload_and_confirm(secretary_a, "a.grn", grn((player.abf_number, 42)))
    credit = upload.credits.get()

    response = api(staff).post(
        reverse("credit-adjust", args=[credit.pk]),
        {"points": points, "reason": "Wrong board"},
        format="json",
    )

    assert response.status_code == 400
    assert "points" in response.json()["error"]["fields"]
    assert upload.credits.count() == 1


@pytest.mark.parametrize("year", ["\u00b2", "\u0663", "abc", "0", "99999"])
def test_a_bad_year_on_the_masterpoints_api_is_a_400_naming_year(client, club_a, year):
    player = PlayerFactory(home_club=club_a)

    response = client.get(f"/api/v1/masterpoints/{player.abf_number}", {"year": year})

    assert response.status_code == 400
    assert "year" in response.json()["error"]["fields"]


@pytest.mark.parametrize("year", ["99999", "99999999999999999999", "0"])
def test_a_bad_year_on_the_b4c_api_is_a_400_naming_year(client, state_a, year):
    response = client.get(f"/api/v1/b4c/NSW/{year}")

    assert response.status_code == 400
    assert "year" in response.json()["error"]["fields"]


@pytest.mark.parametrize("period", ["abc", "-1", "99999999999999999999"])
def test_a_bad_period_on_the_b4c_points_page_is_a_400_naming_period(staff_client, period):
    Period.objects.get_or_create(year=2026, month=1)

    response = staff_client.get(reverse("awards:b4c"), {"period": period})

    assert response.status_code == 400
    assert "period" in response.content.decode()


def test_the_api_schema_documents_the_limits(client):
    schema = client.get("/api/schema/").content.decode()

    assert "at most 30 sessions" in schema
    assert "1,000 tables a field" in schema
    assert "50,000 lines" in schema
    assert "413" in schema
