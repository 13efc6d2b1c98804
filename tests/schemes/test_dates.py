"""One way of writing a day on every page, the scheme's federation's (Scheme.date_format):
the club's home writes its upload, deadline and documents the same way."""

import re
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from django.template import Context, Template
from django.urls import reverse

from awards.intake.services.uploads import credit_upload_check
from tests.awards.conftest import event, grn
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

WRITTEN = {"abf": "28 November 2026", "nz": "28 November 2026", "acbl": "November 28, 2026"}


def render(text: str, **context) -> str:
    return Template(text).render(Context(context))


def test_a_day_and_a_moment_are_written_the_scheme_s_way(scheme):
    sydney = datetime(2026, 11, 28, 14, 5, tzinfo=ZoneInfo("Australia/Sydney"))
    assert render("{{ d|day }}", d=date(2026, 11, 28)) == WRITTEN[scheme.code]
    # A preview keeps its days as ISO text.
    assert render("{{ d|day }}", d="2026-11-28") == WRITTEN[scheme.code]
    assert render("{{ d|moment }}", d=sydney).startswith(WRITTEN[scheme.code])
    assert render("{{ d|day|default:'never' }}", d=None) == "never"


def test_the_club_home_writes_every_day_one_way(client_a, secretary_a, club_a):
    player = PlayerFactory(home_club=club_a)
    credit_upload_check(
        by=secretary_a, filename="a.grn", content=grn((player.abf_number, 50)), event=event()
    )
    page = client_a.get(reverse("billing:club_dashboard")).content.decode()
    assert "checked " in page
    assert not re.search(r"\b\d{1,2}/\d{1,2}/\d{4}\b", page)
    assert not re.search(r"\b\d{4}-\d{2}-\d{2}\b", page)
