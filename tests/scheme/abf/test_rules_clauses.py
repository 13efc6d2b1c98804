"""The clauses one by one: each test names the rule it shows."""

from decimal import Decimal
from fractions import Fraction

import pytest

from scheme.abf import (
    ABF_2025,
    ABF_LEGACY,
    RULE_SETS,
    Colour,
    Event,
    Field,
    Match,
    Outright,
    Session,
    WalkIn,
    compute_awards,
    get_rule_set,
)
from scheme.abf.formulas import outright_award, outright_formula
from scheme.abf.grades import ABF_GRADES, TABLE_WEIGHTS, Kind
from scheme.abf.outright import sessions_from_boards


def _pairs(prefix: str, count: int) -> list[list[str]]:
    return [[f"{prefix}{n}"] for n in range(1, count + 1)]


def _winner(event: Event, label: str = "P1") -> Decimal:
    return compute_awards(event)[label].total


def _howell(grade="E", tables=10, boards=None, rules="ABF-2025", **extra) -> Event:
    return Event(
        grade=grade,
        kind="pairs",
        rules=rules,
        sessions=[
            Session(boards=boards, fields=[Field("howell", tables, _pairs("P", 2 * tables))])
        ],
        **extra,
    )


# --- grades and rule sets (1.5.1, 3.1.3) ---------------------------------------------------


def test_the_2025_manual_is_the_default_rule_set():
    assert get_rule_set() is ABF_2025
    assert set(RULE_SETS) == {"ABF-2025", "ABF-legacy"}


@pytest.mark.parametrize("grade", sorted(ABF_GRADES))
def test_each_grade_weight_is_its_printed_table_times_the_multiplying_factor(grade):
    for kind in Kind:
        tables = ABF_GRADES[grade].tables(kind)
        assert TABLE_WEIGHTS[tables.letter] * tables.factor == ABF_GRADES[grade].weight(kind)


@pytest.mark.parametrize(
    ("grade", "colour"), [("E", Colour.GREEN), ("B4c", Colour.RED), ("A2", Colour.GOLD)]
)
def test_the_colour_follows_the_grade(grade, colour):
    assert compute_awards(_howell(grade)).colour is colour


def test_grade_codes_are_read_without_regard_to_case():
    assert compute_awards(_howell("b4c")).grade == "B4c"


def test_grade_d_pairs_use_the_formula_with_their_own_weight():
    # No printed table has weight 2.0: 0.04 x 2.0 x 7 = 0.56, then 5th = 0.14 exactly,
    # where Table 2A doubled would give 2 x 0.07 = 0.14 too, and 7th 0.56/6 = 0.0933 -> 0.09
    # (Table 2A doubled: 2 x 0.05 = 0.10).
    awards = compute_awards(_howell("D", tables=7))
    assert awards["P1"].total == Decimal("0.56")
    assert awards["P7"].total == Decimal("0.09")


def test_the_older_edition_has_blue_grade_f_points_and_a_gold_grade_a3():
    assert compute_awards(_howell("F", rules="ABF-legacy")).colour is Colour.BLUE
    # 0.04 x 3.75 x 10 = 1.50
    assert _winner(_howell("A3", rules="ABF-legacy")) == Decimal("1.50")
    with pytest.raises(Exception, match="Unknown grade"):
        compute_awards(_howell("A3"))


# --- session awards (3.1.1, 4.2.1, 4.4.1, 4.4.7) ---------------------------------------------


def test_a_mitchell_above_30_tables_uses_the_exponential_formula():
    # Table 1C, T=31: 2.5 x (1 - exp(-31/32)) = 1.55
    event = Event(
        grade="B4",
        kind="pairs",
        sessions=[Session(fields=[Field("mitchell", 31, _pairs("P", 31))])],
    )
    assert _winner(event) == Decimal("1.55")


def test_a_howell_above_15_tables_uses_the_exponential_formula():
    # 1.5 x (1 - exp(-16/16)) = 0.948 -> 0.95
    assert _winner(_howell("E", tables=16)) == Decimal("0.95")


def test_an_individual_winner_gets_the_howell_award_and_half_the_players_are_placed():
    players = _pairs("I", 20)
    event = Event(
        grade="E", kind="individual", sessions=[Session(fields=[Field("individual", 5, players)])]
    )
    awards = compute_awards(event)
    assert awards["I1"].total == Decimal("0.30")  # 0.04 x 1.5 x 5
    assert awards["I10"].total > 0 and awards["I11"].total == 0


def test_an_arrow_switch_mitchell_has_one_winner():
    event = Event(
        grade="E",
        kind="pairs",
        sessions=[Session(fields=[Field("arrow_switch", 8, _pairs("P", 16))])],
    )
    assert _winner(event) == Decimal("0.48")  # Table 2B, T=8


