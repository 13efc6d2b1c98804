"""The One Thousand Club (1.9: "When players earn a total of 1,000 masterpoints they become
members of the One Thousand Club") filled once the register's totals are in, under a scheme
that has it.

The month close records a member the first close at which their total reaches the club's
(ranks.services); a register that comes in with its totals already there has no such close,
so each player whose approved lifetime points (every kind, and the red points won before
1982, as the close counts them) reach the total joins now, in the month the totals were
brought forward to, with their home club. A member already recorded stays as recorded, so
running the import again changes nothing; a dry run says how many would join and writes
nothing. Deceased players named only in the history join too when their awards reach it:
the club lists everyone who earned it (the portal's choice; the seeds do not say).
"""

from __future__ import annotations

from django.db import connection

from awards.ledger.models import PlayerTotals
from operations.register_in.balances import Balances
from operations.register_in.context import Run
from players.models import Player
from ranks.models import OneThousandClubMember
from scheme.base import ONE_THOUSAND_CLUB


def one_thousand_club_fill(run: Run) -> int:
    """The players whose totals reach the One Thousand Club made members; how many."""
    if not run.scheme.has(ONE_THOUSAND_CLUB):
        return 0
    member, player = OneThousandClubMember._meta.db_table, Player._meta.db_table
    totals = PlayerTotals._meta.db_table
    reaching = (
        f"FROM {player} p JOIN (SELECT player_id, SUM(approved) AS points FROM {totals} "  # noqa: S608
        "GROUP BY player_id) s ON s.player_id = p.id "
        "WHERE s.points + p.pre_1982_red >= %s "
        f"AND NOT EXISTS (SELECT 1 FROM {member} m WHERE m.player_id = p.id)"
    )
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) {reaching}", [run.scheme.one_thousand_club_total])
        (count,) = cursor.fetchone()
        if not count:
            return 0
        period = Balances(run).period()
        cursor.execute(
            f"INSERT INTO {member} (player_id, period_id, club_id, total, joined_at) "
            f"SELECT p.id, %s, p.home_club_id, s.points + p.pre_1982_red, %s {reaching} "
            "ORDER BY p.id",
            [
                period.pk,
                connection.ops.adapt_datetimefield_value(run.now),
                run.scheme.one_thousand_club_total,
            ],
        )
    run.written = True
    run.report.notes.append(
        f"{count:,} player{'s' if count != 1 else ''} joined the One Thousand Club: the "
        f"lifetime totals brought in reach {run.scheme.one_thousand_club_total // 100:,} "
        f"masterpoints. Recorded in {period.label} (1.9)."
    )
    return count
