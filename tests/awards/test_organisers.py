"""Who ran an event: state secretaries upload congresses (5.4.1), which may be run by a club."""

import pytest
from rest_framework.test import APIClient

from awards.ledger.models import Event
from billing.models import Invoice
from operations.services import month_close
from tests.awards.conftest import grn, yesterday
from tests.factories import ClubFactory, PlayerFactory


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def upload(client, content: bytes, **fields):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = {
        "file": SimpleUploadedFile("congress.red", content),
        "name": "Autumn Congress Open Pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "B4",
        **fields,
    }
    return client.post("/api/v1/uploads/check", data, format="multipart")


@pytest.fixture
def congress_club(state_a):
    return ClubFactory(number=222, name="Congress Club", state=state_a)


def test_a_congress_run_by_a_club_of_the_state_is_invoiced_to_that_club(
    state_secretary_a, congress_club, staff, congress_approved
):
    player = PlayerFactory(home_club=congress_club)
    client = api_for(state_secretary_a)

    checked = upload(
        client,
        grn((player.abf_number, 250)),
        organiser="congress",
        club_number=congress_club.number,
        director_level="congress",  # 5.1.1
    )
    assert checked.status_code == 201, checked.json()
    confirmed = client.post(f"/api/v1/uploads/{checked.json()['id']}/confirm")
    assert confirmed.status_code == 200, confirmed.json()

    event = Event.objects.get(name="Autumn Congress Open Pairs")
    assert (event.organiser, event.club, event.state) == (
        "congress",
        congress_club,
        congress_club.state,
    )
    month_close(period=event.credits.get().period, by=staff)
    assert Invoice.objects.get(kind=Invoice.Kind.EVENT).club == congress_club


def test_a_state_secretary_cannot_name_a_club_of_another_state(state_secretary_a, club_b):
    player = PlayerFactory(home_club=club_b)

    response = upload(
        api_for(state_secretary_a),
        grn((player.abf_number, 250)),
        organiser="congress",
        club_number=club_b.number,
    )

    assert response.status_code == 400
    assert "is not a club of NSW" in response.json()["error"]["fields"]["event.club_number"][0]
    assert not Event.objects.exists()


def test_a_state_secretary_cannot_upload_a_national_event(state_secretary_a, club_a):
    player = PlayerFactory(home_club=club_a)

    response = upload(
        api_for(state_secretary_a), grn((player.abf_number, 250)), organiser="national"
    )

    assert response.status_code == 400
    assert "event.organiser" in response.json()["error"]["fields"]


def test_an_unknown_club_number_is_named(state_secretary_a, club_a):
    player = PlayerFactory(home_club=club_a)

    response = upload(api_for(state_secretary_a), grn((player.abf_number, 250)), club_number=9999)

    assert response.status_code == 400
    assert response.json()["error"]["fields"]["club_number"] == ["There is no club number 9999."]


def test_the_upload_page_asks_state_secretaries_who_ran_it_and_not_clubs(state_client_a, client_a):
    state_page = state_client_a.get("/awards/uploads/new/")
    club_page = client_a.get("/awards/uploads/new/")

    assert 'name="organiser"' in state_page.content.decode()
    assert 'value="congress"' in state_page.content.decode()
    assert 'name="organiser"' not in club_page.content.decode()


def test_the_state_secretary_sees_the_uploads_of_the_states_organisers(
    organiser_a, state_client_a, state_client_b, client_a, club_a, congress_approved
):
    # 5.4.1: the organiser the state nominated uploads a congress in the state's name.
    player = PlayerFactory(home_club=club_a)
    checked = upload(
        api_for(organiser_a),
        grn((player.abf_number, 250)),
        organiser="congress",
        director_level="congress",  # 5.1.1
    )
    assert checked.status_code == 201, checked.json()
    pk = checked.json()["id"]

    listed = state_client_a.get("/awards/uploads/").content.decode()
    assert "congress.red" in listed
    assert "Autumn Congress Open Pairs" in listed
    detail = state_client_a.get(f"/awards/uploads/{pk}/")
    assert detail.status_code == 200
    assert "data-not-yours" in detail.content.decode()
    assert "data-confirm" not in detail.content.decode()
    # Reading is not crediting: only the organiser credits their upload.
    assert state_client_a.post(f"/awards/uploads/{pk}/confirm/").status_code == 404
    # Nobody else's: another state's secretary and a club see nothing of it.
    assert "congress.red" not in state_client_b.get("/awards/uploads/").content.decode()
    assert state_client_b.get(f"/awards/uploads/{pk}/").status_code == 404
    assert "congress.red" not in client_a.get("/awards/uploads/").content.decode()
