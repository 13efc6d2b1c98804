"""Ranks and reports: kept as they were issued at each month close and quarter end.

The tables were made by the players and awards apps and keep their names.
"""

from django.db import models
from django.db.models import Q

from clubs.models import Club
from players.models import RANK_COUNT, Player

# --- ranks and promotions (1.4.4, 1.8, 1.9) ------------------------------------------------


class Promotion(models.Model):
    """A player reaching a master rank at a month close (1.4.4: promotions only happen then).

    One row per player per rank, so a second run of a close can never promote twice. A player
    who jumps several ranks in one month gets one row, for the highest rank reached: the
    certificate is for the rank they now hold (1.8).
    """

    # No index of the player alone, nor of the club alone, nor of the period alone:
    # promoted_once_per_rank's index and the (club, period) index begin with the first two,
    # every read of promotions names the player or the club, and periods are never deleted;
    # each index is written again for every promotion a close records.
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="promotions", db_index=False
    )
    rank_order = models.PositiveSmallIntegerField()
    rank_name = models.CharField(max_length=40)
    period = models.ForeignKey(
        "centre.Period", on_delete=models.PROTECT, related_name="+", db_index=False
    )
    # The home club at the close: its secretary receives the certificate (1.8) and lists it.
    club = models.ForeignKey(
        Club,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="promotions",
        db_index=False,
    )
    # Lifetime approved points at the close by the scheme's point kind, in hundredths
    # ({"green": 12000, "red": 800, "gold": 0}), and the pre-1982 red points used (ABF).
    totals = models.JSONField(default=dict)
    pre_1982_red = models.PositiveIntegerField(default=0)
    # NZ: the stars within the rank at the close.
    stars = models.PositiveSmallIntegerField(default=0)
    promoted_at = models.DateTimeField()
    certificate_emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "players_promotion"
        ordering = ["period", "club", "-rank_order", "player"]
        indexes = [models.Index(fields=["club", "period"])]
        constraints = [
            models.UniqueConstraint(fields=["player", "rank_order"], name="promoted_once_per_rank"),
            models.CheckConstraint(
                condition=Q(rank_order__gte=1, rank_order__lte=RANK_COUNT),
                name="promotion_rank_is_one_of_the_21",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} to {self.rank_name} ({self.period_id})"

    def points_of(self, kind: str) -> int:
        return int(self.totals.get(kind, 0))

    @property
    def total(self) -> int:
        return sum(int(points) for points in self.totals.values())

    @property
    def lifetime_total(self) -> int:
        """The total the rank was judged on: with the red points won before 1982 (1.8)."""
        return self.total + self.pre_1982_red


class OneThousandClubMember(models.Model):
    """1.9: a player whose total reached 1,000 masterpoints, recorded at that month's close."""

    player = models.OneToOneField(
        Player, on_delete=models.PROTECT, related_name="one_thousand_club"
    )
    period = models.ForeignKey("centre.Period", on_delete=models.PROTECT, related_name="+")
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    total = models.BigIntegerField()
    joined_at = models.DateTimeField()

    class Meta:
        db_table = "players_onethousandclubmember"
        ordering = ["period", "player"]

    def __str__(self) -> str:
        return f"{self.player_id} in the One Thousand Club ({self.period_id})"


class ClubMonthlyReport(models.Model):
    """1.4.3: what a club is told after a month close, kept as it was when issued.

    The credits its home members earned in national, state and congress events processed in
    the month, and its home players' promotions. The rows are a snapshot taken at the close,
    so the PDF reads the same later even if a player changes club; `emailed_at` guards the
    one email to the club's masterpoint secretary.
    """

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="monthly_reports")
    period = models.ForeignKey("centre.Period", on_delete=models.PROTECT, related_name="+")
    # [{abf_number, name, event, grade, organiser, ends_on, colour, points}], points in
    # hundredths, ordered by player then event.
    credits = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "players_clubmonthlyreport"
        ordering = ["-period__year", "-period__month", "club__number"]
        constraints = [
            models.UniqueConstraint(fields=["club", "period"], name="one_monthly_report_per_club")
        ]

    def __str__(self) -> str:
        return f"monthly report of {self.club_id} for {self.period_id}"


