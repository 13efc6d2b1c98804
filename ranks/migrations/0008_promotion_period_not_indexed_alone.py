"""No index of a promotion's period alone: every read of promotions names the player or the
club (promoted_once_per_rank's index, the (club, period) index), and periods are never
deleted. The index alone is dropped; the foreign key stays as it is (Django's own operation
would drop the constraint and add it again, checking every promotion under a lock)."""

import django.db.models.deletion
from django.db import migrations, models

INDEX = "players_promotion_period_id_eb0438fc"


class Migration(migrations.Migration):
    dependencies = [("ranks", "0007_eligible_wins_kept")]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    f"DROP INDEX IF EXISTS {INDEX}",
                    f"CREATE INDEX IF NOT EXISTS {INDEX} ON players_promotion (period_id)",
                ),
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="promotion",
                    name="period",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="centre.period",
                    ),
                ),
            ],
        ),
    ]
