"""The secretary's registry pages, through the real URLs with the real permission checks."""

from datetime import datetime

import pytest
from django.core import mail

from players import abf_numbers, calendar
from players.models import Alternate, Player
from scheme.core.calendar import SYDNEY as SCHEME_TZ
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode()


@pytest.fixture
def at(monkeypatch):
    """Set the portal's clock (Sydney time) for the date rules."""

    def set_clock(*args: int) -> datetime:
        moment = datetime(*args, tzinfo=SCHEME_TZ)
        monkeypatch.setattr(calendar, "now", lambda: moment)
        return moment

    return set_clock


# --- search --------------------------------------------------------------------------------


def test_search_by_name_part_finds_actives_and_inactives_but_not_the_deceased(client_a, club_b):
    active = PlayerFactory(given_names="Joanne", family_name="Smithers", home_club=club_b)
    inactive = PlayerFactory(
        given_names="Bob", family_name="Blacksmith", home_club=None, status="inactive"
    )
    dead = PlayerFactory(family_name="Smithson", home_club=None, status="deceased")

    response = client_a.get("/players/search/", {"q": "SMITH"})

    assert response.status_code == 200
    assert active.abf_number in text(response)
    assert inactive.abf_number in text(response)
    assert dead.abf_number not in text(response)


def test_search_by_number_without_leading_zeros(client_a, club_b):
    player = PlayerFactory(abf_number="0000124", home_club=club_b)
    assert abf_numbers.is_valid("0000124")

    response = client_a.get("/players/search/", {"q": "124"})

    assert player.full_name in text(response)


def test_search_of_another_clubs_player_shows_only_public_fields(client_a, club_b):
    player = PlayerFactory(
        home_club=club_b, family_name="Private", birth_year=1947, email="secret@example.org"
    )

    response = client_a.get("/players/search/", {"q": "private"})

    assert player.abf_number in text(response)
    assert club_b.name in text(response)
    assert "secret@example.org" not in text(response)
    assert "1947" not in text(response)


def test_search_of_own_member_shows_email(client_a, club_a):
    PlayerFactory(home_club=club_a, family_name="Mine", email="mine@example.org")

    assert "mine@example.org" in text(client_a.get("/players/search/", {"q": "mine"}))


@pytest.mark.parametrize(
    ("query", "message"),
    [("1234567", "check digit is wrong"), ("   ", "This field is required"), ("x", "two letters")],
)
def test_search_with_bad_input_says_why(client_a, query, message):
    response = client_a.get("/players/search/", {"q": query})

    assert response.status_code == 200
    assert message in text(response)


# --- new player ----------------------------------------------------------------------------


NEW = {
    "given_names": "Ada",
    "family_name": "Newcomer",
    "birth_year": "1985",
    "email": "ada@example.org",
    "confirmed_never_registered": "on",
}


def test_new_player_page_needs_a_search_first(client_a):
    response = client_a.get("/players/new/")

    assert response.status_code == 302
    assert response["Location"] == "/players/search/"


def test_new_player_after_search_gets_a_number_at_once_and_an_email(
    client_a, club_a, django_capture_on_commit_callbacks
):
    client_a.get("/players/search/", {"q": "newcomer"})

    with django_capture_on_commit_callbacks(execute=True):
        response = client_a.post("/players/new/", NEW, follow=True)

    player = Player.objects.get(family_name="Newcomer")
    assert abf_numbers.is_valid(player.abf_number)
    assert player.home_club == club_a
    assert f"ABF number {player.abf_number}" in text(response)
    assert [m.to for m in mail.outbox] == [[club_a.secretary_email]]
    assert player.changes.get().action == "register"


def test_the_history_of_a_new_player_reads_in_the_forms_words(client_a, club_a):
    client_a.get("/players/search/", {"q": "newcomer"})
    client_a.post("/players/new/", NEW)
    player = Player.objects.get(family_name="Newcomer")

    page = text(client_a.get(f"/players/{player.abf_number}/"))

    history = page[page.index("History") :]
    assert "New player registered" in history
    assert f"ABF number: (none) → {player.abf_number}" in history
    assert f"Home club: (none) → {club_a.number} {club_a.name}" in history
    assert "Given names:" in history
    assert "<td>register</td>" not in history
    for code in ("abf_number", "home_club", "given_names", "birth_year"):
        assert code not in history