def test_a_session_of_20_boards_is_factored_by_20_over_24():
    # 0.04 x 1.5 x 10 = 0.60 x 20/24 = 0.50
    assert _winner(_howell(boards=20)) == Decimal("0.50")


def test_no_session_awards_below_12_boards_in_2025():
    assert _winner(_howell(boards=12)) == Decimal("0.30")
    assert _winner(_howell(boards=11)) == Decimal("0.00")


def test_the_older_edition_refuses_awards_when_the_reduction_exceeds_33_percent():
    # 16 of 24 boards is a reduction of 33.3%: no awards; 17 boards (29%) are factored.
    assert _winner(_howell(boards=16, rules="ABF-legacy")) == Decimal("0.00")
    assert _winner(_howell(boards=17, rules="ABF-legacy")) == Decimal("0.43")  # 0.60 x 17/24
    assert _winner(_howell(boards=16)) == Decimal("0.40")


def test_grade_f_sessions_are_full_at_15_boards():
    assert _winner(_howell("F", tables=6, boards=15)) == Decimal("0.18")  # 0.04 x 0.75 x 6


def test_a_ranking_of_the_placed_pairs_alone_takes_the_field_size_from_the_tables():
    # 7.5 table Mitchell: a direction holds 7 or 8 pairs; with only 4 listed, the smaller
    # field (7, placings to 3rd) is assumed unless the size is given.
    def event(size=None):
        field = Field("mitchell", "7.5", [["A"], ["B"], ["C"], ["D"]], size=size)
        return Event(grade="E", kind="pairs", sessions=[Session(fields=[field])])

    assert compute_awards(event())["D"].total == Decimal("0.00")
    assert compute_awards(event(size=8))["D"].total == Decimal("0.08")


def test_tied_second_and_third_share_the_summed_awards():
    # 4.4.6: Table 2B T=10: 2nd 0.42 and 3rd 0.30 -> 0.36 each.
    ranking = [["P1"], ["P2", "P3"], *_pairs("Q", 17)]
    event = Event(
        grade="E", kind="pairs", sessions=[Session(fields=[Field("howell", 10, ranking)])]
    )
    awards = compute_awards(event)
    assert awards["P2"].total == awards["P3"].total == Decimal("0.36")


def test_a_triple_tie_for_second_shares_second_third_and_fourth():
    # 4.4.6: (0.42 + 0.30 + 0.20) / 3 = 0.3067; the next place-getter gets 5th: 0.15.
    ranking = [["P1"], ["P2", "P3", "P4"], ["P5"], *_pairs("Q", 15)]
    event = Event(
        grade="E", kind="pairs", sessions=[Session(fields=[Field("howell", 10, ranking)])]
    )
    awards = compute_awards(event)
    assert {awards[p].total for p in ("P2", "P3", "P4")} == {Decimal("0.31")}
    assert awards["P5"].total == Decimal("0.15")


# --- finals and consolations (4.2.4, 4.2.5) -------------------------------------------------


def _final(tables: int, entry: int, rules: str = "ABF-2025", stage: str = "final") -> Event:
    field = Field("howell", tables, _pairs("P", 2 * tables), stage=stage)
    return Event(
        grade="B4",
        kind="pairs",
        rules=rules,
        entry_tables=entry,
        sessions=[Session(fields=[field])],
    )


def test_a_final_within_the_limit_gets_the_50_percent_premium():
    # 0.04 x 2.5 x 9 = 0.90 x 1.5 = 1.35 (limit: 9 tables, a quarter of 30 being less).
    assert _winner(_final(9, 30)) == Decimal("1.35")


def test_a_final_above_a_quarter_of_the_entry_and_9_tables_is_factored_down():
    # 12 tables of 40: limit 10; 0.04 x 2.5 x 12 = 1.20 x 1.5 x 10/12 = 1.50.
    assert _winner(_final(12, 40)) == Decimal("1.50")
    # ... but never below the standard award: 14 tables of 20: 1.5 x 9/14 < 1.
    assert _winner(_final(14, 20)) == Decimal("1.40")


def test_the_older_edition_allows_a_final_of_half_the_entry():
    assert _winner(_final(12, 40, rules="ABF-legacy")) == Decimal("1.80")


def test_an_earlier_stage_larger_than_a_final_gets_no_premium():
    assert _winner(_final(9, 30, stage="semi_final")) == Decimal("1.35")
    assert _winner(_final(12, 40, stage="semi_final")) == Decimal("1.20")


def test_ungraded_consolations_take_the_average_factor():
    # Two ungraded consolations: (0.60 + 0.45) / 2 = 0.525 x 0.04 x 2.5 x 10 = 0.525
    field = Field("howell", 10, _pairs("P", 20), stage="consolation", consolation=2)
    event = Event(
        grade="B4",
        kind="pairs",
        consolations=2,
        consolations_graded=False,
        sessions=[Session(fields=[field])],
    )
    assert _winner(event) == Decimal("0.52")  # 0.525 to even


