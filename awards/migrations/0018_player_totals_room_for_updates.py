"""Room in each page of the players' totals for new versions of its rows: every credit adds
to a row of the year (an upload of 20,000 lines to 20,000 rows) and the month close moves
them from provisional to approved. No index holds the points, so with room in the page each
update stays in it (a heap-only tuple) and no index is written again; on a full page every
update writes a new entry in each of the table's indexes.

And no index of the player alone: the unique constraint's index begins with the player and
serves every read by player, so the second index was only written, never needed.

The fill factor applies to the pages written from now on (`VACUUM FULL awards_playertotals`
rewrites the others); it is PostgreSQL's, and SQLite has none.
"""

import django.db.models.deletion
from django.db import migrations, models


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE awards_playertotals SET (fillfactor = 70)")


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE awards_playertotals RESET (fillfactor)")


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0017_coordinator_approval"),
        ("players", "0008_name_prefix_indexes"),
    ]

    operations = [
        migrations.AlterField(
            model_name="playertotals",
            name="player",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="totals",
                to="players.player",
            ),
        ),
        migrations.RunPython(forwards, backwards, elidable=False),
    ]
