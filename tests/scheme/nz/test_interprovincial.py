"""Page E48: the Interprovincial Teams Trials (Pairs or Teams) and Championships: their
1st-3rd awards, the Trials' proportion for fields under six, session C Points and match A
Points, and minimum deals."""

from decimal import Decimal

import pytest

from scheme.core.errors import RulesError
from scheme.nz.editions import compute_awards
from scheme.nz.events import Event, Field, Match, Overall, Session

# "Open/Women/Senior  Youth  Intermediate / 1st 5A 3A 5B Points / 2nd 3A 2A 3B Points /
# 3rd 1A 1A 1B Point"; Championships "Open Women/Senior Youth Intermediate / 1st 15A 10A 5A
# 5A / 2nd 8A 5A 3A 3A / 3rd 4A 3A 1A 1A".
PRINTED = [
    ("IPT-OPEN", "A", (5, 3, 1)),
    ("IPT-YTH", "A", (3, 2, 1)),
    ("IPT-INT", "B", (5, 3, 1)),
    ("IPC-OPEN", "A", (15, 8, 4)),
    ("IPC-WS", "A", (10, 5, 3)),
    ("IPC-YTH", "A", (5, 3, 1)),
    ("IPC-INT", "A", (5, 3, 1)),
]


def _overall(status, ranking, size=None, sessions=()):
    return compute_awards(Event(status, "teams", list(sessions),
                                overall=Overall(ranking, size=size)))  # fmt: skip


@pytest.mark.parametrize(("status", "kind", "awards"), PRINTED)
@pytest.mark.parametrize("place", [1, 2, 3])
def test_interprovincial_placing_award(status, kind, awards, place):
    result = _overall(status, [[f"T{i}"] for i in range(1, 9)])
    assert result[f"T{place}"].overall == {kind: awards[place - 1] * 100}
    assert result["T4"].overall == {}


@pytest.mark.parametrize(("teams", "first"), [(6, 500), (5, 417), (4, 333), (3, 250)])
def test_trials_are_proportional_on_a_field_of_fewer_than_six(teams, first):
    result = _overall("IPT-OPEN", [[f"T{i}"] for i in range(1, teams + 1)])
    assert result["T1"].overall == {"A": first}  # 5 x teams / 6
    # The Championships are not proportional.
    assert _overall("IPC-OPEN", [["T1"], ["T2"], ["T3"]])["T1"].overall == {"A": 1500}


def test_trials_run_as_pairs_get_session_c_points_at_twice_the_basic_table_no_session_a():
    # "Session C Points ... Basic Table x 2 (Open, Women, Senior, Youth); Basic Table
    # (Intermediate)".
    field = Field("howell", 6, [["P1"], ["P2"]])
    for status, first in (("IPT-OPEN", 8000), ("IPT-YTH", 8000), ("IPT-INT", 4000)):
        result = compute_awards(Event(status, "pairs", [Session([field], deals=24)]))
        assert result["P1"].sessions[0] == {"C": first}


def test_trials_run_as_teams_get_match_a_points_at_the_basic_table():
    session = Session(matches=[Match(16, "N", "S", home_imps=Decimal(40), away_imps=Decimal(9))])
    result = compute_awards(Event("IPT-OPEN", "teams", [session]))
    assert result["N"].matches == {"A": 32}  # 0.02 x 16


@pytest.mark.parametrize(
    ("status", "minimum"), [("IPT-OPEN", 72), ("IPT-YTH", 60), ("IPT-INT", 48)]
)
def test_trials_minimum_deals(status, minimum):
    def sessions(deals):
        field = Field("howell", 6, [["P1"], ["P2"]])
        return [Session([field], deals=deals // 2), Session([field], deals=deals - deals // 2)]

    assert _overall(status, [["P1"], ["P2"]], size=12, sessions=sessions(minimum))["P1"].overall
    with pytest.raises(RulesError) as refused:
        _overall(status, [["P1"], ["P2"]], size=12, sessions=sessions(minimum - 1))
    assert refused.value.field == "sessions"
