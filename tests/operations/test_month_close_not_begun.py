"""A month still to come is never closed, not even early (issue 25): on 28 November 2026 staff
could close December to February, moving later credits into months after them. An early
close is for the month under way only."""

from datetime import UTC, datetime

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from awards.ledger.models import Credit
from centre.models import Period
from centre.schemes import current_scheme
from operations.models import EarlyClose
from operations.services import MonthCloseNotBegun, month_close_start, month_has_begun
from scheme.core.calendar import local_month
from tests.operations.months import month_with_a_credit

pytestmark = pytest.mark.django_db


@pytest.fixture
def next_month(club_a, staff) -> Period:
    """The month after this one, with a provisional credit in it (a close of this month sent
    the credits after it there)."""
    year, month = local_month(timezone.now(), current_scheme().zone)
    year, month = (year, month + 1) if month < 12 else (year + 1, 1)
    return month_with_a_credit(year, month, club=club_a, staff=staff)


def test_a_month_begins_at_midnight_in_the_scheme_s_time_zone():
    december = Period(year=2026, month=12)
    # 30 November 2026 13:30 UTC is 1 December 00:30 in Sydney (AEDT, UTC+11).
    assert not month_has_begun(period=december, now=datetime(2026, 11, 30, 12, 30, tzinfo=UTC))
    assert month_has_begun(period=december, now=datetime(2026, 11, 30, 13, 30, tzinfo=UTC))


def test_an_early_close_of_a_month_to_come_is_refused_and_changes_nothing(
    staff, next_month, django_capture_on_commit_callbacks
):
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(MonthCloseNotBegun, match="has not begun yet"),
    ):
        month_close_start(period=next_month, by=staff, early=True)

    next_month.refresh_from_db()
    assert next_month.status == Period.Status.OPEN
    assert Credit.objects.get().state == Credit.State.PROVISIONAL
    assert not EarlyClose.objects.exists()


def test_the_page_of_a_month_to_come_offers_no_close_and_refuses_one_posted(
    staff_client, next_month
):
    url = reverse("operations:month", args=[next_month.pk])
    page = staff_client.get(url).content.decode()
    assert "has not begun yet" in page
    assert 'name="early"' not in page
    assert f"Close {next_month.label} early" not in page

    response = staff_client.post(url, {"early": "yes"}, follow=True)

    assert "has not begun yet" in response.content.decode()
    next_month.refresh_from_db()
    assert next_month.status == Period.Status.OPEN


def test_the_command_refuses_a_month_to_come_even_with_early(staff, next_month):
    with pytest.raises(CommandError, match="has not begun yet"):
        call_command(
            "month_close", f"{next_month.year}-{next_month.month:02d}", "--by", staff.username,
            "--early",
        )  # fmt: skip

    next_month.refresh_from_db()
    assert next_month.status == Period.Status.OPEN
