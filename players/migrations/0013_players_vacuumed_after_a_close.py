"""The players' table vacuumed by autovacuum soon after a month close or a ranking, not after
a fifth of the register has changed.

The lookup counts a name's matches from its index alone (migration 0012) only on pages the
visibility map marks all-visible; a close's promotions, a ranking or an import update players'
rows, and each page so touched is read from the table again until the table is vacuumed. At
PostgreSQL's default (a fifth of the rows changed, 80,000 at 400,000 players) that was
several closes away: right after ranking every player, a lookup read 646 buffer pages where
it reads 60 once vacuumed. Vacuuming the table takes about 0.4 s at 400,000 players, so it is
done once a hundredth of its rows (and a thousand more) have changed. SQLite has no vacuum to
set.
"""

from django.db import migrations

SETTINGS = "autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000"


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"ALTER TABLE players_player SET ({SETTINGS})")


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "ALTER TABLE players_player RESET "
            "(autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold)"
        )


class Migration(migrations.Migration):
    dependencies = [("players", "0012_name_prefix_indexes_hold_the_names")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
