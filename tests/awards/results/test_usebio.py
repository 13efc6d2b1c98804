"""The USEBIO reader: each kind of event read from sample files written to the published
element names, the quirks of the programs that write them, and every bad file named."""

from datetime import date
from decimal import Decimal
from pathlib import Path
from xml.etree import ElementTree

import pytest

from awards.calculator.sessions.serializers import CalculatorRequestSerializer
from awards.results import usebio
from awards.results.common import ResultsFileError
from scheme.abf import compute_awards

SAMPLES = Path(__file__).parent / "samples"


def sample(name: str) -> bytes:
    return (SAMPLES / name).read_bytes()


def problems_of(content: bytes) -> list[str]:
    with pytest.raises(ResultsFileError) as error:
        usebio.read(content)
    return error.value.problems


def awards_of(read, grade="E"):
    given = CalculatorRequestSerializer(data=read.request(grade=grade))
    assert given.is_valid(), given.errors
    return compute_awards(given.to_event())


def test_mitchell_of_two_sections_gives_four_fields_each_of_its_section_tables():
    read = usebio.read(sample("pairs_mitchell_two_sections.xml"))
    assert read.format == "USEBIO 1.2"
    assert (read.kind, read.name, read.date) == ("pairs", "Monday Open Pairs", date(2025, 4, 14))
    (session,) = read.sessions
    assert session["boards"] == 24
    assert [(f["movement"], f["tables"], f["name"]) for f in session["fields"]] == [
        ("mitchell", "4", "A EW"),
        ("mitchell", "4", "A NS"),
        ("mitchell", "4", "B EW"),
        ("mitchell", "4", "B NS"),
    ]
    # Section B's N-S: pairs 1 and 3 tied second ("2=").
    assert session["fields"][3]["ranking"] == [["B2NS"], ["B1NS", "B3NS"], ["B4NS"]]
    assert len(read.players) == 16 and all(len(n) == 2 for n in read.players.values())
    assert awards_of(read)["A1NS"].total > 0


def test_sections_written_straight_under_the_event_are_its_one_session():
    # As NZ Bridge's Scorer writes a session of several sections: no SESSION element, each
    # SECTION under the EVENT with its SECTION_ID as an attribute, EVENT_TYPE "PAIRS".
    root = ElementTree.fromstring(sample("pairs_mitchell_two_sections.xml"))  # noqa: S314
    event = root.find("EVENT")
    event.set("EVENT_TYPE", "PAIRS")
    (session,) = event.findall("SESSION")
    for section in session.findall("SECTION"):
        section_id = section.find("SECTION_ID")
        section.set("SECTION_ID", section_id.text)
        section.remove(section_id)
        event.append(section)
    event.remove(session)
    flat = usebio.read(ElementTree.tostring(root))

    nested = usebio.read(sample("pairs_mitchell_two_sections.xml"))
    assert [(f["tables"], f["name"], f["ranking"]) for f in flat.sessions[0]["fields"]] == [
        (f["tables"], f["name"], f["ranking"]) for f in nested.sessions[0]["fields"]
    ]
    assert flat.players == nested.players
    assert awards_of(flat)["B2NS"].total == awards_of(nested)["B2NS"].total


def test_howell_of_two_sessions_keeps_each_pair_by_its_players_and_gives_final_placings():
    read = usebio.read(sample("pairs_howell_two_sessions.xml"))
    assert read.format == "USEBIO 1.1"
    assert read.date == date(2025, 4, 12)
    assert [s["fields"][0]["movement"] for s in read.sessions] == ["howell", "howell"]
    assert read.outright == {"sessions": 2, "ranking": [["2"], ["1"], ["3"], ["5"], ["4"], ["6"]]}
    # The same pair in both sessions and the final placings is one contestant.
    assert sorted(read.players) == ["1", "2", "3", "4", "5", "6"]
    awards = awards_of(read)
    assert awards["2"].outright > 0 and awards["1"].sessions[0] > 0


def test_teams_with_imps_read_matches_by_team_number_and_a_team_of_five():
    read = usebio.read(sample("teams_imps.xml"))
    assert read.kind == "teams"
    assert read.sessions[0]["matches"][0] == {
        "boards": 12,
        "home": "T1",
        "away": "T2",
        "home_imps": "31",
        "away_imps": "22",
    }
    assert read.team_sizes == {"T1": 5}
    assert read.outright["ranking"] == [["T1"], ["T2"], ["T3"], ["T4"]]
    assert awards_of(read)["T1"].matches > 0


def test_teams_with_victory_points():
    read = usebio.read(sample("teams_vps_swiss.xml"))
    (session,) = read.sessions
    assert session["matches"][0]["home_vps"] == "12.50"
    assert read.outright is None
    assert awards_of(read)["T2"].total > 0


def test_individual_reads_each_player_as_a_contestant_with_ties():
    read = usebio.read(sample("individual.xml"))
    field = read.sessions[0]["fields"][0]
    assert (field["movement"], field["tables"]) == ("individual", "2")
    assert field["ranking"][2] == ["3", "4"]
    assert all(len(numbers) == 1 for numbers in read.players.values())


def test_swiss_pairs_read_as_matches_between_pairs():
    read = usebio.read(sample("swiss_pairs.xml"))
    assert read.kind == "pairs"
    assert [len(s["matches"]) for s in read.sessions] == [4, 3]
    assert read.outright["sessions"] == 2


