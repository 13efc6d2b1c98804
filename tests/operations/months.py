"""A month of the register with a provisional credit in it, for the month close's tests."""

from datetime import date

from awards.ledger.models import Credit, Event
from centre.models import Period
from tests.factories import PlayerFactory


def month_with_a_credit(year: int, month: int, *, club, staff) -> Period:
    """The month (year, month), with one provisional credit of a club's event of its 1st."""
    period = Period.objects.create(year=year, month=month)
    day = date(year, month, 1)
    club_event = Event.objects.create(
        organiser="club", club=club, state=club.state, name="Monday pairs",
        starts_on=day, ends_on=day, grade="E",
    )  # fmt: skip
    Credit.objects.create(
        player=PlayerFactory(home_club=club), event=club_event, colour="green", points=42,
        source="file", period=period, uploaded_by=staff,
    )  # fmt: skip
    return period
