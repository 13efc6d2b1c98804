"""The ledger is append-only in the database itself (PostgreSQL): a credit is never deleted,
and the one change ever made to it is its approval at the month close (App. E), provisional
to approved with every other column as it was. Corrections are adjusting credits.

SQLite has no such triggers; there the services are the only guard.
"""

from django.db import migrations

FORWARDS = """
CREATE OR REPLACE FUNCTION awards_credit_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'credit % is part of the ledger and is never deleted', OLD.id
            USING ERRCODE = 'restrict_violation',
                  HINT = 'Correct it with an adjusting credit.';
    END IF;
    IF OLD.state = 'provisional' AND NEW.state = 'approved'
       AND (to_jsonb(NEW) - 'state') = (to_jsonb(OLD) - 'state') THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'credit % is part of the ledger and is never changed, only approved', OLD.id
        USING ERRCODE = 'restrict_violation',
              HINT = 'Correct it with an adjusting credit.';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER awards_credit_append_only
    BEFORE UPDATE OR DELETE ON awards_credit
    FOR EACH ROW EXECUTE FUNCTION awards_credit_append_only();
"""

BACKWARDS = """
DROP TRIGGER IF EXISTS awards_credit_append_only ON awards_credit;
DROP FUNCTION IF EXISTS awards_credit_append_only();
"""


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARDS, params=None)


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARDS, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0005_player_positions"),
    ]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
