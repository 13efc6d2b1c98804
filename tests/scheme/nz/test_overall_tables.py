"""Tables of Tournament and Session Awards (pages E42-E55): every readable cell of the overall
A and B Point tables, through the engine, with the "Places" column each row prints; the ties
of A/B Point Tournaments rule 2; the session winners' A or B Point (rule 3); and what the
book does not give."""

from decimal import Decimal

import pytest

from scheme.core.errors import RulesError
from scheme.nz.editions import compute_awards
from scheme.nz.events import Event, Field, Match, Overall, Session

# (status, kind, page): rows of (first, last contestants, the printed "Places", the cells in
# place order as printed; "?" where the scan lost a cell). Where the scan merged the Places
# column into the winner's cell ("6f 0 8 7 5 3 2" in the 10A tables), the winner's cell is the
# table's maximum award (rule 2: "The winners ... each receive the maximum award").
PRINTED = {
    ("15A", "pairs", "E42"): """
        3-10 3: 15 8 4
        11-14 4: 15 11 8 4
        15-18 5: 15 12 9 6 3
        19-22 6: 15 13 10 8 5 3
        23-26 7: 15 13 11 9 6 4 2
        27-30 9: 15 13 11 9 8 6 4 2 1
        31-34 11: 15 13 12 10 8 7 5 3 2 1 1
        35-38 13: 15 14 12 12 9 8 6 5 3 2 1 1 1
        39-42 15: 15 14 12 11 10 8 7 5 4 3 1 1 1 1 1
        43-46 17: 15 14 13 11 10 9 8 6 5 4 3 1 1 1 1 1 1
        47-50 19: 15 14 13 12 10 9 8 7 6 5 3 2 1 1 1 1 1 1 1
        51-54 21: 15 14 13 12 11 10 9 8 6 5 4 3 2 1 1 1 1 1 1 1 1
        55-58 23: 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 1 1 1 1 1 1 1 1
        59-62 25: 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 1 1 1 1 1 1 1 1 1 1
    """,
    ("15A", "teams", "E44"): """
        3-6 3: 15 8 4
        7-9 4: 15 11 8 4
        10-12 5: 15 12 9 6 3
        13-15 6: 15 13 10 8 5 3
        16-18 7: 15 13 11 9 6 4 2
        19-21 8: 15 13 11 9 8 6 4 2
        22-24 9: 15 13 12 10 8 7 5 3 2
        25-27 10: 15 14 12 11 9 8 6 5 3 2
        28-30 11: 15 14 12 11 10 8 7 5 4 3 1
        31-33 12: 15 14 13 11 10 9 8 6 5 4 3 1
        34-36 13: 15 14 13 12 10 9 8 7 6 5 3 2 1
        37-39 14: 15 14 13 12 11 10 9 8 6 5 4 3 2 1
        40-42 15: 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1
        43-45 16: 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 1
    """,
    ("10A", "pairs", "E45"): """
        3-10 3: 10 5 3
        11-14 4: 10 7 5 3
        15-18 5: 10 8 6 4 2
        19-22 6: 10 8 7 5 3 2
        23-26 7: 10 9 7 6 4 3 1
        27-30 8: 10 9 8 6 5 4 3 1
        31-34 9: 10 9 8 7 6 4 3 2 1
        35-38 10: 10 9 8 7 6 5 4 3 2 1
        39-42 11: 10 9 8 7 6 5 4 3 2 1 1
        43-46 12: 10 9 8 7 6 5 4 3 2 2 1 1
        47-50 13: 10 9 8 7 6 5 4 3 3 2 2 1 1
        51-54 14: 10 9 8 7 6 5 4 4 3 3 2 2 1 1
        55-58 15: 10 9 8 7 6 5 5 4 4 3 3 2 2 1 1
        59-62 16: 10 9 8 7 6 6 5 5 4 4 3 3 2 2 1 1
    """,
    ("10A", "teams", "E47"): """
        3-6 3: 10 5 3
        7-9 4: 10 7 5 3
        10-12 5: 10 8 6 4 2
        13-15 6: 10 8 7 5 3 2
        16-18 7: 10 9 7 6 4 3 1
        19-21 8: 10 9 8 6 5 4 3 1
        22-24 9: 10 9 8 7 6 4 3 2 1
        25-27 10: 10 9 8 7 6 5 4 3 2 1
        28-30 11: 10 9 8 7 6 5 4 3 2 1 1
        31-33 12: 10 9 8 7 6 5 4 3 2 2 1 1
        34-36 13: 10 9 8 7 6 5 4 3 3 2 2 1 1
        37-39 14: 10 9 8 7 6 5 4 4 3 3 2 2 1 1
        40-42 15: 10 9 8 7 6 5 5 4 4 3 3 2 2 1 1
        43-45 16: 10 9 8 7 6 6 5 5 4 4 3 3 2 2 1 1
    """,
    ("5A", "pairs", "E49"): """
        3-10 2: 5 1
        11-20 4: 5 3 1 1
        21-30 6: 5 3 1 1 1 1
        31-40 8: 5 4 2 1 1 1 1 1
        41-44 9: 5 4 3 2 1 1 1 1 1
        45-48 10: 5 4 3 2 1 1 1 1 1 1
        49-52 12: 5 4 3 2 2 1 1 1 1 1 1 1
        53-56 13: 5 4 3 3 2 2 1 1 1 1 1 1 1
        57-60 14: 5 4 4 3 3 2 2 1 1 1 1 1 1 1
    """,
    ("5A", "teams", "E49"): """
        3-5 2: 5 1
        6-8 3: 5 3 1
        9-11 4: 5 3 1 1
        12-14 5: 5 4 2 1 ?
        15-17 6: 5 4 3 2 1 1
        18-20 7: 5 4 3 2 1 1 1
        21-23 8: 5 4 3 2 2 1 1 ?
        24-26 10: 5 4 3 3 2 2 1 1 ? ?
        27-29 12: 5 4 4 3 3 2 2 1 1 1 ? ?
    """,
    ("3A", "pairs", "E50"): """
        3-10 2: 3 1
        11-20 4: 3 2 1 1
        21-30 6: 3 2 1 1 1 1
        31-40 8: 3 2 1 1 1 1 1 1
        41-44 9: 3 2 2 1 1 1 1 1 1
        45-48 10: 3 2 2 1 1 1 1 1 1 1
        49-52 12: 3 2 2 2 1 1 1 1 1 1 1 1
        53-56 13: 3 3 2 2 2 1 1 1 1 1 1 1 1
        57-60 14: 3 3 2 2 2 1 1 1 1 1 1 1 1 1
    """,
    ("3A", "teams", "E50"): """
        3-5 1: 3
        6-8 2: 3 2
        9-11 3: 3 2 1
        12-14 4: 3 2 1 1
        15-17 5: 3 2 2 1 1
        18-20 6: 3 2 2 1 1 1
        21-23 7: 3 2 2 2 1 1 1
        24-26 8: 3 2 2 2 1 1 1 1
        27-29 9: 3 2 2 2 2 1 1 1 1
    """,
    ("8B", "pairs", "E53"): """
        3-10 2: 8 4
        11-20 4: 8 5 2 1
        21-30 6: 8 6 4 2 1 1
        31-40 8: 8 7 5 3 2 1 1 1
        41-44 9: 8 7 5 4 3 1 1 1 1
        45-48 10: 8 7 6 5 4 3 1 1 1 1
        49-52 12: 8 7 6 5 4 3 2 1 1 1 1 1
        53-56 13: 8 7 6 5 4 3 2 1 1 1 1 1 1
        57-60 14: 8 7 6 5 4 3 2 2 1 1 1 1 1 1
    """,
    ("5B", "pairs", "E54"): """
        3-10 2: 5 3
        11-20 4: 5 3 1 1
        21-30 6: 5 4 2 1 1 1
        31-40 8: 5 4 3 2 1 1 1 1
        41-44 9: 5 4 3 2 1 1 1 1 1
        45-48 10: 5 4 3 2 2 1 1 1 1 1
        49-52 12: 5 4 3 3 2 2 1 1 1 1 1 1
        53-56 13: 5 4 4 3 3 2 2 1 1 1 1 1 1
        57-60 14: 5 4 4 3 3 2 2 1 1 1 1 1 1 1
    """,
    ("5B", "teams", "E54"): """
        3-5 1: 5
        6-8 2: 5 3
        9-11 3: 5 3 1
        12-14 4: 5 4 2 1
        15-17 5: 5 4 3 2 1
        18-20 6: 5 4 3 2 1 1
        21-23 7: 5 4 3 2 2 1 1
        24-26 8: 5 4 3 3 2 2 1 1
        27-29 9: 5 4 4 3 3 2 2 1 1
    """,
}
# Page E55 prints one 3B table for both: "Teams / Pairs / Places / 1 2 3 ...".
PAGE_E55 = """
    3-5 3-10 1: 3
    6-8 11-20 2: 3 2
    9-11 21-30 3: 3 2 1
    12-14 31-40 4: 3 2 1 1
    15-17 41-44 5: 3 2 2 1 1
    18-20 45-48 6: 3 2 2 1 1 1
    21-23 49-52 7: 3 2 2 2 1 1 1
    24-26 53-56 8: 3 2 2 2 1 1 1 1
    27-29 57-60 9: 3 2 2 2 2 1 1 1 1
    30-32 61-64 10: 3 3 2 2 2 2 1 1 1 1
    33-35 65-68 11: 3 3 2 2 2 2 1 1 1 1 1
    36-38 69-72 12: 3 3 2 2 2 2 2 1 1 1 1 1
    39-41 73-76 13: 3 3 3 2 2 2 2 2 1 1 1 1 1
    42-44 77-80 14: 3 3 3 2 2 2 2 2 1 1 1 1 1 1
"""