def test_consolations_in_green_events_get_the_grade_e_awards():
    field = Field("howell", 10, _pairs("P", 20), stage="consolation", consolation=1)
    event = Event(grade="D", kind="pairs", consolations=1, sessions=[Session(fields=[field])])
    assert _winner(event) == Decimal("0.60")  # grade E: 0.04 x 1.5 x 10


def test_a_teams_final_of_two_teams_gets_the_finals_premium_on_match_awards():
    match = Match(24, "A", "B", home_imps=30, away_imps=10, stage="final")
    event = Event(grade="A", kind="teams", sessions=[Session(matches=[match])])
    assert compute_awards(event)["A"].matches == Decimal("2.88")  # 0.12 gold x 24 (7.5.3)


# --- matches (4.2.3) ----------------------------------------------------------------------


def test_a_margin_of_exactly_0_2_imp_a_board_is_shared():
    match = Match(10, "A", "B", home_imps=12, away_imps=10)  # 2 IMPs over 10 boards
    event = Event(grade="E", kind="teams", sessions=[Session(matches=[match])])
    awards = compute_awards(event)
    assert awards["A"].matches == awards["B"].matches == Decimal("0.04")


def test_when_only_victory_points_are_known_equal_vps_share_the_award():
    shared = Match(10, "A", "B", home_vps=10, away_vps=10)
    won = Match(10, "A", "C", home_vps="10.01", away_vps="9.99")
    event = Event(grade="E", kind="teams", sessions=[Session(matches=[shared, won])])
    awards = compute_awards(event)
    assert (awards["A"].matches, awards["B"].matches, awards["C"].matches) == (
        Decimal("0.12"),
        Decimal("0.04"),
        Decimal("0.00"),
    )


def test_a_half_match_of_a_triangle_under_5_boards_earns_half_a_win():
    match = Match(4, "A", "B", home_imps=5, away_imps=0, triangle=True)
    event = Event(grade="B4", kind="teams", sessions=[Session(matches=[match])])
    assert compute_awards(event)["A"].matches == Decimal("0.04")  # 0.020 x 4 / 2


# --- outright awards (3.1.2, 4.3) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("boards", "sessions"),
    [(14 * 20, 11), (5 * 14, 3), (84, 3), (20, 1), (19, 0), (44, 2), (43, 1)],
)
def test_sessions_are_counted_from_boards_24_to_a_session_and_above_0_83(boards, sessions):
    # 4.3.1: "14 rounds of 20 board matches is counted as an 11 sessions event; one of 5
    # rounds of 14 boards becomes a 3 sessions event".
    assert sessions_from_boards(boards, 24) == sessions


def test_grade_f_sessions_are_counted_at_15_boards():
    assert sessions_from_boards(45, 15) == 3


def test_two_and_three_session_awards_are_held_between_limits_of_the_four_session_award():
    weight = Fraction(3, 2)
    for tables in range(2, 80):
        four = outright_formula(tables, 4, weight)
        two, _ = outright_award(tables, 2, weight)
        three, _ = outright_award(tables, 3, weight)
        assert Fraction(44, 100) * four <= two <= Fraction(52, 100) * four
        assert Fraction(72, 100) * four <= three <= Fraction(80, 100) * four


def test_outright_awards_beyond_ten_sessions_use_the_formula():
    ranking = _pairs("T", 10)
    event = Event(
        grade="E",
        kind="teams",
        sessions=[Session(matches=[Match(20, "T1", "T2", home_imps=9, away_imps=0)])],
        outright=Outright(ranking=ranking, boards=14 * 20),
    )
    award, _ = outright_award(10, 11, Fraction(1))
    assert compute_awards(event)["T1"].outright == ABF_2025.round(award)


def test_a_congress_championship_is_accelerated_by_one_session():
    ranking = _pairs("P", 20)
    session = Session(fields=[Field("howell", 10, ranking)])
    plain = Event(
        grade="B4", kind="pairs", sessions=[session], outright=Outright(ranking, sessions=2)
    )
    congress = Event(**{**plain.__dict__, "congress": True})
    assert compute_awards(plain)["P1"].outright == Decimal("1.15")  # Table 3C T=10 S=2
    assert compute_awards(congress)["P1"].outright == Decimal("1.88")  # ... S=3


def test_a_walk_in_event_uses_the_lesser_of_average_attendance_and_125_percent():
    ranking = _pairs("P", 16)  # 16 pairs qualified: 8 tables, 125% = 10
    session = Session(fields=[Field("howell", 12, _pairs("P", 24))])

    def outright(average: str) -> Decimal:
        event = Event(
            grade="E",
            kind="pairs",
            sessions=[session],
            outright=Outright(ranking, sessions=3, walk_in=WalkIn(Decimal(average))),
        )
        return compute_awards(event)["P1"].outright

    assert outright("12") == Decimal("1.13")  # T = 10: Table 3B S=3
    assert outright("9") == Decimal("1.03")  # T = 9


