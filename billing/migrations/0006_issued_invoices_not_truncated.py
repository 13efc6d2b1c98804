"""Issued invoices are never emptied wholesale either (PostgreSQL): the row triggers of 0004 do
not fire on TRUNCATE, so a statement trigger refuses it on the invoices, their lines and their
credit notes, whether named or reached by CASCADE from another table.

The test suite empties every table between its transactional tests with TRUNCATE; its own
connections set `masterpoints.allow_truncate` (centre/settings_test.py), which no deployment
sets. SQLite has no such triggers; there the services are the only guard.
"""

from django.db import migrations

FORWARDS = """
CREATE OR REPLACE FUNCTION billing_issued_documents_not_truncated() RETURNS trigger AS $$
BEGIN
    IF current_setting('masterpoints.allow_truncate', true) = 'on' THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION '% holds issued documents and is never truncated', TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation',
              HINT = 'Correct an invoice with a credit note.';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER billing_invoice_not_truncated
    BEFORE TRUNCATE ON billing_invoice
    FOR EACH STATEMENT EXECUTE FUNCTION billing_issued_documents_not_truncated();
CREATE TRIGGER billing_invoiceline_not_truncated
    BEFORE TRUNCATE ON billing_invoiceline
    FOR EACH STATEMENT EXECUTE FUNCTION billing_issued_documents_not_truncated();
CREATE TRIGGER billing_creditnote_not_truncated
    BEFORE TRUNCATE ON billing_creditnote
    FOR EACH STATEMENT EXECUTE FUNCTION billing_issued_documents_not_truncated();
"""

BACKWARDS = """
DROP TRIGGER IF EXISTS billing_creditnote_not_truncated ON billing_creditnote;
DROP TRIGGER IF EXISTS billing_invoiceline_not_truncated ON billing_invoiceline;
DROP TRIGGER IF EXISTS billing_invoice_not_truncated ON billing_invoice;
DROP FUNCTION IF EXISTS billing_issued_documents_not_truncated();
"""


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARDS, params=None)


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARDS, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("billing", "0005_congress_organisers_as_addressees"),
    ]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
