"""Every printed table of the plan that a formula generates, regenerated cell by cell:
Appendix A (B), Appendix B (M), Appendix C (places as a share of first), the restricted
scale, the knockout and Swiss computed awards and bracket size factors, the Soloway tables,
and the factor tables R, S, T, D, L. Cells are copied from the extracted text; a cell the
extraction lost is skipped with the reason."""

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

from scheme.acbl.club import restricted_multiplier
from scheme.acbl.formula import (
    EventType,
    Rating,
    b_factor,
    d_factor,
    l_factor,
    m_factor,
    p_factor,
    place_fraction,
    r_factor,
    s_factor,
    t_factor,
    table_depth,
)
from scheme.acbl.teams import (
    knockout_computed_award,
    knockout_size_factor,
    regional_overall_split,
    soloway_size_factor,
    swiss_computed_award,
    swiss_size_factor,
)


def places(value: Fraction, digits: int) -> str:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


# Appendix A, "Sample B factor values", rows by tens digit, as printed (0- row starts at 2).
APPENDIX_A = """
0- - - 0.2000 0.2167 0.2333 0.2500 0.2667 0.2833 0.3000 0.3167
1- 0.3333 0.3500 0.3667 0.3833 0.4000 0.4167 0.4333 0.4500 0.4667 0.4833
2- 0.5000 0.5167 0.5333 0.5500 0.5667 0.5833 0.6000 0.6167 0.6333 0.6500
3- 0.6667 0.6833 0.7000 0.7167 0.7333 0.7500 0.7667 0.7833 0.8000 0.8167
4- 0.8333 0.8500 0.8667 0.8833 0.9000 0.9167 0.9333 0.9500 0.9667 0.9833
5- 1.0000 1.0167 1.0333 1.0500 1.0667 1.0833 1.1000 1.1167 1.1333 1.1500
6- 1.1667 1.1833 1.1903 1.1973 1.2041 1.2109 1.2175 1.2240 1.2304 1.2368
7- 1.2430 1.2492 1.2553 1.2613 1.2672 1.2730 1.2788 1.2844 1.2900 1.2956
8- 1.3010 1.3064 1.3118 1.3170 1.3222 1.3274 1.3324 1.3375 1.3424 1.3473
9- 1.3522 1.3570 1.3617 1.3664 1.3711 1.3757 1.3802 1.3847 1.3892 1.3936
10- 1.3979 1.4023 1.4065 1.4108 1.4150 1.4191 1.4232 1.4273 1.4314 1.4354
11- 1.4393 1.4433 1.4472 1.4510 1.4548 1.4586 1.4624 1.4661 1.4698 1.4735
12- 1.4771 1.4807 1.4843 1.4878 1.4914 1.4949 1.4983 1.5017 1.5051 1.5085
13- 1.5119 1.5152 1.5185 1.5218 1.5250 1.5283 1.5315 1.5347 1.5378 1.5410
14- 1.5441 1.5472 1.5502 1.5533 1.5563 1.5593 1.5623 1.5653 1.5682 1.5711
15- 1.5740 1.5769 1.5798 1.5826 1.5855 1.5883 1.5911 1.5938 1.5966 1.5993
16- 1.6021 1.6048 1.6075 1.6101 1.6128 1.6154 1.6180 1.6207 1.6232 1.6258
17- 1.6284 1.6309 1.6335 1.6360 1.6385 1.6410 1.6435 1.6459 1.6484 1.6508
18- 1.6532 1.6556 1.6580 1.6604 1.6628 1.6651 1.6675 1.6698 1.6721 1.6744
19- 1.6767 1.6790 1.6812 1.6835 1.6857 1.6880 1.6902 1.6924 1.6946 1.6968
20- 1.6990 1.7011 1.7033 1.7054 1.7076 1.7097 1.7118 1.7139 1.7160 1.7181
21- 1.7202 1.7222 1.7243 1.7263 1.7284 1.7304 1.7324 1.7344 1.7364 1.7384
22- 1.7404 1.7423 1.7443 1.7462 1.7482 1.7501 1.7520 1.7540 1.7559 1.7578
23- 1.7597 1.7616 1.7634 1.7653 1.7672 1.7690 1.7709 1.7727 1.7745 1.7763
24- 1.7782 1.7800 1.7818 1.7835 1.7853 1.7871 1.7889 1.7906 1.7924 1.7941
25- 1.7959
"""
# The extracted text lost the "9-" of the ninth row (printed "- 1.3522 ..."); the row is
# restored from its place between 8- and 10-.


