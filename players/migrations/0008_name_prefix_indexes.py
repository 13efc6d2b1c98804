"""Indexes for the lookup's one-word prefix plan on PostgreSQL (awards.lookup.selectors.players_lookup).

A name is looked up by the start of the family name or of the given names, ignoring case, and
listed in the order of the upper-cased names. `UPPER(name) COLLATE "C"` is an expression
PostgreSQL can both walk in that order (for a page: an index range scan that stops at the
page's last row) and seek for a prefix (`LIKE 'SMI%'` becomes `>= 'SMI' AND < 'SMJ'` under
the "C" collation, whatever the database's own), so a page costs the same for a name early or
late in the alphabet and for a register of any size. SQLite has no "C" collation by that name
and keeps its b-tree indexes on the names.
"""

from django.db import migrations

INDEXES = {
    # The order of the lookup's pages, and the family names' prefixes.
    "players_name_order_upper": (
        '(UPPER(family_name::text) COLLATE "C"), (UPPER(given_names::text) COLLATE "C"), abf_number'
    ),
    # The given names' prefixes (a page of those is sorted by family name after).
    "players_given_prefix_upper": '(UPPER(given_names::text) COLLATE "C")',
}


def create_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, columns in INDEXES.items():
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON players_player ({columns})")


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("players", "0007_player_grades")]

    operations = [migrations.RunPython(create_indexes, drop_indexes)]
