import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("centre", "0002_period"),
    ]

    operations = [
        migrations.CreateModel(
            name="MonthCloseFailure",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("step", models.CharField(max_length=40)),
                ("error", models.TextField()),
                ("failed_at", models.DateTimeField()),
                ("attempts", models.PositiveIntegerField(default=1)),
                ("resolved_at", models.DateTimeField(blank=True, null=True)),
                (
                    "period",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="close_failures",
                        to="centre.period",
                    ),
                ),
            ],
            options={
                "ordering": ["period", "failed_at"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("period", "step"), name="one_failure_per_close_step"
                    )
                ],
            },
        ),
    ]
