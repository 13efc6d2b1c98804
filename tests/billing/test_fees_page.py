"""Guide F2: the fee schedule in force is public ("Current Fees and Charges"), with next
year's once entered; 8.3 and 8.4 give its rows."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from billing.models import FeeSchedule
from tests.billing.factories import FeeScheduleFactory

pytestmark = pytest.mark.django_db


def test_anyone_reads_the_schedule_in_force_and_the_next_one(anonymous_client):
    today = timezone.localdate()
    FeeScheduleFactory(effective_from=today - timedelta(days=400), levy_c_d_e_f=Decimal("2.40"))
    FeeScheduleFactory(effective_from=today - timedelta(days=30))
    FeeScheduleFactory(
        effective_from=today + timedelta(days=60), capitation_april_september=Decimal("24.10")
    )
    page = anonymous_client.get("/fees/")
    assert page.status_code == 200
    text = page.content.decode()
    # 8.3 (the factory's rates): grades C-F 2.53 a point, capitation 23.30 and 11.65.
    assert "2.53" in text and "23.30" in text and "11.65" in text
    # 8.4: 4% a month late lodgement, 10% a quarter overdue, $10 without a club number.
    assert "4%" in text and "10%" in text and "$10.00" in text
    assert "In force from" in text and "24.10" in text
    # A schedule that has been replaced is not shown.
    assert "2.40" not in text
    sections = text.count("data-fee-schedule=")
    assert sections == 2


def test_with_no_schedule_the_page_says_so(anonymous_client):
    FeeSchedule.objects.all().delete()  # the 2025 rates a migration enters
    assert "No fee schedule" in anonymous_client.get("/fees/").content.decode()


def test_the_page_is_in_everyones_menu(anonymous_client, client_a):
    for client in (anonymous_client, client_a):
        assert 'href="/fees/"' in client.get("/fees/").content.decode()
