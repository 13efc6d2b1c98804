"""A promotion keeps the lifetime totals it was judged on by the scheme's point kind (a
mapping), not in a column per ABF colour; NZ's promotions keep the stars too."""

from django.db import migrations, models

COLOURS = ("green", "red", "gold")


def totals_by_kind(apps, schema_editor) -> None:
    Promotion = apps.get_model("ranks", "Promotion")
    changed = []
    for promotion in Promotion.objects.only(*COLOURS).iterator(2000):
        promotion.totals = {colour: getattr(promotion, colour) for colour in COLOURS}
        changed.append(promotion)
    Promotion.objects.bulk_update(changed, ["totals"], batch_size=2000)
    if schema_editor.connection.vendor == "postgresql":
        # The rows' checks now, so that the columns can be dropped in this transaction.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def totals_by_colour(apps, schema_editor) -> None:
    Promotion = apps.get_model("ranks", "Promotion")
    changed = []
    for promotion in Promotion.objects.only("totals").iterator(2000):
        for colour in COLOURS:
            setattr(promotion, colour, int(promotion.totals.get(colour, 0)))
        changed.append(promotion)
    Promotion.objects.bulk_update(changed, list(COLOURS), batch_size=2000)
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):
    dependencies = [
        ("ranks", "0002_year_standings"),
    ]

    operations = [
        migrations.AddField(
            model_name="promotion",
            name="totals",
            field=models.JSONField(default=dict),
        ),
        migrations.AddField(
            model_name="promotion",
            name="stars",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.RunPython(totals_by_kind, totals_by_colour),
        *(migrations.RemoveField(model_name="promotion", name=colour) for colour in COLOURS),
    ]
