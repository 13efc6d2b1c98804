"""A club's details keep a history of who changed what, and when, as a player's do (guide F4:
"An email will be sent to your Masterpoint Secretary in respect of all changes made")."""

from datetime import date

import pytest
from django.core import mail

from clubs.models import ClubChange
from clubs.services import club_update

pytestmark = pytest.mark.django_db

DETAILS = {
    "secretary_name": "New Secretary",
    "secretary_email": "new.secretary@example.org",
    "postal_address": "PO Box 1, Sydney NSW 2000",
}


def test_a_secretarys_change_is_kept_with_who_and_when(client_a, club_a, secretary_a):
    old_email = club_a.secretary_email
    assert client_a.post("/club/details/", DETAILS).status_code == 302
    change = ClubChange.objects.get(club=club_a)
    assert change.by == secretary_a and change.action == "update"
    assert change.changes["secretary_email"] == [old_email, "new.secretary@example.org"]
    assert change.changes["secretary_name"][1] == "New Secretary"
    page = client_a.get("/club/details/").content.decode()
    assert "secretary-a" in page and "new.secretary@example.org" in page


def test_nothing_changed_records_nothing(client_a, club_a):
    same = {
        "secretary_name": club_a.secretary_name,
        "secretary_email": club_a.secretary_email,
        "postal_address": club_a.postal_address,
    }
    client_a.post("/club/details/", same)
    assert not ClubChange.objects.exists()


def test_a_refused_change_records_nothing(client_a, club_a):
    client_a.post("/club/details/", {**DETAILS, "secretary_email": ""})
    assert not ClubChange.objects.exists()


def test_staff_changes_and_new_clubs_are_kept_and_shown_to_staff(staff_client, staff, club_a):
    answer = staff_client.post(
        "/clubs/new/",
        {
            "number": 777,
            "name": "Harbour Bridge Club",
            "state": club_a.state_id,
            "kind": "ordinary",
            "secretary_email": "sec@example.org",
            "sessions_per_year": 50,
        },
    )
    assert answer.status_code == 302, answer.content.decode()
    created = ClubChange.objects.get(club__number=777)
    assert created.action == "create" and created.by == staff
    assert created.changes["name"] == [None, "Harbour Bridge Club"]
    page = staff_client.get("/clubs/777/edit/").content.decode()
    assert "Harbour Bridge Club" in page and "create" in page


def test_another_clubs_secretary_sees_no_history_of_club_a(client_b, club_a):
    assert client_b.get(f"/clubs/{club_a.number}/edit/").status_code == 403


@pytest.mark.parametrize(("code", "written"), [("abf", "1 March 2020"), ("acbl", "March 1, 2020")])
def test_a_changed_day_is_read_as_the_federation_writes_it(
    settings, staff_client, staff, club_a, django_capture_on_commit_callbacks, code, written
):
    settings.MASTERPOINT_SCHEME = code
    with django_capture_on_commit_callbacks(execute=True):
        club_update(club=club_a, by=staff, data={"affiliated_since": date(2020, 3, 1)})

    page = staff_client.get(f"/clubs/{club_a.number}/edit/").content.decode()
    assert f"affiliated_since: (none) → {written}" in page
    (message,) = mail.outbox
    assert f"affiliated_since: (none) -> {written}" in message.body
    assert "2020-03-01" not in page + message.body
