"""Grants (`grants`) and reciprocity conversions (`reciprocity`), each written to the
ledger as credits of its own event."""
