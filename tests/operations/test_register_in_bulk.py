"""Switch-over day (issue 29): on PostgreSQL a national history goes into the ledger with its
foreign keys and indexes made again after the write (operations.register_in.bulk). The files
go out and back the same bytes, the ledger keeps every key, index and append-only trigger it
had, running the import again changes nothing, and a dry run leaves the ledger as it was."""

import pytest
from django.db import IntegrityError, connection, transaction

from awards.ledger.models import Credit
from awards.ledger.selectors import totals_disagreements
from operations.register_in import bulk
from players.models import PlayerChange
from tests.operations.register_in import (
    empty_portal,
    run_import,
    small_register,
    staff_login,
    table_counts,
    write_register,
)

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the keys and indexes are set aside on PostgreSQL"
)


def _ledger_schema() -> dict[str, list]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE conrelid = 'awards_credit'::regclass ORDER BY conname"
        )
        constraints = cursor.fetchall()
        cursor.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'awards_credit' "
            "ORDER BY indexname"
        )
        indexes = cursor.fetchall()
        cursor.execute(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = 'awards_credit'::regclass "
            "AND NOT tgisinternal ORDER BY tgname"
        )
        triggers = cursor.fetchall()
    return {"constraints": constraints, "indexes": indexes, "triggers": triggers}


@pytest.fixture
def always_bulk(monkeypatch):
    monkeypatch.setattr(bulk, "BULK_ROWS", 1)


@pytest.mark.django_db
def test_the_history_in_bulk_goes_out_and_back_the_same_and_the_ledger_keeps_its_guards(
    tmp_path, always_bulk
):
    small_register(staff_login("source"))
    before = write_register(tmp_path / "out-1")
    staff = empty_portal()
    schema = _ledger_schema()
    assert any(name == "awards_credit_append_only" for (name,) in schema["triggers"])

    dry = run_import(tmp_path / "out-1", staff, dry_run=True)
    assert not dry.report.refused
    assert not Credit.objects.exists()
    assert _ledger_schema() == schema

    result = run_import(tmp_path / "out-1", staff)

    assert not result.report.refused
    assert result.agrees
    assert _ledger_schema() == schema
    assert write_register(tmp_path / "out-2") == before
    assert totals_disagreements() == []
    # The players and their history's lines, streamed by COPY, read back as the ORM wrote them.
    change = PlayerChange.objects.filter(action="register_import").select_related("player")[0]
    assert change.changes["abf_number"] == [None, change.player.abf_number]
    assert change.at is not None and change.player.registered_at is not None
    counts = table_counts()
    again = run_import(tmp_path / "out-1", staff)
    assert again.report.count("created") == 0
    assert table_counts() == counts
    # App. E: a credit is never changed but approved; the trigger still says so.
    credit = Credit.objects.order_by("pk").first()
    with pytest.raises(Exception, match="never changed"), transaction.atomic():
        Credit.objects.filter(pk=credit.pk).update(points=credit.points + 1)


@pytest.mark.django_db
def test_a_key_made_again_refuses_a_row_that_names_nothing_and_the_ledger_is_as_it_was(
    tmp_path, always_bulk
):
    """A unique index or a foreign key made again after the write checks every row, as each
    would have at its insert: the write fails whole, and the keys are all there again."""
    schema = _ledger_schema()
    staff = staff_login()
    with (
        pytest.raises(IntegrityError),
        transaction.atomic(),
        bulk.keys_and_indexes_set_aside("awards_credit", when=True),
    ):
        assert _ledger_schema() != schema
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO awards_credit (player_id, event_id, colour, points, source, "
                "period_id, state, uploaded_by_id, reason, conversion, created_at) VALUES "
                "(999999, 999999, 'green', 100, 'file', 999999, 'approved', %s, '', '', now())",
                [staff.pk],
            )
    assert _ledger_schema() == schema
    assert not Credit.objects.exists()
