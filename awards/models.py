"""Events, the ledger of credits, uploads, authorisations and the totals kept from them."""

from operator import itemgetter
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from centre.schemes import current_scheme, grade_choices, point_kind_choices
from scheme.abf import issuers
from scheme.abf.grades import ABF_GRADES
from scheme.abf.ranks import RANKS, Rank

# 2.6, 2.7, 6.2.1: the red grades a state secretary may authorise, in the order of 1.5.1
# (a tuple, for choices and the database constraint).
AUTHORISED_GRADES = tuple(code for code in ABF_GRADES if code in issuers.AUTHORISED_GRADES)


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
        return f"{self.name} ({self.grade}, {self.starts_on:%d/%m/%Y})"

    @property
    def colour(self) -> str:
        return grade_colour(self.grade) if self.grade else ""


class Authorisation(models.Model):
    """2.6: a state secretary's number for one set of red-point credits, with its amount."""

    number = models.CharField(max_length=20, unique=True)
    state = models.ForeignKey("clubs.State", on_delete=models.PROTECT, related_name="+")
    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="+")
    event_name = models.CharField(max_length=160)
    grade = models.CharField(max_length=3, choices=[(g, g) for g in AUTHORISED_GRADES])
    amount = models.PositiveIntegerField(help_text="Hundredths of a red point approved.")
    credited = models.PositiveIntegerField(default=0)
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-issued_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="authorised_amount_positive"),
            # 2.6: "provided that the amount is less than or equal to" the amount authorised.
            models.CheckConstraint(
                condition=Q(credited__lte=models.F("amount")),
                name="authorisation_never_exceeded",
            ),
            models.CheckConstraint(
                condition=Q(grade__in=AUTHORISED_GRADES), name="authorisation_grade_is_red"
            ),
        ]

    def __str__(self) -> str:
        return self.number

    @property
    def remaining(self) -> int:
        return self.amount - self.credited


class PreviewField(models.JSONField):
    """A JSON object whose "lines", a list of objects with the same keys, are stored as one
    list of the keys and a row of values a line: the check's preview of an upload, which
    repeats the same nine keys on each of up to 20,000 lines.

    Stored so, a 20,000-line file's preview is 1.4 MB of JSON rather than 3.8 MB, and is
    written and read back in about half the time; read back, its lines are objects again.
    A preview stored with its lines as objects (as before) is read as it is.
    """

    def get_prep_value(self, value: Any) -> Any:
        return super().get_prep_value(_lines_as_rows(value))

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        return _rows_as_lines(super().from_db_value(value, expression, connection))


def _lines_as_rows(value: Any) -> Any:
    lines = value.get("lines") if isinstance(value, dict) else None
    if not isinstance(lines, list) or not lines or not isinstance(lines[0], dict):
        return value
    keys = list(lines[0])
    if len(keys) < 2:
        return value
    try:
        rows = list(map(itemgetter(*keys), lines))
    except (KeyError, TypeError):  # a line without one of the keys, or not an object
        return value
    # Every line has each key of the first: as many keys in all, and none has another.
    if sum(map(len, lines)) != len(keys) * len(lines):
        return value
    return {**value, "lines": {"keys": keys, "rows": rows}}


def _rows_as_lines(value: Any) -> Any:
    lines = value.get("lines") if isinstance(value, dict) else None
    if not isinstance(lines, dict) or set(lines) != {"keys", "rows"}:
        return value
    keys = lines["keys"]
    return {**value, "lines": [dict(zip(keys, row, strict=True)) for row in lines["rows"]]}


