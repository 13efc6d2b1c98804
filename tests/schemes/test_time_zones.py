"""Each federation keeps its own clock: the month an award is credited in and the end of a
month are its days (seed 003 is New Zealand's, seed 004 the ACBL's), whatever the server's."""

from datetime import UTC, datetime

import pytest
from django.db import transaction

from centre.models import Period
from centre.services import period_for_credits
from operations.close_run import month_has_ended

pytestmark = pytest.mark.django_db

# 31 October 2026, 23:30 in Chicago (CDT, UTC-5) is 1 November 04:30 UTC and 15:30 in Sydney.
CHICAGO_EVENING = datetime(2026, 11, 1, 4, 30, tzinfo=UTC)
# 1 November 2026, 08:00 in Auckland (NZDT, UTC+13) is 31 October 19:00 UTC.
AUCKLAND_MORNING = datetime(2026, 10, 31, 19, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("scheme", "at", "month"),
    [
        ("acbl", CHICAGO_EVENING, (2026, 10)),
        ("abf", CHICAGO_EVENING, (2026, 11)),
        ("nz", AUCKLAND_MORNING, (2026, 11)),
        ("abf", AUCKLAND_MORNING, (2026, 11)),
        ("acbl", AUCKLAND_MORNING, (2026, 10)),
    ],
)
def test_an_award_is_credited_in_the_month_of_the_federation_s_own_clock(
    settings, scheme, at, month
):
    settings.MASTERPOINT_SCHEME = scheme

    with transaction.atomic():
        period = period_for_credits(at=at)

    assert (period.year, period.month) == month


def test_a_month_ends_at_midnight_in_the_federation_s_time_zone(settings):
    october = Period.objects.create(year=2026, month=10)

    settings.MASTERPOINT_SCHEME = "acbl"
    assert not month_has_ended(period=october, now=CHICAGO_EVENING)
    settings.MASTERPOINT_SCHEME = "nz"
    assert month_has_ended(period=october, now=AUCKLAND_MORNING)


# 1 January 2027, 03:00 UTC: 14:00 in Sydney on New Year's Day, 21:00 on New Year's Eve in
# Chicago.
NEW_YEAR_UTC = datetime(2027, 1, 1, 3, 0, tzinfo=UTC)


@pytest.mark.parametrize(("scheme", "accepted"), [("abf", True), ("acbl", False)])
def test_a_birth_year_is_this_year_or_earlier_by_the_federation_s_own_calendar(
    settings, scheme, accepted
):
    from centre.errors import DomainError
    from players.services.common import _clean_birth_year

    settings.MASTERPOINT_SCHEME = scheme

    if accepted:
        assert _clean_birth_year("2027", now=NEW_YEAR_UTC) == 2027
    else:
        with pytest.raises(DomainError, match="between 1900 and 2026"):
            _clean_birth_year("2027", now=NEW_YEAR_UTC)


def test_an_acbl_club_keeps_its_own_clock_and_others_the_scheme_s(settings, club_a):
    from zoneinfo import ZoneInfo

    club_a.time_zone = "America/Los_Angeles"
    club_a.save()

    settings.MASTERPOINT_SCHEME = "acbl"
    assert club_a.zone == ZoneInfo("America/Los_Angeles")
    club_a.time_zone = ""
    assert club_a.zone == ZoneInfo("America/Chicago")
    settings.MASTERPOINT_SCHEME = "nz"
    club_a.time_zone = "America/Los_Angeles"
    assert club_a.zone == ZoneInfo("Pacific/Auckland")


def test_the_club_form_asks_an_acbl_club_s_time_zone_by_its_name(settings, club_a):
    from clubs.forms import StaffClubForm

    settings.MASTERPOINT_SCHEME = "abf"
    assert "time_zone" not in StaffClubForm(instance=club_a).fields

    settings.MASTERPOINT_SCHEME = "acbl"
    data = {
        "name": club_a.name, "state": club_a.state_id, "kind": "ordinary",
        "affiliated": "on", "sessions_per_year": "0", "time_zone": "Pacific Time",
    }  # fmt: skip
    form = StaffClubForm(data, instance=club_a)
    assert not form.is_valid()
    assert "give its IANA name, such as America/Los_Angeles" in str(form.errors["time_zone"])

    form = StaffClubForm({**data, "time_zone": "America/Denver"}, instance=club_a)
    assert form.is_valid(), form.errors


def test_an_acbl_club_s_award_is_credited_in_the_month_of_the_club_s_own_clock(
    settings, club_a, secretary_a, monkeypatch
):
    """31 October 2026, 22:30 in Los Angeles is 1 November 00:30 in Chicago: a Los Angeles
    club's award of that evening belongs to October."""
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    from awards.ledger.models import Credit
    from tests.factories import PlayerFactory
    from tests.schemes.entered import entered_by_the_club

    settings.MASTERPOINT_SCHEME = "acbl"
    club_a.time_zone = "America/Los_Angeles"
    club_a.save()
    evening = datetime(2026, 10, 31, 22, 30, tzinfo=ZoneInfo("America/Los_Angeles"))
    monkeypatch.setattr(timezone, "now", lambda: evening)

    entered_by_the_club(secretary_a, PlayerFactory(home_club=club_a))

    period = Credit.objects.get().period
    assert (period.year, period.month) == (2026, 10)
