"""Every approval at the month close writes each index of the ledger again (the state is in
one of them), so the ledger has no index that another already gives: none whose columns
begin another's, nor have the promotions and standings it writes for each player credited.
The players' rank, written for thousands of players at a close, is in no index of theirs,
and on PostgreSQL their pages keep room for it (a heap-only update); so do the pages of the
players' totals, which every credit and every approval adds to, and those of the national
positions. An upload's file and preview, written and read whole, are compressed with lz4
where the server has it."""

import pytest
from django.db import DatabaseError, connection, transaction

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, PlayerPosition, PlayerTotals, PositionCount
from players.models import Player
from ranks.models import Promotion, YearStanding

pytestmark = pytest.mark.django_db


def _indexes(table: str) -> dict[str, tuple[str, ...]]:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    return {
        name: tuple(found["columns"])
        for name, found in constraints.items()
        if found["index"] or found["unique"] or found["primary_key"]
    }


def _repeats(indexes: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    return [
        (name, other)
        for name, columns in indexes.items()
        for other, longer in indexes.items()
        if other != name and len(longer) > len(columns) and longer[: len(columns)] == columns
    ]


def test_no_index_of_the_ledger_repeats_the_first_columns_of_another():
    indexes = _indexes(Credit._meta.db_table)

    assert _repeats(indexes) == []
    # What the portal's reads do use: a player's ledger (by month, with the columns of the
    # statement's lines beside the key on PostgreSQL), a month's credits by state, an
    # event's and an upload's credits.
    assert indexes["credit_player_lines"][:2] == ("player_id", "period_id")
    assert {("period_id", "state"), ("event_id",), ("upload_id",)} <= set(indexes.values())


def test_the_rank_written_at_the_close_is_in_no_index_of_the_players():
    indexes = _indexes(Player._meta.db_table)

    assert not [name for name, columns in indexes.items() if "rank_order" in columns]


@pytest.mark.postgres
def test_the_players_pages_keep_room_for_the_rank_s_update():
    if connection.vendor != "postgresql":
        pytest.skip("a fill factor is PostgreSQL's: set DATABASE_URL=postgres://...")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT reloptions FROM pg_class WHERE relname = %s", [Player._meta.db_table]
        )
        (options,) = cursor.fetchone()

    assert "fillfactor=60" in (options or [])


@pytest.mark.postgres
def test_the_positions_pages_keep_room_for_every_row_s_update():
    if connection.vendor != "postgresql":
        pytest.skip("a fill factor is PostgreSQL's: set DATABASE_URL=postgres://...")
    table = PlayerPosition._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = %s", [table])
        (options,) = cursor.fetchone()

    assert "fillfactor=50" in (options or [])
    assert _indexes(table) == {f"{table}_pkey": ("player_id",)}


def test_the_totals_have_one_index_by_player_the_one_that_keeps_a_row_a_year_and_kind():
    indexes = _indexes(PlayerTotals._meta.db_table)

    assert _repeats(indexes) == []
    assert [columns for columns in indexes.values() if columns[0] == "player_id"] == [
        ("player_id", "year", "brought_forward", "kind")
    ]


@pytest.mark.postgres
def test_the_totals_pages_keep_room_for_the_updates_of_each_credit():
    if connection.vendor != "postgresql":
        pytest.skip("a fill factor is PostgreSQL's: set DATABASE_URL=postgres://...")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT reloptions FROM pg_class WHERE relname = %s", [PlayerTotals._meta.db_table]
        )
        (options,) = cursor.fetchone()

    assert "fillfactor=70" in (options or [])


@pytest.mark.postgres
def test_an_upload_s_file_and_preview_are_compressed_with_lz4_where_the_server_has_it():
    if connection.vendor != "postgresql":
        pytest.skip("a column's compression is PostgreSQL's: set DATABASE_URL=postgres://...")
    with connection.cursor() as cursor:
        try:
            with transaction.atomic():
                cursor.execute("SET LOCAL default_toast_compression = lz4")
        except DatabaseError:
            pytest.skip("this PostgreSQL was built without lz4")
        cursor.execute(
            "SELECT attname, attcompression FROM pg_attribute "
            "WHERE attrelid = %s::regclass AND attname IN ('content', 'preview')",
            [CreditUpload._meta.db_table],
        )
        compression = dict(cursor.fetchall())

    assert compression == {"content": "l", "preview": "l"}


def test_the_rows_the_close_writes_for_each_player_it_credits_repeat_no_index():
    """A close records a promotion and writes the year's standing of each player it credited:
    every index of theirs is written for each, so none repeats the first columns of another."""
    for model in (Promotion, YearStanding):
        assert _repeats(_indexes(model._meta.db_table)) == [], model.__name__


@pytest.mark.postgres
def test_the_counts_of_the_positions_keep_room_for_their_updates():
    if connection.vendor != "postgresql":
        pytest.skip("a fill factor is PostgreSQL's: set DATABASE_URL=postgres://...")
    table = PositionCount._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = %s", [table])
        (options,) = cursor.fetchone()

    assert "fillfactor=50" in (options or [])
    assert _indexes(table) == {f"{table}_pkey": ("level", "bucket")}
