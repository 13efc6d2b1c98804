"""Room in each page of players for the rank the month close writes (1.4.4): the rank is in
no index, so with a fifth of every page free its update stays in the page (a heap-only
tuple) and none of the player's indexes, two of them trigram indexes, is written again.

PostgreSQL only: SQLite has no fill factor.
"""

from django.db import migrations


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE players_player SET (fillfactor = 80)")


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE players_player RESET (fillfactor)")


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0005_rank_models_move_to_ranks"),
    ]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
