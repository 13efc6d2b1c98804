"""Switch-over day (issue 29): the dry run writes nothing, a second run changes nothing, a
file with a bad line goes in not at all, and the totals come in as balances brought forward,
out of the standings, with the ranks as the files give them."""

import pytest

from awards.ledger.models import Credit, PlayerTotals
from awards.ledger.selectors import totals_disagreements
from clubs.models import Club
from players.models import Player
from ranks.standings import year_standings
from tests.operations.register_in import (
    club_line,
    empty_portal,
    entries,
    player_line,
    run_import,
    small_register,
    staff_login,
    table_counts,
    txt_line,
    write_lines,
    write_register,
)

NUMBERS = ["0748821", "0000019", "0000027", "0000035", "0000043"]


@pytest.fixture
def register_files(db, tmp_path):
    """The small register's national files, and an empty portal to take them."""
    small_register(staff_login("source"))
    files = write_register(tmp_path / "files")
    return tmp_path / "files", files, empty_portal()


def test_the_dry_run_reports_every_line_and_writes_nothing(register_files):
    directory, files, staff = register_files
    before = table_counts()

    result = run_import(directory, staff, dry_run=True)

    assert table_counts() == before
    assert result.dry_run and result.agrees
    lines = {name: content.count(b"\r\n") for name, content in files.items()}
    assert result.report.files["NATIONAL.TXT"].counts["created"] == lines["NATIONAL.TXT"]
    assert result.report.files["HISTORY.TXT"].counts["created"] == lines["HISTORY.TXT"]
    assert result.report.refused == 0
    assert "dry run" in result.documents["report"].read_text()


def test_a_second_run_changes_nothing(register_files, tmp_path):
    directory, files, staff = register_files
    run_import(directory, staff)
    counts = table_counts()

    again = run_import(directory, staff)

    assert table_counts() == counts
    assert again.report.count("created") == 0
    assert again.report.count("changed") == 0
    assert again.report.count("unchanged") == sum(c.count(b"\r\n") for c in files.values()) + (
        files["NATIONAL.TXT"].count(b"\r\n")  # read twice: players, then their totals
    )
    assert again.agrees
    assert write_register(tmp_path / "again") == files


def test_a_file_with_a_bad_line_in_the_middle_goes_in_not_at_all(db, tmp_path):
    staff = staff_login()
    lines = [player_line(number, f"Player{n}") for n, number in enumerate(NUMBERS)]
    lines[2] = player_line(NUMBERS[2], "Lost", club=999)
    directory = write_lines(
        tmp_path / "in",
        {
            "NATIONAL.CLB": [club_line(), club_line(305, "Mildura Bridge Club", "VIC")],
            "NATIONAL.TXT": lines,
            "ALTERNAT.TXT": [txt_line("alternates", abf_number=NUMBERS[0], club=305)],
        },
    )

    stopped = run_import(directory, staff)

    assert stopped.stopped_at == "NATIONAL.TXT"
    assert stopped.report.files["NATIONAL.TXT"].rolled_back
    assert "ALTERNAT.TXT" not in stopped.report.files
    # The lines before the bad one are not half in; the file before it is in.
    assert not Player.objects.exists()
    assert list(Club.objects.values_list("number", flat=True)) == [201, 305]
    assert not stopped.agrees

    lines[2] = player_line(NUMBERS[2], "Found")
    write_lines(directory, {"NATIONAL.TXT": lines})
    resumed = run_import(directory, staff)

    assert not resumed.stopped_at
    assert entries(resumed, "NATIONAL.CLB", "unchanged") == [(1, "")]
    assert entries(resumed, "ALTERNAT.TXT", "created") == [(1, "")]
    assert Player.objects.count() == 5
    assert resumed.agrees


def test_a_history_with_a_bad_line_in_the_middle_credits_nothing(register_files):
    directory, files, staff = register_files
    history = files["HISTORY.TXT"].split(b"\r\n")[:-1]
    middle = len(history) // 2
    history[middle] = history[middle][:7] + b"99999999" + history[middle][15:]
    (directory / "HISTORY.TXT").write_bytes(b"".join(line + b"\r\n" for line in history))

    result = run_import(directory, staff)

    assert result.stopped_at == "HISTORY.TXT"
    assert entries(result, "HISTORY.TXT", "refused") == [
        (middle + 1, "unknown event code 99999999: in neither EVENTS.TXT nor the portal")
    ]
    assert not Credit.objects.exists()
    assert Player.objects.filter(status="deceased").count() == 0
    assert Player.objects.count() == files["NATIONAL.TXT"].count(b"\r\n")


