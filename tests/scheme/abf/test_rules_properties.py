"""Properties of the placings on random events (hypothesis).

What is compared, precisely:
- down the placings, each place group's rounded award is at least the next group's;
- contestants tied in a group receive equal (rounded) awards;
- a tied group's exact shares add up exactly to the exact awards of the places it occupies
  (4.4.6); after rounding, each share is within half a cent of its exact value, so the
  group's rounded awards add up to within k x 0.005 of those places' exact awards (k the
  size of the group);
- a half table never lowers an award: the same ranking over T + 1/2 tables earns at least
  what it earns over T tables (4.4.1), in sessions and outright.
"""

import math
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from scheme.abf import ABF_2025, Event, Field, Outright, Session, compute_awards
from scheme.abf.formulas import one_winner_session_award, two_winner_session_award
from scheme.core.placings import placing_awards, share_places, top_half

PAIRS_GRADES = ["F", "E", "D", "C", "B4c", "B5", "B3", "B", "A2", "A"]


@st.composite
def rankings(draw, min_size: int, max_size: int):
    """A ranking of n contestants with random ties: a random split of 1..n into groups."""
    size = draw(st.integers(min_size, max_size))
    cuts = draw(st.lists(st.booleans(), min_size=size - 1, max_size=size - 1))
    groups, group = [], ["C1"]
    for n, cut in enumerate(cuts, start=2):
        if cut:
            groups.append(group)
            group = []
        group.append(f"C{n}")
    groups.append(group)
    return groups


@st.composite
def pairs_fields(draw):
    movement = draw(st.sampled_from(["mitchell", "howell"]))
    tables = draw(st.integers(4, 45))
    half = draw(st.booleans())
    per_table = 1 if movement == "mitchell" else 2
    size = tables * per_table
    ranking = draw(rankings(min_size=size, max_size=size))
    return movement, Decimal(tables) - (Decimal("0.5") if half else 0), ranking


def _session_event(grade, movement, tables, ranking):
    return Event(
        grade=grade, kind="pairs", sessions=[Session(fields=[Field(movement, tables, ranking)])]
    )


@settings(max_examples=150, deadline=None)
@given(grade=st.sampled_from(PAIRS_GRADES), field=pairs_fields())
def test_awards_never_increase_down_the_placings_and_ties_are_equal(grade, field):
    movement, tables, ranking = field
    awards = compute_awards(_session_event(grade, movement, tables, ranking))
    previous = None
    for group in ranking:
        values = {awards[label].total for label in group}
        assert len(values) == 1  # tied contestants get equal awards
        (value,) = values
        if previous is not None:
            assert value <= previous
        previous = value


@settings(max_examples=200, deadline=None)
@given(
    winner=st.fractions(min_value=Fraction(1, 100), max_value=Fraction(20), max_denominator=10**6),
    ranking=rankings(min_size=2, max_size=60),
)
def test_a_tied_group_shares_exactly_the_summed_awards_of_the_places_it_occupies(winner, ranking):
    size = sum(len(group) for group in ranking)
    depth = top_half(size)
    awards = placing_awards(winner, depth)
    for share in share_places(ranking, awards):
        places = range(share.first, share.last + 1)
        exact_places = sum((awards[p - 1] for p in places if p <= depth), Fraction(0))
        assert share.each * len(share.labels) == exact_places
        rounded = sum(ABF_2025.round(share.each) for _ in share.labels)
        assert abs(Fraction(rounded) - exact_places) <= Fraction(5, 1000) * len(share.labels)


@settings(max_examples=100, deadline=None)
@given(grade=st.sampled_from(PAIRS_GRADES), field=pairs_fields())
def test_rounded_awards_of_a_tied_group_stay_within_half_a_cent_a_member(grade, field):
    movement, tables, ranking = field
    awards = compute_awards(_session_event(grade, movement, tables, ranking))
    counted = math.ceil(tables)
    weight = ABF_2025.grade(grade).pairs_weight
    formula = two_winner_session_award if movement == "mitchell" else one_winner_session_award
    size = sum(len(g) for g in ranking)
    places = placing_awards(formula(counted, weight), top_half(size))
    first = 1
    for group in ranking:
        exact = sum((places[p - 1] for p in range(first, first + len(group)) if p <= len(places)),
                    Fraction(0))  # fmt: skip
        paid = sum(Fraction(awards[label].total) for label in group)
        assert abs(paid - exact) <= Fraction(5, 1000) * len(group)
        first += len(group)


@settings(max_examples=150, deadline=None)
@given(
    grade=st.sampled_from(PAIRS_GRADES),
    movement=st.sampled_from(["mitchell", "howell"]),
    tables=st.integers(4, 60),
    data=st.data(),
)
def test_a_half_table_never_lowers_a_session_award(grade, movement, tables, data):
    per_table = 1 if movement == "mitchell" else 2
    ranking = data.draw(rankings(min_size=tables * per_table, max_size=tables * per_table))
    whole = compute_awards(_session_event(grade, movement, Decimal(tables), ranking))
    # The same field with a half table more: the ranking is unchanged, T is counted as T+1.
    larger = compute_awards(
        _session_event(grade, movement, Decimal(tables) + Decimal("0.5"), ranking)
    )
    for contestant in whole.contestants:
        assert larger[contestant.label].total >= contestant.total


@settings(max_examples=100, deadline=None)
@given(
    grade=st.sampled_from(PAIRS_GRADES),
    tables=st.integers(2, 90),
    sessions=st.integers(2, 14),
    data=st.data(),
)
def test_a_half_table_never_lowers_an_outright_award(grade, tables, sessions, data):
    ranking = data.draw(rankings(min_size=2 * tables, max_size=2 * tables))

    def event(outright_tables: Decimal) -> Event:
        return Event(
            grade=grade,
            kind="pairs",
            sessions=[Session(fields=[Field("howell", tables, ranking)])],
            outright=Outright(ranking=ranking, tables=outright_tables, sessions=sessions),
        )

    whole = compute_awards(event(Decimal(tables)))
    larger = compute_awards(event(Decimal(tables) + Decimal("0.5")))
    for contestant in whole.contestants:
        assert larger[contestant.label].outright >= contestant.outright


@settings(max_examples=100, deadline=None)
@given(grade=st.sampled_from(PAIRS_GRADES), field=pairs_fields())
def test_a_total_is_the_sum_of_its_rounded_parts(grade, field):
    movement, tables, ranking = field
    event = _session_event(grade, movement, tables, ranking)
    event = Event(**{**event.__dict__, "outright": Outright(ranking=ranking, sessions=2)})
    for contestant in compute_awards(event).contestants:
        parts = [s for s in contestant.sessions if s is not None]
        assert contestant.total == sum(parts) + contestant.matches + contestant.outright
        assert all(p == p.quantize(Decimal("0.01")) for p in [*parts, contestant.total])