def _span(text):
    low, high = text.split("-")
    return int(low), int(high)


def _rows():
    tables = {key: text for key, text in PRINTED.items()}
    for kind, column in (("teams", 0), ("pairs", 1)):
        lines = []
        for line in PAGE_E55.strip().splitlines():
            spans, _, cells = line.partition(":")
            teams, pairs, places = spans.split()
            lines.append(f"{(teams, pairs)[column]} {places}:{cells}")
        tables[("3B", kind, "E55")] = "\n".join(lines)
    for (status, kind, page), text in tables.items():
        for line in text.strip().splitlines():
            head, _, cells = line.partition(":")
            span, places = head.split()
            yield status, kind, page, _span(span), int(places), cells.split()


CASES = []
for status, kind, page, (low, high), places, cells in _rows():
    for place in range(1, places + 1):
        cell = cells[place - 1] if place <= len(cells) else "?"
        readable = sum(c != "?" for c in cells)
        case_id = f"{status}-{kind}-{low}-{high}-place{place}"
        if cell == "?":
            CASES.append(pytest.param(status, kind, low, high, place, None, id=case_id,
                marks=pytest.mark.skip(reason=f"page {page}: the scan lost this cell (the row "
                                       f"prints {places} places and {readable} readable "
                                       f"cells)")))  # fmt: skip
        else:
            CASES.append(pytest.param(status, kind, low, high, place, int(cell), id=case_id))


