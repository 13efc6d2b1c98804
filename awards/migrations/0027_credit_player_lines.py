"""The index of a player's credits by month holds every column a statement reads of them
(PostgreSQL's INCLUDE): the player page's statement becomes a range of this index alone, an
index-only scan of a few pages in a row, where it read a page of the table for each of the
player's credits (scattered through the ledger in the order they were written: at 400,000
players and 20,000,000 credits, 130-160 pages a statement that a buffer cache of 128 MB does
not hold). It replaces the index of the player and month alone, with the same key, so every
read by player or by player and month keeps its index and the ledger has no more indexes to
write: its entries are wider.

Built CONCURRENTLY before the old one is dropped CONCURRENTLY (the migration is not atomic):
the ledger takes credits and approvals throughout, and a reader by player always has an
index. SQLite, which has no INCLUDE, indexes the player and month as before.
"""

from django.db import migrations, models

OLD = models.Index(fields=["player", "period"], name="awards_cred_player__8798e0_idx")
NEW = models.Index(
    fields=["player", "period"],
    include=(
        "event",
        "colour",
        "points",
        "state",
        "source",
        "reason",
        "conversion",
        "created_at",
        "id",
    ),
    name="credit_player_lines",
)


def _replace(apps, schema_editor, *, built: models.Index, dropped: models.Index) -> None:
    credit = apps.get_model("awards", "Credit")
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.add_index(credit, built, concurrently=True)
        schema_editor.remove_index(credit, dropped, concurrently=True)
    else:
        schema_editor.add_index(credit, built)
        schema_editor.remove_index(credit, dropped)


def forwards(apps, schema_editor) -> None:
    _replace(apps, schema_editor, built=NEW, dropped=OLD)


def backwards(apps, schema_editor) -> None:
    _replace(apps, schema_editor, built=OLD, dropped=NEW)


class Migration(migrations.Migration):
    # CREATE INDEX CONCURRENTLY runs outside a transaction.
    atomic = False

    dependencies = [
        ("awards", "0026_regions"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveIndex(model_name="credit", name=OLD.name),
                migrations.AddIndex(model_name="credit", index=NEW),
            ],
            database_operations=[migrations.RunPython(forwards, backwards, elidable=False)],
        )
    ]
