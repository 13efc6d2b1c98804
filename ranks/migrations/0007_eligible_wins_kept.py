"""A win recorded for Grand Life Master (0006) is part of the player's record, as the credit
that paid it: on PostgreSQL it is never changed, deleted or emptied wholesale (the ledger's
own function, awards 0024). On SQLite the services are the only guard."""

from django.db import migrations

FORWARDS = """
CREATE OR REPLACE FUNCTION ranks_eligible_win_kept() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% % is a win as recorded and is never changed or deleted',
        TG_TABLE_NAME, OLD.id
        USING ERRCODE = 'restrict_violation',
              HINT = 'A win taken back by a correction no longer counts: its points do not.';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER ranks_eligiblewin_kept
    BEFORE UPDATE OR DELETE ON ranks_eligiblewin
    FOR EACH ROW EXECUTE FUNCTION ranks_eligible_win_kept();
CREATE TRIGGER ranks_eligiblewin_not_truncated
    BEFORE TRUNCATE ON ranks_eligiblewin
    FOR EACH STATEMENT EXECUTE FUNCTION awards_ledger_not_truncated();
"""

BACKWARDS = """
DROP TRIGGER IF EXISTS ranks_eligiblewin_not_truncated ON ranks_eligiblewin;
DROP TRIGGER IF EXISTS ranks_eligiblewin_kept ON ranks_eligiblewin;
DROP FUNCTION IF EXISTS ranks_eligible_win_kept();
"""


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARDS, params=None)


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARDS, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0024_ledger_not_truncated"),
        ("ranks", "0006_eligible_wins"),
    ]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
