"""The lookup's name indexes (migration 0008) hold the names themselves (PostgreSQL's INCLUDE),
so that counting a name's matches reads the index alone.

Each index is of upper-cased names, an expression: PostgreSQL reads a row's columns from an
index only when the index holds the columns the expression is made of, so counting up to
1,001 matches of a common name ("Smi") visited a page of the table for each of them. With
the names (and, in the given names' index, the number the count reads) held in the index,
a lookup at 400,000 players reads 59 buffer pages where it read 627 (the bench's 200 name
fragments, EXPLAIN (ANALYZE, BUFFERS): 0.44 ms in the database where it took 0.61 ms). The
names are never changed by a month close, so a promotion's update of the player stays in its
page (HOT) as before.

Built CONCURRENTLY beside the old indexes, which are then dropped CONCURRENTLY and the new
ones given their names (the migration is not atomic): the lookup always has its index.
SQLite keeps its b-tree indexes on the names (migration 0008).
"""

from django.db import migrations

OLD = {
    "players_name_order_upper": (
        '(UPPER(family_name::text) COLLATE "C"), (UPPER(given_names::text) COLLATE "C"), abf_number'
    ),
    "players_given_prefix_upper": '(UPPER(given_names::text) COLLATE "C")',
}
NEW = {
    "players_name_order_upper": f"{OLD['players_name_order_upper']}) "
    "INCLUDE (family_name, given_names",
    "players_given_prefix_upper": f"{OLD['players_given_prefix_upper']}) "
    "INCLUDE (family_name, given_names, abf_number",
}


def _build(schema_editor, indexes: dict[str, str]) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, columns in indexes.items():
        schema_editor.execute(f"DROP INDEX CONCURRENTLY IF EXISTS {name}_built")
        schema_editor.execute(
            f"CREATE INDEX CONCURRENTLY {name}_built ON players_player ({columns})"
        )
        schema_editor.execute(f"DROP INDEX CONCURRENTLY IF EXISTS {name}")
        schema_editor.execute(f"ALTER INDEX {name}_built RENAME TO {name}")


def forwards(apps, schema_editor) -> None:
    _build(schema_editor, NEW)


def backwards(apps, schema_editor) -> None:
    _build(schema_editor, OLD)


class Migration(migrations.Migration):
    # CREATE INDEX CONCURRENTLY runs outside a transaction.
    atomic = False

    dependencies = [("players", "0011_grade_decisions_and_ineligibility")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