def _appendix_a() -> list[tuple[int, str]]:
    cells = []
    for line in APPENDIX_A.strip().splitlines():
        head, *values = line.split()
        tens = int(head.rstrip("-"))
        for units, value in enumerate(values):
            if value != "-":
                cells.append((tens * 10 + units, value))
    return cells


APPENDIX_A_CELLS = _appendix_a()


def test_appendix_a_has_every_table_from_2_to_250():
    assert [tables for tables, _ in APPENDIX_A_CELLS] == list(range(2, 251))


@pytest.mark.parametrize(("tables", "printed"), APPENDIX_A_CELLS)
def test_appendix_a_b_factor(tables, printed):
    assert places(b_factor(Fraction(tables)), 4) == printed


APPENDIX_B = [
    (50, "0.3500"),
    (100, "0.4000"),
    (200, "0.4250"),
    (300, "0.4500"),
    (500, "0.5000"),
    (750, "0.5250"),
    (1000, "0.5500"),
    (1250, "0.5750"),
    (1500, "0.6000"),
    (2000, "0.6500"),
    (2500, "0.7000"),
    (3000, "0.7500"),
    (5000, "0.8500"),
    (8000, "1.0000"),
]


@pytest.mark.parametrize(("limit", "printed"), APPENDIX_B)
def test_appendix_b_m_factor(limit, printed):
    assert places(m_factor(limit), 4) == printed


def test_m_factor_is_continuous_where_its_printed_bounds_overlap():
    for bound in (100, 500, 3000, 8000):
        below = m_factor(bound - 1) + (m_factor(bound + 1) - m_factor(bound - 1)) / 2
        assert abs(m_factor(bound) - below) < Fraction(1, 1000)
    assert m_factor(None) == 1
    assert m_factor(20000) == 1


# Appendix C, "Percentage for overall awards compared to first place award".
APPENDIX_C = {
    1: ["1.00", "0.75", "0.56", "0.42", "0.32", "0.24", "0.18", "0.13", "0.11", "0.10"],
    2: ["1.00", "0.75", "0.56", "0.42", "0.33", "0.29", "0.25", "0.22", "0.20", "0.18"],
    4: ["1.00", "0.75", "0.56", "0.44", "0.40", "0.36", "0.33", "0.31", "0.29", "0.27"],
    6: ["1.00", "0.75", "0.56", "0.46", "0.43", "0.40", "0.38", "0.35", "0.33", "0.32"],
}
APPENDIX_C_15_20 = {
    1: ("0.07", "0.05"),
    2: ("0.13", "0.10"),
    4: ("0.20", "0.16"),
    6: ("0.25", "0.21"),
}


def _appendix_c():
    for sessions, column in APPENDIX_C.items():
        for place, printed in enumerate(column, start=1):
            yield sessions, place, printed
        fifteen, twenty = APPENDIX_C_15_20[sessions]
        yield sessions, 15, fifteen
        yield sessions, 20, twenty


@pytest.mark.parametrize(("sessions", "place", "printed"), list(_appendix_c()))
def test_appendix_c_place_shares(sessions, place, printed):
    assert places(place_fraction(place, sessions), 2) == printed


def test_the_place_table_chains_75_percent_then_takes_its_formula():
    # One session: 75% of the place above down to 8th, then first / place.
    assert place_fraction(8, 1) == Fraction(3, 4) ** 7
    assert place_fraction(9, 1) == Fraction(1, 9)
    # Two sessions: 75% down to 4th; three or more: down to 3rd; then S / (p + 2S - 3).
    assert place_fraction(4, 2) == Fraction(27, 64)
    assert place_fraction(5, 2) == Fraction(2, 6)
    assert place_fraction(4, 3) == Fraction(3, 7)


