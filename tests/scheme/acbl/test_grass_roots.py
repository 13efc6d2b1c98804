"""The North American Pairs and Grand National Teams from the club stage to the national
finals, and the international events' printed awards."""

from decimal import Decimal
from fractions import Fraction

import pytest

from scheme import get_scheme
from scheme.acbl import EventType, GeneralFormulaEvent, Rating, Tournament, compute_awards
from scheme.acbl.calculation import compute
from scheme.acbl.grass_roots import (
    CBF_EVENTS,
    USBF_ASSIGNED,
    WBF_EVENTS,
    Contest,
    Flight,
    GrassRootsFinal,
    Stage,
    district_first,
    gnt_district_share,
    international_minimum_share,
    unit_stage_split,
)
from scheme.core.errors import RulesError

ACBL = get_scheme("acbl")


def club_stage(**given) -> GeneralFormulaEvent:
    defaults = dict(
        rating=Rating.CSG9,
        tournament=Tournament.CLUB,
        event_type=EventType.PAIRS,
        sessions=1,
        tables=Decimal(10),
        overall=[["1"]],
        contest="nap",
        flight="A",
    )
    return GeneralFormulaEvent(**{**defaults, **given})


def test_nap_club_stage_flights_half_red_half_black():
    # R 9.00: 20/60 x 9 x 1.25 = 3.75; B 70%, C 50%.
    assert compute_awards(club_stage())["1"].points == {"black": 188, "red": 187}
    assert compute_awards(club_stage(flight="B"))["1"].total == 263  # 2.625 up
    assert compute_awards(club_stage(flight="C"))["1"].total == 188  # 1.875 up
    assert compute_awards(club_stage()).grade == "BR"


def test_nap_at_an_invitational_club_pays_80_percent_black():
    awards = compute_awards(club_stage(invitational_club=True))
    assert awards["1"].points == {"black": 300}
    assert awards.grade == "C9"


def test_gnt_club_level_and_invitational_clubs():
    teams = dict(contest="gnt", event_type=EventType.SWISS)
    assert compute_awards(club_stage(**teams))["1"].points == {"black": 150, "red": 150}
    for flight, share in (("A", 80), ("B", 65), ("C", 48)):
        awards = compute_awards(club_stage(**teams, flight=flight, invitational_club=True))
        assert awards["1"].points == {"black": 3 * share}


def test_a_club_stage_is_a_rating_nine_club_game():
    with pytest.raises(RulesError) as refused:
        compute_awards(club_stage(rating=Rating.CSG7))
    assert refused.value.field == "rating"


def test_unit_stage_colours():
    assert unit_stage_split(Contest.NAP, Flight.A, 1) == (("red", 1),)
    assert dict(unit_stage_split(Contest.NAP, Flight.A, 2)) == {
        "gold": Fraction(1, 5),
        "red": Fraction(4, 5),
    }
    assert dict(unit_stage_split(Contest.GNT, Flight.C, 2))["gold"] == Fraction(5, 100)


def test_district_first_awards_by_sessions():
    assert [district_first(Contest.NAP, Flight.A, s) for s in (2, 3, 4, 5)] == [32, 40, 48, 48]
    assert district_first(Contest.GNT, Flight.A, 3) == 33
    assert district_first(Contest.GNT, Flight.B, 4) == Fraction("33.5")
    with pytest.raises(RulesError):
        district_first(Contest.NAP, Flight.CHAMPIONSHIP, 2)


def test_gnt_district_share_by_teams_entered():
    assert gnt_district_share(1, 3) == (0, 0)
    assert gnt_district_share(2, 3) == (Fraction(1, 2), 1)
    assert gnt_district_share(4, 3) == (Fraction(67, 100), 1)
    assert gnt_district_share(8, 3) == (1, None)
    assert gnt_district_share(8, 2) == (Fraction(67, 100), None)


