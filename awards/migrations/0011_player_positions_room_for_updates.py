"""Room in each page of the national positions for a new version of every row: the month
close writes most players' positions again (1.4.4), and no index holds a position, so with
half of every page free each update stays in its page (a heap-only tuple) and the primary
key is not written again.

PostgreSQL only: SQLite has no fill factor.
"""

from django.db import migrations


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE awards_playerposition SET (fillfactor = 50)")


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE awards_playerposition RESET (fillfactor)")


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0010_awards_of_the_year"),
    ]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
