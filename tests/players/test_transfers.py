"""A transfer in is one step by the new club (guide F6.1), but the club losing the player is
told by email and keeps, in its view of the player's history, the time the player was its
member and the transfer itself: who moved the player, and when."""

import json

import pytest
from django.core import mail
from django.test import Client

from players import emails
from players.models import PlayerChange
from tests.factories import ClubFactory, ClubSecretaryFactory, PlayerFactory

pytestmark = pytest.mark.django_db

BIRTH_YEAR = 1971
EMAIL = "moving.player@private.example"


@pytest.fixture
def mover(club_b, secretary_b, client_b):
    """A home member of club B, whose details club B edited while the player was its own."""
    player = PlayerFactory(
        given_names="Mo", family_name="Ver", birth_year=BIRTH_YEAR, email=EMAIL, home_club=club_b
    )
    client_b.post(
        f"/players/{player.abf_number}/edit/",
        {"given_names": "Mo", "family_name": "Ver", "birth_year": BIRTH_YEAR, "email": EMAIL},
    )
    client_b.post(
        f"/players/{player.abf_number}/edit/",
        {"given_names": "Maureen", "family_name": "Ver", "birth_year": BIRTH_YEAR, "email": EMAIL},
    )
    mail.outbox.clear()
    return player


def _transfer_by_page(client_a, player, capture):
    with capture(execute=True):
        return client_a.post("/players/transfer/", {"abf_number": player.abf_number})


def test_the_losing_club_is_emailed_who_moved_the_player_and_when(
    client_a, club_a, club_b, mover, django_capture_on_commit_callbacks
):
    response = _transfer_by_page(client_a, mover, django_capture_on_commit_callbacks)

    assert response.status_code == 302
    out = [m for m in mail.outbox if club_b.secretary_email in m.to]
    (message,) = out
    assert message.to == [club_b.secretary_email]
    assert message.subject == f"Player transferred out: {mover.abf_number} Maureen Ver"
    assert "New home club: 201 Club A" in message.body
    assert "By: secretary-a" in message.body
    assert "(Sydney time)" in message.body
    assert f"/players/{mover.abf_number}/" in message.body
    # The public record only: the details are the new club's now.
    assert str(BIRTH_YEAR) not in message.body
    assert EMAIL not in message.body
    # The new club's confirmation is its own message, not copied to the old club.
    confirmation = next(m for m in mail.outbox if m.subject.startswith("Player transferred in"))
    assert confirmation.to == [club_a.secretary_email]


def test_a_transfer_through_the_api_tells_the_losing_club_too(
    client_a, club_a, club_b, mover, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client_a.post(
            "/api/v1/clubs/201/transfers/",
            json.dumps({"abf_number": mover.abf_number}),
            content_type="application/json",
        )

    assert response.status_code == 200
    assert [m.subject for m in mail.outbox if club_b.secretary_email in m.to] == [
        f"Player transferred out: {mover.abf_number} Maureen Ver"
    ]


def test_the_losing_clubs_notice_is_sent_once(
    client_a, club_b, mover, django_capture_on_commit_callbacks
):
    _transfer_by_page(client_a, mover, django_capture_on_commit_callbacks)
    change = PlayerChange.objects.get(player=mover, action="transfer")

    assert emails.player_transfer_out_notify(change.pk) is False
    assert len([m for m in mail.outbox if club_b.secretary_email in m.to]) == 1


def test_the_losing_club_keeps_the_history_up_to_the_transfer_but_not_after(
    client_a, client_b, mover, django_capture_on_commit_callbacks
):
    _transfer_by_page(client_a, mover, django_capture_on_commit_callbacks)
    client_a.post(
        f"/players/{mover.abf_number}/edit/",
        {"given_names": "Maureen", "family_name": "Ver", "birth_year": 1972, "email": "new@x.org"},
    )

    page = client_b.get(f"/players/{mover.abf_number}/")
    text = page.content.decode()

    assert page.status_code == 200
    assert "no longer a home member of your club" in text
    assert "Maureen" in text
    assert "transfer" in text
    assert "secretary-a" in text  # who moved the player
    assert "Given names: Mo → Maureen" in text  # the club's own change before the transfer
    # Nothing of the new club's record: neither its later change nor the current details.
    assert "1972" not in text
    assert "new@x.org" not in text
    assert EMAIL not in text.split("<h2>History</h2>")[0]


def test_the_api_gives_the_losing_club_its_part_of_the_history(
    client_a, client_b, mover, django_capture_on_commit_callbacks
):
    _transfer_by_page(client_a, mover, django_capture_on_commit_callbacks)
    client_a.post(
        f"/api/v1/players/{mover.abf_number}/update/",
        json.dumps({"email": "new@x.org"}),
        content_type="application/json",
    )

    former = client_b.get(f"/api/v1/players/{mover.abf_number}/history/").json()
    current = client_a.get(f"/api/v1/players/{mover.abf_number}/history/").json()
    full = client_b.get(f"/api/v1/players/{mover.abf_number}/")

    assert set(former["player"]) == {
        "abf_number",
        "given_names",
        "family_name",
        "status",
        "home_club_name",
    }
    assert former["player"]["home_club_name"] == "Club A"
    assert [c["action"] for c in former["history"]] == ["transfer", "update"]
    transfer = former["history"][0]
    assert (transfer["by"], transfer["club"]) == ("secretary-a", 201)
    assert transfer["changes"]["home_club"] == [301, 201]
    assert "new@x.org" not in json.dumps(former)
    assert [c["action"] for c in current["history"]] == ["update", "transfer", "update"]
    assert full.status_code == 404


def test_a_club_that_never_had_the_player_sees_no_history(client_a, mover, club_a):
    stranger = ClubSecretaryFactory(username="secretary-c", club=ClubFactory(number=401))
    client = Client()
    client.force_login(stranger)

    assert client.get(f"/players/{mover.abf_number}/").status_code == 404
    assert client.get(f"/api/v1/players/{mover.abf_number}/history/").status_code == 404


def test_before_the_transfer_the_new_club_sees_only_the_public_record(client_a, club_a, mover):
    search = client_a.get("/players/search/", {"q": "maureen"}).content.decode()
    api_search = client_a.get("/api/v1/players/search/", {"q": "maureen"}).content.decode()
    detail = client_a.get(f"/players/{mover.abf_number}/")
    api_detail = client_a.get(f"/api/v1/players/{mover.abf_number}/")
    history = client_a.get(f"/api/v1/players/{mover.abf_number}/history/")
    transfer_page = client_a.get("/players/transfer/", {"abf": mover.abf_number}).content.decode()

    assert mover.abf_number in search and mover.abf_number in api_search
    for text in (search, api_search, transfer_page):
        assert str(BIRTH_YEAR) not in text
        assert EMAIL not in text
    assert (detail.status_code, api_detail.status_code, history.status_code) == (404, 404, 404)