def test_compscore_quirks_are_taken():
    content = sample("compscore_mitchell.xml")
    assert b"<!DOCTYPE USEBIO SYSTEM" in content
    read = usebio.read(content)
    assert read.program == "Compscore3 26-Jul-22"
    assert read.date == date(2025, 4, 15)  # 15/04/2025
    # NATIONAL_ID_NUMBER without its leading zero: the ABF number has it back.
    assert all(n.startswith("0") and len(n) == 7 for ns in read.players.values() for n in ns)
    # MASTER_POINTS_AWARDED directly under PAIR, in hundredths.
    assert read.file_awards["1NS"] == 39
    # WINNER_TYPE 2: two fields; PAIR_NUMBER 1NS keeps its label.
    assert [f["movement"] for f in read.sessions[0]["fields"]] == ["mitchell", "mitchell"]
    assert read.sessions[0]["fields"][1]["ranking"][0] == ["1NS"]
    # The boards are the travellers': 23 boards.
    assert read.sessions[0]["boards"] == 23
    assert awards_of(read)["1NS"].total == Decimal("0.14")


def test_master_points_nested_in_master_points_are_read_too():
    content = sample("individual.xml").replace(
        b"<PLACE>1</PLACE>",
        b"<PLACE>1</PLACE><MASTER_POINTS><MASTER_POINTS_AWARDED>0.12</MASTER_POINTS_AWARDED>"
        b"</MASTER_POINTS>",
    )
    assert usebio.read(content).file_awards == {"1": 12}


def without_players_of_pair_7_in_session_2() -> bytes:
    content = sample("pairs_howell_two_sessions.xml").decode()
    head, _, rest = content.partition("<SESSION_NUMBER>2</SESSION_NUMBER>")
    # The 7th PAIR of session 2 does not exist: add one without players.
    rest = rest.replace(
        "        </PARTICIPANTS>",
        "          <PAIR><PAIR_NUMBER>7</PAIR_NUMBER><PLACE>7</PLACE></PAIR>\n"
        "        </PARTICIPANTS>",
        1,
    )
    return (head + "<SESSION_NUMBER>2</SESSION_NUMBER>" + rest).encode()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"this is not xml", "file: not XML: line 1, column 1: syntax error"),
        (
            sample("individual.xml").replace(b'Version="1.2"', b'Version="2.0"'),
            "USEBIO: version 2.0 is not one this portal reads (1.1 or 1.2)",
        ),
        (
            without_players_of_pair_7_in_session_2(),
            "EVENT/SESSION[2]/SECTION[A]/PARTICIPANTS/PAIR[7]: no PLAYER",
        ),
        (
            sample("individual.xml").replace(
                b"<NATIONAL_ID_NUMBER>0200859</NATIONAL_ID_NUMBER>", b""
            ),
            "EVENT/PARTICIPANTS/PLAYER[1]/NATIONAL_ID_NUMBER: IRENE PLAYER78: no national ID "
            "number (the player's ABF number)",
        ),
        (
            sample("individual.xml").replace(b"0200859", b"0200858"),
            "EVENT/PARTICIPANTS/PLAYER[1]/NATIONAL_ID_NUMBER: IRENE PLAYER78 (0200858) is not "
            "an ABF number: its check digit is wrong",
        ),
        (
            sample("individual.xml").replace(b"<PLACE>2</PLACE>", b"<PLACE>3</PLACE>"),
            "EVENT/PARTICIPANTS/PLAYER[2]: PLACE 3 is out of order: after 1 contestant(s) the "
            "next place is 2",
        ),
        (
            sample("pairs_mitchell_two_sections.xml")
            .replace(
                b"<SECTION_ID>B</SECTION_ID>\n        <PARTICIPANTS>",
                b"<SECTION_ID>B</SECTION_ID>\n        <UNUSED>",
            )
            .replace(
                b"</PARTICIPANTS>\n      </SECTION>\n    </SESSION>",
                b"</UNUSED>\n      </SECTION>\n    </SESSION>",
            ),
            "EVENT/SESSION[1]/SECTION[B]: no tables: the section has no PARTICIPANTS",
        ),
        (
            sample("individual.xml").replace(b'EVENT_TYPE="INDIVIDUAL"', b'EVENT_TYPE="NOTSUP"'),
            "EVENT: EVENT_TYPE NOTSUP is not one this portal reads",
        ),
    ],
    ids=[
        "not-xml",
        "unknown-version",
        "pair-without-players",
        "player-without-number",
        "invalid-abf-number",
        "place-out-of-order",
        "section-without-tables",
        "unknown-event-type",
    ],
)
def test_every_bad_file_is_refused_naming_the_element(content, expected):
    assert any(p.startswith(expected) for p in problems_of(content)), problems_of(content)


def test_a_better_place_with_a_lower_score_is_out_of_order():
    content = sample("pairs_howell_two_sessions.xml").replace(
        b"<PERCENTAGE>62.0</PERCENTAGE>", b"<PERCENTAGE>30.0</PERCENTAGE>"
    )
    assert any("the places are out of order" in p for p in problems_of(content))


def test_an_entity_bomb_is_refused_without_expanding():
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]>'
        b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>&c;'
        b"</EVENT_DESCRIPTION></EVENT></USEBIO>"
    )
    assert problems_of(bomb) == [
        "file: the XML declares entities, which a results file never needs; refused"
    ]


def test_an_external_entity_is_never_fetched():
    content = (
        b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>&x;'
        b"</EVENT_DESCRIPTION></EVENT></USEBIO>"
    )
    (problem,) = problems_of(content)
    assert "refused" in problem


def test_a_file_over_the_bound_is_refused_before_parsing():
    assert problems_of(b"<" * 101) != []
    with pytest.raises(ResultsFileError, match="at most 100 bytes"):
        usebio.read(b" " * 101, max_bytes=100)


def test_windows_text_without_an_encoding_is_read():
    content = sample("individual.xml").replace(b' encoding="UTF-8"', b"")
    content = content.replace(b"IRENE", "IRÈNE".encode("cp1252"))
    assert usebio.read(content).kind == "individual"
