"""Seed 004: which events' winners count towards Grand Life Master, who won from the awards,
and the NAP/GNT gold and red splits of an entered award, exact to the hundredth."""

from fractions import Fraction

import pytest

from scheme.acbl.colours import GOLD, RED, split_gold_first
from scheme.acbl.glm import eligible_event, winners


@pytest.mark.parametrize(
    ("grade", "name", "eligible"),
    [
        # "Kay Platinum Pairs 6 200.00 Platinum X": GLM ELIGIBLE.
        ("NP", "Kay Platinum Pairs", True),
        ("NP", "Spring NABC 2026: Blue Ribbon Pairs", True),
        ("NP", "Vanderbilt KO", True),
        # "Mini-Blue Ribbon Pairs 6 Formula Gold": not, though it holds "Blue Ribbon Pairs".
        ("NP", "Mini-Blue Ribbon Pairs", False),
        ("NP", "10K Pairs", False),
        ("NP", "Red Ribbon Pairs", False),
        # "Winning the national NAP Flight A or GNT Championship Flight meets the criteria".
        ("NPA", "North American Pairs", True),
        ("GNC", "Grand National Teams", True),
        # A regional's "Blue Ribbon Pairs" qualifier is no NABC+ event.
        ("R", "Blue Ribbon Pairs qualifier", False),
    ],
)
def test_the_events_whose_winners_count(grade, name, eligible):
    assert (eligible_event(grade, name) is not None) == eligible


def test_first_place_is_the_largest_award_and_a_tie_shares_it():
    assert winners([("1", {"platinum": 200_00}), ("2", {"platinum": 150_00})]) == {"1"}
    tied = [("1", {"platinum": 175_00}), ("2", {"platinum": 175_00}), ("3", {"gold": 10})]
    assert winners(tied) == {"1", "2"}
    assert winners([]) == frozenset()


@pytest.mark.parametrize(
    ("gold", "hundredths", "expected"),
    [
        # "C 13.34 Gold, 26.66 Red": a third of 40.00, the gold rounded up.
        (Fraction(1, 3), 40_00, (13_34, 26_66)),
        (Fraction(1, 3), 45_00, (15_00, 30_00)),
        (Fraction(20, 100), 12_37, (2_48, 9_89)),
        (Fraction(5, 100), 1, (1, 0)),
        (Fraction(1, 2), 75, (38, 37)),
    ],
)
def test_an_entered_nap_or_gnt_split_adds_up_with_the_gold_rounded_up(gold, hundredths, expected):
    parts = split_gold_first(hundredths, ((GOLD, gold), (RED, 1 - gold)))

    assert (parts[GOLD], parts[RED]) == expected
    assert sum(parts.values()) == hundredths


def test_a_split_of_other_colours_is_refused():
    with pytest.raises(ValueError, match="not a split of gold and red"):
        split_gold_first(100, (("black", Fraction(1, 2)), (RED, Fraction(1, 2))))
