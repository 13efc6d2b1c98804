"""Issued invoices are never edited (corrections are credit notes): on PostgreSQL the database
refuses it. An invoice may only be marked as emailed, once (`emailed_at`, centre.mail); its
lines and credit notes are never changed; none of them is ever deleted.

SQLite has no such triggers; there the services are the only guard.
"""

from django.db import migrations

FORWARDS = """
CREATE OR REPLACE FUNCTION billing_invoice_unchanged() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.emailed_at IS NULL
       AND (to_jsonb(NEW) - 'emailed_at') = (to_jsonb(OLD) - 'emailed_at') THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'invoice % is issued and is never changed or deleted', OLD.number
        USING ERRCODE = 'restrict_violation',
              HINT = 'Correct it with a credit note.';
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION billing_issued_document_unchanged() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% % belongs to an issued document and is never changed or deleted',
        TG_TABLE_NAME, OLD.id
        USING ERRCODE = 'restrict_violation',
              HINT = 'Correct the invoice with a credit note.';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER billing_invoice_unchanged
    BEFORE UPDATE OR DELETE ON billing_invoice
    FOR EACH ROW EXECUTE FUNCTION billing_invoice_unchanged();
CREATE TRIGGER billing_invoiceline_unchanged
    BEFORE UPDATE OR DELETE ON billing_invoiceline
    FOR EACH ROW EXECUTE FUNCTION billing_issued_document_unchanged();
CREATE TRIGGER billing_creditnote_unchanged
    BEFORE UPDATE OR DELETE ON billing_creditnote
    FOR EACH ROW EXECUTE FUNCTION billing_issued_document_unchanged();
"""

BACKWARDS = """
DROP TRIGGER IF EXISTS billing_creditnote_unchanged ON billing_creditnote;
DROP TRIGGER IF EXISTS billing_invoiceline_unchanged ON billing_invoiceline;
DROP TRIGGER IF EXISTS billing_invoice_unchanged ON billing_invoice;
DROP FUNCTION IF EXISTS billing_issued_document_unchanged();
DROP FUNCTION IF EXISTS billing_invoice_unchanged();
"""


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARDS, params=None)


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARDS, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("billing", "0003_invoice_emailed_at"),
    ]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
