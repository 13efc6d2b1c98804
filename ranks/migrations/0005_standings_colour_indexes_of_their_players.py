"""The indexes of a colour's standings hold the players with points of that colour in the year
(`green > 0`, `red > 0`, `gold > 0`), the rows a colour's list shows (`ranks.standings`: its
rows are those with points of it). A month close writes each credited player's standing
again, and each index the new row belongs to; a player with no red or gold points in the year
is now in neither of those indexes, so the close writes no entry of them for that player."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('players', '0009_player_rows_room_for_every_promotion'),
        ('ranks', '0004_indexes_the_close_writes_alone'),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name='yearstanding',
            name='standing_year_green',
        ),
        migrations.RemoveIndex(
            model_name='yearstanding',
            name='standing_year_red',
        ),
        migrations.RemoveIndex(
            model_name='yearstanding',
            name='standing_year_gold',
        ),
        migrations.AddIndex(
            model_name='yearstanding',
            index=models.Index(condition=models.Q(('green__gt', 0)), fields=['year', '-green'], name='standing_year_green'),
        ),
        migrations.AddIndex(
            model_name='yearstanding',
            index=models.Index(condition=models.Q(('red__gt', 0)), fields=['year', '-red'], name='standing_year_red'),
        ),
        migrations.AddIndex(
            model_name='yearstanding',
            index=models.Index(condition=models.Q(('gold__gt', 0)), fields=['year', '-gold'], name='standing_year_gold'),
        ),
    ]
