"""A player's postal address (1.4.2: "name and detail changes" are reported to the Centre;
App. C "Updates consist of editing details (name, address etc)"; NSW guide F6.1: "Edit Player
allows you to change a person's name, address or email details").

Private like the email: the home club and the Centre give and change it, on the pages and in
the API, and read it wherever the email is shown (the record, the search of the club's own
players, the club's members list); the state secretary reads it as it reads the email. Never
on a public page, in the public API, or to another club. Every request is sent twice."""

import json

import pytest
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from centre.tokens import api_token_create
from players.emails import change_lines as email_change_lines
from players.models import Player, PlayerChange
from players.templatetags.history import change_lines as page_change_lines
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

ADDRESS = "12 Long Street\nNorth Sydney NSW 2060"
TYPED = "  12   Long Street \r\n\r\n North Sydney NSW 2060  \n"


def api_for(user) -> APIClient:
    client = APIClient()
    _, key = api_token_create(user=user, name="club system", days=30)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@pytest.fixture
def player(club_a):
    return PlayerFactory(
        home_club=club_a,
        given_names="Pat",
        family_name="Postle",
        email="pat@example.org",
        postal_address=ADDRESS,
    )


def _form(player: Player, **changes) -> dict:
    form = {
        "given_names": player.given_names,
        "family_name": player.family_name,
        "birth_year": player.birth_year or "",
        "email": player.email,
        "postal_address": player.postal_address,
    }
    return {**form, **changes}


# --- the home club and the Centre give and change it -----------------------------------


def test_the_home_club_gives_an_address_on_the_edit_page_once(
    client_a, club_a, django_capture_on_commit_callbacks
):
    player = PlayerFactory(home_club=club_a)
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            response = client_a.post(
                f"/players/{player.abf_number}/edit/", _form(player, postal_address=TYPED)
            )
        assert response.status_code == 302
    player.refresh_from_db()
    # Its spaces tidied and its empty lines dropped.
    assert player.postal_address == ADDRESS
    change = PlayerChange.objects.get(player=player)
    assert change.changes == {"postal_address": ["", ADDRESS]}
    # The club's confirmation says what changed, on one line (guide F6).
    assert len(mail.outbox) == 1
    assert "Postal address: (none) -> 12 Long Street, North Sydney NSW 2060" in mail.outbox[0].body
    # The history reads it the same way.
    assert page_change_lines(change) == [
        "Postal address: (none) → 12 Long Street, North Sydney NSW 2060"
    ]
    # The edit page shows the address kept, to change it again.
    page = client_a.get(f"/players/{player.abf_number}/edit/").content.decode()
    assert "12 Long Street\nNorth Sydney NSW 2060</textarea>" in page


def test_a_new_player_is_registered_with_an_address_in_the_api(secretary_a):
    api = api_for(secretary_a)
    body = {
        "given_names": "Nell",
        "family_name": "Newman",
        "birth_year": 1990,
        "postal_address": TYPED,
        "confirmed_never_registered": True,
    }
    first = api.post("/api/v1/clubs/201/players", body, format="json")
    assert first.status_code == 201
    assert first.json()["postal_address"] == ADDRESS
    # The same request again is a likely duplicate, never a second number (App. C 1).
    second = api.post("/api/v1/clubs/201/players", body, format="json")
    assert second.status_code == 400
    assert "duplicates_reviewed" in second.json()["error"]["fields"]
    assert Player.objects.get().postal_address == ADDRESS


def test_a_new_player_is_registered_with_an_address_on_the_page(client_a):
    client_a.get("/players/search/", {"q": "newman"})
    form = {
        "given_names": "Nell",
        "family_name": "Newman",
        "postal_address": TYPED,
        "confirmed_never_registered": "on",
    }
    assert client_a.post("/players/new/", form).status_code == 302
    again = client_a.post("/players/new/", form)
    assert again.status_code == 200 and "Likely already registered" in again.content.decode()
    assert Player.objects.get().postal_address == ADDRESS


def test_the_api_edit_changes_the_address_and_the_same_edit_changes_nothing_more(
    secretary_a, player
):
    api = api_for(secretary_a)
    url = f"/api/v1/players/{player.abf_number}/update"
    for _ in range(2):
        response = api.post(url, {"postal_address": "PO Box 9\nOrange NSW 2800"}, format="json")
        assert response.status_code == 200
        assert response.json()["postal_address"] == "PO Box 9\nOrange NSW 2800"
    assert PlayerChange.objects.get(player=player).changes == {
        "postal_address": [ADDRESS, "PO Box 9\nOrange NSW 2800"]
    }
    # An empty address removes it.
    for _ in range(2):
        assert api.post(url, {"postal_address": ""}, format="json").json()["postal_address"] == ""
    assert PlayerChange.objects.filter(player=player).count() == 2