def test_gnt_district_final_of_two_teams_pays_half_to_the_winner_only():
    final = GrassRootsFinal(
        Contest.GNT, Stage.DISTRICT, Flight.CHAMPIONSHIP, 3, 2, (("W",), ("L",))
    )
    awards = compute(final, rules="x")
    assert awards["W"].points == {"gold": 2000}
    assert awards["L"].total == 0


def test_nap_district_flight_c_is_half_gold():
    final = GrassRootsFinal(Contest.NAP, Stage.DISTRICT, Flight.C, 2, 40, (("1",), ("2",)))
    awards = compute(final, rules="x")
    assert awards["1"].points == {"red": 750, "gold": 750}
    assert awards["2"].total == 1125  # two sessions: 75%


def test_national_finals():
    nap_a = compute(
        GrassRootsFinal(Contest.NAP, Stage.NATIONAL, Flight.A, 4, 60, (("1",),)), rules="x"
    )
    assert nap_a["1"].points == {"platinum": 10000}
    nap_c = compute(
        GrassRootsFinal(Contest.NAP, Stage.NATIONAL, Flight.C, 4, 60, (("1",),)), rules="x"
    )
    assert nap_c["1"].points == {"red": 2666, "gold": 1334}
    gnt = GrassRootsFinal(
        Contest.GNT,
        Stage.NATIONAL,
        Flight.CHAMPIONSHIP,
        6,
        12,
        tuple((str(i),) for i in range(1, 7)),
        wins={"1": Fraction(3)},
    )
    awards = compute(gnt, rules="x")
    assert awards["1"].overall == 12000
    assert awards["1"].matches == 1200  # 4.00 red a win
    assert awards["5"].total == 0  # 8 to 15 teams: four places


def test_final_through_the_calculator():
    body = ACBL.calculator_answer(
        ACBL.compute_awards(
            ACBL.calculator_event(
                {
                    "rules": "ACBL-2024-01",
                    "event": "nap_gnt_final",
                    "contest": "gnt",
                    "stage": "national",
                    "flight": "C",
                    "sessions": 6,
                    "entries": 20,
                    "ranking": [["T1"]],
                }
            )
        )
    )
    assert body["contestants"][0]["points"] == {"red": "30.00", "gold": "15.00"}


def test_international_awards_as_printed():
    assert CBF_EVENTS["CBF Open Teams"].first == 140
    assert USBF_ASSIGNED["USBF Women's Team"][2] == (4, 60)
    assert WBF_EVENTS["Bermuda Bowl"] == (800, "Spingold/Vanderbilt", 200)
    assert international_minimum_share(Fraction(12), pairs=False) == Fraction(75, 100)
    assert international_minimum_share(Fraction(8), pairs=False) == Fraction(1, 2)
    assert international_minimum_share(Fraction(30), pairs=True) == Fraction(64, 100)


def test_two_stage_qualification_bases():
    from scheme.acbl.grass_roots import two_stage_basis

    assert two_stage_basis(2, 20) == (4, 2)
    assert two_stage_basis(4, 20) == (8, 4)
    assert two_stage_basis(8, 20) == (16, 4)
    assert two_stage_basis(16, 40) == (32, 8)
    # "In no case will any stage pay overalls based on more than the eligible teams".
    assert two_stage_basis(16, 20) == (20, 8)


def test_nap_unit_stage_at_sectional_rating_part_gold_from_two_sessions():
    unit = dict(rating=Rating.SECTIONAL, tournament=Tournament.UNIT, contest="nap")
    one = compute_awards(club_stage(**unit, flight="B"))
    # 20/60 x 11 x 1.25 = 4.5833 x 70% = 3.21, red.
    assert one["1"].points == {"red": 321}
    two = compute_awards(club_stage(**unit, sessions=2))
    # 20/60 x 11 x 1.5 x 1.25 = 6.875: 20% gold.
    assert two["1"].points == {"red": 550, "gold": 138}
    with pytest.raises(RulesError) as refused:
        compute_awards(
            club_stage(rating=Rating.REGIONAL, tournament=Tournament.UNIT, contest="nap")
        )
    assert refused.value.field == "rating"