def test_totals_come_in_as_balances_brought_forward_out_of_the_standings(db, tmp_path):
    staff = staff_login()
    directory = write_lines(
        tmp_path / "in",
        {
            "NATIONAL.CLB": [club_line()],
            "NATIONAL.TXT": [
                player_line(NUMBERS[0], "Keen", green=310_00, red=45_50, gold=2_25),
                player_line(NUMBERS[1], "Quiet"),
            ],
        },
    )

    result = run_import(directory, staff)

    keen = Player.objects.get(abf_number=NUMBERS[0])
    assert result.agrees
    assert {(c.colour, c.points, c.state) for c in Credit.objects.filter(player=keen)} == {
        ("green", 310_00, "approved"),
        ("red", 45_50, "approved"),
        ("gold", 2_25, "approved"),
    }
    assert set(PlayerTotals.objects.values_list("brought_forward", flat=True)) == {True}
    assert totals_disagreements() == []
    balance = Credit.objects.filter(player=keen).first()
    assert not balance.event.of_the_year
    assert balance.period.status == "closed"
    assert year_standings(year=balance.period.year) == []


def test_a_rank_the_totals_pass_is_listed_not_promoted(db, tmp_path):
    staff = staff_login()
    directory = write_lines(
        tmp_path / "in",
        {
            "NATIONAL.CLB": [club_line()],
            "NATIONAL.TXT": [
                player_line(NUMBERS[0], "Behind", rank=1, rank_name="Graduate Master", green=60_00),
                player_line(NUMBERS[1], "Level", rank=2, rank_name="Club Master", green=5_00),
            ],
        },
    )

    result = run_import(directory, staff)

    listed = entries(result, "NATIONAL.TXT totals", "listed")
    assert [line for line, _ in listed] == [1]
    assert listed[0][1].startswith(f"{NUMBERS[0]} holds Graduate Master and the totals reach ")
    assert dict(Player.objects.values_list("abf_number", "rank_order")) == {
        NUMBERS[0]: 1,
        NUMBERS[1]: 2,
    }


def test_a_number_only_the_history_names_is_a_deceased_player(register_files):
    directory, _, staff = register_files

    result = run_import(directory, staff)

    gone = Player.objects.get(status=Player.Status.DECEASED)
    assert gone.home_club is None
    assert gone.credits.count() > 0
    assert any(
        "deceased players created" in note for note in result.report.files["HISTORY.TXT"].notes
    )


def test_a_player_the_files_give_otherwise_is_changed_and_an_accent_folded_name_is_not(
    db, tmp_path
):
    from clubs.models import State
    from players.models import PlayerChange

    staff = staff_login()
    club = Club.objects.create(
        number=201,
        name="North Shore Bridge Club",
        state=State.objects.create(code="NSW", name="New South Wales"),
    )
    Player.objects.create(
        abf_number=NUMBERS[0],
        given_names="Zoë",
        family_name="Ångström",
        home_club=club,
        rank_order=3,
    )
    Player.objects.create(
        abf_number=NUMBERS[1], given_names="Jo", family_name="Smith", home_club=club
    )
    directory = write_lines(
        tmp_path / "in",
        {
            "NATIONAL.CLB": [club_line()],
            "NATIONAL.TXT": [
                player_line(
                    NUMBERS[0], "Angstrom", given_names="Zoe", rank=1, rank_name="Graduate Master"
                ),
                player_line(NUMBERS[1], "Smyth", given_names="Jo", status="I"),
            ],
        },
    )

    result = run_import(directory, staff)

    assert entries(result, "NATIONAL.TXT", "unchanged") == [(1, "")]
    assert entries(result, "NATIONAL.TXT", "changed") == [
        (2, f"{NUMBERS[1]}: family name Smith -> Smyth; status active -> inactive")
    ]
    zoe = Player.objects.get(abf_number=NUMBERS[0])
    assert (zoe.given_names, zoe.family_name, zoe.rank_order) == ("Zoë", "Ångström", 3)
    change = PlayerChange.objects.get(player__abf_number=NUMBERS[1])
    assert change.by == staff
    assert change.changes == {"family_name": ["Smith", "Smyth"], "status": ["active", "inactive"]}
