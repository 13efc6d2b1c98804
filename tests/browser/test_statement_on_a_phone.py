"""A player's statement on a phone (390 px): the points and the running totals are on the
screen beside each line, and a balance brought forward says so once."""

from datetime import date

import pytest

from awards.ledger.models import Credit, Event
from centre.models import Period
from tests.factories import PlayerFactory, StaffFactory, totals_create

ON_SCREEN = """() => {
  const cells = [...document.querySelectorAll("[data-statement] tbody tr:last-child td")]
    .filter((td) => td.getBoundingClientRect().width > 0);
  return cells.slice(-4).map((td) => td.getBoundingClientRect().right <= window.innerWidth);
}"""


@pytest.mark.django_db(transaction=True)
def test_the_statement_keeps_points_and_running_totals_on_a_phones_screen(page, club_a):
    staff = StaffFactory(username="staff-statement")
    player = PlayerFactory(home_club=club_a)
    period = Period.objects.create(year=2026, month=4)
    day = date(2026, 4, 1)
    brought = Event.objects.create(
        organiser=Event.Organiser.NATIONAL,
        name="Green points brought forward from the previous register",
        starts_on=day,
        ends_on=day,
        grade="E",
        created_by=staff,
        of_the_year=False,
    )
    Credit.objects.create(
        player=player,
        event=brought,
        colour="green",
        points=1234_56,
        source=Credit.Source.ADJUSTMENT,
        reason="Balance brought forward from the previous register",
        period=period,
        state=Credit.State.APPROVED,
        uploaded_by=staff,
    )
    totals_create(player=player, year=2026, brought_forward=True, green_approved=1234_56)

    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"/awards/players/{player.abf_number}/")
    row = page.locator("[data-statement] tbody tr").last.inner_text()
    assert row.count("brought forward from the previous register") == 1
    # Points, then the green, red and gold running totals: each wholly on the screen.
    assert page.evaluate(ON_SCREEN) == [True, True, True, True]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