def test_new_player_without_the_confirmation_is_refused(client_a):
    client_a.get("/players/search/", {"q": "newcomer"})

    response = client_a.post("/players/new/", {**NEW, "confirmed_never_registered": ""})

    assert "confirm that this person has never had an ABF number" in text(response)
    assert not Player.objects.exists()


def test_new_player_shows_likely_duplicates_before_issuing(client_a, club_b):
    existing = PlayerFactory(
        given_names="Ada", family_name="Newcomer", birth_year=1985, home_club=club_b
    )
    client_a.get("/players/search/", {"q": "newcomer"})

    response = client_a.post("/players/new/", NEW)

    assert existing.abf_number in text(response)
    assert "Likely already registered" in text(response)
    assert Player.objects.count() == 1

    client_a.post("/players/new/", {**NEW, "duplicates_reviewed": "on"})
    assert Player.objects.count() == 2


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("given_names", "   ", "Given names cannot be empty or only spaces"),
        ("birth_year", "1776", "1776 is impossible"),
    ],
)
def test_new_player_with_bad_details_is_refused(client_a, field, value, message):
    client_a.get("/players/search/", {"q": "newcomer"})

    response = client_a.post("/players/new/", {**NEW, field: value})

    assert message in text(response)
    assert not Player.objects.exists()


# --- detail, edit, deceased ----------------------------------------------------------------


def test_edit_changes_details_and_shows_them_in_the_history(client_a, club_a):
    player = PlayerFactory(home_club=club_a, family_name="Smyth", given_names="Al")

    client_a.post(
        f"/players/{player.abf_number}/edit/",
        {"given_names": "Al", "family_name": "Smith", "birth_year": "1960", "email": ""},
    )
    response = client_a.get(f"/players/{player.abf_number}/")

    player.refresh_from_db()
    assert player.family_name == "Smith"
    assert "Family name: Smyth → Smith" in text(response)
    assert "Player details changed" in text(response)
    assert "secretary-a" in text(response)


def test_edit_of_another_clubs_player_is_not_found(client_a, club_b):
    player = PlayerFactory(home_club=club_b, family_name="Theirs")

    response = client_a.post(
        f"/players/{player.abf_number}/edit/",
        {"given_names": "X", "family_name": "Mine", "birth_year": "", "email": ""},
    )

    assert response.status_code == 404
    player.refresh_from_db()
    assert player.family_name == "Theirs"


def test_deceased_for_own_member(client_a, club_a):
    player = PlayerFactory(home_club=club_a)

    client_a.post(f"/players/{player.abf_number}/deceased/")

    player.refresh_from_db()
    assert player.status == Player.Status.DECEASED


def test_deceased_for_another_clubs_member_is_not_found(client_a, club_b):
    player = PlayerFactory(home_club=club_b)

    assert client_a.post(f"/players/{player.abf_number}/deceased/").status_code == 404
    player.refresh_from_db()
    assert player.status == Player.Status.ACTIVE


# --- transfer and reactivate ---------------------------------------------------------------


def test_transfer_in_of_an_active_player(
    client_a, club_a, club_b, django_capture_on_commit_callbacks
):
    player = PlayerFactory(home_club=club_b)

    with django_capture_on_commit_callbacks(execute=True):
        response = client_a.post(
            "/players/transfer/", {"abf_number": player.abf_number}, follow=True
        )

    player.refresh_from_db()
    assert player.home_club == club_a
    assert "is transferred in" in text(response)
    # Both clubs hear of it, each in its own message: the new home club and the one left.
    assert sorted((m.to, m.subject.split(":")[0]) for m in mail.outbox) == [
        ([club_a.secretary_email], "Player transferred in"),
        ([club_b.secretary_email], "Player transferred out"),
    ]


def test_transfer_of_inactive_player_is_refused(client_a):
    player = PlayerFactory(home_club=None, status="inactive")

    response = client_a.post("/players/transfer/", {"abf_number": player.abf_number})

    assert "only an active player can be transferred" in text(response)
    player.refresh_from_db()
    assert player.status == "inactive"


