"""A month is closed once it has ended, Sydney time (App. E): before then only by an early
close that staff choose explicitly, kept with the month; the page lists what still waits."""

import io
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from awards.authorisations.services.numbers import authorisation_issue
from awards.intake.models import CreditUpload
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.models import Credit
from centre.models import Period
from operations.models import EarlyClose
from operations.services import MonthCloseTooEarly, month_close_start, month_has_ended
from scheme.core.calendar import sydney_month
from tests.awards.conftest import event, grn, upload_and_confirm
from tests.factories import PlayerFactory
from tests.operations.months import month_with_a_credit

pytestmark = pytest.mark.django_db
SYDNEY = ZoneInfo("Australia/Sydney")
UTC = ZoneInfo("UTC")


@pytest.fixture
def current_month(secretary_a, club_a) -> Period:
    """This month (never ended while the test runs), with two provisional credits."""
    players = PlayerFactory.create_batch(2, home_club=club_a)
    upload_and_confirm(
        secretary_a, "m.grn", grn((players[0].abf_number, 145), (players[1].abf_number, 5))
    )
    period = Credit.objects.first().period
    assert (period.year, period.month) == sydney_month(timezone.now())
    return period


@pytest.fixture
def last_month(club_a, staff) -> Period:
    """The month before this one (ended), with one provisional credit."""
    year, month = sydney_month(timezone.now())
    year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    return month_with_a_credit(year, month, club=club_a, staff=staff)


def test_a_month_ends_at_midnight_sydney_time():
    february = Period(year=2026, month=2)
    # 28 February 23:30 in Sydney (AEDT, UTC+11) is 12:30 UTC; 1 March 00:30 is 13:30 UTC.
    assert not month_has_ended(period=february, now=datetime(2026, 2, 28, 12, 30, tzinfo=UTC))
    assert month_has_ended(period=february, now=datetime(2026, 2, 28, 13, 30, tzinfo=UTC))


def test_closing_a_month_that_has_not_ended_is_refused_and_changes_nothing(
    staff, current_month, django_capture_on_commit_callbacks
):
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(MonthCloseTooEarly, match="has not ended yet"),
    ):
        month_close_start(period=current_month, by=staff)

    current_month.refresh_from_db()
    assert current_month.status == Period.Status.OPEN
    assert current_month.closed_by is None
    assert Credit.objects.filter(state="provisional").count() == 2
    assert not EarlyClose.objects.exists()


def test_an_early_close_chosen_by_staff_closes_the_month_and_is_kept_with_it(
    staff, current_month, django_capture_on_commit_callbacks
):
    before = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        month_close_start(period=current_month, by=staff, early=True)

    current_month.refresh_from_db()
    assert current_month.status == Period.Status.CLOSED
    assert current_month.early_close.chosen_by == staff
    assert before <= current_month.early_close.chosen_at <= timezone.now()


def test_a_month_that_has_ended_closes_without_an_early_close(
    staff, last_month, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        month_close_start(period=last_month, by=staff)

    last_month.refresh_from_db()
    assert last_month.status == Period.Status.CLOSED
    assert not EarlyClose.objects.exists()


def test_the_page_refuses_a_close_before_the_month_has_ended_without_the_early_choice(
    staff_client, current_month
):
    url = reverse("operations:month", args=[current_month.pk])
    page = staff_client.get(url).content.decode()
    assert "has not ended yet" in page
    assert 'name="early"' in page
    assert f"Close {current_month.label} early" in page

    response = staff_client.post(url, follow=True)

    assert "has not ended yet" in response.content.decode()
    current_month.refresh_from_db()
    assert current_month.status == Period.Status.OPEN
    assert Credit.objects.filter(state="provisional").count() == 2


def test_the_page_closes_early_when_staff_tick_it_and_says_who_chose_it(
    staff_client, current_month, django_capture_on_commit_callbacks
):
    url = reverse("operations:month", args=[current_month.pk])
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(url, {"early": "yes"})

    page = staff_client.get(url).content.decode()
    current_month.refresh_from_db()
    assert current_month.status == Period.Status.CLOSED
    assert "Closed early, before the month ended: chosen by staff" in page
    # Whether the task has run yet or not, the message never says the credits are being
    # approved beside a month shown closed.
    assert "being approved" not in page
    assert 'data-step="promotions" data-state="done"' in page


def test_the_page_of_an_ended_month_offers_the_plain_close(staff_client, last_month):
    page = staff_client.get(reverse("operations:month", args=[last_month.pk])).content.decode()
    assert f"Approve and close {last_month.label}" in page
    assert 'name="early"' not in page


def test_the_page_lists_uploads_waiting_for_confirmation_and_open_authorisations(
    staff_client, secretary_a, state_secretary_a, club_a, current_month
):
    waiting_player = PlayerFactory(home_club=club_a)
    credit_upload_check(
        by=secretary_a, filename="tuesday.grn", content=grn((waiting_player.abf_number, 80)),
        event=event(name="Tuesday pairs"),
    )  # fmt: skip
    authorisation_issue(
        by=state_secretary_a, club=club_a, event_name="Red pairs", grade="B4c", amount=1000
    )
    assert CreditUpload.objects.filter(status="checked").count() == 1

    page = staff_client.get(reverse("operations:month", args=[current_month.pk]))
    page = page.content.decode()

    waiting = page[
        page.index("data-close-waiting") : page.index(f"Close {current_month.label} early")
    ]
    assert "1 upload is checked but not confirmed" in waiting
    assert "tuesday.grn" in waiting
    assert "secretary-a" in waiting
    assert "1 authorisation is open" in waiting
    assert "Red pairs" in waiting
    assert "10.00" in waiting


def test_the_page_says_when_nothing_is_waiting(staff_client, current_month):
    page = staff_client.get(reverse("operations:month", args=[current_month.pk]))
    assert "No upload is waiting for confirmation." in page.content.decode()
    assert "No authorisation is open." in page.content.decode()


def test_the_command_refuses_a_month_not_yet_ended_unless_told_early(staff, current_month):
    label = f"{current_month.year}-{current_month.month:02d}"
    with pytest.raises(CommandError, match="give --early"):
        call_command("month_close", label, by="staff", stdout=io.StringIO())
    current_month.refresh_from_db()
    assert current_month.status == Period.Status.OPEN

    call_command("month_close", label, by="staff", early=True, stdout=io.StringIO())

    current_month.refresh_from_db()
    assert current_month.status == Period.Status.CLOSED
    assert current_month.early_close.chosen_by == staff


def test_the_command_closes_a_month_that_has_ended_without_early(staff, last_month):
    label = f"{last_month.year}-{last_month.month:02d}"
    call_command("month_close", label, by="staff", stdout=io.StringIO())
    last_month.refresh_from_db()
    assert last_month.status == Period.Status.CLOSED
    assert not EarlyClose.objects.exists()
    assert timezone.now() - last_month.closed_at < timedelta(minutes=5)
