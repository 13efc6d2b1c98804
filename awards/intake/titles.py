"""How an upload is titled on its pages, in their lists and in the API: by the event's name
and day, as the secretary knows it, never by the file's name (a results upload's is the
portal's own)."""

from __future__ import annotations

from datetime import date

from awards.intake.models import CreditUpload
from centre.dates import day_text


def upload_title(upload: CreditUpload) -> str:
    """'Tuesday pairs, 4 March 2025': the event's name and first day as the federation writes
    it (the file's name for an upload that has no event details)."""
    details = upload.event_details or {}
    name = details.get("name") or upload.filename
    starts_on = details.get("starts_on")
    if isinstance(starts_on, str):
        try:
            starts_on = date.fromisoformat(starts_on)
        except ValueError:
            starts_on = None
    if not isinstance(starts_on, date):
        return name
    return f"{name}, {day_text(starts_on)}"
