"""The kept totals and an upload's totals by the scheme's point kind, not ABF columns.

A deployment runs one scheme (ABF green, red and gold; NZ A, B and C; the ACBL's six
colours), so PlayerTotals keeps one row per player, year, brought forward and kind with its
provisional and approved hundredths, and an upload its totals as a mapping of kind to
hundredths. The rows kept so far (ABF colours) are carried over in a few set-based
statements, on PostgreSQL and SQLite alike; a kind with nothing in it gets no row.
"""

from django.db import migrations, models

import centre.schemes
from centre.versions import APPROVED, LIFETIME, data_changed

COLOURS = ("green", "red", "gold")
OLD_FIELDS = [f"{colour}_{state}" for colour in COLOURS for state in ("provisional", "approved")]
TABLE = "awards_playertotals"


def _checks_now(schema_editor) -> None:
    """PostgreSQL: the foreign keys of the rows just written checked now, not at the commit,
    so that the columns can be altered in the same transaction."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def rows_by_kind(apps, schema_editor) -> None:
    """Each year's row of three colours becomes a row for each colour with points."""
    zeros = ", ".join("0" for _ in OLD_FIELDS)
    for colour in COLOURS:
        schema_editor.execute(
            f"INSERT INTO {TABLE} (player_id, year, brought_forward, kind, provisional, "  # noqa: S608
            f"approved, {', '.join(OLD_FIELDS)}) "
            f"SELECT player_id, year, brought_forward, '{colour}', {colour}_provisional, "
            f"{colour}_approved, {zeros} FROM {TABLE} WHERE kind = '' "
            f"AND ({colour}_provisional <> 0 OR {colour}_approved <> 0)"
        )
    schema_editor.execute(f"DELETE FROM {TABLE} WHERE kind = ''")  # noqa: S608
    _checks_now(schema_editor)
    data_changed(APPROVED, LIFETIME)


def rows_by_year(apps, schema_editor) -> None:
    """Backwards: the colours' rows of a year summed into one row again."""
    sums = ", ".join(
        f"SUM(CASE WHEN kind = '{field.split('_')[0]}' THEN {field.split('_')[1]} ELSE 0 END)"
        for field in OLD_FIELDS
    )
    schema_editor.execute(
        f"INSERT INTO {TABLE} (player_id, year, brought_forward, kind, provisional, "  # noqa: S608
        f"approved, {', '.join(OLD_FIELDS)}) "
        f"SELECT player_id, year, brought_forward, '', 0, 0, {sums} FROM {TABLE} "
        "WHERE kind <> '' GROUP BY player_id, year, brought_forward"
    )
    schema_editor.execute(f"DELETE FROM {TABLE} WHERE kind <> ''")  # noqa: S608
    _checks_now(schema_editor)
    data_changed(APPROVED, LIFETIME)


def upload_totals_by_kind(apps, schema_editor) -> None:
    CreditUpload = apps.get_model("awards", "CreditUpload")
    changed = []
    for upload in CreditUpload.objects.only(*(f"total_{c}" for c in COLOURS)).iterator(2000):
        upload.totals = {colour: getattr(upload, f"total_{colour}") for colour in COLOURS}
        changed.append(upload)
        if len(changed) == 2000:
            CreditUpload.objects.bulk_update(changed, ["totals"])
            changed = []
    CreditUpload.objects.bulk_update(changed, ["totals"])
    _checks_now(schema_editor)


def upload_totals_by_colour(apps, schema_editor) -> None:
    CreditUpload = apps.get_model("awards", "CreditUpload")
    changed = []
    for upload in CreditUpload.objects.only("totals").iterator(2000):
        for colour in COLOURS:
            setattr(upload, f"total_{colour}", int(upload.totals.get(colour, 0)))
        changed.append(upload)
    CreditUpload.objects.bulk_update(changed, [f"total_{c}" for c in COLOURS], batch_size=2000)
    _checks_now(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0013_event_congress_organiser"),
    ]

    operations = [
        migrations.AddField(
            model_name="creditupload",
            name="totals",
            field=models.JSONField(default=dict),
        ),
        migrations.RunPython(upload_totals_by_kind, upload_totals_by_colour),
        *(
            migrations.RemoveField(model_name="creditupload", name=f"total_{colour}")
            for colour in COLOURS
        ),
        migrations.RemoveConstraint(
            model_name="playertotals",
            name="one_totals_row_per_year",
        ),
        migrations.AddField(
            model_name="playertotals",
            name="kind",
            field=models.CharField(
                choices=centre.schemes.point_kind_choices, default="", max_length=12
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="playertotals",
            name="provisional",
            field=models.BigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="playertotals",
            name="approved",
            field=models.BigIntegerField(default=0),
        ),
        migrations.RunPython(rows_by_kind, rows_by_year),
        *(
            migrations.RemoveField(model_name="playertotals", name=field)
            for field in OLD_FIELDS
        ),
        migrations.AddConstraint(
            model_name="playertotals",
            constraint=models.UniqueConstraint(
                fields=("player", "year", "brought_forward", "kind"),
                name="one_totals_row_per_year_and_kind",
            ),
        ),
    ]
