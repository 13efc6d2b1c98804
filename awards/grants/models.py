"""A grant by the Centre, with its basis, reason and working; its points are credits."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from awards.ledger.models import Event
from scheme.abf.ranks import RANKS, Rank


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
