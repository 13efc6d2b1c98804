import calendar

from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models import Q
from knox.models import AbstractAuthToken


class Role(models.TextChoices):
    CLUB_SECRETARY = "club", "Club masterpoint secretary"
    STATE_SECRETARY = "state", "State masterpoint secretary"
    STAFF = "staff", "Centre staff"
    # 1.6, 5.4.1, 7.5.1: the officer the ABF Masterpoint Unit nominates to issue gold points.
    GOLD_COORDINATOR = "gold", "Goldpoint Coordinator"
    # 1.6, 5.4.1, 7.5.7; guide B4, D4: a state secretary's nominee who masterpoints the
    # state's congresses and events and its GNOT qualifying rounds.
    ORGANISER = "organiser", "Tournament organiser"


class CentreUserManager(UserManager):
    def create_superuser(self, username, email=None, password=None, **extra_fields):
        extra_fields.setdefault("role", Role.STAFF)
        return super().create_superuser(username, email, password, **extra_fields)


class User(AbstractUser):
    """A login: one per club, one per state, and one per member of the centre's staff; the
    Goldpoint Coordinator's; and the tournament organisers each state nominates (any number).

    1.3.6: the Youth Players' Club's login is the ABF Youth Coordinator's: a club login whose
    club is the Youth Players' Club (`is_youth_coordinator`).
    """

    role = models.CharField(max_length=9, choices=Role.choices)
    club = models.OneToOneField(
        "clubs.Club",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="secretary_login",
        help_text="The club whose masterpoint secretary this login is.",
    )
    state = models.ForeignKey(
        "clubs.State",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="logins",
        help_text="The state whose masterpoint secretary (or nominated organiser) this login is.",
    )
    revoke_tokens_on_password_change = models.BooleanField(
        default=True,
        # Also the database's default: a row written by code that knows nothing of the field
        # (a migration's historical model of an earlier state) still gets it.
        db_default=True,
        help_text="Revoke all of this login's API tokens when its password is changed or reset "
        "(the login's own choice, on its API tokens page).",
    )

    objects = CentreUserManager()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(role=Role.CLUB_SECRETARY, club__isnull=False, state__isnull=True)
                    | Q(role=Role.STATE_SECRETARY, club__isnull=True, state__isnull=False)
                    | Q(role=Role.STAFF, club__isnull=True, state__isnull=True)
                    | Q(role=Role.GOLD_COORDINATOR, club__isnull=True, state__isnull=True)
                    | Q(role=Role.ORGANISER, club__isnull=True, state__isnull=False)
                ),
                name="user_role_matches_its_club_or_state",
            ),
            # One masterpoint secretary per state; a state nominates as many organisers as
            # it needs (5.4.1).
            models.UniqueConstraint(
                fields=["state"],
                condition=Q(role=Role.STATE_SECRETARY),
                name="one_secretary_login_per_state",
            ),
        ]

    @property
    def is_club_secretary(self) -> bool:
        return self.role == Role.CLUB_SECRETARY

    @property
    def is_state_secretary(self) -> bool:
        return self.role == Role.STATE_SECRETARY

    @property
    def is_centre_staff(self) -> bool:
        return self.role == Role.STAFF

    @property
    def is_gold_coordinator(self) -> bool:
        return self.role == Role.GOLD_COORDINATOR

    @property
    def is_organiser(self) -> bool:
        """A tournament organiser nominated by the state secretary (5.4.1)."""
        return self.role == Role.ORGANISER

    @property
    def is_youth_coordinator(self) -> bool:
        """1.3.6: the login of the Youth Players' Club is the ABF Youth Coordinator's."""
        return self.is_club_secretary and self.club is not None and self.club.is_youth_club

    @property
    def issuer_role(self) -> str:
        """The role scheme.abf.issuers knows this login by: its role, except that the Youth
        Coordinator's club login issues nothing (1.3.6: the club runs no events)."""
        return "youth" if self.is_youth_coordinator else self.role


class Period(models.Model):
    """One calendar month of the scheme (Sydney time): the month each credit belongs to.

    App. E: awards are provisional until the Centre approves them and closes the month; the
    month close runs in chunks and keeps its progress here so that it can be watched and
    resumed.
    """

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        CLOSING = "closing", "Closing"
        CLOSED = "closed", "Closed"

    year = models.PositiveSmallIntegerField()
    month = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=7, choices=Status.choices, default=Status.OPEN)
    close_started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        "centre.User", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # Progress of the month close: credits to approve, approved so far, the step under way.
    close_total = models.PositiveIntegerField(default=0)
    close_done = models.PositiveIntegerField(default=0)
    close_step = models.CharField(max_length=80, blank=True)
    # The last sign of life of a run of the close under way (queued, a chunk approved, a step
    # begun); empty when no run is under way. Silent too long, its worker was lost.
    close_progress_at = models.DateTimeField(null=True, blank=True)
    # The post-close steps already run (centre.services.POST_CLOSE_STEPS), so none runs twice.
    close_steps_done = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["year", "month"]
        constraints = [
            models.UniqueConstraint(fields=["year", "month"], name="one_period_per_month"),
            models.CheckConstraint(
                condition=Q(month__gte=1, month__lte=12), name="period_month_is_1_to_12"
            ),
            models.CheckConstraint(
                condition=~Q(status="closed") | Q(closed_at__isnull=False),
                name="closed_period_has_its_close_time",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.year}-{self.month:02d}"

    @property
    def label(self) -> str:
        return f"{calendar.month_name[self.month]} {self.year}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    def next_month(self) -> tuple[int, int]:
        return (self.year + 1, 1) if self.month == 12 else (self.year, self.month + 1)

    @property
    def progress_percent(self) -> int:
        if not self.close_total:
            return 100 if self.status == self.Status.CLOSED else 0
        return min(100, self.close_done * 100 // self.close_total)


class SentEmail(models.Model):
    """An email sent once, by the key that names what it was about (centre.mail)."""

    key = models.CharField(max_length=200, unique=True)
    sent_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.key


class ApiToken(AbstractAuthToken):
    """A program's API token (django-rest-knox): only its SHA-512 digest is kept, with the
    first characters of the key to find it by, its expiry, a name its owner chose and when it
    was last used. The key itself is shown once, when it is made (centre.tokens)."""

    name = models.CharField(max_length=80)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.user})"


class Deployment(models.Model):
    """The scheme this database's register was made under (centre.deployment): one row,
    written by the first seeding or start, so that the register never runs under another
    scheme, whose kinds of point and ranks would not read it."""

    scheme = models.CharField(max_length=20)
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(id=1), name="deployment_one_row")]

    def __str__(self) -> str:
        return self.scheme
