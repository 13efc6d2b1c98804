"""NZ_SCHEME's calculator hooks: a JSON request to an event (bad input names the field),
the answer's shape, the examples, and the rank calculator."""

import copy

import pytest

from scheme import get_scheme
from scheme.core.errors import RulesError

NZ = get_scheme("nz")


def _answer(request):
    return NZ.calculator_answer(NZ.compute_awards(NZ.calculator_event(request)))


def _refusal(request):
    with pytest.raises(RulesError) as refused:
        NZ.compute_awards(NZ.calculator_event(request))
    return refused.value.field


CLUB = NZ.calculator_examples["A club pairs session (NZ)"]


@pytest.mark.parametrize("name", list(NZ.calculator_examples))
def test_each_example_computes_in_a_b_and_c_points(name):
    answer = _answer(NZ.calculator_examples[name])
    assert answer["rules"] == "NZB-2007"
    assert answer["contestants"]
    for contestant in answer["contestants"]:
        assert set(contestant["points"]) == {"A", "B", "C"}
        assert all(value.count(".") == 1 and len(value.split(".")[1]) == 2
                   for value in contestant["points"].values())  # fmt: skip
    assert answer["working"]


def test_the_club_example_is_the_basic_table():
    # 9 tables of a Mitchell: 9 pairs a direction, 3 places: 40, 27, 13; N7 and N2 tie for
    # 3rd: (13 + 0) / 2 = 6.5 -> 7.
    answer = _answer(CLUB)
    points = {c["label"]: c["points"]["C"] for c in answer["contestants"]}
    assert points == {"N1": "40.00", "N4": "27.00", "N7": "7.00", "N2": "7.00",
                      "E3": "40.00", "E9": "27.00", "E1": "13.00"}  # fmt: skip
    assert answer["grade"] == answer["status"] == "club"


def test_the_5a_pairs_example_adds_session_and_overall_a_points():
    answer = _answer(NZ.calculator_examples["A 5A pairs tournament (NZ)"])
    p12 = next(c for c in answer["contestants"] if c["label"] == "P12")
    # 2nd then 1st of 24 pairs (Basic Table x 2: 80, 70 ...), a session A Point, and the
    # 5A table's 5 A Points for 21-30 pairs.
    assert p12["sessions"] == [{"C": "70.00"}, {"A": "1.00", "C": "80.00"}]
    assert p12["overall"] == {"A": "5.00"}
    assert p12["points"] == {"A": "6.00", "B": "0.00", "C": "150.00"}
    assert p12["total"] == "6.00"


def test_the_teams_example_gives_a_points_for_match_wins():
    answer = _answer(NZ.calculator_examples["A 5A teams match play tournament (NZ)"])
    ruahine = next(c for c in answer["contestants"] if c["label"] == "Ruahine")
    # a tie (20 x 0.01), two wins (2 x 20 x 0.02), and 1st of 4 teams in the 5A table (5).
    assert ruahine["matches"] == {"A": "1.00"}
    assert ruahine["overall"] == {"A": "5.00"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (
            lambda r: r["sessions"][0]["fields"][0].update(tables="many"),
            "sessions[0].fields[0].tables",
        ),
        (lambda r: r["sessions"][0]["fields"][1].update(tables=0), "sessions[0].fields[1].tables"),
        (lambda r: r["sessions"][0]["fields"][0].pop("tables"), "sessions[0].fields[0].tables"),
        (
            lambda r: r["sessions"][0]["fields"][0].update(movement="hopscotch"),
            "sessions[0].fields[0].movement",
        ),
        (
            lambda r: r["sessions"][0]["fields"][0].update(ranking=[["N1"], ["N1"]]),
            "sessions[0].fields[0].ranking[1]",
        ),
        (
            lambda r: r["sessions"][0]["fields"][0].update(ranking=[[""]]),
            "sessions[0].fields[0].ranking[0]",
        ),
        (lambda r: r["sessions"][0]["fields"][0].update(size=2), "sessions[0].fields[0].size"),
        (lambda r: r["sessions"][0].update(deals=-3), "sessions[0].deals"),
        (lambda r: r["sessions"][0].update(deals=True), "sessions[0].deals"),
        (lambda r: r["sessions"][0].update(colour="green"), "sessions[0].colour"),
        (lambda r: r.update(status="7A"), "status"),
        (lambda r: r.pop("status"), "status"),
        (lambda r: r.update(kind="rubber"), "kind"),
        (lambda r: r.update(rules="NZB-1999"), "rules"),
        (lambda r: r.update(sessions={}), "sessions"),
        (lambda r: r.update(sessions=[{}] * 31), "sessions"),
        (lambda r: r.update(overall={"ranking": [["N1"]]}), "overall"),
        (
            lambda r: r["sessions"][0].update(
                matches=[{"deals": 8, "home": "A", "away": "A", "home_imps": 1, "away_imps": 0}]
            ),
            "sessions[0].matches[0].away",
        ),
        (
            lambda r: r["sessions"][0].update(
                matches=[{"deals": 8, "home": "A", "away": "B", "home_imps": 1}]
            ),
            "sessions[0].matches[0].away_imps",
        ),
        (
            lambda r: r["sessions"][0].update(matches=[{"home": "A", "away": "B"}]),
            "sessions[0].matches[0].deals",
        ),
        (
            lambda r: r["sessions"][0]["fields"][0].update(tables=5000),
            "sessions[0].fields[0].tables",
        ),
    ],
)
def test_bad_input_is_refused_naming_the_field(change, field):
    request = copy.deepcopy(CLUB)
    change(request)
    assert _refusal(request) == field


def test_a_request_that_is_not_an_object_is_refused():
    with pytest.raises(RulesError):
        NZ.calculator_event(["club"])