def test_national_events_amplify_the_tables_and_award_every_team():
    # 7.5.3: amplification 3: outright awards go to all participants (a third of 3n).
    ranking = _pairs("T", 6)
    event = Event(
        grade="A",
        kind="teams",
        sessions=[Session(matches=[Match(24, "T1", "T2", home_imps=9, away_imps=0)])],
        outright=Outright(ranking, boards=96, amplification=3),
    )
    awards = compute_awards(event)
    assert all(awards[f"T{n}"].outright > 0 for n in range(1, 7))
    award, _ = outright_award(18, 4, Fraction(10))
    assert awards["T1"].outright == ABF_2025.round(award)


def test_interstate_pairs_amplified_by_1_5_award_three_quarters_of_the_field():
    ranking = _pairs("P", 20)
    event = Event(
        grade="A",
        kind="pairs",
        sessions=[Session(fields=[Field("howell", 10, ranking)])],
        outright=Outright(ranking, sessions=4, amplification="1.5"),
    )
    awards = compute_awards(event)
    assert awards["P15"].outright > 0 and awards["P16"].outright == 0


def test_a_teams_final_without_consolations_awards_the_top_part_of_the_original_field():
    ranking = _pairs("T", 12)
    event = Event(
        grade="E",
        kind="teams",
        sessions=[Session(matches=[Match(24, "T1", "T2", home_imps=9, away_imps=0)])],
        outright=Outright(ranking, sessions=4, final_size=2),
    )
    assert compute_awards(event)["T4"].outright > 0  # top third of 12


def test_a_pairs_final_limits_the_outright_awards_to_the_finalists():
    ranking = _pairs("P", 40)
    event = Event(
        grade="E",
        kind="pairs",
        sessions=[Session(fields=[Field("howell", 20, ranking)])],
        outright=Outright(ranking, sessions=3, final_size=14),
    )
    awards = compute_awards(event)
    assert awards["P14"].outright > 0 and awards["P15"].outright == 0


def test_outright_tables_default_from_the_number_of_contestants():
    ranking = _pairs("P", 13)  # 6 1/2 tables count as 7
    event = Event(
        grade="E",
        kind="pairs",
        sessions=[Session(fields=[Field("howell", "6.5", ranking)])],
        outright=Outright(ranking, sessions=2),
    )
    assert compute_awards(event)["P1"].outright == Decimal("0.50")  # Table 3B T=7 S=2


def test_fewer_than_two_sessions_counted_earn_no_outright_award():
    ranking = _pairs("P", 20)
    event = Event(
        grade="E",
        kind="pairs",
        sessions=[Session(fields=[Field("howell", 10, ranking)])],
        outright=Outright(ranking, boards=40),
    )
    awards = compute_awards(event)
    assert awards["P1"].outright == Decimal("0.00")
    assert any("no outright award" in line for line in awards.working)


# --- factors (4.4.10, 6.2.2, 6.3, 4.1.2) ----------------------------------------------------


def test_a_restricted_grade_b_event_gets_three_quarters():
    assert _winner(_howell("B", restricted=True)) == Decimal("1.50")  # 2.00 x 0.75


def test_a_plus_state_championship_gets_75_percent_of_grade_b():
    assert _winner(_howell("B", reduced_state_championship=True)) == Decimal("1.50")


def test_australia_wide_pairs_pay_020_and_010_below_the_standard_award():
    # 6.3, grade B, a 30 table Howell (60 pairs, placings to 30th): the winner's award is
    # 5 x (1 - exp(-30/16)) = 4.2330; the standard award exceeds 0.20 down to 22nd
    # (4.2330 / 21 = 0.2016); of the 8 remaining place-getters, half get 0.20, the rest 0.10.
    event = Event(
        grade="B",
        kind="pairs",
        australia_wide=True,
        sessions=[Session(fields=[Field("howell", 30, _pairs("P", 60))])],
    )
    awards = compute_awards(event)
    assert awards["P1"].total == Decimal("4.23")
    assert awards["P22"].total == Decimal("0.20")  # standard, 0.2016
    assert [awards[f"P{n}"].total for n in range(23, 32)] == [Decimal("0.20")] * 4 + [
        Decimal("0.10")
    ] * 4 + [Decimal("0.00")]


def test_the_engine_reports_its_working_in_clause_terms():
    awards = compute_awards(_howell())
    text = "\n".join(awards.working)
    assert "Grade E" in text and "Table 2B" in text and "4.1.1" in text
    assert ABF_LEGACY.name in RULE_SETS
