from django.conf import settings
from django.db import models
from django.db.models import Q

from clubs.models import Club
from scheme.abf.ranks import RANKS, Rank

# 1.8: Graduate Master is 1, Diamond Grand Master 21 (scheme.abf.ranks.RANKS); 0 is unranked.
RANK_COUNT = len(RANKS)


class Player(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        INACTIVE = "inactive", "Inactive"
        DECEASED = "deceased", "Deceased"

    # Issued once, kept for life, never reused (Appendix A).
    abf_number = models.CharField("ABF number", max_length=7, unique=True)
    given_names = models.CharField(max_length=80)
    family_name = models.CharField(max_length=80)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    email = models.EmailField(blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.ACTIVE)
    home_club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="home_members"
    )
    alternate_clubs = models.ManyToManyField(
        Club, through="Alternate", related_name="alternate_members", blank=True
    )
    # 1.8 notes: red points won before 1982, in hundredths.
    pre_1982_red = models.PositiveIntegerField(default=0)
    registered_at = models.DateTimeField(auto_now_add=True)
    # 1.3.2, App. C 7: the home club asked (January to midday 31 March) that the membership
    # not be renewed; the 1 April update makes the player inactive.
    cancellation_requested_at = models.DateTimeField(null=True, blank=True)
    # 1.4.4: the rank held, as reached at the last month close (the order of the rank in 1.8,
    # 1 Graduate Master to 21 Diamond Grand Master; 0 below Graduate Master). Kept on the
    # player row, which every lookup reads anyway, so showing a rank costs no join; the
    # promotions that raised it are in Promotion.
    rank_order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["family_name", "given_names", "abf_number"]
        indexes = [
            models.Index(fields=["family_name", "given_names"]),
            models.Index(fields=["given_names"], name="players_given_names_idx"),
        ]
        constraints = [
            # Only a home member who is still active can have a cancellation pending.
            models.CheckConstraint(
                condition=Q(cancellation_requested_at__isnull=True) | Q(status="active"),
                name="cancellation_only_for_active_players",
            ),
            # Exactly one home club while active.
            models.CheckConstraint(
                condition=~Q(status="active") | Q(home_club__isnull=False),
                name="active_player_has_a_home_club",
            ),
            models.CheckConstraint(
                condition=Q(abf_number__regex=r"^[0-9]{7}$"),
                name="abf_number_is_seven_digits",
            ),
            models.CheckConstraint(
                condition=Q(rank_order__lte=RANK_COUNT), name="player_rank_is_one_of_the_21"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.abf_number} {self.full_name}"

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.family_name}"

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def rank(self) -> Rank | None:
        """The rank held as of the last month close (1.4.4), or None below Graduate Master."""
        return RANKS[self.rank_order - 1] if self.rank_order else None


class Alternate(models.Model):
    """A player's membership of a club other than their home club."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="alternates")
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="alternates")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "club"], name="alternate_once_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.player.abf_number} alternate at {self.club.number}"


class PlayerChange(models.Model):
    """The history of a player's record: who changed what, and when."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="changes")
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.PROTECT)
    action = models.CharField(max_length=40)
    changes = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} of {self.player.abf_number} at {self.at:%Y-%m-%d %H:%M}"


class AbfNumberSequence(models.Model):
    """The next serial to issue. One row, locked while a number is issued."""

    next_serial = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(next_serial__lte=999999), name="abf_serial_has_six_digits"
            )
        ]

    def __str__(self) -> str:
        return f"next ABF serial {self.next_serial}"
