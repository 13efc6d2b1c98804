"""An index of the events by their key holding the columns a statement's line shows of its
event (its last day, name, grade and whether it is of the year; PostgreSQL's INCLUDE): a
statement reads each credit's event from this index alone, a quarter of the table's size,
rather than the key's index and then the table (at 400,000 players, about 50 of the 100
pages a statement read that the buffer cache did not hold, once migration 0027 had taken
the credits' own reads to a few). The events are written once each, so the index costs
their writes little. Built and dropped CONCURRENTLY (the migration is not atomic).
"""

from django.db import migrations, models

INDEX = models.Index(
    fields=["id"],
    include=["ends_on", "name", "grade", "of_the_year"],
    name="event_statement_columns",
)


def forwards(apps, schema_editor) -> None:
    event = apps.get_model("awards", "Event")
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.add_index(event, INDEX, concurrently=True)
    else:
        schema_editor.add_index(event, INDEX)


def backwards(apps, schema_editor) -> None:
    event = apps.get_model("awards", "Event")
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.remove_index(event, INDEX, concurrently=True)
    else:
        schema_editor.remove_index(event, INDEX)


class Migration(migrations.Migration):
    # CREATE INDEX CONCURRENTLY runs outside a transaction.
    atomic = False

    dependencies = [
        ("awards", "0027_credit_player_lines"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.AddIndex(model_name="event", index=INDEX)],
            database_operations=[migrations.RunPython(forwards, backwards, elidable=False)],
        )
    ]
