from datetime import date
from decimal import Decimal

import pytest

from scheme.abf.grades import ABF_GRADES
from scheme.abf.levies import (
    CapitationPeriod,
    LevyGroup,
    capitation_exempt,
    capitation_period,
    is_overdue,
    late_lodgement_applies,
    late_lodgement_months,
    levy,
    levy_group,
    payment_fee_applies,
)


def test_every_grade_has_a_levy_group():
    for grade in ABF_GRADES:
        assert isinstance(levy_group(grade), LevyGroup)
    assert levy_group("B4s") is LevyGroup.CLUB_RED
    assert levy_group("A2") is LevyGroup.GOLD_AND_STATE


def test_an_unknown_grade_is_named():
    with pytest.raises(ValueError, match="grade 'Z' has no masterpoint levy"):
        levy_group("Z")


def test_levy_is_charged_in_whole_cents_half_up():
    assert levy(150, Decimal("2.53")) == Decimal("3.80")  # 3.795 -> 3.80
    assert levy(1, Decimal("1.74")) == Decimal("0.02")


@pytest.mark.parametrize(
    ("joined", "period"),
    [(date(2026, 4, 1), CapitationPeriod.APRIL_SEPTEMBER),
     (date(2026, 9, 30), CapitationPeriod.APRIL_SEPTEMBER),
     (date(2026, 10, 1), CapitationPeriod.OCTOBER_DECEMBER),
     (date(2027, 3, 31), CapitationPeriod.JANUARY_MARCH)],
)  # fmt: skip
def test_capitation_period(joined, period):
    assert capitation_period(joined) is period


def test_special_clubs_are_exempt_from_capitation():
    assert capitation_exempt("youth") and not capitation_exempt("ordinary")


@pytest.mark.parametrize(
    ("colour", "organiser", "grade", "name", "applies"),
    [
        ("red", "state", "B4", "Summer Congress Teams", True),
        ("gold", "national", "A", "Australian Open Pairs", True),
        ("green", "club", "E", "Tuesday Pairs", False),
        ("red", "club", "B4c", "Club Championship", False),
        ("red", "club", "B5i", "Invitation Teams", False),
        ("red", "state", "B4c", "State B4c Pairs", True),
        ("red", "national", "A", "GNOT National Final", False),
        ("gold", "national", "A", "Grand National Pairs", False),
    ],
)
def test_late_lodgement_exemptions_of_8_4(colour, organiser, grade, name, applies):
    assert (
        late_lodgement_applies(colour=colour, organiser=organiser, grade=grade, name=name)
        is applies
    )


@pytest.mark.parametrize(("days", "months"), [(30, 0), (31, 1), (60, 1), (61, 2), (120, 3)])
def test_late_lodgement_months(days, months):
    ended = date(2026, 1, 1)
    assert late_lodgement_months(ended, date.fromordinal(ended.toordinal() + days)) == months


def test_overdue_after_90_days():
    assert not is_overdue(due_on=date(2026, 1, 1), on=date(2026, 4, 1))  # 90 days
    assert is_overdue(due_on=date(2026, 1, 1), on=date(2026, 4, 2))


def test_payment_fee_only_without_the_club_number():
    assert payment_fee_applies(quoted_club_number=False)
    assert not payment_fee_applies(quoted_club_number=True)
