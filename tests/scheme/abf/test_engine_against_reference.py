"""The integer engine against a plain `Fraction` reference, on random events (hypothesis).

Each drawn event (fields of every movement with random ties and partial rankings, half
tables, short sessions, IMP matches, outright placings, teams of 5 or 6, both editions'
rounding) must give every contestant the same session awards, match awards, outright award
and total, to the cent, as `fraction_reference.reference_awards`; with or without the
working lines.
"""

from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from scheme.abf import Event, Field, Match, Outright, Session, compute_awards, get_rule_set
from scheme.core.arithmetic import (
    Rounding,
    exact,
    exact_scaled,
    exact_sum,
    round_cents,
    round_hundredths,
)
from tests.scheme.abf.fraction_reference import reference_awards, rounded

GRADES = ["F", "E", "D", "C", "B4c", "B5", "B3", "B", "A2", "A"]


@st.composite
def ranked(draw, labels: list[str]):
    """`labels` in a random order, in groups of random ties."""
    order = draw(st.permutations(labels))
    cuts = draw(st.lists(st.booleans(), min_size=len(order), max_size=len(order)))
    groups: list[list[str]] = []
    for label, cut in zip(order, cuts, strict=True):
        if groups and not cut:
            groups[-1].append(label)
        else:
            groups.append([label])
    return groups


@st.composite
def fields(draw, kind: str, number: int):
    if kind == "teams":
        movement = draw(st.sampled_from(["howell", "short_matches", "arrow_switch"]))
        tables, per_table = Decimal(draw(st.integers(2, 30))), 1
    elif kind == "individual":
        movement, per_table = "individual", 4
        tables = Decimal(draw(st.integers(2, 12))) + draw(st.sampled_from([0, Decimal("0.5")]))
    else:
        movement = draw(st.sampled_from(["mitchell", "howell", "arrow_switch"]))
        per_table = 1 if movement == "mitchell" else 2
        tables = Decimal(draw(st.integers(4, 70))) - draw(st.sampled_from([0, Decimal("0.5")]))
    largest = int(-(-tables // 1)) * per_table
    listed = draw(st.integers(1, largest))
    prefix = "T" if kind == "teams" else f"F{number}C"
    ranking = draw(ranked([f"{prefix}{n}" for n in range(1, listed + 1)]))
    return Field(movement, tables, ranking)


@st.composite
def matches(draw):
    teams = [f"T{n}" for n in range(1, draw(st.integers(2, 10)) + 1)]
    played = []
    for _ in range(draw(st.integers(1, 8))):
        home, away = draw(st.lists(st.sampled_from(teams), min_size=2, max_size=2, unique=True))
        played.append(
            Match(
                boards=draw(st.integers(5, 32)),
                home=home,
                away=away,
                home_imps=Decimal(draw(st.integers(0, 80))),
                away_imps=Decimal(draw(st.integers(0, 80))),
            )
        )
    return played


@st.composite
def events(draw):
    kind = draw(st.sampled_from(["pairs", "teams", "individual"]))
    sessions = []
    for _ in range(draw(st.integers(1, 3))):
        boards = draw(st.sampled_from([None, None, 10, 12, 15, 16, 18, 20, 23, 27]))
        if kind == "teams" and draw(st.booleans()):
            sessions.append(Session(matches=draw(matches()), boards=boards))
            continue
        count = 1 if kind == "teams" else draw(st.integers(1, 2))
        sessions.append(
            Session(fields=[draw(fields(kind, number)) for number in range(count)], boards=boards)
        )
    labels = sorted(
        {label for s in sessions for f in s.fields for group in f.ranking for label in group}
        | {label for s in sessions for m in s.matches for label in (m.home, m.away)}
    )
    outright = None
    per_table = {"pairs": 2, "teams": 1, "individual": 4}[kind]
    if len(labels) > per_table and draw(st.booleans()):  # 4.4.3: two tables at least
        outright = Outright(ranking=draw(ranked(labels)), sessions=draw(st.integers(1, 14)))
    team_sizes = {}
    if kind == "teams":
        chosen = draw(st.lists(st.sampled_from(labels), unique=True, max_size=4))
        team_sizes = {label: draw(st.integers(3, 6)) for label in chosen}
    return Event(
        grade=draw(st.sampled_from(GRADES)),
        kind=kind,
        sessions=sessions,
        outright=outright,
        rules=draw(st.sampled_from(["ABF-2025", "ABF-legacy"])),
        team_sizes=team_sizes,
    )


@settings(max_examples=300, deadline=None)
@given(event=events())
def test_every_award_is_the_fraction_references_to_the_cent(event):
    expected = reference_awards(get_rule_set(event.rules), event)
    for working in (False, True):
        awards = compute_awards(event, working=working)
        assert set(awards.labels) == set(expected)
        for contestant in awards.contestants:
            sessions, matches, outright, total = expected[contestant.label]
            assert contestant.sessions == sessions, contestant.label
            assert contestant.matches == matches, contestant.label
            assert contestant.outright == outright, contestant.label
            assert contestant.total == total, contestant.label


@settings(max_examples=50, deadline=None)
@given(event=events())
def test_without_the_working_lines_the_awards_are_the_same_and_no_line_is_written(event):
    explained = compute_awards(event)
    bare = compute_awards(event, working=False)
    assert bare.contestants == explained.contestants
    assert explained.working and bare.working == ()


values = st.fractions(min_value=Fraction(-50), max_value=Fraction(50), max_denominator=10**9)
# Exact halves of a cent, where the two editions part.
halves = st.integers(-10_000, 10_000).map(lambda n: Fraction(2 * n + 1, 200))


@settings(max_examples=500)
@given(value=st.one_of(values, halves), rounding=st.sampled_from(list(Rounding)))
def test_integer_rounding_is_the_fraction_rounding(value, rounding):
    assert round_cents(value, rounding) == rounded(value, rounding)
    # The same value over any (unreduced) denominator rounds the same.
    scaled = round_hundredths(value.numerator * 7, value.denominator * 7, rounding)
    assert Decimal(scaled) / 100 == rounded(value, rounding)


def test_half_a_cent_rounds_to_even_in_2025_and_up_in_the_older_edition():
    assert round_hundredths(105, 1000, Rounding.HALF_EVEN) == 10  # 0.105 -> 0.10
    assert round_hundredths(115, 1000, Rounding.HALF_EVEN) == 12  # 0.115 -> 0.12
    assert round_hundredths(105, 1000, Rounding.HALF_UP) == 11
    assert round_hundredths(-105, 1000, Rounding.HALF_UP) == -10  # -0.105 rounds up
    assert round_hundredths(-105, 1000, Rounding.HALF_EVEN) == -10


@settings(max_examples=300)
@given(first=values, second=values, factor=values, rounding=st.sampled_from(list(Rounding)))
def test_exact_sums_and_products_are_the_fraction_sums_and_products(
    first, second, factor, rounding
):
    a = exact(first.numerator * 3, first.denominator * 3, rounding)
    b = exact(second.numerator, second.denominator, rounding)
    total = exact_sum(a, b, rounding)
    assert total.fraction == first + second
    assert total.hundredths == round_hundredths(
        (first + second).numerator, (first + second).denominator, rounding
    )
    product = exact_scaled(a, factor, rounding)
    assert product.fraction == first * factor
    assert Decimal(product.hundredths) / 100 == rounded(first * factor, rounding)
