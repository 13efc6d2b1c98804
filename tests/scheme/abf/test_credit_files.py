"""App. D credit files, read alone (no database): every format and every line error."""

import pytest

from scheme.abf import credit_files
from scheme.abf.credit_files import parse


def test_green_file_from_the_manual_gives_each_player_their_points():
    # App. D: "ABF number 123456 receives 0.42 points, 2288 gets 0.07 and 88249 gets 1.45".
    parsed = parse("club.grn", b"0123456000042\r\n0002288000007\r\n0088249000145\r\n")
    assert parsed.ok
    assert [(c.abf_number, c.colour, c.points) for c in parsed.credits] == [
        ("0123456", "green", 42),
        ("0002288", "green", 7),
        ("0088249", "green", 145),
    ]


@pytest.mark.parametrize(
    ("name", "colour"), [("a.red", "red"), ("a.gld", "gold"), ("A.GRN", "green")]
)
def test_single_colour_extensions_give_their_colour(name, colour):
    parsed = parse(name, b"0123456000042\n")
    assert parsed.ok
    assert parsed.credits[0].colour == colour


@pytest.mark.parametrize("name", ["event.rag", "event.mp5"])
def test_red_and_green_file_reads_red_before_green(name):
    # App. D: "0100060000042000005 0099993000007000000 0555667000000000145".
    parsed = parse(name, b"0100060000042000005\n0099993000007000000\n0555667000000000145\n")
    assert parsed.ok
    assert [(c.line, c.abf_number, c.colour, c.points) for c in parsed.credits] == [
        (1, "0100060", "red", 42),
        (1, "0100060", "green", 5),
        (2, "0099993", "red", 7),
        (3, "0555667", "green", 145),
    ]


@pytest.mark.parametrize("name", ["old.mp1", "old.mp2", "old.mp9"])
def test_other_mp_extensions_are_13_digit_files_taking_the_event_colour(name):
    parsed = parse(name, b"0123456000042\n")
    assert parsed.ok
    assert parsed.credits[0].colour is None


@pytest.mark.parametrize(
    "name",
    ["awards.txt", "awards.doc", "awards.xls", "awards", "a.mpx", "a.mp\u0663", "a.mp\u00b2"],
)
def test_other_file_names_are_refused(name):
    parsed = parse(name, b"0123456000042\n")
    assert not parsed.ok
    assert parsed.errors[0].line == 0
    assert "App. D" in parsed.errors[0].message


@pytest.mark.parametrize(
    "content",
    [
        b"0123456000042\n0002288000007",  # no final line end
        b"0123456000042\r\n0002288000007\r\n",  # DOS line ends
        b"0123456000042\n0002288000007\n\n\n",  # blank trailing lines
        b"0123456000042\r\n0002288000007\r\n\x1a",  # DOS end-of-file character
        b"0123456000042\r\n0002288000007\x1a",
        b"0123456000042\r\n0002288000007\r\n\r\n\x1a\r\n",
    ],
)
def test_what_scoring_programs_write_is_accepted(content):
    parsed = parse("x.grn", content)
    assert parsed.ok, parsed.errors
    assert [c.abf_number for c in parsed.credits] == ["0123456", "0002288"]


def test_line_of_the_wrong_length_is_reported_with_its_number():
    parsed = parse("x.grn", b"0123456000042\n012345600004\n01234560000421\n")
    assert [(e.line, e.message) for e in parsed.errors] == [
        (2, "The line has 12 digits; this file's lines have exactly 13."),
        (3, "The line has 14 digits; this file's lines have exactly 13."),
    ]


def test_13_digit_line_in_a_red_and_green_file_is_the_wrong_length():
    parsed = parse("x.rag", b"0123456000042\n")
    assert parsed.errors[0].message == (
        "The line has 13 digits; this file's lines have exactly 19."
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"012345600004A", "Character 13 is 'A', not a digit."),
        (b"0123456 00042", "Character 8 is a space, not a digit."),
        (b"-123456000042", "Character 1 is '-', not a digit."),
        (b"0123456000042 ", "Character 14 is a space, not a digit."),
        (b"0123456\t00042", "Character 8 is a tab, not a digit."),
        (b"0123456.00042", "Character 8 is '.', not a digit."),
        (b"01234560000\xe942", "Character 12 is 'é', not a digit."),
        (b"01234560000\xb242", "Character 12 is '\u00b2', not a digit."),  # a superscript two
        ("01234560000\u066342".encode(), "Character 12 is '\u00d9', not a digit."),  # Arabic 3
    ],
)
def test_a_character_that_is_not_a_digit_is_reported(line, message):
    parsed = parse("x.grn", b"0002288000007\n" + line + b"\n")
    assert [(e.line, e.message) for e in parsed.errors] == [(2, message)]


def test_zero_points_is_an_error():
    parsed = parse("x.grn", b"0123456000000\n")
    assert [(e.line, e.message) for e in parsed.errors] == [(1, "0123456 is given zero points.")]


def test_zero_red_and_zero_green_is_an_error_in_a_red_and_green_file():
    parsed = parse("x.rag", b"0123456000000000000\n")
    assert parsed.errors[0].message == "0123456 is given zero points."


def test_a_player_twice_is_an_error_naming_the_first_line():
    parsed = parse("x.grn", b"0123456000042\n0002288000007\n0123456000010\n")
    assert [(e.line, e.message) for e in parsed.errors] == [
        (3, "0123456 is already credited on line 1.")
    ]


def test_blank_line_in_the_middle_is_an_error():
    parsed = parse("x.grn", b"0123456000042\n\n0002288000007\n")
    assert [(e.line, e.message) for e in parsed.errors] == [(2, "The line is empty.")]


def test_empty_file_is_an_error():
    assert parse("x.grn", b"").errors[0].message == "The file has no credits."
    assert parse("x.grn", b"\r\n\x1a").errors[0].message == "The file has no credits."


def test_every_bad_line_is_listed_not_only_the_first():
    content = b"0123456000042\n12\nABCDEFGHIJKLM\n0123456000001\n0002288000000\n"
    parsed = parse("x.grn", content)
    assert [e.line for e in parsed.errors] == [2, 3, 4, 5]
    assert parsed.line_count == 5


def test_largest_award_is_9999_points_99():
    parsed = parse("x.gld", b"0123456999999\n")
    assert parsed.credits[0].points == 999999


def test_write_produces_a_file_the_parser_reads_back():
    content = credit_files.write([("0123456", 42), ("0002288", 100)])
    assert content == b"0123456000042\r\n0002288000100\r\n"
    parsed = parse("x.grn", content)
    assert [(c.abf_number, c.points) for c in parsed.credits] == [("0123456", 42), ("0002288", 100)]
