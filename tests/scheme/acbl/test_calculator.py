"""The ACBL calculator hooks as plain Python: requests read and refused by field, answers in
the calculator's shape, the named examples, and the rank calculator."""

import copy

import pytest

from scheme import get_scheme
from scheme.core.errors import RulesError

ACBL = get_scheme("acbl")


def answer(request: dict) -> dict:
    return ACBL.calculator_answer(ACBL.compute_awards(ACBL.calculator_event(request)))


def refused(request: dict) -> str:
    with pytest.raises(RulesError) as error:
        ACBL.calculator_event(request)
    return error.value.field


OPEN_GAME = ACBL.calculator_examples["An open club pairs game (ACBL)"]


def test_the_examples_are_an_open_game_a_regional_event_and_a_knockout():
    kinds = [example["event"] for example in ACBL.calculator_examples.values()]
    assert {"club_open", "tournament", "knockout"} <= set(kinds)
    assert all(e["rules"] == ACBL.default_edition for e in ACBL.calculator_examples.values())


def test_open_game_answer_in_the_calculators_shape():
    body = answer(OPEN_GAME)
    assert (body["rules"], body["grade"], body["kind"], body["colour"]) == (
        "ACBL-2024-01",
        "CO",
        "pairs",
        "black",
    )
    by_label = {c["label"]: c for c in body["contestants"]}
    # 9 pairs a direction: 0.90 first; N7 and N1 tie for 2nd-3rd: (0.63 + 0.45) / 2.
    assert by_label["N3"]["points"] == {"black": "0.90"} and by_label["N3"]["total"] == "0.90"
    assert by_label["N7"]["total"] == by_label["N1"]["total"] == "0.54"
    assert by_label["E6"]["sessions"] == ["0.32"]
    assert any("depth 40% of 9 = 4 places" in line for line in body["working"])


def test_a_restricted_game_request_may_say_it_is_at_an_invitational_club():
    request = {
        "rules": ACBL.default_edition,
        "event": "club_restricted",
        "upper_limit": 299,
        "groups": [{"size": 30, "ranking": [["1"]]}],
        "overall": [{"size": 80, "ranking": [["o1"]]}],
    }
    assert answer(request)["contestants"][1]["points"] == {"black": "4.00"}
    invitational = {**request, "invitational_club": True}
    assert answer(invitational)["contestants"][1]["points"] == {"black": "3.20"}
    assert refused({**request, "invitational_club": "yes"}) == "invitational_club"


def test_a_series_session_request_names_who_play_only_that_session():
    request = {
        "rules": ACBL.default_edition,
        "event": "tournament",
        "tournament": "regional",
        "rating": "regional",
        "standing": "non_championship",
        "tables": 13,
        "modifiers": ["series_session"],
        "session_groups": [
            {"size": 13, "tables": 13, "ranking": [["1"]]},
            {"size": 13, "tables": 13, "ranking": [["2"]]},
        ],
        "series_one_session": ["2"],
    }
    by_label = {c["label"]: c["points"] for c in answer(request)["contestants"]}
    assert by_label == {"1": {"gold": "2.15"}, "2": {"red": "2.15"}}
    assert refused({**request, "series_one_session": "2"}) == "series_one_session"
    assert refused({**request, "series_one_session": [""]}) == "series_one_session[0]"


def test_regional_example_pays_gold_and_red():
    body = answer(
        ACBL.calculator_examples["A regional two-session pairs event by the General Formula"]
    )
    by_label = {c["label"]: c for c in body["contestants"]}
    assert by_label["12"]["outright"] == "21.88"
    assert by_label["12"]["points"] == {"red": "2.35", "gold": "21.88"}
    assert by_label["12"]["total"] == "24.23"


def test_knockout_example():
    body = answer(ACBL.calculator_examples["A regional knockout bracket"])
    by_label = {c["label"]: c for c in body["contestants"]}
    assert by_label["Lee"]["outright"] == "25.20"
    assert by_label["Lee"]["matches"] == "10.08"
    assert by_label["Chen"]["outright"] == "10.08"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"event": "club_bingo"}, "event"),
        ({"rules": "ACBL-1999-01"}, "rules"),
        ({"boards": "many"}, "boards"),
        ({"boards": 500}, "boards"),
        ({"venue": "moon"}, "venue"),
        ({"groups": "N-S"}, "groups"),
        ({"groups": [{"ranking": [["A"]], "size": 0}]}, "groups[0].size"),
        ({"groups": [{"ranking": [["A"], []]}]}, "groups[0].ranking[1]"),
        ({"groups": [{"ranking": [["A"], [True]]}]}, "groups[0].ranking[1][0]"),
        ({"groups": [{"ranking": [["A"]], "colour": "red"}]}, "groups[0].colour"),
        ({"upper_limit": -5}, "upper_limit"),
        ({"tables": 9}, "tables"),
        (
            {"matches": [{"home": "A", "away": "A", "boards": 8, "result": "home"}]},
            "matches[0].away",
        ),
        (
            {"matches": [{"home": "A", "away": "B", "boards": 8, "result": "won"}]},
            "matches[0].result",
        ),
    ],
)
def test_bad_club_requests_name_the_field(change, field):
    request = {**copy.deepcopy(OPEN_GAME), **change}
    assert refused(request) == field