class CreditUpload(models.Model):
    """A credit file (or on-screen entry) checked and kept until it is credited or cancelled.

    App. E lost an upload that was not processed when the secretary navigated away; here it
    is kept, with the result of its check, until confirmed or cancelled.
    """

    class Status(models.TextChoices):
        CHECKED = "checked", "Checked, waiting for confirmation"
        CREDITED = "credited", "Credited"
        CANCELLED = "cancelled", "Cancelled"

    class Source(models.TextChoices):
        FILE = "file", "Credit file"
        CPAR = "cpar", "CPAR entry"
        SUNDRY = "sundry", "Sundry entry"
        RESULTS = "results", "Event results"

    source = models.CharField(max_length=7, choices=Source.choices, default=Source.FILE)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="credit_uploads"
    )
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="uploads"
    )
    state = models.ForeignKey(
        "clubs.State", null=True, blank=True, on_delete=models.PROTECT, related_name="uploads"
    )
    filename = models.CharField(max_length=255)
    content = models.BinaryField()
    sha256 = models.CharField(max_length=64, db_index=True)
    # A correction centre staff credit on purpose, with its reason: the same event or lines
    # again. Its keys below are kept but bind nothing, so it is never refused as a repeat.
    intended = models.BooleanField(
        default=False, help_text="Centre staff credit the same event again on purpose."
    )
    intended_reason = models.CharField(max_length=255, blank=True, default="")
    # Credited once: the event's identity (who ran it, first day, session of the day, grade,
    # name casefolded) and the fingerprint of its lines (the issuer, first day and session
    # with each player's points of each kind, sorted), each a sha256 whatever the file's
    # bytes or the route it came by (awards.services.uploads.upload_keys). Blank for an
    # upload kept before the keys whose event another upload already held. Searched by the
    # unique constraints' partial indexes, which hold the live uploads only.
    event_key = models.CharField(max_length=64, blank=True, default="")
    fingerprint = models.CharField(max_length=64, blank=True, default="")
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.CHECKED)
    # What the event will be when credited: organiser, name, dates, grade, kind, sessions.
    event_details = models.JSONField()
    event = models.OneToOneField(
        Event, null=True, blank=True, on_delete=models.PROTECT, related_name="upload"
    )
    authorisation = models.ForeignKey(
        Authorisation, null=True, blank=True, on_delete=models.PROTECT, related_name="uploads"
    )
    # The check: each line's player, name, home club and points, warnings, totals by kind.
    preview = PreviewField(default=dict)
    line_count = models.PositiveIntegerField(default=0)
    # Hundredths by point-kind code ({"green": 192, "red": 0}), as the check found them.
    totals = models.JSONField(default=dict)
    period = models.ForeignKey(
        "centre.Period", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    credited_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    # 7.5.1: gold points staff upload wait for the Goldpoint Coordinator's approval; their
    # month does not close until the coordinator has given it.
    coordinator_approval_needed = models.BooleanField(default=False)
    coordinator_approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    coordinator_approved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # An event, and a set of lines, credited once: among the uploads waiting or
            # credited, none shares another's key, unless staff credit it again on purpose.
            models.UniqueConstraint(
                fields=["event_key"],
                condition=Q(intended=False, status__in=["checked", "credited"]) & ~Q(event_key=""),
                name="event_credited_once",
            ),
            models.UniqueConstraint(
                fields=["fingerprint"],
                condition=Q(intended=False, status__in=["checked", "credited"])
                & ~Q(fingerprint=""),
                name="lines_credited_once",
            ),
            models.CheckConstraint(
                condition=Q(intended=False, intended_reason="")
                | (Q(intended=True) & ~Q(intended_reason="")),
                name="repeat_on_purpose_has_a_reason",
            ),
            # 7.5.1: an approval is of an upload that needs one, and says who gave it, when.
            models.CheckConstraint(
                condition=Q(
                    coordinator_approved_at__isnull=True, coordinator_approved_by__isnull=True
                )
                | Q(
                    coordinator_approval_needed=True,
                    coordinator_approved_at__isnull=False,
                    coordinator_approved_by__isnull=False,
                ),
                name="coordinator_approval_of_an_upload_that_needs_it",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.filename} ({self.get_status_display()})"

    @property
    def total(self) -> int:
        return sum(self.totals.values())

    def total_of(self, kind: str) -> int:
        return int(self.totals.get(kind, 0))

    @property
    def awaits_coordinator(self) -> bool:
        """7.5.1: gold points of the Centre's still waiting for the coordinator."""
        return self.coordinator_approval_needed and self.coordinator_approved_at is None


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
        CreditUpload, null=True, blank=True, on_delete=models.PROTECT, related_name="credits"
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
            models.Index(fields=["player", "period"]),
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
        CreditUpload, null=True, blank=True, on_delete=models.PROTECT, related_name="held"
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
    handful of rows instead of the ledger; `awards.selectors.totals_disagreements` recomputes
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
    `PositionCount` at the read (`awards.services.positions`), so a close writes the rows of
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
    (`awards.services.positions.COUNT_WIDTHS`); `bucket` is the total divided by the width,
    rounded down. A place is one more than the players counted above it."""

    # One row per range: the range is the key, and the only index (the counts are updated
    # at each close; migration 0021 leaves room in each page for their new versions).
    pk = models.CompositePrimaryKey("level", "bucket")
    level = models.PositiveSmallIntegerField()
    bucket = models.BigIntegerField()
    players = models.IntegerField()

    def __str__(self) -> str:
        return f"level {self.level}, range {self.bucket}: {self.players}"


class AuthorisationRequest(models.Model):
    """2.6, 2.7: a club's request to its state secretary for a B4c or B5i authorisation
    number, with the event's results and the club's credit file; decided once, by issuing the
    number (with its amount) or by refusing it with a reason."""

    class Status(models.TextChoices):
        REQUESTED = "requested", "Requested"
        ISSUED = "issued", "Issued"
        REFUSED = "refused", "Refused"

    GRADES = ("B4c", "B5i")

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="+")
    state = models.ForeignKey("clubs.State", on_delete=models.PROTECT, related_name="+")
    grade = models.CharField(max_length=3, choices=[(g, g) for g in GRADES])
    event_name = models.CharField(max_length=160)
    starts_on = models.DateField()
    ends_on = models.DateField()
    sessions = models.PositiveSmallIntegerField(default=1)
    # 2.6: a B4c session at other times than the club's, approved in the state's register.
    out_of_hours = models.BooleanField("at other times than the club's sessions", default=False)
    # The guide's C3.3 letter: walk-in or fixed field, boards and movement, anything relevant.
    details = models.TextField(blank=True)
    results_filename = models.CharField(max_length=255)
    results_content = models.BinaryField()
    credit_filename = models.CharField(max_length=255)
    credit_content = models.BinaryField()
    # The awards computed when the request was made: each player's points by the club's file
    # and by the rules, the totals and the working.
    computed = models.JSONField(default=dict)
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.REQUESTED)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(blank=True)
    authorisation = models.OneToOneField(
        Authorisation, null=True, blank=True, on_delete=models.PROTECT, related_name="request"
    )

    class Meta:
        ordering = ["-requested_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(grade__in=("B4c", "B5i")), name="authorisation_request_grade"
            ),
            models.CheckConstraint(
                condition=Q(sessions__gte=1), name="authorisation_request_has_a_session"
            ),
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")),
                name="authorisation_request_ends_after_it_starts",
            ),
            # One decision: a request waiting has none; an issued one has its number and no
            # reason; a refused one has its reason and no number.
            models.CheckConstraint(
                condition=(
                    Q(
                        status="requested",
                        decided_by__isnull=True,
                        decided_at__isnull=True,
                        authorisation__isnull=True,
                        reason="",
                    )
                    | Q(
                        status="issued",
                        decided_by__isnull=False,
                        decided_at__isnull=False,
                        authorisation__isnull=False,
                        reason="",
                    )
                    | (
                        Q(
                            status="refused",
                            decided_by__isnull=False,
                            decided_at__isnull=False,
                            authorisation__isnull=True,
                        )
                        & ~Q(reason="")
                    )
                ),
                name="authorisation_request_decided_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_name} ({self.grade}, club {self.club_id}): {self.status}"


class Grant(models.Model):
    """Points granted by the Centre with a reason (1.3.3, 1.3.4 note 2, 1.3.5): a Grand
    Master ranking for an overseas visitor, a new resident's equivalent ranking, retrospective
    points for an immigrant without a masterpoint history or a player from a non-affiliated
    club. Kept as made, never changed: its points are credits of its own event in the ledger
    (`source` grant), and a correction is an adjusting credit like any other."""

    class Basis(models.TextChoices):
        VISITOR = "visitor", "Overseas visitor: Grand Master (1.3.3)"
        RESIDENT = "resident", "New permanent resident: equivalent ranking (1.3.3)"
        RETROSPECTIVE = "retrospective", "Immigrant without a masterpoint history (1.3.4 note 2)"
        NON_AFFILIATED = "non_affiliated", "From a non-affiliated club (1.3.5)"

    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="grants")
    basis = models.CharField(max_length=14, choices=Basis.choices)
    # The rank granted (1.8 order); for a new resident, the ranking achieved in the former
    # country, which 1.7.3 also reads.
    rank_order = models.PositiveSmallIntegerField()
    country = models.CharField(max_length=60, blank=True)
    # 1.3.3: a New Zealand player's A points, each worth at least one gold point.
    nz_a_points = models.DecimalField(max_digits=9, decimal_places=2, null=True, blank=True)
    # 1.3.4 note 2: the State Association's nominated person who assessed the player.
    assessed_by = models.CharField(max_length=120, blank=True)
    reason = models.TextField()
    working = models.TextField()
    green = models.PositiveIntegerField(default=0)
    red = models.PositiveIntegerField(default=0)
    gold = models.PositiveIntegerField(default=0)
    event = models.OneToOneField(Event, on_delete=models.PROTECT, related_name="grant")
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    granted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-granted_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="grant_has_a_reason"),
            models.CheckConstraint(
                condition=Q(green__gt=0) | Q(red__gt=0) | Q(gold__gt=0),
                name="grant_gives_points",
            ),
            # 1.3.3: "with a maximum of Grand Master" (the 17th rank of 1.8).
            models.CheckConstraint(
                condition=Q(rank_order__gte=1, rank_order__lte=17), name="grant_at_most_grand"
            ),
            models.CheckConstraint(
                condition=~Q(basis__in=("retrospective", "non_affiliated")) | ~Q(assessed_by=""),
                name="retrospective_grant_names_its_assessor",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_basis_display()} for {self.player_id}"

    @property
    def rank(self) -> Rank:
        return RANKS[self.rank_order - 1]


class Approval(models.Model):
    """An event the state masterpoint secretary approved in advance, kept in the state's
    register: B5i interclub events (2.7; guide B3.2), B4s state events (6.2.1), B4c sessions
    at other times than the club's (2.6), congresses (5.1.1, 5.1.3) and Bridge Tours and
    Cruises (5.1.2). An approval is never deleted: a defunct event, or a withdrawn approval
    (5.1.2), is cancelled with its reason, and no longer counts."""

    class Kind(models.TextChoices):
        B5I = "b5i", "B5i interclub event (2.7)"
        B4S = "b4s", "B4s state event (6.2.1)"
        B4C_OUT_OF_HOURS = "b4c_other", "B4c session at other times (2.6)"
        CONGRESS = "congress", "Congress (5.1.1, 5.1.3)"
        BRIDGE_TOUR = "tour", "Bridge Tour or Cruise (5.1.2)"

    # The kinds whose approval belongs to one club (the organising club, 2.7).
    CLUB_KINDS = ("b5i", "b4c_other")

    kind = models.CharField(max_length=9, choices=Kind.choices)
    state = models.ForeignKey("clubs.State", on_delete=models.PROTECT, related_name="+")
    # The organising club (a congress's or a tour operator's club, when it has one).
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # 2.7: the clubs taking part in a B5i event, the organising club among them.
    clubs = models.ManyToManyField("clubs.Club", blank=True, related_name="b5i_approvals")
    name = models.CharField(max_length=160)
    # 5.1.2: a tour's convener, when the tour has no club of its own.
    convener = models.CharField(max_length=120, blank=True)
    starts_on = models.DateField()
    ends_on = models.DateField()
    sessions = models.PositiveSmallIntegerField()
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    approved_at = models.DateTimeField(auto_now_add=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancel_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["starts_on", "id"]
        indexes = [models.Index(fields=["state", "kind", "starts_on"], name="approval_register")]
        constraints = [
            models.CheckConstraint(condition=Q(sessions__gte=1), name="approval_has_a_session"),
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")),
                name="approval_ends_after_it_starts",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=("b5i", "b4c_other")) | Q(club__isnull=False),
                name="club_approval_names_its_club",
            ),
            # 2.7: one to four sessions; 2.6: a single session.
            models.CheckConstraint(
                condition=~Q(kind="b5i") | Q(sessions__lte=4), name="b5i_of_one_to_four_sessions"
            ),
            models.CheckConstraint(
                condition=~Q(kind="b4c_other") | Q(sessions=1), name="b4c_other_is_one_session"
            ),
            # Cancelled once, by someone, with a reason; or not at all.
            models.CheckConstraint(
                condition=Q(cancelled_at__isnull=True, cancelled_by__isnull=True, cancel_reason="")
                | (
                    Q(cancelled_at__isnull=False, cancelled_by__isnull=False) & ~Q(cancel_reason="")
                ),
                name="approval_cancelled_with_a_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.name} ({self.starts_on:%d/%m/%Y})"

    @property
    def cancelled(self) -> bool:
        return self.cancelled_at is not None
