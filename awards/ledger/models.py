"""The ledger's rows: events, credits (one per player, event and kind of point; never
changed or deleted), held credits (1.3.2), and the totals and positions kept from them."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from centre.dates import day_text
from centre.schemes import current_scheme, grade_choices, point_kind_choices


def grade_colour(grade: str) -> str:
    """1.5.1: the colour (the scheme's kind of point) of a grade's points."""
    return current_scheme().grade(grade).point_kind


class Event(models.Model):
    """A competition whose awards are credited; every credit belongs to one."""

    class Organiser(models.TextChoices):
        CLUB = "club", "Club"
        STATE = "state", "State association"
        CONGRESS = "congress", "Congress"
        NATIONAL = "national", "National body (ABF)"
        # 1.3.4: points earned in New Zealand or Great Britain.
        OVERSEAS = "overseas", "Overseas (reciprocity)"
        # 1.3.3, 1.3.4 note 2, 1.3.5: points granted by the Centre (a Grant), not won.
        CENTRE = "centre", "Masterpoint Centre (grant)"

    class Kind(models.TextChoices):
        PAIRS = "pairs", "Pairs"
        TEAMS = "teams", "Teams"
        INDIVIDUAL = "individual", "Individual"

    organiser = models.CharField(max_length=8, choices=Organiser.choices)
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    state = models.ForeignKey(
        "clubs.State", null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    # 5.4.1: the congress's organiser, whose convener gets the Centre's report and invoice.
    congress_organiser = models.ForeignKey(
        "clubs.CongressOrganiser",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="events",
    )
    name = models.CharField(max_length=160)
    starts_on = models.DateField()
    ends_on = models.DateField()
    # The scheme's grade of event (ABF 1.5.1 "B4c"; NZ's status "club", "10A"; ACBL "NK").
    # Blank only for points earned overseas (1.3.4) and the Centre's grants (1.3.3), which
    # have no ABF grade.
    grade = models.CharField(max_length=8, choices=grade_choices, blank=True)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PAIRS)
    sessions = models.PositiveSmallIntegerField(default=1)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # False for points held before the year they are credited in: an opening balance brought
    # forward from an earlier register, an adjustment for points won in earlier years. They
    # count in the lifetime and in the rank at 1 January (from the year they are credited
    # in), never in a year's points or standings (1.7.2); PlayerTotals keeps them apart.
    of_the_year = models.BooleanField(
        "awards of the year",
        default=True,
        db_default=True,
        help_text="Unticked for a balance brought forward: points won in earlier years.",
    )

    class Meta:
        ordering = ["-starts_on", "-id"]
        indexes = [
            # An event by its key with the columns a statement's line shows of it: a
            # statement reads each of its credits' events from this index alone, a smaller
            # one than the table (awards migration 0028; PostgreSQL's INCLUDE).
            models.Index(
                fields=["id"],
                include=["ends_on", "name", "grade", "of_the_year"],
                name="event_statement_columns",
            )
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")), name="event_ends_after_it_starts"
            ),
            models.CheckConstraint(condition=Q(sessions__gte=1), name="event_has_a_session"),
            models.CheckConstraint(
                condition=~Q(grade="") | Q(organiser__in=("overseas", "centre")),
                name="event_has_a_grade_unless_overseas",
            ),
            models.CheckConstraint(
                condition=~Q(organiser="club") | Q(club__isnull=False),
                name="club_event_names_its_club",
            ),
            models.CheckConstraint(
                condition=Q(congress_organiser__isnull=True) | Q(organiser="congress"),
                name="only_a_congress_names_a_congress_organiser",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.grade}, {day_text(self.starts_on)})"

    @property
    def colour(self) -> str:
        return grade_colour(self.grade) if self.grade else ""


# The columns of a credit a statement reads (awards.ledger.statements), held by the index of
# the player's credits (PostgreSQL's INCLUDE; other databases index the player and month).
STATEMENT_COLUMNS = (
    "event",
    "colour",
    "points",
    "state",
    "source",
    "reason",
    "conversion",
    "created_at",
    "id",
)


class Credit(models.Model):
    """One line of the ledger. Never changed or deleted: a correction is an adjusting credit."""

    class Source(models.TextChoices):
        FILE = "file", "Credit file"
        CPAR = "cpar", "CPAR"
        SUNDRY = "sundry", "Sundry"
        ADJUSTMENT = "adjustment", "Adjustment"
        RECIPROCITY = "reciprocity", "Reciprocity"
        RESULTS = "results", "Event results"
        # 1.3.3, 1.3.4 note 2, 1.3.5: a grant by the Centre, with its reason.
        GRANT = "grant", "Grant"

    class State(models.TextChoices):
        PROVISIONAL = "provisional", "Provisional"
        APPROVED = "approved", "Approved"

    # The ledger's indexes are written again by every approval (the state is in one of them):
    # a column that leads a composite index below has no index of its own.
    player = models.ForeignKey(
        "players.Player", on_delete=models.PROTECT, related_name="credits", db_index=False
    )
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="credits")
    colour = models.CharField(max_length=12, choices=point_kind_choices)
    # Hundredths of a masterpoint; negative only for an adjustment.
    points = models.IntegerField()
    source = models.CharField(max_length=11, choices=Source.choices)
    period = models.ForeignKey(
        "centre.Period", on_delete=models.PROTECT, related_name="credits", db_index=False
    )
    state = models.CharField(max_length=11, choices=State.choices, default=State.PROVISIONAL)
    upload = models.ForeignKey(
        "awards.CreditUpload",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="credits",
    )
    # Never searched by: no index (a user is deactivated, not deleted).
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", db_index=False
    )
    adjusts = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="adjustments",
        db_index=False,
    )
    reason = models.CharField(max_length=255, blank=True)
    # 1.3.4: what was converted, e.g. "12 New Zealand B points at 1 red point each".
    conversion = models.CharField(max_length=255, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [
            # A player's credits by month, holding every column a statement reads of them:
            # the player page's statement is a range of this index alone (an index-only scan,
            # a few pages in a row), not a page of the table for each credit (awards
            # migration 0027).
            models.Index(
                fields=["player", "period"],
                include=STATEMENT_COLUMNS,
                name="credit_player_lines",
            ),
            models.Index(fields=["period", "state"]),
            # The few adjusting credits only.
            models.Index(
                fields=["adjusts"],
                condition=Q(adjusts__isnull=False),
                name="credit_adjusts_idx",
            ),
        ]
        constraints = [
            # "One credit per player per event per colour"; adjustments are extra lines.
            models.UniqueConstraint(
                fields=["player", "event", "colour"],
                condition=~Q(source="adjustment"),
                name="one_credit_per_player_event_colour",
            ),
            models.CheckConstraint(
                condition=Q(source="adjustment") | Q(points__gt=0),
                name="credit_points_positive",
            ),
            models.CheckConstraint(
                condition=~Q(source="adjustment") | (~Q(points=0) & ~Q(reason="")),
                name="adjustment_has_points_and_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.points / 100:.2f} {self.colour} ({self.state})"


class HeldCredit(models.Model):
    """1.3.2: a credit won by an inactive player, held until reactivation or forfeited."""

    class Status(models.TextChoices):
        HELD = "held", "Held"
        CREDITED = "credited", "Credited on reactivation"
        FORFEITED = "forfeited", "Forfeited"

    player = models.ForeignKey(
        "players.Player", on_delete=models.PROTECT, related_name="held_credits"
    )
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="held_credits")
    colour = models.CharField(max_length=12, choices=point_kind_choices)
    points = models.PositiveIntegerField()
    upload = models.ForeignKey(
        "awards.CreditUpload", null=True, blank=True, on_delete=models.PROTECT, related_name="held"
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.HELD)
    credit = models.OneToOneField(
        Credit, null=True, blank=True, on_delete=models.PROTECT, related_name="released_from"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "event", "colour"], name="one_held_credit_per_event_colour"
            ),
            models.CheckConstraint(condition=Q(points__gt=0), name="held_points_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.points} {self.colour} held ({self.status})"


class PlayerTotals(models.Model):
    """A player's points of one kind (the scheme's: ABF green, red, gold; NZ A, B, C; the
    ACBL's six colours) in one calendar year, provisional and approved.

    Kept in the same transaction as every credit and every approval, so that a lookup reads a
    handful of rows instead of the ledger; `awards.ledger.selectors.totals_disagreements` recomputes
    them from the ledger to show that they always agree. The year is that of the credit's
    month (its period). A kind a player never had has no row.
    """

    # Indexed by the unique constraint below, which begins with the player.
    player = models.ForeignKey(
        "players.Player", on_delete=models.PROTECT, related_name="totals", db_index=False
    )
    year = models.PositiveSmallIntegerField()
    # The point-kind code, as Credit.colour.
    kind = models.CharField(max_length=12, choices=point_kind_choices)
    provisional = models.BigIntegerField(default=0)
    approved = models.BigIntegerField(default=0)
    # The points of events not of the year (Event.of_the_year) credited in the year, such as
    # a balance brought forward: held before the year, so in the lifetime and in the rank at
    # 1 January of this year and later, but never in the year's own points.
    brought_forward = models.BooleanField(default=False, db_default=False)

    class Meta:
        verbose_name = "player's totals of a year"
        verbose_name_plural = "player totals by year"
        constraints = [
            models.UniqueConstraint(
                fields=["player", "year", "brought_forward", "kind"],
                name="one_totals_row_per_year_and_kind",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} totals of {self.player_id} in {self.year}"


class PlayerPosition(models.Model):
    """A player's approved total of every colour (with the pre-1982 red points), as at the
    last month close, kept for the national position (1.4.4).

    An upload's provisional points do not move it. The place itself is counted from
    `PositionCount` at the read (`awards.ledger.services.positions`), so a close writes the rows of
    the players it credited and no others. No index holds the total: its update stays in its
    page (migration 0011's fill factor).
    """

    player = models.OneToOneField(
        "players.Player", primary_key=True, on_delete=models.CASCADE, related_name="+"
    )
    total = models.BigIntegerField()

    def __str__(self) -> str:
        return f"{self.player_id}: {self.total}"


class PositionCount(models.Model):
    """How many players' kept totals (PlayerPosition) fall in one range of totals: at level
    0 a single total, at level 1 a whole point, at level 2 a hundred points
    (`awards.ledger.services.positions.COUNT_WIDTHS`); `bucket` is the total divided by the width,
    rounded down. A place is one more than the players counted above it."""

    # One row per range: the range is the key, and the only index (the counts are updated
    # at each close; migration 0021 leaves room in each page for their new versions).
    pk = models.CompositePrimaryKey("level", "bucket")
    level = models.PositiveSmallIntegerField()
    bucket = models.BigIntegerField()
    players = models.IntegerField()

    def __str__(self) -> str:
        return f"level {self.level}, range {self.bucket}: {self.players}"
