"""Dates a user reads, one way for each federation (Scheme.date_format, datetime_format): the
messages, emails and documents (centre.dates.day_text, moment_text) and the pages' filters
(`day`, `moment`) write them alike."""

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from django.template import Context, Template

from centre.dates import day_text, moment_text

DAY = date(2026, 11, 28)
# 14:05 in Sydney; each test reads it in the time zone the deployment sets.
MOMENT = datetime(2026, 11, 28, 14, 5, tzinfo=ZoneInfo("Australia/Sydney"))


@pytest.mark.parametrize(
    ("code", "written"),
    [("abf", "28 November 2026"), ("nz", "28 November 2026"), ("acbl", "November 28, 2026")],
)
def test_a_day_is_written_as_the_federation_writes_it(settings, code, written):
    settings.MASTERPOINT_SCHEME = code
    assert day_text(DAY) == written
    assert Template("{{ on|day }}").render(Context({"on": DAY})) == written


@pytest.mark.parametrize(
    ("code", "zone", "written"),
    [
        ("abf", "Australia/Sydney", "28 November 2026, 14:05"),
        ("nz", "Pacific/Auckland", "28 November 2026, 16:05"),
        ("acbl", "America/Chicago", "November 27, 2026, 9:05 p.m."),
    ],
)
def test_a_moment_is_written_in_the_deployments_time_as_the_federation_writes_it(
    settings, code, zone, written
):
    settings.MASTERPOINT_SCHEME = code
    settings.TIME_ZONE = zone
    assert moment_text(MOMENT) == written
    assert Template("{{ at|moment }}").render(Context({"at": MOMENT})) == written


def test_a_moment_given_for_a_day_is_its_day_in_the_deployments_time(settings):
    settings.MASTERPOINT_SCHEME = "acbl"
    settings.TIME_ZONE = "America/Chicago"
    assert day_text(MOMENT) == "November 27, 2026"
