from django.db import models
from django.db.models import Q


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
    def is_special(self) -> bool:
        return self.kind != self.Kind.ORDINARY

    @property
    def pays_capitation(self) -> bool:
        return not self.is_special
