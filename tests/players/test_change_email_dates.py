"""The confirmation of a change to a player's record says when it was made as the federation
writes a moment, in the deployment's time and the federation's words for it; a cancellation
request's moment, kept as ISO text, is read the same way in the email and on the history."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from players import emails
from players.models import PlayerChange
from players.templatetags.history import change_lines
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db

# 14:05 on 28 November 2026 in Sydney.
AT = datetime(2026, 11, 28, 3, 5, tzinfo=ZoneInfo("UTC"))


def _change(**changes) -> PlayerChange:
    club = ClubFactory()
    player = PlayerFactory(given_names="Maureen", family_name="Ver", home_club=club)
    change = PlayerChange.objects.create(
        player=player,
        club=club,
        action="update",
        changes=changes or {"given_names": ["Mo", "Maureen"]},
    )
    PlayerChange.objects.filter(pk=change.pk).update(at=AT)
    change.refresh_from_db()
    return change


@pytest.mark.parametrize(
    ("code", "zone", "when"),
    [
        ("abf", "Australia/Sydney", "When: 28 November 2026, 14:05 (Sydney time)"),
        ("nz", "Pacific/Auckland", "When: 28 November 2026, 16:05 (New Zealand time)"),
        ("acbl", "America/Chicago", "When: November 27, 2026, 9:05 p.m. (Central time)"),
    ],
)
def test_the_change_email_says_when_as_the_federation_writes_it(settings, code, zone, when):
    settings.MASTERPOINT_SCHEME = code
    settings.TIME_ZONE = zone
    change = _change()

    message = emails._change_message(change.pk)

    assert when in message.body.splitlines()
    assert "/11/2026" not in message.body


def test_a_cancellation_requests_moment_is_read_as_a_moment_not_as_iso_text(settings):
    settings.MASTERPOINT_SCHEME = "abf"
    change = _change(cancellation_requested_at=[None, AT.isoformat()])

    body = emails._change_message(change.pk).body
    history = change_lines(change)

    assert "Cancellation requested: (none) -> 28 November 2026, 14:05" in body
    assert history == ["Cancellation requested: (none) → 28 November 2026, 14:05"]
    assert "2026-11-28T" not in body
