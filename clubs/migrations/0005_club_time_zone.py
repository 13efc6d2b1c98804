from django.db import migrations, models

import clubs.models


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0004_congress_organisers"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="time_zone",
            field=models.CharField(
                blank=True,
                db_default="",
                max_length=40,
                validators=[clubs.models.time_zone_valid],
            ),
        ),
    ]
