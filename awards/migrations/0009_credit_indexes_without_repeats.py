"""The ledger without indexes that repeat the first column of another: every approval writes
each of its indexes again. The adjusting credits, few, keep a partial index."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0008_authorisation_requests"),
        ("centre", "0004_api_token"),
        ("players", "0005_rank_models_move_to_ranks"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="credit",
            name="adjusts",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="adjustments",
                to="awards.credit",
            ),
        ),
        migrations.AlterField(
            model_name="credit",
            name="period",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="credits",
                to="centre.period",
            ),
        ),
        migrations.AlterField(
            model_name="credit",
            name="player",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="credits",
                to="players.player",
            ),
        ),
        migrations.AlterField(
            model_name="credit",
            name="uploaded_by",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddIndex(
            model_name="credit",
            index=models.Index(
                condition=models.Q(("adjusts__isnull", False)),
                fields=["adjusts"],
                name="credit_adjusts_idx",
            ),
        ),
    ]
