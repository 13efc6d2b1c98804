"""Awards of the year, and the balances brought forward kept apart from them (1.7.2)."""

from collections import defaultdict

from django.db import migrations, models
from django.db.models import Exists, OuterRef, Q, Sum

from centre.versions import APPROVED, LIFETIME, data_changed

# Existing balances brought forward are recognised by what the register wrote for them: an
# event named "... brought forward ..." or whose credits say "brought forward" in their
# reason, all of them adjustments (an event with any award credited is an event of the year).
BROUGHT_FORWARD = "brought forward"


def balances_brought_forward(apps, schema_editor) -> None:
    """Mark the existing balances brought forward and move their points, in each player's
    totals of the year, from the year's own points to the row of points brought forward."""
    Event = apps.get_model("awards", "Event")
    Credit = apps.get_model("awards", "Credit")
    PlayerTotals = apps.get_model("awards", "PlayerTotals")
    named = Q(name__icontains=BROUGHT_FORWARD) | Q(
        credits__source="adjustment", credits__reason__icontains=BROUGHT_FORWARD
    )
    awarded = Credit.objects.filter(event=OuterRef("pk")).exclude(source="adjustment")
    events = list(
        Event.objects.filter(named).exclude(Exists(awarded)).values_list("pk", flat=True).distinct()
    )
    if not events:
        return
    for start in range(0, len(events), 500):
        Event.objects.filter(pk__in=events[start : start + 500]).update(of_the_year=False)
    moved: dict[tuple[int, int], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for start in range(0, len(events), 500):
        sums = (
            Credit.objects.filter(event_id__in=events[start : start + 500])
            .values("player_id", "period__year", "colour", "state")
            .annotate(points=Sum("points"))
            .order_by()
        )
        for row in sums:
            field = f"{row['colour']}_{row['state']}"
            moved[(row["player_id"], row["period__year"])][field] += row["points"]
    keys = sorted(moved)
    for start in range(0, len(keys), 1000):
        chunk = keys[start : start + 1000]
        players = {player for player, _ in chunk}
        rows = {
            (row.player_id, row.year): row
            for row in PlayerTotals.objects.filter(player_id__in=players, brought_forward=False)
        }
        changed, created = [], []
        for key in chunk:
            row = rows.get(key)
            kept = PlayerTotals(player_id=key[0], year=key[1], brought_forward=True)
            for field, points in moved[key].items():
                setattr(kept, field, points)
                if row is not None:
                    setattr(row, field, getattr(row, field) - points)
            created.append(kept)
            if row is not None:
                changed.append(row)
        PlayerTotals.objects.bulk_update(changed, FIELDS, batch_size=1000)
        PlayerTotals.objects.bulk_create(created, batch_size=1000)
    # The standings and pages kept from the totals as they were are built again.
    data_changed(APPROVED, LIFETIME)


def balances_as_points_of_the_year(apps, schema_editor) -> None:
    """Backwards: the points brought forward back in the year's own row."""
    PlayerTotals = apps.get_model("awards", "PlayerTotals")
    Event = apps.get_model("awards", "Event")
    for kept in PlayerTotals.objects.filter(brought_forward=True).iterator():
        row, _ = PlayerTotals.objects.get_or_create(
            player_id=kept.player_id, year=kept.year, brought_forward=False
        )
        for field in FIELDS:
            setattr(row, field, getattr(row, field) + getattr(kept, field))
        row.save(update_fields=FIELDS)
        kept.delete()
    Event.objects.filter(of_the_year=False).update(of_the_year=True)
    data_changed(APPROVED, LIFETIME)


FIELDS = [
    f"{colour}_{state}"
    for colour in ("green", "red", "gold")
    for state in ("provisional", "approved")
]


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0009_credit_indexes_without_repeats"),
        ("players", "0006_player_rows_room_for_rank_updates"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="playertotals",
            name="one_totals_row_per_year",
        ),
        migrations.AddField(
            model_name="event",
            name="of_the_year",
            field=models.BooleanField(
                db_default=True,
                default=True,
                help_text="Unticked for a balance brought forward: points won in earlier years.",
                verbose_name="awards of the year",
            ),
        ),
        migrations.AddField(
            model_name="playertotals",
            name="brought_forward",
            field=models.BooleanField(db_default=False, default=False),
        ),
        migrations.AddConstraint(
            model_name="playertotals",
            constraint=models.UniqueConstraint(
                fields=("player", "year", "brought_forward"), name="one_totals_row_per_year"
            ),
        ),
        migrations.RunPython(balances_brought_forward, balances_as_points_of_the_year),
    ]