# "Restricted games": the scale values per masterpoint limitation.
RESTRICTED = [(300, "0.8"), (200, "0.7"), (50, "0.6"), (20, "0.5"), (10, "0.4"), (5, "0.3")]


@pytest.mark.parametrize(("limit", "printed"), RESTRICTED)
def test_restricted_scale(limit, printed):
    assert restricted_multiplier(limit) == Fraction(printed)


def test_a_limit_between_values_takes_the_lower_ones():
    # "a game with a 100 masterpoint limit would use the same 0.6 multiplier as ... 50".
    assert restricted_multiplier(100) == Fraction(6, 10)
    assert restricted_multiplier(2000) == Fraction(8, 10)
    assert restricted_multiplier(4) == Fraction(3, 10)


def test_factor_tables_r_s_t_d_l():
    assert [r_factor(r) for r in (Rating.CSG7, Rating.CSG9)] == [7, 9]
    assert [
        r_factor(r)
        for r in (
            Rating.STAC,
            Rating.SECTIONAL,
            Rating.REGIONAL,
            Rating.REGIONAL_AT_NABC,
            Rating.NATIONAL,
        )
    ] == [9, 11, 14, 16, Fraction("22.5")]
    assert r_factor(Rating.SECTIONAL_BENEFICIARY) == 14
    assert [s_factor(s) for s in range(1, 7)] == [
        Fraction(x) for x in ("1", "1.5", "2", "2.5", "3", "3.5")
    ]
    assert [t_factor(t) for t in EventType] == [
        Fraction(x) for x in ("1.25", "1.10", "1.00", "0.75")
    ]
    assert d_factor(Rating.CLUB) == Fraction("0.360")
    assert d_factor(Rating.CSG7) == Fraction("0.765")
    assert d_factor(Rating.CSG9) == Fraction("0.900")
    assert d_factor(Rating.SECTIONAL) == Fraction("0.990")
    assert d_factor(Rating.REGIONAL) == Fraction("1.250")
    assert l_factor(12) == Fraction(1, 2)
    assert l_factor(24) == l_factor(47) == 1
    assert l_factor(48) == Fraction(3, 2)
    assert [p_factor(n) for n in (0, 1, 2, 3)] == [
        1,
        Fraction("0.8"),
        Fraction("0.7"),
        Fraction("0.7"),
    ]


# "Depth of awards": pair, team and individual events by tables (the first rows).
PAIR_DEPTH = [(3, 2), (4, 3), (5, 4), (6, 4), (7, 5), (8, 5), (9, 5), (10, 6)]
TEAM_DEPTH = [
    (3, 1),
    (4, 1),
    (5, 2),
    (6, 2),
    (7, 3),
    (8, 3),
    (9, 4),
    (12, 4),
    (13, 5),
    (18, 5),
    (19, 6),
]
# The individual table's first row is lost in the extraction (") )"): 2 tables, 2 places
# is read from the rows that follow (3: 3, 4: 4, 5+: 5).
INDIVIDUAL_DEPTH = [(2, 2), (3, 3), (4, 4), (5, 5)]


@pytest.mark.parametrize(("tables", "depth"), PAIR_DEPTH)
def test_pair_depth(tables, depth):
    assert table_depth(Fraction(tables), EventType.PAIRS) == depth


@pytest.mark.parametrize(("tables", "depth"), TEAM_DEPTH)
def test_team_depth(tables, depth):
    assert table_depth(Fraction(tables), EventType.SWISS) == depth


@pytest.mark.parametrize(("tables", "depth"), INDIVIDUAL_DEPTH)
def test_individual_depth(tables, depth):
    assert table_depth(Fraction(tables), EventType.INDIVIDUAL) == depth


# Knockout computed award: the fixed awards at each bound ("Fixed Award = 11.00 at 1000").
KO_FIXED = [
    (0, "6.00"),
    (499, "6.00"),
    (500, "6.00"),
    (1000, "11.00"),
    (5000, "21.00"),
    (10000, "28.00"),
    (25000, "46.00"),
    (44000, "65.00"),
    (45000, "65.00"),
]
SWISS_FIXED = [
    (0, "4.00"),
    (500, "4.00"),
    (1000, "7.33"),
    (5000, "14.00"),
    (10000, "18.67"),
    (25000, "30.67"),
    (44000, "43.33"),
]