@pytest.mark.parametrize(
    "address, message",
    [
        (
            "1 A St\n2 B St\n3 C St\n4 D St\nSydney NSW 2000",
            "A postal address has at most 4 lines; this one has 5.",
        ),
        (
            "1 Street\n" + "x" * 61,
            "Line 2 of the postal address is 61 characters long; a line can be at most 60.",
        ),
        ("12 Long\x07 Street", "A postal address cannot hold control characters."),
    ],
)
def test_a_bad_address_is_refused_naming_the_field_and_changes_nothing(
    secretary_a, client_a, player, address, message
):
    api = api_for(secretary_a)
    for _ in range(2):
        response = api.post(
            f"/api/v1/players/{player.abf_number}/update",
            {"postal_address": address, "email": "other@example.org"},
            format="json",
        )
        assert response.status_code == 400
        assert response.json()["error"]["fields"] == {"postal_address": [message]}
        page = client_a.post(
            f"/players/{player.abf_number}/edit/", _form(player, postal_address=address)
        )
        assert page.status_code == 200
        assert message.replace("'", "&#x27;") in page.content.decode()
    player.refresh_from_db()
    assert (player.postal_address, player.email) == (ADDRESS, "pat@example.org")
    assert not PlayerChange.objects.exists()


def test_the_centre_reads_and_changes_any_player_s_address(staff, staff_client, player):
    api = api_for(staff)
    assert api.get(f"/api/v1/players/{player.abf_number}").json()["postal_address"] == ADDRESS
    for _ in range(2):
        response = staff_client.post(
            f"/players/{player.abf_number}/edit/", _form(player, postal_address="1 Centre Rd")
        )
        assert response.status_code == 302
    player.refresh_from_db()
    assert player.postal_address == "1 Centre Rd"
    assert PlayerChange.objects.filter(player=player).count() == 1


# --- where the club reads it: beside the email ---------------------------------------------


def test_the_club_reads_it_in_its_members_list_search_and_record(secretary_a, client_a, player):
    api = api_for(secretary_a)
    for _ in range(2):
        members = api.get("/api/v1/clubs/201/members").json()["results"]
        assert [(m["abf_number"], m["postal_address"]) for m in members] == [
            (player.abf_number, ADDRESS)
        ]
        found = api.get("/api/v1/players/search", {"q": "postle"}).json()["results"]
        assert found[0]["postal_address"] == ADDRESS
        assert api.get(f"/api/v1/players/{player.abf_number}").json()["postal_address"] == ADDRESS
        page = client_a.get("/players/search/", {"q": "postle"}).content.decode()
        assert "12 Long Street<br>North Sydney NSW 2060" in page
        record = client_a.get(f"/players/{player.abf_number}/").content.decode()
        assert "12 Long Street<br>North Sydney NSW 2060" in record


def test_the_state_secretary_reads_it_as_the_email_but_never_changes_it(
    state_secretary_a, state_client_a, player
):
    api = api_for(state_secretary_a)
    assert api.get(f"/api/v1/players/{player.abf_number}").json()["postal_address"] == ADDRESS
    for _ in range(2):
        refused = api.post(
            f"/api/v1/players/{player.abf_number}/update", {"postal_address": "x"}, format="json"
        )
        assert refused.status_code == 403
        assert state_client_a.post(
            f"/players/{player.abf_number}/edit/", _form(player, postal_address="x")
        ).status_code in (403, 404)
    player.refresh_from_db()
    assert player.postal_address == ADDRESS


# --- never another club, never the public ----------------------------------------------------


def test_another_club_never_sees_or_changes_it(secretary_b, client_b, player):
    api = api_for(secretary_b)
    for _ in range(2):
        found = api.get("/api/v1/players/search", {"q": "postle"}).json()["results"]
        assert found and "postal_address" not in found[0]
        answers = [
            api.get(f"/api/v1/players/{player.abf_number}"),
            api.get(f"/api/v1/players/{player.abf_number}/history"),
            api.get("/api/v1/clubs/201/members"),
            api.post(
                f"/api/v1/players/{player.abf_number}/update",
                {"postal_address": "1 Other St"},
                format="json",
            ),
            client_b.get("/players/search/", {"q": "postle"}),
            client_b.get(f"/players/{player.abf_number}/"),
            client_b.get(f"/players/{player.abf_number}/edit/"),
            client_b.post(
                f"/players/{player.abf_number}/edit/", _form(player, postal_address="1 Other St")
            ),
            client_b.get("/clubs/201/report/"),
        ]
        for answer in answers:
            text = answer.content.decode()
            assert "Long Street" not in text and "2060" not in text
        assert [a.status_code for a in answers[:4]] == [404, 404, 404, 404]
    player.refresh_from_db()
    assert player.postal_address == ADDRESS


@pytest.mark.parametrize("code", ["abf", "nz", "acbl"])
def test_the_public_lookup_never_shows_it(code, settings, player):
    settings.MASTERPOINT_SCHEME = code
    visitor = Client()
    for _ in range(2):
        answers = [
            visitor.get(f"/awards/players/{player.abf_number}/"),
            visitor.get("/awards/lookup/", {"q": "Postle"}),
            visitor.get(f"/api/v1/masterpoints/{player.abf_number}"),
            visitor.get("/api/v1/masterpoints/lookup", {"q": "Postle"}),
        ]
        assert [a.status_code for a in answers] == [200, 200, 200, 200]
        for answer in answers:
            text = answer.content.decode()
            assert "Postle" in text
            assert "Long Street" not in text and "2060" not in text
            assert "postal_address" not in text


def test_the_history_and_emails_keep_the_change_for_the_club_that_made_it(player):
    change = PlayerChange(changes={"postal_address": [ADDRESS, "PO Box 1\nBourke NSW 2840"]})
    assert email_change_lines(change.changes) == [
        "Postal address: 12 Long Street, North Sydney NSW 2060 -> PO Box 1, Bourke NSW 2840"
    ]
    assert json.dumps(change.changes)  # kept as JSON, as every change
