"""Club pages: the secretary's club details, the centre's club list, the club report."""

import csv
import io

import pytest
from django.core import mail
from pypdf import PdfReader

from players.models import Alternate
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

DETAILS = {
    "secretary_name": "New Secretary",
    "secretary_email": "new.secretary@example.org",
    "postal_address": "PO Box 1, Sydney NSW 2000",
}


def test_secretary_email_change_is_sent_to_old_and_new_address(
    client_a, club_a, django_capture_on_commit_callbacks
):
    old = club_a.secretary_email

    with django_capture_on_commit_callbacks(execute=True):
        response = client_a.post("/club/details/", DETAILS)

    assert response.status_code == 302
    club_a.refresh_from_db()
    assert club_a.secretary_email == "new.secretary@example.org"
    assert sorted(m.to[0] for m in mail.outbox) == sorted([old, "new.secretary@example.org"])
    assert "new.secretary@example.org" in mail.outbox[0].body


def test_secretary_change_without_new_email_goes_to_the_secretary_only(
    client_a, club_a, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client_a.post("/club/details/", {**DETAILS, "secretary_email": club_a.secretary_email})

    assert [m.to for m in mail.outbox] == [[club_a.secretary_email]]


def test_secretary_cannot_change_the_clubs_name_or_number(client_a, club_a):
    client_a.post("/club/details/", {**DETAILS, "name": "Renamed", "number": 999})

    club_a.refresh_from_db()
    assert (club_a.name, club_a.number) == ("Club A", 201)


def test_bad_secretary_email_is_refused(client_a, club_a):
    response = client_a.post("/club/details/", {**DETAILS, "secretary_email": "nope"})

    assert response.status_code == 200
    assert "Enter a valid email address" in response.content.decode()
    club_a.refresh_from_db()
    assert club_a.secretary_email != "nope"


def test_staff_edit_any_club(staff_client, club_b, state_a):
    response = staff_client.post(
        f"/clubs/{club_b.number}/edit/",
        {
            "name": "Club B Renamed",
            "state": state_a.pk,
            "kind": "ordinary",
            **DETAILS,
            "affiliated": "on",
            "sessions_per_year": "150",
            "remote": "on",
            "founded_year": "1972",
        },
    )

    assert response.status_code == 302
    club_b.refresh_from_db()
    assert (club_b.name, club_b.state, club_b.remote, club_b.sessions_per_year) == (
        "Club B Renamed",
        state_a,
        True,
        150,
    )


def test_staff_list_shows_every_club(staff_client, club_a, club_b):
    body = staff_client.get("/clubs/").content.decode()

    assert club_a.name in body and club_b.name in body


@pytest.fixture
def members(club_a, club_b):
    home = PlayerFactory(home_club=club_a, family_name="Homeperson", email="h@example.org")
    alternate = PlayerFactory(home_club=club_b, family_name="Altperson", birth_year=1933)
    Alternate.objects.create(player=alternate, club=club_a)
    PlayerFactory(home_club=club_b, family_name="Stranger")
    PlayerFactory(home_club=None, status="deceased", family_name="Departed").alternates.create(
        club=club_a
    )
    return home, alternate


def test_club_report_page_lists_home_members_and_alternates(client_a, members):
    body = client_a.get("/clubs/201/report/").content.decode()

    assert "Homeperson" in body and "Altperson" in body
    assert "Stranger" not in body and "Departed" not in body
    assert "1933" not in body


def test_club_report_csv(client_a, members):
    home, alternate = members
    response = client_a.get("/clubs/201/report.csv")

    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert response["Content-Type"].startswith("text/csv")
    assert [(r["ABF number"], r["Membership"]) for r in rows] == [
        (home.abf_number, "Home"),
        (alternate.abf_number, "Alternate"),
    ]


def test_club_report_pdf(client_a, members):
    home, alternate = members
    response = client_a.get("/clubs/201/report.pdf")

    assert response["Content-Type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(response.content)).pages
    pdf_text = "".join(page.extract_text() for page in pages)
    assert home.abf_number in pdf_text and alternate.abf_number in pdf_text
    assert "Stranger" not in pdf_text


def test_state_secretary_reads_the_report_of_a_club_of_the_state(state_client_a, members):
    assert "Homeperson" in state_client_a.get("/clubs/201/report/").content.decode()


@pytest.mark.parametrize("suffix", ["report/", "report.csv", "report.pdf"])
def test_report_of_a_club_elsewhere_is_not_found(client_b, state_client_b, members, suffix):
    assert client_b.get(f"/clubs/201/{suffix}").status_code == 404
    assert state_client_b.get(f"/clubs/201/{suffix}").status_code == 404


def test_staff_add_a_club_and_a_state_and_change_the_state(staff_client, state_a):
    from clubs.models import Club, State

    staff_client.post("/states/new/", {"code": "tas", "name": "Tasmania"})
    tas = State.objects.get(code="TAS")
    staff_client.post(
        "/clubs/new/",
        {
            "number": 701,
            "name": "Hobart Bridge Club",
            "state": tas.pk,
            "kind": "ordinary",
            "secretary_email": "hobart@example.org",
            "sessions_per_year": "100",
            "affiliated": "on",
        },
    )
    staff_client.post("/states/TAS/edit/", {"name": "Tasmania", "requires_authorisation": ""})

    assert Club.objects.get(number=701).state == tas
    tas.refresh_from_db()
    assert tas.requires_authorisation is False


def test_a_club_number_in_use_is_refused(staff_client, club_a, state_a):
    from clubs.models import Club

    response = staff_client.post(
        "/clubs/new/", {"number": 201, "name": "Copy", "state": state_a.pk, "kind": "ordinary"}
    )

    assert "already exists" in response.content.decode()
    assert Club.objects.filter(number=201).get().name == "Club A"
