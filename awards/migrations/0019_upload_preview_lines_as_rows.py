"""An upload's preview keeps its lines as rows under one list of their keys
(awards.models.PreviewField). The column stays jsonb: nothing changes in the database, and a
preview stored before is read as it was stored."""

from django.db import migrations

import awards.models


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0018_player_totals_room_for_updates"),
    ]

    operations = [
        migrations.AlterField(
            model_name="creditupload",
            name="preview",
            field=awards.models.PreviewField(default=dict),
        ),
    ]