def test_boards_and_outright_are_taken_as_deals_and_overall():
    request = {
        "rules": "NZB-2007", "grade": "3B", "kind": "pairs",
        "sessions": [{"boards": 24, "fields": [{"movement": "howell", "tables": 6,
                                                "ranking": ["P1", "P2", ["P3", "P4"]]}]}] * 2,
        "outright": {"ranking": [["P1"], ["P2"]], "size": 12},
    }  # fmt: skip
    answer = _answer(request)
    p1 = answer["contestants"][0]
    # 12 pairs, 4 places of the Basic Table (x 1 for 3B), a B Point each session, 3B
    # pairs table row 11-20: 3, 2.
    assert p1["sessions"] == [{"B": "1.00", "C": "40.00"}] * 2
    assert p1["overall"] == {"B": "3.00"}


def test_players_in_a_request_are_answered_player_by_player():
    request = copy.deepcopy(NZ.calculator_examples["A 5A teams match play tournament (NZ)"])
    request["players"] = {"Ruahine": ["W1", "W2", "W3", "W4", "W5"],
                          "Kaimai": [{"label": "K1", "deals": [20, 20, 0]},
                                     {"label": "K2", "deals": [0, 10, 0]}]}  # fmt: skip
    answer = _answer(request)
    players = {p["label"]: p for p in answer["players"]}
    # Ruahine, five players without line-ups: 4/5 of 1.00 A Points of matches.
    assert players["W1"]["matches"] == {"A": "0.80"}
    assert players["W1"]["overall"] == {"A": "5.00"}
    assert players["W1"]["contestant"] == "Ruahine"
    # Kaimai won only its session 2 match (0.40): K1 played all of it, K2 half.
    assert players["K1"]["matches"] == {"A": "0.40"}
    assert players["K2"]["matches"] == {"A": "0.20"}
    assert players["K2"]["reasons"]


@pytest.mark.parametrize(
    ("players", "field"),
    [
        ([], "players"),
        ({"Kaimai": "K1"}, "players.Kaimai"),
        ({"Kaimai": [{"label": "K1", "deals": [1, -2, 0]}]}, "players.Kaimai[0].deals[1]"),
        ({"Kaimai": [{"label": "K1", "seat": "N"}]}, "players.Kaimai[0].seat"),
        ({"Kaimai": [{"deals": [1, 2, 0]}]}, "players.Kaimai[0].label"),
        ({"Nobody": ["K1"]}, "players.Nobody"),
    ],
)
def test_bad_players_in_a_request_are_refused_naming_the_field(players, field):
    request = copy.deepcopy(NZ.calculator_examples["A 5A teams match play tournament (NZ)"])
    request["players"] = players
    assert _refusal(request) == field


def test_ineligible_contestants_in_a_request_keep_their_places():
    request = copy.deepcopy(CLUB)
    request["ineligible"] = ["N1"]
    points = {c["label"]: c["points"]["C"] for c in _answer(request)["contestants"]}
    assert points["N1"] == "0.00"
    assert points["N4"] == "27.00"
    request["ineligible"] = ["N1", 5]
    assert _refusal(request) == "ineligible[1]"


# The rank calculator.


def _ranks(**query):
    return NZ.rank_calculator({key: str(value) for key, value in query.items()})


def test_rank_parameters_are_described():
    assert [name for name, _ in NZ.rank_parameters] == [
        "a", "b", "c", "previous_rating", "year_points",
    ]  # fmt: skip
    assert all(description for _, description in NZ.rank_parameters)


def test_rank_calculator_gives_rank_stars_grade_and_what_is_next():
    answer = _ranks(a="249", b="451")
    assert answer["rank"] == "National Master"
    assert answer["stars"] == 1
    assert answer["rank_label"] == "National Master - 1 Star"
    assert answer["next_rank"]["rank"] == "Life Master"
    assert answer["next_rank"]["a_points_needed"] == "1.00"
    assert answer["next_rank"]["aggregate_needed"] == "0.00"
    assert answer["next_star"] == {"stars": 2, "aggregate": "1050.00",
                                   "aggregate_needed": "350.00"}  # fmt: skip


def test_rank_calculator_rating_points_worked_example():
    # Outline rule 6: 80 x 0.8 + (3A + 17B) = 84: Intermediate (under 100, below PM).
    answer = _ranks(a=3, b=17, previous_rating=80, year_points=20)
    assert answer["rating_points"] == "84.00"
    assert answer["grade"] == "Intermediate"
    assert answer["rank"] == "Club Master"


def test_rank_calculator_counts_c_points_a_hundred_to_a_b_point():
    answer = _ranks(c="480.50")
    assert answer["b_from_c"] == "4.00"
    assert answer["rank"] is None
    assert answer["rank_label"] == "No rank yet"
    assert answer["next_rank"]["aggregate_needed"] == "1.00"
    assert answer["grade"] == "Junior"


def test_the_top_rank_has_no_next():
    answer = _ranks(a=2500, b=1500)
    assert answer["rank"] == "Gold Grand Master"
    assert answer["next_rank"] is None and answer["next_star"] is None


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ({"a": "ten"}, "a"),
        ({"b": "-1"}, "b"),
        ({"c": "1.234"}, "c"),
        ({"a": "99999999"}, "a"),
        ({"previous_rating": "x"}, "previous_rating"),
        ({"year_points": "1e3"}, "year_points"),
        ({"gold": "1"}, "gold"),
    ],
)
def test_rank_calculator_names_a_bad_parameter(query, parameter):
    with pytest.raises(RulesError) as refused:
        NZ.rank_calculator(query)
    assert refused.value.field == parameter
