from django.conf import settings
from django.db import models
from django.db.models import Q

from centre.schemes import current_scheme
from clubs.models import Club
from scheme.base import SchemeRank
from scheme.registry import SCHEMES

# A rank held is its order in the scheme's ladder, 1 its first rank (ABF 1.8: Graduate Master;
# Diamond Grand Master 21) and 0 unranked, up to the longest ladder of the schemes (the ABF's
# 21; NZ has ten ranks, the ACBL's fewer).
RANK_COUNT = max(len(scheme.ranks) for scheme in SCHEMES.values())


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
    # 1.4.2, App. C ("editing details (name, address etc)"), guide F6.1: the postal address,
    # private like the email: read by whoever reads the record in full (the home club, its
    # state secretary, the Centre), changed by the home club and the Centre; never on a
    # public page or to another club. Its lines kept joined by newlines
    # (players.services.common.POSTAL_ADDRESS_LINES).
    postal_address = models.CharField(max_length=300, blank=True, default="", db_default="")
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
    # 1.4.4: the rank held, as reached at the last month close: its order in the scheme's
    # ladder (ABF 1.8: 1 Graduate Master to 21 Diamond Grand Master; 0 below the first). Kept on the
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
    def rank(self) -> SchemeRank | None:
        """The rank held as of the last month close (1.4.4) in the scheme's ladder, or None
        below its first rank (ABF: Graduate Master)."""
        ranks = current_scheme().ranks
        return ranks[self.rank_order - 1] if 0 < self.rank_order <= len(ranks) else None


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


class PlayerGrade(models.Model):
    """NZ Bridge (Outline rules 4 and 6): a player's Rating Points and grade in force from
    1 February of `year`, calculated at 31 December of the year before: the previous Rating
    Points x 0.8 plus that year's A and B points. Kept only under a scheme that grades its
    players (scheme.nz.grading); written by ranks.grading.grades_regrade."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="grades")
    year = models.PositiveSmallIntegerField()
    # Hundredths, as the ledger.
    rating = models.BigIntegerField()
    grade = models.CharField(max_length=12)
    computed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "-year"]
        constraints = [
            models.UniqueConstraint(fields=["player", "year"], name="one_grade_per_player_year"),
            models.CheckConstraint(condition=Q(rating__gte=0), name="rating_points_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.grade} from 1 February {self.year}"

    @property
    def grade_label(self) -> str:
        return self.grade


class GradeDecision(models.Model):
    """NZ Bridge's own decision of a player's grade, over the yearly one (Overseas Master
    Points (d): "All overseas Players, whether visitors or new residents, are graded as Open
    for Tournament play unless clear evidence to the contrary is provided. Any review of grade
    is at the sole discretion of the NZ Bridge Board"). Kept as made: a later decision, or one
    with no grade (back to the yearly grade), replaces it from its day on."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="grade_decisions")
    # "" withdraws the earlier decision: the yearly grade is in force again.
    grade = models.CharField(max_length=12, blank=True)
    # A visitor or new resident from overseas (graded Open unless the office decides
    # otherwise).
    overseas = models.BooleanField(default=False)
    reason = models.CharField(max_length=300)
    starts_on = models.DateField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "-starts_on", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="grade_decision_has_a_reason")
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.grade or 'yearly grade'} from {self.starts_on}"


class Ineligibility(models.Model):
    """A club's declaration that a member is ineligible to receive Master Points (NZ Issue of
    Master Points 6: "A Club has the right to declare a member ineligible to receive Master
    Points"), or its withdrawal: each a row kept as made, the latest of a club in force."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="ineligibilities")
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="ineligibilities")
    # True: declared ineligible; False: the declaration withdrawn.
    ineligible = models.BooleanField()
    reason = models.CharField(max_length=300)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "-at", "-id"]
        indexes = [models.Index(fields=["player", "club"], name="ineligibility_player_club")]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="ineligibility_has_a_reason")
        ]

    def __str__(self) -> str:
        word = "ineligible" if self.ineligible else "eligible again"
        return f"{self.player_id} {word} at club {self.club_id}"
