from zoneinfo import ZoneInfo, available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q

from centre.schemes import current_scheme


def time_zone_valid(name: str) -> None:
    """A time zone by its IANA name ("America/Los_Angeles")."""
    if name and name not in available_timezones():
        raise ValidationError(
            f"{name!r} is not a time zone: give its IANA name, such as America/Los_Angeles."
        )


class State(models.Model):
    """A state or territory association (1.2)."""

    code = models.CharField(max_length=3, unique=True)
    name = models.CharField(max_length=60, unique=True)
    # 2.6: a state may opt out of authorising red-point credit sets; then none is needed.
    requires_authorisation = models.BooleanField(default=True)

    class Meta:
        ordering = ["code"]

    def __str__(self) -> str:
        return self.code


class CongressOrganiser(models.Model):
    """5.4.1: the body that runs a congress of a state (its committee, or a club acting as
    one). The Centre reports the congress's masterpoints to its convener, with a copy to the
    State Masterpoint Secretary, and invoices the organiser for them (8.1)."""

    state = models.ForeignKey(State, on_delete=models.PROTECT, related_name="congress_organisers")
    name = models.CharField(max_length=120)
    convener_name = models.CharField(max_length=120, blank=True)
    convener_email = models.EmailField(blank=True)
    postal_address = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["state__code", "name"]
        constraints = [
            models.UniqueConstraint(fields=["state", "name"], name="congress_organiser_named_once"),
            models.CheckConstraint(condition=~Q(name=""), name="congress_organiser_has_a_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.state_id and self.state.code})"


class Club(models.Model):
    class Kind(models.TextChoices):
        ORDINARY = "ordinary", "Club"
        # 1.3.3 and 1.3.6: the special clubs pay no capitation.
        FOREIGN = "foreign", "Foreign Players"
        NZ = "nz", "NZ Players"
        ENGLISH = "english", "English Players"
        YOUTH = "youth", "Youth Players"

    number = models.PositiveIntegerField(unique=True)
    name = models.CharField(max_length=120)
    state = models.ForeignKey(
        State, null=True, blank=True, on_delete=models.PROTECT, related_name="clubs"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.ORDINARY)
    # Guide F4: the masterpoint secretary is the one official channel to the club.
    secretary_name = models.CharField(max_length=120, blank=True)
    secretary_email = models.EmailField(blank=True)
    postal_address = models.TextField(blank=True)
    affiliated = models.BooleanField(default=True)
    affiliated_since = models.DateField(null=True, blank=True)
    sessions_per_year = models.PositiveIntegerField(default=0)
    # 2.6: more than 40 km from the next club.
    remote = models.BooleanField(default=False)
    founded_year = models.PositiveSmallIntegerField(null=True, blank=True)
    # Under a scheme whose clubs keep their own clocks (the ACBL's): the club's IANA time zone,
    # whose days decide the month of its awards; blank for the scheme's (Scheme.time_zone).
    time_zone = models.CharField(
        max_length=40, blank=True, db_default="", validators=[time_zone_valid]
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind="ordinary") | Q(state__isnull=False),
                name="ordinary_club_belongs_to_a_state",
            )
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    @property
    def zone(self) -> ZoneInfo:
        """The clock of the club's awards: its own under a scheme whose clubs keep their own
        (`Scheme.clubs_keep_own_time`), else the scheme's."""
        scheme = current_scheme()
        if self.time_zone and scheme.clubs_keep_own_time:
            return ZoneInfo(self.time_zone)
        return scheme.zone

    @property
    def is_special(self) -> bool:
        """1.3.3, 1.3.6: one of the scheme's special clubs (`Scheme.special_clubs`)."""
        return self.kind in current_scheme().special_clubs

    @property
    def is_youth_club(self) -> bool:
        """1.3.6: the Youth Players' Club, whose records the ABF Youth Coordinator keeps."""
        return self.kind == self.Kind.YOUTH

    @property
    def pays_capitation(self) -> bool:
        """1.3.3, 1.3.6: "no capitation fees are levied" on the special clubs' members."""
        return not self.is_special


class ClubChange(models.Model):
    """The history of a club's details, as a player's is kept: who changed what, and when
    (guide F4). Each row is the change of one save: field -> [before, after]."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="changes")
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    action = models.CharField(max_length=40)
    changes = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} of club {self.club_id} at {self.at:%Y-%m-%d %H:%M}"


class B4cEntitlement(models.Model):
    """2.6: a club's B4c sessions for one calendar year, computed each October.

    The parts are kept apart so that a club (and the public page of the state's allocations,
    guide B3.1) can see why it has what it has; `granted` is the sum of the state secretary's
    grants, which a recomputation never touches.
    """

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="b4c_entitlements")
    year = models.PositiveSmallIntegerField()
    base = models.PositiveSmallIntegerField(default=0)
    # Hundredths of a green point issued in the club's events in the twelve months to
    # 30 September of the year before, and the sessions they earn.
    green_issued = models.BigIntegerField(default=0)
    green_sessions = models.PositiveSmallIntegerField(default=0)
    remote = models.PositiveSmallIntegerField(default=0)
    granted = models.PositiveSmallIntegerField(default=0)
    total = models.PositiveSmallIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["year", "club__number"]
        constraints = [
            models.UniqueConstraint(fields=["club", "year"], name="one_b4c_entitlement_per_year"),
            models.CheckConstraint(
                condition=Q(
                    total=models.F("base")
                    + models.F("green_sessions")
                    + models.F("remote")
                    + models.F("granted")
                ),
                name="b4c_total_is_the_sum_of_its_parts",
            ),
        ]

    def __str__(self) -> str:
        return f"B4c {self.year} of club {self.club_id}: {self.total}"


class B4cGrant(models.Model):
    """2.6: extra B4c sessions granted by the state secretary, with the reason.

    A Bridge Day for an anniversary that is a multiple of 25 years, or (guide B3.1) an approved
    one-off fundraising event.
    """

    entitlement = models.ForeignKey(B4cEntitlement, on_delete=models.PROTECT, related_name="grants")
    sessions = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=200)
    granted_by = models.ForeignKey("centre.User", on_delete=models.PROTECT, related_name="+")
    granted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["granted_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(sessions__gt=0), name="b4c_grant_is_positive"),
            models.CheckConstraint(condition=~Q(reason=""), name="b4c_grant_has_a_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.sessions} B4c sessions: {self.reason}"
