"""Credited once: each upload's event identity and the fingerprint of its lines
(awards.intake.upload_keys), unique among the uploads waiting or credited, replace the file's bytes
once per login; only centre staff credit a repeat on purpose, with its reason.

The uploads kept before are given their keys from their stored event details and preview
lines, oldest first. An event already credited twice keeps both uploads as they are: the
later one is left without the key the first holds, so the constraints can be added, and no
credit is touched. A repeat its uploader said was intended keeps its flag, with a reason
saying so.
"""

from django.db import migrations, models
from django.db.models import Q

from awards.intake import upload_keys

LIVE = ("checked", "credited")
BATCH = 500
REASON_BEFORE = "Said to be intended by its uploader, before an event was credited once."


def keys_fill(apps, schema_editor) -> None:
    CreditUpload = apps.get_model("awards", "CreditUpload")
    taken: set[tuple[str, str]] = set()
    changed = []
    uploads = (
        CreditUpload.objects.only("id", "status", "intended", "event_details", "preview")
        .order_by("created_at", "id")
        .iterator(chunk_size=BATCH)
    )
    for upload in uploads:
        details = upload.event_details or {}
        lines = (upload.preview or {}).get("lines") or []
        if "starts_on" in details:
            event_key = upload_keys.event_key(details)
            fingerprint = upload_keys.lines_fingerprint(
                details,
                (
                    (line["abf_number"], line["colour"], line["points"])
                    for line in lines
                    if isinstance(line, dict)
                ),
            )
        else:
            event_key = fingerprint = ""
        if upload.status in LIVE and not upload.intended:
            if ("event", event_key) in taken:
                event_key = ""
            if ("lines", fingerprint) in taken:
                fingerprint = ""
            taken.update({("event", event_key), ("lines", fingerprint)})
        upload.event_key = event_key
        upload.fingerprint = fingerprint
        upload.intended_reason = REASON_BEFORE if upload.intended else ""
        changed.append(upload)
        if len(changed) == BATCH:
            CreditUpload.objects.bulk_update(
                changed, ["event_key", "fingerprint", "intended_reason"]
            )
            changed = []
    if changed:
        CreditUpload.objects.bulk_update(changed, ["event_key", "fingerprint", "intended_reason"])


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0022_credit_approval_checked_by_row"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="creditupload",
            name="same_file_once_unless_intended",
        ),
        migrations.AddField(
            model_name="creditupload",
            name="event_key",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddField(
            model_name="creditupload",
            name="fingerprint",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddField(
            model_name="creditupload",
            name="intended_reason",
            field=models.CharField(blank=True, default="", max_length=255),
        ),
        migrations.AlterField(
            model_name="creditupload",
            name="intended",
            field=models.BooleanField(
                default=False, help_text="Centre staff credit the same event again on purpose."
            ),
        ),
        migrations.RunPython(keys_fill, migrations.RunPython.noop, elidable=True),
        migrations.AddConstraint(
            model_name="creditupload",
            constraint=models.UniqueConstraint(
                condition=Q(intended=False, status__in=["checked", "credited"]) & ~Q(event_key=""),
                fields=("event_key",),
                name="event_credited_once",
            ),
        ),
        migrations.AddConstraint(
            model_name="creditupload",
            constraint=models.UniqueConstraint(
                condition=Q(intended=False, status__in=["checked", "credited"])
                & ~Q(fingerprint=""),
                fields=("fingerprint",),
                name="lines_credited_once",
            ),
        ),
        migrations.AddConstraint(
            model_name="creditupload",
            constraint=models.CheckConstraint(
                condition=Q(intended=False, intended_reason="")
                | (Q(intended=True) & ~Q(intended_reason="")),
                name="repeat_on_purpose_has_a_reason",
            ),
        ),
    ]
