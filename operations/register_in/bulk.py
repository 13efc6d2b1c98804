"""A table written in bulk on PostgreSQL: its foreign keys and secondary indexes set aside for
the write and made again after it, in the same transaction.

Writing millions of rows into the ledger one index entry and one deferred foreign-key check
at a time is most of what a national register's history costs (the checks alone run at the
commit, one query a row and a key). Made again after the write, each index is built once
from the sorted rows, and each foreign key is checked by one query over the table. It is
all in the caller's transaction: if anything fails the table is as it was, keys and indexes
with it; a unique index made again refuses duplicates as it would have on insert, and a key
made again refuses a row that names nothing.

The ledger's own guards stay: its append-only triggers (never changed, deleted or
truncated, awards migrations 0006 and 0024) are not foreign keys and are not touched, nor is
its primary key. While the write runs the table is locked for everyone else (switch-over
day, into an empty portal); it is done only when the rows written are many and at least as
many as the table holds, where building the indexes again costs less than keeping them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

# Below this many rows the indexes are kept as they are: each row's upkeep costs little.
BULK_ROWS = 50_000


def worth_setting_aside(table: str, rows: int) -> bool:
    """Whether writing `rows` rows into `table` goes faster with its indexes made again."""
    if connection.vendor != "postgresql" or rows < BULK_ROWS:
        return False
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT GREATEST(reltuples, 0) FROM pg_class WHERE oid = %s::regclass", [table]
        )
        (held,) = cursor.fetchone()
    return rows >= held


@contextmanager
def keys_and_indexes_set_aside(table: str, *, when: bool) -> Iterator[None]:
    """The table's foreign keys and the indexes no constraint holds, dropped for the block and
    made again after it, as they were (their names and definitions from the catalogue)."""
    if not when or connection.vendor != "postgresql":
        yield
        return
    name_of = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE conrelid = %s::regclass AND contype = 'f' ORDER BY conname",
            [table],
        )
        keys = cursor.fetchall()
        cursor.execute(
            "SELECT i.relname, pg_get_indexdef(x.indexrelid) FROM pg_index x "
            "JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = %s::regclass "
            "AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid) "
            "ORDER BY i.relname",
            [table],
        )
        indexes = cursor.fetchall()
        quoted = name_of(table)
        # Room to sort each index's rows in memory, for this transaction only.
        cursor.execute("SET LOCAL maintenance_work_mem = '256MB'")
        # The key checks the transaction has deferred so far run now: a table with checks
        # pending cannot have a key dropped (the players written before the history); the
        # keys are deferred again, as they are made (Django's keys are all deferred).
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        for name, _ in keys:
            cursor.execute(f"ALTER TABLE {quoted} DROP CONSTRAINT {name_of(name)}")
        for name, _ in indexes:
            cursor.execute(f"DROP INDEX {name_of(name)}")
    yield
    with connection.cursor() as cursor:
        for _, definition in indexes:
            cursor.execute(definition)
        for name, definition in keys:
            cursor.execute(f"ALTER TABLE {quoted} ADD CONSTRAINT {name_of(name)} {definition}")
        cursor.execute(f"ANALYZE {quoted}")


def objects_copy(model, objects: list, *, batch_size: int = 5000) -> None:
    """New rows written as `bulk_create` writes them, on PostgreSQL with one COPY: each field's
    value prepared by the field itself (its default, `auto_now_add`, JSON), the primary key
    left to the database and not read back. Django builds an INSERT of thousands of rows in
    Python more slowly than the database takes them; COPY streams them. Elsewhere, or for a
    row with a value only the database gives (`db_default` without a default), `bulk_create`.
    """
    if not objects:
        return
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    rows = [
        [field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields]
        for instance in objects
    ]
    if connection.vendor != "postgresql" or any(
        hasattr(value, "resolve_expression") for value in rows[0]
    ):
        model.objects.bulk_create(objects, batch_size=batch_size)
        return
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    table = connection.ops.quote_name(model._meta.db_table)
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row(row)