def _overall(status, kind, contestants, ranking=None, **session):
    labels = [f"C{i}" for i in range(1, contestants + 1)]
    ranking = ranking or [[label] for label in labels]
    event = Event(status, kind, [], overall=Overall(ranking, size=contestants))
    return compute_awards(event)


@pytest.mark.parametrize(("status", "kind", "low", "high", "place", "printed"), CASES)
def test_overall_table_cell(status, kind, low, high, place, printed):
    for contestants in {low, high}:
        awards = _overall(status, kind, contestants)
        assert awards[f"C{place}"].overall == {status[-1]: printed * 100}


@pytest.mark.parametrize(("status", "kind", "low", "high", "places"), sorted({
    (status, kind, span[0], span[1], places) for status, kind, _, span, places, _ in _rows()
}))  # fmt: skip
def test_each_row_awards_its_printed_number_of_places_and_no_more(status, kind, low, high, places):
    awards = _overall(status, kind, high)
    assert all(awards[f"C{p}"].overall for p in range(1, places + 1))
    if high > places:
        assert awards[f"C{places + 1}"].overall == {}


def test_individual_events_read_the_pairs_scale():
    # Tables, Instructions 1(d): "For Individual events, use the Pairs scale".
    awards = _overall("8B", "individual", 12)
    assert [awards[f"C{p}"].overall["B"] for p in range(1, 5)] == [800, 500, 200, 100]


def test_tied_contestants_average_the_places_in_contention():
    # Rule 2, Ties: "if two contestants tie for 3rd place, they each receive half the
    # aggregate of the awards for 3rd and 4th places": 10A, 15 pairs: (6 + 4) / 2 = 5.
    ranking = [["C1"], ["C2"], ["C3", "C4"], *[[f"C{i}"] for i in range(5, 16)]]
    awards = _overall("10A", "pairs", 15, ranking)
    assert awards["C3"].overall == awards["C4"].overall == {"A": 500}
    assert awards["C5"].overall == {"A": 200}
    # Three tie for 2nd of a 5A pairs event of 12: (3 + 1 + 1) / 3 = 1.67 each.
    ranking = [["C1"], ["C2", "C3", "C4"], *[[f"C{i}"] for i in range(5, 13)]]
    awards = _overall("5A", "pairs", 12, ranking)
    assert awards["C2"].overall == {"A": 167}
    # A tie across the last place: 3A pairs of 8 (3, 1): 2nd, 3rd and 4th share 1: 0.33.
    awards = _overall("3A", "pairs", 8, [["C1"], ["C2", "C3", "C4"]])
    assert awards["C3"].overall == {"A": 33}


