"""6.3 and the 6.2.1 NOTE: events levied at the grade B4 rate whatever their own grade.

6.3: "These events are limited to the Australia-Wide Pairs contests (including the Worldwide
Pairs), which are single session competitions. Reporting procedures as described in the Note
to clause 6.2.1 apply. Grade B4 masterpoint levies will be levied."

6.2.1 NOTE: "Any single session State-wide tournament should be reported as a Congress (see
clause 5.4.1). Grade B4 masterpoint levies apply."

The fee schedule in force (8.3.1): grades B3, B4, B5 $2.68 a point; grades A, A2, B $1.74;
grades B4c, B4s, B5i $2.03.
"""

from decimal import Decimal

import pytest
from django.utils import timezone

from awards.ledger.models import Credit, Event
from billing.models import Invoice
from billing.services import event_invoices_issue
from centre.models import Period
from scheme.abf.levies import LevyGroup, event_levy_group
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def credited(*, state, by, name: str, grade: str, organiser: str = "state", sessions: int = 1):
    """100 red points of one event, credited in this month."""
    today = timezone.localdate()
    period, _ = Period.objects.get_or_create(year=today.year, month=today.month)
    event = Event.objects.create(
        organiser=organiser,
        state=state,
        name=name,
        starts_on=today,
        ends_on=today,
        grade=grade,
        sessions=sessions,
    )
    Credit.objects.create(
        player=PlayerFactory(home_club=ClubFactory(state=state)),
        event=event,
        colour="red",
        points=100_00,
        source=Credit.Source.FILE,
        period=period,
        uploaded_by=by,
    )
    return period


def levy_line(state) -> tuple[str, Decimal]:
    invoice = Invoice.objects.get(state=state, kind=Invoice.Kind.EVENT)
    line = invoice.lines.first()
    return line.description, line.amount


@pytest.mark.parametrize("name", ["Australia-Wide Pairs 2026", "Worldwide Pairs, heat 2"])
def test_6_3_the_australia_wide_pairs_are_levied_at_the_b4_rate_not_b(state_a, staff, name):
    period = credited(state=state_a, by=staff, name=name, grade="B")

    assert event_invoices_issue(period=period) == 1
    # Sent again, the same month's event is not invoiced twice.
    assert event_invoices_issue(period=period) == 0

    description, amount = levy_line(state_a)
    # 100 red points at the B4 rate ($2.68), not grade B's $1.74.
    assert amount == Decimal("268.00")
    assert "(B, ended" in description
    assert description.endswith("levied as grade B4, grades B3, B4, B5 (8.1, 6.3)")


def test_6_2_2_a_state_championship_of_grade_b_keeps_the_grade_b_rate(state_a, staff):
    period = credited(state=state_a, by=staff, name="State Open Teams", grade="B", sessions=6)

    event_invoices_issue(period=period)

    description, amount = levy_line(state_a)
    assert amount == Decimal("174.00")
    assert description.endswith("grades A, A2, B (8.1)")


def test_6_2_1_note_a_single_session_state_wide_tournament_is_levied_at_b4(state_a, staff):
    period = credited(
        state=state_a, by=staff, name="State-wide Simultaneous Pairs", grade="B4s", sessions=1
    )

    assert event_invoices_issue(period=period) == 1
    assert event_invoices_issue(period=period) == 0

    description, amount = levy_line(state_a)
    assert amount == Decimal("268.00")  # B4's $2.68, not B4s's $2.03
    assert description.endswith("levied as grade B4, grades B3, B4, B5 (8.1, 6.2.1)")


def test_6_2_1_a_b4s_event_of_several_sessions_keeps_the_b4s_rate(state_a, staff):
    period = credited(state=state_a, by=staff, name="Interclub Teams", grade="B4s", sessions=3)

    event_invoices_issue(period=period)

    description, amount = levy_line(state_a)
    assert amount == Decimal("203.00")
    assert description.endswith("grades B4c, B4s, B5i (8.1)")


@pytest.mark.parametrize(
    ("grade", "name", "organiser", "sessions", "group"),
    [
        ("B", "Australia Wide Pairs", "state", 1, LevyGroup.CONGRESS),
        ("B", "australia-wide  pairs", "national", 1, LevyGroup.CONGRESS),
        ("B", "State Pairs", "state", 4, LevyGroup.GOLD_AND_STATE),
        # Only a grade B event is 6.3's: a club's own red points for the session come from
        # its B4c allowance (6.3 Note) and keep the B4c rate.
        ("B4c", "Australia-Wide Pairs", "club", 1, LevyGroup.CLUB_RED),
        ("B4s", "State-wide Pairs", "congress", 1, LevyGroup.CONGRESS),
        ("B4s", "Interclub Pairs", "club", 1, LevyGroup.CLUB_RED),
    ],
)
def test_6_3_and_6_2_1_the_levy_group_of_each_event(grade, name, organiser, sessions, group):
    assert event_levy_group(grade=grade, name=name, organiser=organiser, sessions=sessions) == group
