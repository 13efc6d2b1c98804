"""A retired record's refusal (migration 0025) checked after a player's row is updated, not
before it.

PostgreSQL locks each row a statement updates before it runs a BEFORE UPDATE trigger of the
row, whatever the trigger's WHEN: every update of a player (a close's promotions, a ranking
of 400,000 players) wrote a lock record of the row and then its new version, two WAL records
where one will do. An AFTER UPDATE trigger with the same WHEN is queued only for the rows it
concerns, and its refusal undoes the statement all the same. The function is unchanged.
"""

from django.db import migrations

WHEN = """
    FOR EACH ROW
    WHEN (OLD.status = 'inactive' AND OLD.home_club_id IS NULL
          AND (NEW.status <> 'inactive' OR NEW.home_club_id IS NOT NULL
               OR NEW.abf_number <> OLD.abf_number))
    EXECUTE FUNCTION awards_retired_record_stays_retired();
"""


def _trigger(when: str) -> str:
    return (
        "DROP TRIGGER IF EXISTS awards_retired_record_stays_retired ON players_player;\n"
        f"CREATE TRIGGER awards_retired_record_stays_retired {when} UPDATE ON players_player"
        f"{WHEN}"
    )


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(_trigger("AFTER"), params=None)


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(_trigger("BEFORE"), params=None)


class Migration(migrations.Migration):
    dependencies = [("awards", "0028_event_statement_columns")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
