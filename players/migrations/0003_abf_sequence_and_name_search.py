"""The ABF number sequence row, and trigram indexes for name search on PostgreSQL.

The search looks for any part of a name (`icontains`, which PostgreSQL runs as
`UPPER(col::text) LIKE UPPER('%x%')`); a trigram GIN index on those expressions keeps that fast
at national scale. SQLite has no such index: there the search falls back to the b-tree indexes
on the names (prefix searches) and a scan, which is fine at a laptop's scale.
"""

from django.db import migrations, transaction

FIRST_SERIAL = 100000

TRIGRAM_INDEXES = {
    "players_family_name_trgm": "family_name",
    "players_given_names_trgm": "given_names",
}


def create_sequence(apps, schema_editor):
    AbfNumberSequence = apps.get_model("players", "AbfNumberSequence")
    AbfNumberSequence.objects.get_or_create(pk=1, defaults={"next_serial": FIRST_SERIAL})


def create_trigram_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    try:
        # A savepoint: where the login may not create the extension, the search still works,
        # only without the index.
        with transaction.atomic(using=schema_editor.connection.alias):
            schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except Exception:  # noqa: BLE001
        return
    for name, column in TRIGRAM_INDEXES.items():
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON players_player "
            f"USING gin ((UPPER({column}::text)) gin_trgm_ops)"
        )


def drop_trigram_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in TRIGRAM_INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("players", "0002_cancellation_request_and_name_index")]

    operations = [
        migrations.RunPython(create_sequence, migrations.RunPython.noop),
        migrations.RunPython(create_trigram_indexes, drop_trigram_indexes),
    ]
