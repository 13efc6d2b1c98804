"""The ledger is never emptied wholesale either (PostgreSQL): the row triggers of 0006, 0012 and
0022 do not fire on TRUNCATE, so a statement trigger refuses it on the credits and the grants,
whether named or reached by CASCADE from another table (the players, the events, the months).

The test suite empties every table between its transactional tests with TRUNCATE; its own
connections set `masterpoints.allow_truncate` (centre/settings_test.py), which no deployment
sets. SQLite has no such triggers; there the services are the only guard.
"""

from django.db import migrations

FORWARDS = """
CREATE OR REPLACE FUNCTION awards_ledger_not_truncated() RETURNS trigger AS $$
BEGIN
    IF current_setting('masterpoints.allow_truncate', true) = 'on' THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION '% is part of the ledger and is never truncated', TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation',
              HINT = 'Correct the ledger with adjusting credits.';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER awards_credit_not_truncated
    BEFORE TRUNCATE ON awards_credit
    FOR EACH STATEMENT EXECUTE FUNCTION awards_ledger_not_truncated();
CREATE TRIGGER awards_grant_not_truncated
    BEFORE TRUNCATE ON awards_grant
    FOR EACH STATEMENT EXECUTE FUNCTION awards_ledger_not_truncated();
"""

BACKWARDS = """
DROP TRIGGER IF EXISTS awards_grant_not_truncated ON awards_grant;
DROP TRIGGER IF EXISTS awards_credit_not_truncated ON awards_credit;
DROP FUNCTION IF EXISTS awards_ledger_not_truncated();
"""


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARDS, params=None)


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARDS, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0023_upload_credited_once"),
    ]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