@pytest.mark.parametrize(
    ("number", "message"),
    [("1234567", "check digit is wrong"), ("12ab", "digits only"), ("0000124", "No player has")],
)
def test_transfer_of_unknown_or_malformed_number_is_refused(client_a, number, message):
    response = client_a.post("/players/transfer/", {"abf_number": number})

    assert message in text(response)


def test_reactivation_makes_the_club_home(client_a, club_a):
    player = PlayerFactory(home_club=None, status="inactive")

    client_a.post("/players/reactivate/", {"abf_number": player.abf_number})

    player.refresh_from_db()
    assert (player.status, player.home_club) == ("active", club_a)


def test_reactivation_of_an_active_player_is_refused(client_a, club_b):
    player = PlayerFactory(home_club=club_b)

    response = client_a.post("/players/reactivate/", {"abf_number": player.abf_number})

    assert "only an inactive player can be reactivated" in text(response)
    player.refresh_from_db()
    assert player.home_club == club_b


# --- alternates ----------------------------------------------------------------------------


def test_alternates_list_add_and_remove(client_a, club_a, club_b):
    player = PlayerFactory(home_club=club_b, family_name="Visitor")

    client_a.post("/players/alternates/", {"abf_number": player.abf_number})
    assert list(client_a.get("/players/alternates/").context["alternates"]) == [player]
    assert "Visitor" in text(client_a.get("/players/alternates/"))

    client_a.post(f"/players/alternates/{player.abf_number}/remove/")
    assert list(client_a.get("/players/alternates/").context["alternates"]) == []
    assert not Alternate.objects.exists()
    assert [c.action for c in player.changes.all()] == ["alternate_remove", "alternate_add"]


def test_home_member_as_alternate_is_refused(client_a, club_a):
    player = PlayerFactory(home_club=club_a)

    response = client_a.post("/players/alternates/", {"abf_number": player.abf_number})

    assert "home members cannot also be its alternates" in text(response)
    assert not Alternate.objects.exists()


def test_removing_another_clubs_alternate_is_not_found(client_a, club_b):
    # Explicit states: the factory's own state codes outgrow the column on PostgreSQL.
    player = PlayerFactory(home_club=ClubFactory(state=club_b.state))
    Alternate.objects.create(player=player, club=club_b)

    assert client_a.post(f"/players/alternates/{player.abf_number}/remove/").status_code == 404
    assert Alternate.objects.count() == 1


# --- cancellations -------------------------------------------------------------------------


def test_cancellation_request_and_withdraw_in_march(client_a, club_a, at):
    at(2027, 3, 30, 15, 0)
    player = PlayerFactory(home_club=club_a)

    page = client_a.get("/players/cancellations/")
    assert "Request cancellation" in text(page)
    client_a.post(f"/players/cancellations/{player.abf_number}/request/")
    player.refresh_from_db()
    assert player.cancellation_requested_at is not None
    assert "Withdraw request" in text(client_a.get("/players/cancellations/"))

    client_a.post(f"/players/cancellations/{player.abf_number}/withdraw/")
    player.refresh_from_db()
    assert player.cancellation_requested_at is None


def test_cancellation_after_the_deadline_is_refused(client_a, club_a, at):
    at(2027, 3, 31, 12, 1)
    player = PlayerFactory(home_club=club_a)

    response = client_a.post(f"/players/cancellations/{player.abf_number}/request/", follow=True)

    assert "deadline of midday 31 March" in text(response)
    assert "Request cancellation" not in text(response)
    player.refresh_from_db()
    assert player.cancellation_requested_at is None


def test_cancellation_of_another_clubs_member_is_not_found(client_a, club_b, at):
    at(2027, 2, 1, 10, 0)
    player = PlayerFactory(home_club=club_b)

    response = client_a.post(f"/players/cancellations/{player.abf_number}/request/")

    assert response.status_code == 404
    player.refresh_from_db()
    assert player.cancellation_requested_at is None


def test_a_broad_search_says_it_shows_only_the_first_matches(client_a, club_a):
    from players.selectors import SEARCH_LIMIT

    for _ in range(SEARCH_LIMIT + 1):
        PlayerFactory(home_club=club_a, family_name="Commonname")

    response = client_a.get("/players/search/", {"q": "commonname"})

    assert len(response.context["results"]) == SEARCH_LIMIT
    assert f"The first {SEARCH_LIMIT} matches are shown" in text(response)
