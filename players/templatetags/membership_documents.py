"""The membership section of the club's documents page: the schedule of home members for the
January cancellations (App. C 7; guide F6.4) and the registration cards (1.4.1, 1.4.3), of the
membership year: nothing under a scheme without one (MEMBERSHIP_YEAR)."""

from datetime import timedelta

from django import template

from clubs.models import Club
from players import calendar
from players.selectors import registration_card_days
from players.services.cancellations import cancellation_year_printed
from scheme.core.calendar import membership_year_of

register = template.Library()

# The days of new or changed cards listed on the page.
CARD_DAYS_SHOWN = 90


@register.inclusion_tag("players/_membership_documents.html")
def membership_documents(club: Club) -> dict:
    now = calendar.now()
    cancellations = cancellation_year_printed(now=now)
    if cancellations is None:
        return {"club": club, "membership_year_kept": False}
    today = calendar.local(now).date()
    return {
        "club": club,
        "membership_year_kept": True,
        "cancellation_year": cancellations.year,
        # Guide F6.4: the schedule is the January quarter's document.
        "january_quarter": today.month <= 3,
        "membership_year": membership_year_of(today),
        "card_days": registration_card_days(
            club=club, since=today - timedelta(days=CARD_DAYS_SHOWN)
        ),
    }
