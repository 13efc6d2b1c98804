"""More room in each page of players for the rank the month close writes (1.4.4): a close may
promote most of the players it credited (the first close of a register, or a month of a
national championship), and with two fifths of every page free a page has room for a new
version of two rows in three, so each update stays in its page (a heap-only tuple) and none
of the player's indexes, two of them trigram indexes, is written again. A fifth (migration
0006) left room for one row in four.

The room is kept in the pages written from now on; `VACUUM FULL players_player` gives it to
the pages already written. PostgreSQL only: SQLite has no fill factor.
"""

from django.db import migrations


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE players_player SET (fillfactor = 60)")


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE players_player SET (fillfactor = 80)")


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0008_name_prefix_indexes"),
    ]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
