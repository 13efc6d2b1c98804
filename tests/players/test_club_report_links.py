"""The club's report of its home members and alternates links each player to the record and
what may be done with it, as far as the login may act."""

import pytest
from django.urls import reverse

from players.models import Alternate
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(club_a, club_b):
    home = PlayerFactory(home_club=club_a, family_name="Homeperson")
    alternate = PlayerFactory(home_club=club_b, family_name="Altperson")
    Alternate.objects.create(player=alternate, club=club_a)
    return home, alternate


def _report(client, club) -> str:
    response = client.get(reverse("players:club_report", args=[club.number]))
    assert response.status_code == 200
    return response.content.decode()


def _href(name: str, *args) -> str:
    return f'href="{reverse(name, args=args)}"'


def test_the_secretary_reaches_each_home_members_record_and_actions(client_a, club_a, members):
    home, _ = members

    page = _report(client_a, club_a)

    assert _href("players:detail", home.abf_number) in page
    assert _href("players:edit", home.abf_number) in page
    assert _href("players:deceased", home.abf_number) in page
    assert _href("awards:player", home.abf_number) in page


def test_an_alternate_links_to_its_points_and_the_alternates_page_not_to_edit(
    client_a, club_a, members
):
    _, alternate = members

    page = _report(client_a, club_a)

    # An alternate is another club's member: its record is that club's to change.
    assert _href("awards:player", alternate.abf_number) in page
    assert _href("players:alternates") in page
    assert _href("players:detail", alternate.abf_number) not in page
    assert _href("players:edit", alternate.abf_number) not in page


def test_the_state_secretary_reads_the_record_but_is_offered_no_change(
    state_client_a, club_a, members
):
    home, _ = members

    page = _report(state_client_a, club_a)

    assert _href("players:detail", home.abf_number) in page
    assert _href("players:edit", home.abf_number) not in page
    assert _href("players:deceased", home.abf_number) not in page


def test_staff_are_offered_the_changes(staff_client, club_a, members):
    home, _ = members

    assert _href("players:edit", home.abf_number) in _report(staff_client, club_a)


def test_another_clubs_secretary_and_state_are_refused_the_report(
    client_b, state_client_b, club_a, members
):
    url = reverse("players:club_report", args=[club_a.number])

    assert client_b.get(url).status_code == 404
    assert state_client_b.get(url).status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in(anonymous_client, club_a):
    response = anonymous_client.get(reverse("players:club_report", args=[club_a.number]))

    assert response.status_code == 302