def test_the_session_winners_of_a_pairs_tournament_get_one_point_each():
    # A Point Tournaments rule 3: one A Point to the winners of each group in each section
    # (a Mitchell's N/S and E/W), all first-equal pairs, with 20 deals in circulation.
    ns = Field("mitchell", 10, [["N1", "N2"], ["N3"]])
    ew = Field("mitchell", 10, [["E1"], ["E2"]])
    awards = compute_awards(Event("5A", "pairs", [Session([ns, ew], deals=20)]))
    assert [awards[label].sessions[0].get("A") for label in ("N1", "N2", "N3", "E1", "E2")] == [
        100, 100, None, 100, None,
    ]  # fmt: skip
    # B Point Tournaments rule 3: one B Point; none under 20 deals.
    awards = compute_awards(Event("8B", "pairs", [Session([ns], deals=20)]))
    assert awards["N1"].sessions[0]["B"] == 100
    awards = compute_awards(Event("8B", "pairs", [Session([ns], deals=18)]))
    assert "B" not in awards["N1"].sessions[0]
    # Only Pairs events: a teams ranking gets C Points but no session point.
    teams = Field("teams", 10, [["T1"], ["T2"]])
    awards = compute_awards(Event("5A", "teams", [Session([teams], deals=24)]))
    assert awards["T1"].sessions[0] == {"C": 8000}


def test_a_club_session_gets_no_session_point_and_no_overall_placings():
    awards = compute_awards(Event("club", "pairs", [Session([Field("howell", 5, [["P1"]])])]))
    assert awards["P1"].total == {"A": 0, "B": 0, "C": 4000}
    with pytest.raises(RulesError) as refused:
        _overall("club", "pairs", 10)
    assert refused.value.field == "overall"


@pytest.mark.parametrize(("status", "kind"), [("8B", "teams"), ("20A", "pairs"), ("25A", "teams")])
def test_tables_the_book_does_not_give_are_refused_by_name(status, kind):
    with pytest.raises(RulesError) as refused:
        _overall(status, kind, 10)
    assert refused.value.field == "status"
    # Their sessions and matches are still awarded.
    session = Session(matches=[Match(10, "T1", "T2", home_imps=Decimal(5), away_imps=Decimal(1))])
    assert compute_awards(Event(status, "teams", [session]))["T1"].total["C" if status == "8B"
                                                                        else "A"] > 0  # fmt: skip


def test_a_field_beyond_the_printed_table_is_refused():
    # Tables, Instructions 1(f): "For scales above 60 Pairs, contact NZ Bridge."
    with pytest.raises(RulesError) as refused:
        _overall("5A", "pairs", 61)
    assert refused.value.field == "overall.size"
    assert "60" in refused.value.message


def test_fewer_than_three_contestants_get_no_overall_award():
    assert _overall("5A", "pairs", 2)["C1"].overall == {}


def test_a_tournament_short_of_its_minimum_deals_is_refused():
    # A Point Tournaments rule 1(c): 3A = 48, 5A = 60, 10A = 72, 15A+ = 96 deals;
    # B Point Tournaments rule 1: 48 deals.
    for status, minimum in (("3A", 48), ("5A", 60), ("10A", 72), ("15A", 96), ("8B", 48)):

        def event(deals, status=status):
            field = Field("howell", 10, [["P1"], ["P2"]])
            sessions = [
                Session([field], deals=deals // 2),
                Session([field], deals=deals - deals // 2),
            ]
            return Event(status, "pairs", sessions, overall=Overall([["P1"], ["P2"]], size=20))

        assert compute_awards(event(minimum))["P1"].overall
        with pytest.raises(RulesError) as refused:
            compute_awards(event(minimum - 1))
        assert refused.value.field == "sessions"


def test_an_ineligible_contestant_keeps_its_place_and_gets_nothing():
    # Issue of Master Points 9: "The eligible Players must be awarded the same number of
    # Master Points they would have received if all the place getters had been eligible."
    field = Field("howell", 8, [["P1"], ["P2"], ["P3"]])
    event = Event(
        "5A",
        "pairs",
        [Session([field], deals=30), Session([field], deals=30)],
        overall=Overall([["P1"], ["P2"], ["P3"]], size=16),
        ineligible=("P1",),
    )
    awards = compute_awards(event)
    assert awards["P1"].total == {"A": 0, "B": 0, "C": 0}
    assert awards["P2"].overall == {"A": 300}  # 2nd of the 11-20 row: 5, 3, 1, 1
    assert awards["P2"].sessions[0] == {"C": 2 * 3200}  # 2nd of 16 pairs (14-16 row), x 2
    with pytest.raises(RulesError) as refused:
        compute_awards(Event("club", "pairs", [Session([field])], ineligible=("P9",)))
    assert refused.value.field == "ineligible[0]"
