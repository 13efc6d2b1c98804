"""An upload: a credit file, results or an on-screen entry, checked and kept with its
preview until it is credited or cancelled (App. E)."""

from operator import itemgetter
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from awards.authorisations.models import Authorisation
from awards.ledger.models import Event


class PreviewField(models.JSONField):
    """A JSON object whose "lines", a list of objects with the same keys, are stored as one
    list of the keys and a row of values a line: the check's preview of an upload, which
    repeats the same nine keys on each of up to 20,000 lines.

    Stored so, a 20,000-line file's preview is 1.4 MB of JSON rather than 3.8 MB, and is
    written and read back in about half the time; read back, its lines are objects again.
    A preview stored with its lines as objects (as before) is read as it is.
    """

    def get_prep_value(self, value: Any) -> Any:
        return super().get_prep_value(_lines_as_rows(value))

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        return _rows_as_lines(super().from_db_value(value, expression, connection))


def _lines_as_rows(value: Any) -> Any:
    lines = value.get("lines") if isinstance(value, dict) else None
    if not isinstance(lines, list) or not lines or not isinstance(lines[0], dict):
        return value
    keys = list(lines[0])
    if len(keys) < 2:
        return value
    try:
        rows = list(map(itemgetter(*keys), lines))
    except (KeyError, TypeError):  # a line without one of the keys, or not an object
        return value
    # Every line has each key of the first: as many keys in all, and none has another.
    if sum(map(len, lines)) != len(keys) * len(lines):
        return value
    return {**value, "lines": {"keys": keys, "rows": rows}}


def _rows_as_lines(value: Any) -> Any:
    lines = value.get("lines") if isinstance(value, dict) else None
    if not isinstance(lines, dict) or set(lines) != {"keys", "rows"}:
        return value
    keys = lines["keys"]
    return {**value, "lines": [dict(zip(keys, row, strict=True)) for row in lines["rows"]]}


class CreditUpload(models.Model):
    """A credit file (or on-screen entry) checked and kept until it is credited or cancelled.

    App. E lost an upload that was not processed when the secretary navigated away; here it
    is kept, with the result of its check, until confirmed or cancelled.
    """

    class Status(models.TextChoices):
        CHECKED = "checked", "Checked, waiting for confirmation"
        CREDITED = "credited", "Credited"
        CANCELLED = "cancelled", "Cancelled"

    class Source(models.TextChoices):
        FILE = "file", "Credit file"
        CPAR = "cpar", "CPAR entry"
        SUNDRY = "sundry", "Sundry entry"
        RESULTS = "results", "Event results"

    source = models.CharField(max_length=7, choices=Source.choices, default=Source.FILE)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="credit_uploads"
    )
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="uploads"
    )
    state = models.ForeignKey(
        "clubs.State", null=True, blank=True, on_delete=models.PROTECT, related_name="uploads"
    )
    filename = models.CharField(max_length=255)
    content = models.BinaryField()
    sha256 = models.CharField(max_length=64, db_index=True)
    # A correction centre staff credit on purpose, with its reason: the same event or lines
    # again. Its keys below are kept but bind nothing, so it is never refused as a repeat.
    intended = models.BooleanField(
        default=False, help_text="Centre staff credit the same event again on purpose."
    )
    intended_reason = models.CharField(max_length=255, blank=True, default="")
    # Credited once: the event's identity (who ran it, first day, session of the day, grade,
    # name casefolded) and the fingerprint of its lines (the issuer, first day and session
    # with each player's points of each kind, sorted), each a sha256 whatever the file's
    # bytes or the route it came by (awards.intake.services.uploads.upload_keys). Blank for an
    # upload kept before the keys whose event another upload already held. Searched by the
    # unique constraints' partial indexes, which hold the live uploads only.
    event_key = models.CharField(max_length=64, blank=True, default="")
    fingerprint = models.CharField(max_length=64, blank=True, default="")
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.CHECKED)
    # What the event will be when credited: organiser, name, dates, grade, kind, sessions.
    event_details = models.JSONField()
    event = models.OneToOneField(
        Event, null=True, blank=True, on_delete=models.PROTECT, related_name="upload"
    )
    authorisation = models.ForeignKey(
        Authorisation, null=True, blank=True, on_delete=models.PROTECT, related_name="uploads"
    )
    # The check: each line's player, name, home club and points, warnings, totals by kind.
    preview = PreviewField(default=dict)
    line_count = models.PositiveIntegerField(default=0)
    # Hundredths by point-kind code ({"green": 192, "red": 0}), as the check found them.
    totals = models.JSONField(default=dict)
    period = models.ForeignKey(
        "centre.Period", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    credited_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    # 7.5.1: gold points staff upload wait for the Goldpoint Coordinator's approval; their
    # month does not close until the coordinator has given it.
    coordinator_approval_needed = models.BooleanField(default=False)
    coordinator_approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    coordinator_approved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # An event, and a set of lines, credited once: among the uploads waiting or
            # credited, none shares another's key, unless staff credit it again on purpose.
            models.UniqueConstraint(
                fields=["event_key"],
                condition=Q(intended=False, status__in=["checked", "credited"]) & ~Q(event_key=""),
                name="event_credited_once",
            ),
            models.UniqueConstraint(
                fields=["fingerprint"],
                condition=Q(intended=False, status__in=["checked", "credited"])
                & ~Q(fingerprint=""),
                name="lines_credited_once",
            ),
            models.CheckConstraint(
                condition=Q(intended=False, intended_reason="")
                | (Q(intended=True) & ~Q(intended_reason="")),
                name="repeat_on_purpose_has_a_reason",
            ),
            # 7.5.1: an approval is of an upload that needs one, and says who gave it, when.
            models.CheckConstraint(
                condition=Q(
                    coordinator_approved_at__isnull=True, coordinator_approved_by__isnull=True
                )
                | Q(
                    coordinator_approval_needed=True,
                    coordinator_approved_at__isnull=False,
                    coordinator_approved_by__isnull=False,
                ),
                name="coordinator_approval_of_an_upload_that_needs_it",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.filename} ({self.get_status_display()})"

    @property
    def total(self) -> int:
        return sum(self.totals.values())

    def total_of(self, kind: str) -> int:
        return int(self.totals.get(kind, 0))

    @property
    def awaits_coordinator(self) -> bool:
        """7.5.1: gold points of the Centre's still waiting for the coordinator."""
        return self.coordinator_approval_needed and self.coordinator_approved_at is None
