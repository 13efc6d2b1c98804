"""On a phone (390 px) the numbers people open a table for are on the screen without scrolling
sideways: the standings' points, and the club statement's charge, credit and balance (the
lookup's status and rank and the uploads' status and points: test_each_role_fits)."""

from datetime import date
from decimal import Decimal

import pytest

from billing.models import Invoice
from billing.services import credit_note_issue, invoice_issue, payment_record
from tests.billing.factories import FeeScheduleFactory
from tests.browser.accessibility import accessibility_problems
from tests.browser.conftest import log_in, numbers_off_screen
from tests.factories import PlayerFactory, totals_create

PHONE = {"width": 390, "height": 800}


@pytest.mark.django_db(transaction=True)
def test_the_standings_points_are_on_a_phones_screen(page, club_a):
    for n in range(3):
        player = PlayerFactory(
            home_club=club_a,
            given_names="Alexandra-Jacqueline",
            family_name=f"Featherstonehaugh{n}",
        )
        totals_create(player=player, year=2025, green_approved=(n + 1) * 123_45)

    page.set_viewport_size(PHONE)
    page.goto("/awards/standings/2025/")

    assert not numbers_off_screen(page, "#top ~ table", "Place", "Points")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert not accessibility_problems(page)


@pytest.mark.django_db(transaction=True)
def test_the_club_statements_charge_credit_and_balance_are_on_a_phones_screen(
    page, club_a, secretary_a, staff
):
    FeeScheduleFactory(effective_from=date(2025, 1, 1))
    invoice, _ = invoice_issue(
        club=club_a,
        kind=Invoice.Kind.QUARTERLY,
        covers="2025-Q3",
        issued_on=date(2025, 10, 1),
        lines=[("Levies, grades C, D, E, F", Decimal(100), Decimal("2.53"))],
    )
    credit_note_issue(
        invoice=invoice,
        amount=Decimal("3.00"),
        reason="Points credited twice",
        issued_on=date(2025, 10, 10),
        by=staff,
    )
    payment_record(club=club_a, amount=Decimal("200.00"), received_on=date(2025, 10, 20), by=staff)

    page.set_viewport_size(PHONE)
    log_in(page, secretary_a.username)
    page.goto("/billing/statement/")

    assert not numbers_off_screen(page, "main table", "Charge", "Credit", "Balance")
    balance = page.locator("[data-balance]").bounding_box()
    assert balance and balance["x"] + balance["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert not accessibility_problems(page)