def test_a_ranking_larger_than_any_event_is_refused():
    huge = {**OPEN_GAME, "groups": [{"ranking": [[f"P{i}"] for i in range(2001)]}]}
    assert refused(huge) == "groups[0].ranking"
    many = {**OPEN_GAME, "groups": [{"ranking": [["A"]]}] * 101}
    assert refused(many) == "groups"


def test_the_rules_refuse_what_the_reader_lets_through():
    restricted = {
        "rules": "ACBL-2024-01",
        "event": "club_restricted",
        "groups": [{"ranking": [["A"]], "size": 8}],
    }
    with pytest.raises(RulesError) as error:
        answer(restricted)
    assert error.value.field == "upper_limit"
    assert answer({**restricted, "upper_limit": 299})["contestants"][0]["total"] == "0.56"


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (
            {"event": "tournament", "tables": 20, "rating": "galactic", "tournament": "regional"},
            "rating",
        ),
        ({"event": "tournament", "rating": "regional", "tournament": "regional"}, "tables"),
        (
            {"event": "tournament", "tables": 20.3, "rating": "regional", "tournament": "regional"},
            "tables",
        ),
        ({"event": "club_special", "tables": 20, "rating": "regional"}, "rating"),
        (
            {
                "event": "tournament",
                "tables": 20,
                "rating": "regional",
                "tournament": "regional",
                "sessions": 9,
            },
            "sessions",
        ),
        ({"event": "knockout", "ranking": [["A"]]}, "teams"),
        (
            {"event": "knockout", "teams": 8, "team_masterpoints": {"A": [100]}},
            "team_masterpoints.A",
        ),
        ({"event": "nabc_plus", "name": "Summer Pairs", "tables": 10}, "name"),
    ],
)
def test_bad_event_requests_name_the_field(request_, field):
    assert refused({"rules": "ACBL-2024-01", **request_}) == field


def test_rank_calculator_from_points_by_colour():
    body = ACBL.rank_calculator(
        {"black": "175.5", "silver": "50", "red": "25", "gold": "25", "platinum": "0"}
    )
    assert body["rank"] == "NABC Master"
    assert body["next_rank"]["name"] == "Life Master"
    assert body["next_rank"]["needs"] == {"total": "24.50"}
    assert body["points"]["total"] == "275.50"
    assert any("acbl.org" in line for line in body["working"])


def test_rank_calculator_grand_life_master_needs_the_win():
    points = {"black": "8000", "silver": "400", "red": "500", "gold": "1000", "platinum": "100"}
    assert ACBL.rank_calculator(points)["rank"] == "Platinum Life Master"
    needs = ACBL.rank_calculator(points)["next_rank"]["needs"]
    assert needs == {"eligible win": "a victory in an eligible event"}
    assert ACBL.rank_calculator({**points, "eligible_win": "1"})["rank"] == "Grand Life Master"


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"black": "lots"}, "black"),
        ({"silver": "-1"}, "silver"),
        ({"gold": "1.234"}, "gold"),
        ({"platinum": "2000000"}, "platinum"),
        ({"eligible_win": "maybe"}, "eligible_win"),
    ],
)
def test_rank_calculator_names_a_bad_parameter(query, field):
    with pytest.raises(RulesError) as error:
        ACBL.rank_calculator(query)
    assert error.value.field == field


def test_rank_parameters_are_the_colours_and_the_win():
    names = [name for name, _ in ACBL.rank_parameters]
    assert names == ["black", "silver", "red", "gold", "platinum", "unpigmented", "eligible_win"]


def test_groups_are_bounded_over_all_their_contestants():
    groups = [{"ranking": [[f"G{g}P{i}"] for i in range(1500)]} for g in range(7)]
    assert refused({**OPEN_GAME, "groups": groups}) == "groups"
