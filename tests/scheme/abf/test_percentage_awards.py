"""4.2.2 percentage-based session awards, and the alternative of 6.3 for Australia-Wide
Pairs, in both rule sets: each pair's award follows its own score, rounded down."""

from decimal import Decimal

import pytest

from scheme.abf import Event, Field, Session, compute_awards
from scheme.abf.percentages import award_for_score
from scheme.core.errors import RulesError

BOTH = pytest.mark.parametrize("rules", ["ABF-2025", "ABF-legacy"])


def scored(grade: str, scores: dict[str, str], rules: str = "ABF-2025", **extra) -> Event:
    ranking = [[label] for label in scores]
    field = Field("mitchell", 10, ranking, percentages=scores)
    return Event(
        grade=grade, kind="pairs", rules=rules, sessions=[Session(fields=[field])], **extra
    )


def totals(event: Event) -> dict[str, Decimal]:
    return {c.label: c.total for c in compute_awards(event).contestants}


@BOTH
def test_a_b4_congress_session_pays_each_pair_by_its_score(rules):
    # W = 2.5: 50% earns W*10/100 = 0.25; each point above adds W*2/100 = 0.05; each point
    # below takes 0.05 off; 46% is the last that earns anything.
    awards = totals(
        scored("B4", {"A": "63.9", "B": "50", "C": "49.99", "D": "46", "E": "45.5"}, rules)
    )

    assert awards == {
        "A": Decimal("0.90"),  # P = 63 (rounded down): (25 + 13*5)/100
        "B": Decimal("0.25"),
        "C": Decimal("0.20"),  # P = 49: (25 - 1*5)/100; the minus sign of 4.2.2
        "D": Decimal("0.05"),  # P = 46: (25 - 4*5)/100
        "E": Decimal("0.00"),  # P = 45: nothing
    }


@BOTH
def test_awards_are_rounded_down_not_to_the_nearest(rules):
    # B3, W = 3.75: 50% is 0.375, 51% 0.45, 47% (37.5 - 22.5)/100 = 0.15, 55% 0.75.
    awards = totals(scored("B3", {"A": "50.0", "B": "51.2", "C": "47", "D": "55"}, rules))

    assert awards == {
        "A": Decimal("0.37"),
        "B": Decimal("0.45"),
        "C": Decimal("0.15"),
        "D": Decimal("0.75"),
    }


def test_the_formula_below_fifty_percent_subtracts():
    # The 2025 text reads "{W*10 (50-P)*W*2}/100"; the older edition has the minus sign.
    # Read as a product, 46% at W = 2.5 would be 5.00; with the minus sign it is 0.05.
    assert award_for_score(Decimal("2.5"), 46) == Decimal("0.05")
    assert award_for_score(Decimal("2.5"), 45) == 0
    assert award_for_score(Decimal("2.5"), 0) == 0


@BOTH
def test_australia_wide_pairs_may_award_by_4_2_2_instead_of_the_6_3_placings(rules):
    # 6.3: "Alternatively, points can be awarded in accordance with clause 4.2.2"; grade B,
    # W = 5.0: 60% -> (50 + 10*10)/100 = 1.50; 48% -> (50 - 2*10)/100 = 0.30.
    event = scored("B", {"A": "60.4", "B": "48.1", "C": "40"}, rules, australia_wide=True)

    assert totals(event) == {"A": Decimal("1.50"), "B": Decimal("0.30"), "C": Decimal("0.00")}
    working = "\n".join(compute_awards(event).working)
    assert "6.3 alternative, 4.2.2" in working


def test_a_short_session_is_factored_down_before_rounding_down():
    # 4.4.7: 18 of 24 boards; 60% at B4 is 0.75 x 18/24 = 0.5625 -> 0.56.
    field = Field("mitchell", 10, [["A"]], percentages={"A": "60"})
    event = Event(grade="B4", kind="pairs", sessions=[Session(boards=18, fields=[field])])

    assert totals(event) == {"A": Decimal("0.56")}


def test_a_club_event_may_not_award_by_percentages():
    with pytest.raises(RulesError) as refused:
        compute_awards(scored("E", {"A": "60"}))

    assert refused.value.field == "sessions[0].fields[0].percentages"
    assert "4.2.2" in refused.value.message
    assert "not grade E" in refused.value.message


def test_every_pair_of_the_field_needs_a_score():
    field = Field("mitchell", 10, [["A"], ["B"]], percentages={"A": "60"})
    event = Event(grade="B4", kind="pairs", sessions=[Session(fields=[field])])

    with pytest.raises(RulesError) as refused:
        compute_awards(event)

    assert "Give the score of B" in refused.value.message


def test_a_score_above_100_is_refused():
    with pytest.raises(RulesError) as refused:
        compute_awards(scored("B4", {"A": "101"}))

    assert refused.value.field == "sessions[0].fields[0].percentages[A]"
