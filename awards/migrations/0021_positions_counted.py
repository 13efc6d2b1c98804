"""The national positions counted at the read instead of kept per player: the place column
goes, and the counts of the players' totals come (awards.ledger.services.positions). The counts are
filled by the first read, which finds no mark of them (its cache key is new) and counts every
player's totals once.

Each close updates the counts of the ranges its players leave and join: with half of every
page free, each update stays in its page (a heap-only tuple) and the key is not written
again. PostgreSQL only: SQLite has no fill factor.
"""

from django.db import migrations, models


def room_for_updates(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE awards_positioncount SET (fillfactor = 50)")


class Migration(migrations.Migration):

    dependencies = [
        ('awards', '0020_upload_columns_lz4'),
    ]

    operations = [
        migrations.CreateModel(
            name='PositionCount',
            fields=[
                ('pk', models.CompositePrimaryKey('level', 'bucket', blank=True, editable=False, primary_key=True, serialize=False)),
                ('level', models.PositiveSmallIntegerField()),
                ('bucket', models.BigIntegerField()),
                ('players', models.IntegerField()),
            ],
        ),
        migrations.RemoveField(
            model_name='playerposition',
            name='position',
        ),
        migrations.RunPython(room_for_updates, migrations.RunPython.noop, elidable=False),
    ]
