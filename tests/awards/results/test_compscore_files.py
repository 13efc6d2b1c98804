"""Files as Compscore3 writes them, read as they are: the boards stated once for the event,
the director sitting in as a placeholder player, a player typed into two pairs, scores that
are not numbers, and a file built to exhaust the parser."""

import tracemalloc
from decimal import Decimal
from pathlib import Path

import pytest

from awards.calculator.sessions.serializers import CalculatorRequestSerializer
from awards.results import csv_results, usebio
from awards.results.common import ResultsFileError
from scheme.abf import compute_awards

SAMPLES = Path(__file__).parent / "samples"
# A club's Wednesday Howell of 8 pairs, 21 boards stated once under EVENT; pair 8 is
# BARBARA KING with the director sitting in (DIRECTOR, numbered 0), placed 2nd.
HOWELL = "compscore_howell_21_boards.xml"
WHERE = "EVENT/SESSION[1]/SECTION[A]/PARTICIPANTS"


def sample(name: str = HOWELL) -> bytes:
    return (SAMPLES / name).read_bytes()


def problems_of(content: bytes) -> list[str]:
    with pytest.raises(ResultsFileError) as error:
        usebio.read(content)
    return error.value.problems


def awards_of(request: dict):
    given = CalculatorRequestSerializer(data=request)
    assert given.is_valid(), given.errors
    return compute_awards(given.to_event())


def test_a_session_without_its_own_boards_played_takes_the_events_21():
    read = usebio.read(sample())
    assert read.sessions[0]["boards"] == 21
    awards = awards_of(read.request(grade="E"))
    # Howell of 4 tables at grade E: 0.24 for 24 boards, factored 21/24 (4.4.7).
    assert awards["3"].total == Decimal("0.21")
    assert any("21 of 24 boards: factor 21/24 (4.4.7)" in line for line in awards.working)


def test_the_boards_a_session_states_itself_win_over_the_events():
    content = sample().replace(
        b"<SESSION_NUMBER>1</SESSION_NUMBER>",
        b"<SESSION_NUMBER>1</SESSION_NUMBER><BOARDS_PLAYED>18</BOARDS_PLAYED>",
    )
    assert usebio.read(content).sessions[0]["boards"] == 18


@pytest.mark.parametrize("number", ["0", "1"])
def test_the_director_sitting_in_is_skipped_and_the_partner_kept(number):
    content = sample().replace(
        b"<NATIONAL_ID_NUMBER>0</NATIONAL_ID_NUMBER>",
        f"<NATIONAL_ID_NUMBER>{number}</NATIONAL_ID_NUMBER>".encode(),
    )
    read = usebio.read(content)
    # BARBARA KING (Compscore's 525898, ABF number 0525898) keeps pair 8's award alone.
    assert read.players["8"] == ["0525898"]
    assert read.names["0525898"] == "BARBARA KING (525898)"
    assert read.skipped == [
        f"{WHERE}/PAIR[2]/PLAYER[2]: DIRECTOR ({number}) is the director sitting in, not a "
        "player: skipped, and the other player(s) of pair 8 credited"
    ]
    assert awards_of(read.request(grade="E"))["8"].total == Decimal("0.15")


def test_a_player_named_director_with_a_real_number_is_a_player():
    content = sample().replace(b"<PLAYER_NAME>BARBARA KING", b"<PLAYER_NAME>DIRECTOR")
    read = usebio.read(content)
    assert read.players["8"] == ["0525898"]
    assert read.names["0525898"] == "DIRECTOR (525898)"


def test_a_player_in_two_pairs_is_refused_naming_both_and_no_place_after_it():
    # JUDITH MORRIS's number typed for ROBERT SINGH (pair 4, placed 7th).
    content = sample().replace(b">524980<", b">525111<")
    problems = problems_of(content)
    assert problems == [
        f"{WHERE}/PAIR[7]: ROBERT SINGH (525111) is already in {WHERE}/PAIR[4] as JUDITH "
        "MORRIS (525111): a player is in one PAIR of a session"
    ]


def test_a_refused_pair_does_not_put_the_places_after_it_out_of_order():
    content = sample().replace(b">524204<", b">524205<")  # a wrong check digit, pair 1 (3rd)
    problems = problems_of(content)
    assert problems == [
        f"{WHERE}/PAIR[3]/PLAYER[2]/NATIONAL_ID_NUMBER: PETER WONG (524205) is not an ABF "
        "number: its check digit is wrong"
    ]


@pytest.mark.parametrize("score", ["NaN", "inf", "-Infinity", "abc", "sNaN"])
def test_a_score_that_is_not_a_number_is_refused_naming_the_element_and_pair(score):
    content = sample().replace(b"<PERCENTAGE>49.80<", f"<PERCENTAGE>{score}<".encode())
    assert problems_of(content) == [
        f"{WHERE}/PAIR[5]/PERCENTAGE: {score!r} is not a number (PAIR 2)"
    ]


@pytest.mark.parametrize("score", ["NaN", "inf", "abc"])
def test_a_csv_score_that_is_not_a_number_is_refused_naming_the_line(score):
    content = (
        "session,contestant,place,score,players\n"
        "1,1,1,61.2,524077 524204\n"
        f"1,2,2,{score},524336 524468\n"
    ).encode()
    with pytest.raises(ResultsFileError) as error:
        csv_results.read(content, kind="pairs")
    assert error.value.problems == [f"line 3, column score: {score!r} is not a number"]


def test_the_point_type_the_file_says_is_read():
    assert usebio.read(sample()).point_type == "green"
    red = sample().replace(b">GREEN<", b">RED<")
    assert usebio.read(red).point_type == "red"


def test_a_file_of_unclosed_tags_is_refused_within_a_few_megabytes():
    # 1.8 MB of 600,000 unclosed tags: parsed whole, a tree of some 160 MB.
    content = b'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT>' + b"<a>" * 600_000
    tracemalloc.start()
    try:
        problems = problems_of(content)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert problems == [
        "file: elements nested more than 32 deep, which no results file is; refused"
    ]
    assert peak < 20_000_000, peak


@pytest.mark.parametrize("tag", [b"<a/>", b"<PLAYER/>"])
def test_a_file_of_too_many_elements_is_refused_within_a_few_megabytes(tag):
    content = (
        b'<USEBIO Version="1.2"><EVENT>' + tag * (1_800_000 // len(tag)) + b"</EVENT></USEBIO>"
    )
    tracemalloc.start()
    try:
        (problem,) = problems_of(content)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert problem.startswith("file: more than") and problem.endswith("refused")
    assert peak < 20_000_000, peak


def test_a_csv_player_in_two_pairs_is_refused_naming_both_lines_and_nothing_more():
    content = (
        b"session,contestant,place,score,players\n"
        b"1,1,1,61.2,524077 524204\n"
        b"1,2,2,55.0,524336 524468\n"
        b"1,3,3,50.1,524077 524591\n"
        b"1,4,4,44.0,524727 524859\n"
    )
    with pytest.raises(ResultsFileError) as error:
        csv_results.read(content, kind="pairs")
    assert error.value.problems == [
        "line 4, column players: 524077 is already in 1 (line 2): a player is in one "
        "contestant of a session"
    ]
