"""Switch-over day (issue 29): a register's national files out, into an empty portal, and out
again: the same bytes, the totals kept as the ledger says, the standings untouched."""

import pytest

from awards.ledger.selectors import totals_disagreements
from players.models import Player
from tests.operations.register_in import (
    empty_portal,
    run_import,
    small_register,
    staff_login,
    write_register,
)


@pytest.mark.django_db
def test_the_national_files_out_into_an_empty_portal_and_out_again_are_the_same_bytes(tmp_path):
    small_register(staff_login("source"))
    before = write_register(tmp_path / "out-1")
    assert set(before) == {
        "NATIONAL.TXT",
        "NATIONAL.CLB",
        "ALTERNAT.TXT",
        "CLUBS.TXT",
        "EVENTS.TXT",
        "HISTORY.TXT",
        "PRE82.TXT",
    }

    staff = empty_portal()
    result = run_import(tmp_path / "out-1", staff)
    after = write_register(tmp_path / "out-2")

    print(result.report_text)
    print(result.reconciliation_text)
    assert not result.report.refused
    assert result.agrees
    for name, content in before.items():
        assert after[name] == content, name
    assert totals_disagreements() == []


@pytest.mark.django_db
def test_the_national_files_csv_alternatives_read_in_as_the_fixed_width_files(tmp_path):
    from operations.national_files import FILES, csv_lines

    small_register(staff_login("source"))
    before = write_register(tmp_path / "txt")
    csv_dir = tmp_path / "csv"
    csv_dir.mkdir()
    for national in FILES:
        (csv_dir / national.csv_name).write_bytes(b"".join(csv_lines(national)))

    result = run_import(csv_dir, empty_portal())

    assert not result.report.refused
    assert result.agrees
    assert "national.csv" in result.report.files
    assert write_register(tmp_path / "again") == before
    # Read from the CSV, the names keep their accents.
    assert Player.objects.filter(given_names="Zoë").exists()
