"""Every change a secretary makes is confirmed by email to the club's masterpoint secretary
and kept in the player's history (guide F6: "All changes made are confirmed by an email")."""

from datetime import datetime

import pytest
from django.core import mail

from players import calendar
from players.models import Alternate
from scheme.core.calendar import SYDNEY as SCHEME_TZ
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def in_february(monkeypatch):
    moment = datetime(2027, 2, 3, 9, 30, tzinfo=SCHEME_TZ)
    monkeypatch.setattr(calendar, "now", lambda: moment)


# (which player, the page, whether the form names the player, the email's title)
ACTIONS = [
    ("own", "/players/{abf}/edit/", "details", "Player details changed"),
    ("other", "/players/transfer/", "number", "Player transferred in"),
    ("inactive", "/players/reactivate/", "number", "Player reactivated"),
    ("own", "/players/{abf}/deceased/", None, "Player recorded as deceased"),
    ("other", "/players/alternates/", "number", "Alternate added"),
    ("alternate", "/players/alternates/{abf}/remove/", None, "Alternate removed"),
    ("own", "/players/cancellations/{abf}/request/", None, "Cancellation requested"),
    ("requested", "/players/cancellations/{abf}/withdraw/", None, "Cancellation request withdrawn"),
]


@pytest.mark.parametrize(("setup", "path", "form", "title"), ACTIONS)
def test_each_change_is_emailed_to_the_club_and_kept_in_the_history(
    client_a,
    club_a,
    club_b,
    in_february,
    django_capture_on_commit_callbacks,
    setup,
    path,
    form,
    title,
):
    player = {
        "own": lambda: PlayerFactory(home_club=club_a),
        "other": lambda: PlayerFactory(home_club=club_b),
        "inactive": lambda: PlayerFactory(home_club=None, status="inactive"),
        "alternate": lambda: (
            Alternate.objects.create(player=PlayerFactory(home_club=club_b), club=club_a).player
        ),
        "requested": lambda: PlayerFactory(
            home_club=club_a, cancellation_requested_at=calendar.now()
        ),
    }[setup]()

    data = {
        "details": {"given_names": "Renamed", "family_name": "Smith", "birth_year": "1960"},
        "number": {"abf_number": player.abf_number},
        None: {},
    }[form]

    with django_capture_on_commit_callbacks(execute=True):
        response = client_a.post(path.format(abf=player.abf_number), data)

    assert response.status_code == 302
    message = next(m for m in mail.outbox if club_a.secretary_email in m.to)
    assert message.subject.startswith(f"{title}: {player.abf_number}")
    assert player.abf_number in message.body
    assert "By: secretary-a" in message.body
    change = player.changes.first()
    assert (change.by.username, change.club, bool(change.changes)) == ("secretary-a", club_a, True)
