from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("centre", "0007_period_close_progress_at"),
    ]

    operations = [
        migrations.CreateModel(
            name="Deployment",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("scheme", models.CharField(max_length=20)),
                ("recorded_at", models.DateTimeField(auto_now_add=True)),
            ],
            options={
                "constraints": [
                    models.CheckConstraint(condition=models.Q(("id", 1)), name="deployment_one_row")
                ],
            },
        ),
    ]