@pytest.mark.parametrize(("average", "printed"), KO_FIXED)
def test_knockout_computed_award_fixed_points(average, printed):
    assert places(knockout_computed_award(Fraction(average)), 2) == printed


@pytest.mark.parametrize(("average", "printed"), SWISS_FIXED)
def test_swiss_computed_award_fixed_points(average, printed):
    assert places(swiss_computed_award(Fraction(average)), 2) == printed


def test_computed_awards_are_continuous_at_each_bound():
    for award in (knockout_computed_award, swiss_computed_award):
        for bound in (1000, 5000, 10000, 25000, 44000):
            assert award(Fraction(bound)) - award(Fraction(bound) - Fraction(1, 10**6)) < (
                Fraction(1, 10**4)
            )


KO_SIZE = [
    (41, "2.000"),
    (40, "1.960"),
    (17, "1.040"),
    (16, "1.000"),
    (15, "0.960"),
    (14, "0.920"),
    (13, "0.880"),
    (12, "0.840"),
    (11, "0.800"),
    (10, "0.760"),
    (9, "0.720"),
    (8, "0.600"),
    (7, "0.525"),
    (6, "0.450"),
    (5, "0.375"),
]
SWISS_SIZE = [
    (41, "2.000"),
    (17, "1.040"),
    (16, "1.000"),
    (15, "0.960"),
    (14, "0.920"),
    (13, "0.880"),
    (12, "0.840"),
    (11, "0.800"),
    (10, "0.760"),
    (9, "0.720"),
    (8, "0.680"),
    (7, "0.640"),
    (6, "0.600"),
    (5, "0.560"),
]


@pytest.mark.parametrize(("teams", "printed"), KO_SIZE)
def test_knockout_bracket_size_factor(teams, printed):
    assert knockout_size_factor(teams) == Fraction(printed)


@pytest.mark.parametrize(("teams", "printed"), SWISS_SIZE)
def test_swiss_bracket_size_factor(teams, printed):
    assert swiss_size_factor(teams) == Fraction(printed)


# The Soloway format's tables: (teams, four-round factor, three-round factor or None).
SOLOWAY_TOP = [
    (16, "1.000", None),
    (15, "0.970", None),
    (14, "0.940", None),
    (13, "0.910", None),
    (12, "0.880", None),
    (11, "0.850", None),
    (10, "0.820", None),
    (9, "0.790", "0.760"),
    (8, "0.760", "0.700"),
    (7, "0.730", "0.640"),
    (6, "0.700", "0.580"),
    (5, "0.670", "0.520"),
]
SOLOWAY_LOWER = [
    (16, "1.000", None),
    (15, "0.960", None),
    (14, "0.920", None),
    (13, "0.880", None),
    (12, "0.840", None),
    (11, "0.800", None),
    (10, "0.760", None),
    (9, "0.720", "0.735"),
    (8, "0.600", "0.680"),
    (7, "0.525", "0.625"),
    (6, "0.450", "0.570"),
    (5, "0.375", "0.515"),
]


@pytest.mark.parametrize(("teams", "four", "three"), SOLOWAY_TOP)
def test_soloway_top_bracket(teams, four, three):
    assert soloway_size_factor(teams, top=True, rounds=4) == Fraction(four)
    if three is not None:
        assert soloway_size_factor(teams, top=True, rounds=3) == Fraction(three)


@pytest.mark.parametrize(("teams", "four", "three"), SOLOWAY_LOWER)
def test_soloway_lower_brackets(teams, four, three):
    assert soloway_size_factor(teams, top=False, rounds=4) == Fraction(four)
    if three is not None:
        assert soloway_size_factor(teams, top=False, rounds=3) == Fraction(three)


def test_pigmentation_of_regional_bracketed_overalls():
    def gold(per_player):
        return dict(regional_overall_split(Fraction(per_player))[0]).get("gold")

    assert gold(750) == 1
    assert gold(749) == Fraction("0.6667")
    assert gold(500) == Fraction("0.6667")
    assert gold(499) == Fraction("0.5")
    assert gold(300) == Fraction("0.5")
    assert gold(299) == Fraction("0.3334")
