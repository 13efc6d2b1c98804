"""Switch-over day (issue 29): once the register's totals are in, the One Thousand Club has
every player whose lifetime total reaches 1,000 masterpoints (ABF 1.9: "When players earn a
total of 1,000 masterpoints they become members of the One Thousand Club"), the red points
won before 1982 counted as the month close counts them; never twice, never in a dry run, and
not under a scheme without the club."""

import pytest

from players.models import Player
from ranks.models import OneThousandClubMember
from tests.operations.register_in import (
    NUMBERS,
    club_line,
    player_line,
    run_import,
    staff_login,
    txt_line,
    write_lines,
)


def _files(tmp_path):
    return write_lines(
        tmp_path / "in",
        {
            "NATIONAL.CLB": [club_line()],
            "NATIONAL.TXT": [
                player_line(NUMBERS[0], "Thousand", green=600_00, red=300_00, gold=100_00),
                player_line(NUMBERS[1], "Before", green=990_00),
                player_line(NUMBERS[2], "Short", green=999_99),
            ],
            "PRE82.TXT": [txt_line("pre82", abf_number=NUMBERS[1], pre_1982_red=10_00)],
        },
    )


@pytest.mark.django_db
def test_the_players_whose_imported_totals_reach_1000_join_the_one_thousand_club(tmp_path):
    directory, staff = _files(tmp_path), staff_login()

    tried = run_import(directory, staff, dry_run=True)
    assert any("2 players joined the One Thousand Club" in note for note in tried.report.notes)
    assert not OneThousandClubMember.objects.exists()

    result = run_import(directory, staff)

    assert not result.report.refused
    members = {
        m.player.abf_number: (m.total, m.club.number)
        for m in OneThousandClubMember.objects.select_related("player", "club")
    }
    assert members == {NUMBERS[0]: (1000_00, 201), NUMBERS[1]: (1000_00, 201)}
    assert "2 players joined the One Thousand Club" in result.report_text
    assert "(1.9)" in result.report_text

    again = run_import(directory, staff)
    assert OneThousandClubMember.objects.count() == 2
    assert not any("One Thousand Club" in note for note in again.report.notes)


@pytest.mark.django_db
def test_no_one_thousand_club_under_a_scheme_without_it(tmp_path, settings):
    settings.MASTERPOINT_SCHEME = "nz"
    directory = write_lines(
        tmp_path / "in",
        {
            "clubs.csv": [b"club,name,region,kind,affiliated\r\n", b"11,Auckland,AKL,,Y\r\n"],
            "players.csv": [
                b"number,family_name,given_names,home_club,status,rank,rank_name\r\n",
                f"{NUMBERS[0]},Ngata,Aroha,11,A,0,\r\n".encode(),
            ],
            "totals.csv": [b"number,A,B,C,total\r\n", f"{NUMBERS[0]},1500,0,0,1500\r\n".encode()],
        },
    )

    result = run_import(directory, staff_login())

    assert not result.report.refused
    assert Player.objects.filter(abf_number=NUMBERS[0]).exists()
    assert not OneThousandClubMember.objects.exists()
    assert "One Thousand Club" not in result.report_text
