"""Indexes the month close writes and no read needs: the promotion's player and club alone,
and the kept standing's player alone. The indexes of the unique constraints and of (club,
period) begin with the same columns and serve the reads."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0004_congress_organisers'),
        ('players', '0008_name_prefix_indexes'),
        ('ranks', '0003_promotion_totals_by_kind'),
    ]

    operations = [
        migrations.AlterField(
            model_name='promotion',
            name='club',
            field=models.ForeignKey(blank=True, db_index=False, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='promotions', to='clubs.club'),
        ),
        migrations.AlterField(
            model_name='promotion',
            name='player',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='promotions', to='players.player'),
        ),
        migrations.AlterField(
            model_name='yearstanding',
            name='player',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='players.player'),
        ),
    ]
