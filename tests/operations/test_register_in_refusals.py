"""Switch-over day (issue 29): each line the import refuses, with its reason, in the dry run's
line-by-line report."""

import pytest

from awards.ledger.models import Event
from centre.models import Period
from tests.operations.register_in import (
    club_line,
    entries,
    player_line,
    run_import,
    staff_login,
    txt_line,
    write_lines,
)

GOOD = "0748821"  # a real ABF number, check digit and all
OTHER = "0000019"
THIRD = "0000027"


@pytest.fixture
def staff(db):
    return staff_login()


def dry_run(tmp_path, staff, files):
    return run_import(write_lines(tmp_path / "in", files), staff, dry_run=True)


def test_a_number_with_a_bad_check_digit_is_refused(tmp_path, staff):
    result = dry_run(
        tmp_path,
        staff,
        {
            "NATIONAL.CLB": [club_line()],
            "NATIONAL.TXT": [player_line(GOOD, "Good"), player_line("0748822", "Typo")],
        },
    )

    assert entries(result, "NATIONAL.TXT", "refused") == [
        (2, "0748822 is not an ABF number: its check digit is wrong")
    ]
    assert entries(result, "NATIONAL.TXT", "created") == [(1, "")]


def test_a_home_club_in_no_clubs_file_is_refused(tmp_path, staff):
    result = dry_run(
        tmp_path,
        staff,
        {"NATIONAL.CLB": [club_line()], "NATIONAL.TXT": [player_line(GOOD, "Lost", club=999)]},
    )

    assert entries(result, "NATIONAL.TXT", "refused") == [
        (1, f"unknown club 999: {GOOD}'s home club is in no clubs' file")
    ]


def test_a_number_given_twice_is_refused_the_second_time(tmp_path, staff):
    result = dry_run(
        tmp_path,
        staff,
        {
            "NATIONAL.CLB": [club_line(), club_line()],
            "NATIONAL.TXT": [
                player_line(GOOD, "First"),
                player_line(OTHER, "Other"),
                player_line(GOOD, "Again"),
            ],
        },
    )

    assert entries(result, "NATIONAL.CLB", "refused") == [
        (2, "duplicate number: club 201 is also on line 1")
    ]
    assert entries(result, "NATIONAL.TXT", "refused") == [
        (3, f"duplicate number: {GOOD} is also on line 1")
    ]


def test_totals_whose_colours_do_not_make_the_total_are_refused(tmp_path, staff):
    result = dry_run(
        tmp_path,
        staff,
        {
            "NATIONAL.CLB": [club_line()],
            "NATIONAL.TXT": [player_line(GOOD, "Sums", green=10_00, red=2_50, total=13_00)],
        },
    )

    assert entries(result, "NATIONAL.TXT", "refused") == [
        (
            1,
            "totals do not add up: 10.00 green + 2.50 red + 0.00 gold is 12.50, "
            "not the 13.00 given",
        )
    ]


def test_totals_below_the_history_do_not_add_up(tmp_path, staff):
    year, month = _last_month()
    event = txt_line(
        "events",
        event=7,
        name="Monday Pairs",
        organiser="club",
        club=201,
        state="NSW",
        starts_on=f"{year}{month:02d}01",
        ends_on=f"{year}{month:02d}01",
        grade="E",
        kind="pairs",
        sessions=1,
        of_the_year="Y",
    )
    award = txt_line(
        "history",
        abf_number=GOOD,
        event=7,
        colour="G",
        points=10_00,
        month=f"{year}{month:02d}",
        approved="A",
    )
    result = dry_run(
        tmp_path,
        staff,
        {
            "NATIONAL.CLB": [club_line()],
            "NATIONAL.TXT": [player_line(GOOD, "Short", green=4_00)],
            "EVENTS.TXT": [event],
            "HISTORY.TXT": [award],
        },
    )

    assert entries(result, "NATIONAL.TXT totals", "refused") == [
        (
            1,
            f"totals do not add up: the portal holds 10.00 green approved for {GOOD} (its "
            "history), more than the 4.00 given",
        )
    ]


def _last_month() -> tuple[int, int]:
    from django.utils import timezone

    today = timezone.localdate()
    return (today.year - 1, 12) if today.month == 1 else (today.year, today.month - 1)


def test_the_other_files_refuse_what_they_cannot_take(tmp_path, staff):
    year, month = _last_month()
    Period.objects.create(
        year=year, month=month, status=Period.Status.CLOSED, closed_at="2020-01-01T00:00Z"
    )
    result = dry_run(
        tmp_path,
        staff,
        {
            "NATIONAL.CLB": [club_line(), club_line(202, "Nowhere Club", state="")],
            "CLUBS.TXT": [
                txt_line("affiliated-clubs", club=203, name="Ghost", state="NSW", remote="N"),
            ],
            "NATIONAL.TXT": [
                player_line(GOOD, "Known"),
                player_line(THIRD, "Ranked", rank=2, rank_name="Local Master"),
            ],
            "ALTERNAT.TXT": [
                txt_line("alternates", abf_number=OTHER, club=201),
                txt_line("alternates", abf_number=GOOD, club=201),
            ],
            "PRE82.TXT": [txt_line("pre82", abf_number=OTHER, pre_1982_red=5_00)],
            "HISTORY.TXT": [
                txt_line(
                    "history",
                    abf_number=GOOD,
                    event=99,
                    colour="G",
                    points=1_00,
                    month=f"{year}{month:02d}",
                    approved="A",
                ),
                txt_line(
                    "history",
                    abf_number=GOOD,
                    event=99,
                    colour="Q",
                    points=1_00,
                    month=f"{year}{month:02d}",
                    approved="P",
                ),
            ],
        },
    )

    def reasons(label):
        return [reason for _, reason in entries(result, label, "refused")]

    assert reasons("NATIONAL.CLB") == ["club 202 is an ordinary club and needs its state"]
    assert reasons("CLUBS.TXT") == ["unknown club 203: in neither NATIONAL.CLB nor the portal"]
    assert reasons("NATIONAL.TXT") == ["rank 02 is Club Master in the ladder, not 'Local Master'"]
    assert reasons("ALTERNAT.TXT") == [
        f"unknown player {OTHER}: in neither NATIONAL.TXT nor the portal",
        f"{GOOD} is a home member of club 201, not its alternate",
    ]
    assert reasons("PRE82.TXT") == [
        f"unknown player {OTHER}: in neither NATIONAL.TXT nor the portal"
    ]
    assert reasons("HISTORY.TXT") == [
        "colour is G, R or Y, not 'Q'",
        "unknown event code 99: in neither EVENTS.TXT nor the portal",
    ]
    assert not Event.objects.exists()


def test_a_line_of_the_wrong_width_is_refused_with_its_length(tmp_path, staff):
    result = dry_run(
        tmp_path, staff, {"NATIONAL.CLB": [club_line(), b"00202" + b"X" * 80 + b"\r\n"]}
    )

    assert entries(result, "NATIONAL.CLB", "refused") == [
        (2, "the line has 85 characters; a NATIONAL.CLB line has 66")
    ]