class RankingReport(models.Model):
    """1.4.3: a club's quarterly player ranking report, kept as it was issued.

    The rows (home members, alternates and the players who earned points at the club in the
    quarter, with their approved totals and rank at the quarter's end) are fixed when the
    report is issued, so the PDF read later is the one that was emailed; `emailed_at` is set
    under a row lock when it is sent, so it goes to the club once.
    """

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="+")
    year = models.PositiveSmallIntegerField()
    quarter = models.PositiveSmallIntegerField()
    rows = models.JSONField(default=list)
    issued_at = models.DateTimeField(auto_now_add=True)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "awards_rankingreport"
        ordering = ["-year", "-quarter", "club__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "year", "quarter"], name="one_ranking_report_per_quarter"
            ),
            models.CheckConstraint(
                condition=Q(quarter__gte=1, quarter__lte=4), name="ranking_report_quarter_1_to_4"
            ),
        ]

    def __str__(self) -> str:
        return f"ranking report {self.year}-Q{self.quarter} of club {self.club_id}"

    @property
    def covers(self) -> str:
        return f"{self.year}-Q{self.quarter}"


# --- the McCutcheon standings, kept (1.7.2, 1.7.3) ------------------------------------------


class YearStanding(models.Model):
    """A player's approved points of one calendar year and rank at its 1 January, kept.

    Written for the players each month close credited (`ranks.kept_standings.standings_update`),
    and for a whole year in one statement by `ranks.kept_standings.standings_refresh` in the
    refresh a read queues when it finds them older than the approved totals or the pre-1982
    allowances; the standings read the first rows of these in the order of an index.
    The player's name, home club and state are read from the registry as they are now.
    """

    year = models.PositiveSmallIntegerField()
    # Read by year only; one_standing_per_year's index (year, player) finds a player's row.
    # No index of the player alone: the close writes every index of each row it updates.
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", db_index=False)
    green = models.BigIntegerField()
    red = models.BigIntegerField()
    gold = models.BigIntegerField()
    total = models.BigIntegerField()
    # 1.7.3: the order of the rank held on 1 January (1.8), 0 for none.
    start_order = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["year", "player"], name="one_standing_per_year")
        ]
        indexes = [
            models.Index(fields=["year", "-total"], name="standing_year_total"),
            # A colour's list shows the players with points of it (`won > 0`), so its index
            # holds them alone: the close writes no entry of a colour for a player who has none
            # of it in the year (most players have no red or gold points in a year).
            *(
                models.Index(
                    fields=["year", f"-{colour}"],
                    name=f"standing_year_{colour}",
                    condition=models.Q(**{f"{colour}__gt": 0}),
                )
                for colour in ("green", "red", "gold")
            ),
            models.Index(fields=["year", "start_order", "-total"], name="standing_year_group"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.year}: {self.total}"


# --- a victory a rank needs besides points (the ACBL's Grand Life Master) --------------------


class EligibleWin(models.Model):
    """A player's win of an event whose winners a rank counts (`Scheme.rank_victory`: the
    ACBL's Grand Life Master needs a win of an NABC+ GLM-eligible event, the NAP's Flight A or
    the GNT's Championship Flight national final), recorded with the credit that paid it when
    the event's awards were credited (ranks.victories). Once a player and event: the same
    awards uploaded or confirmed again record nothing more."""

    credit = models.OneToOneField(
        "awards.Credit", on_delete=models.PROTECT, related_name="eligible_win"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="eligible_wins")
    event = models.ForeignKey("awards.Event", on_delete=models.PROTECT, related_name="+")
    # Why the event counts, in the scheme's words: "the Kay Platinum Pairs, a GLM-eligible
    # NABC+ event".
    why = models.CharField(max_length=200)
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "event"], name="eligible_win_once_a_player_and_event"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} won {self.why}"
