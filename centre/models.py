from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models import Q


class Role(models.TextChoices):
    CLUB_SECRETARY = "club", "Club masterpoint secretary"
    STATE_SECRETARY = "state", "State masterpoint secretary"
    STAFF = "staff", "Centre staff"


class CentreUserManager(UserManager):
    def create_superuser(self, username, email=None, password=None, **extra_fields):
        extra_fields.setdefault("role", Role.STAFF)
        return super().create_superuser(username, email, password, **extra_fields)


class User(AbstractUser):
    """A login: one per club, one per state, and one per member of the centre's staff."""

    role = models.CharField(max_length=5, choices=Role.choices)
    club = models.OneToOneField(
        "clubs.Club",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="secretary_login",
        help_text="The club whose masterpoint secretary this login is.",
    )
    state = models.OneToOneField(
        "clubs.State",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="secretary_login",
        help_text="The state whose masterpoint secretary this login is.",
    )

    objects = CentreUserManager()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(role=Role.CLUB_SECRETARY, club__isnull=False, state__isnull=True)
                    | Q(role=Role.STATE_SECRETARY, club__isnull=True, state__isnull=False)
                    | Q(role=Role.STAFF, club__isnull=True, state__isnull=True)
                ),
                name="user_role_matches_its_club_or_state",
            )
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
