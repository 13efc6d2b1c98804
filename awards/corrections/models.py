"""A correction of the ledger, kept as made: what was corrected, by whom, when and why, and
the credits it wrote (reversing the wrong ones, crediting the right ones). The ledger itself
is never changed (App. E; the credits' triggers, migration 0006)."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, Event


class Correction(models.Model):
    """One correction by centre staff: every credit it wrote is linked to it
    (`CorrectionCredit`), each adjusting the credit it corrects (`Credit.adjusts`)."""

    class Kind(models.TextChoices):
        REVERSAL = "reversal", "Upload reversed"
        MOVE = "move", "Credit moved to the right player"
        AMOUNT = "amount", "Amount corrected"
        GRADE = "grade", "Grade corrected"
        MERGE = "merge", "Records merged"

    kind = models.CharField(max_length=8, choices=Kind.choices)
    reason = models.CharField(max_length=500)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    made_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # The open month the correcting credits went to (App. E): a closed month is never written.
    period = models.ForeignKey("centre.Period", on_delete=models.PROTECT, related_name="+")
    # A reversal's upload; for the other kinds the upload the corrected credit came from.
    upload = models.ForeignKey(
        CreditUpload, null=True, blank=True, on_delete=models.PROTECT, related_name="corrections"
    )
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.PROTECT, related_name="corrections"
    )
    # A grade corrected: the event again, with the right grade, which takes the credits.
    new_event = models.OneToOneField(
        Event, null=True, blank=True, on_delete=models.PROTECT, related_name="corrected_from"
    )
    # The record corrected: the wrong player of a move, the player of an amount, the
    # retired record of a merge.
    player = models.ForeignKey(
        "players.Player",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="corrections",
    )
    # The right player of a move; the record kept by a merge.
    other_player = models.ForeignKey(
        "players.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # The club whose event or upload it corrects (its secretary is told, and reads it).
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # What the correction found and did, in the words its page shows: the points before and
    # after, the grades, the keys the reversed upload held, the history and alternates moved.
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-made_at", "-id"]
        indexes = [models.Index(fields=["kind", "made_at"], name="correction_kind_made_at")]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="correction_has_a_reason"),
            # The same request sent twice never corrects twice.
            models.UniqueConstraint(
                fields=["upload"], condition=Q(kind="reversal"), name="upload_reversed_once"
            ),
            models.UniqueConstraint(
                fields=["event"], condition=Q(kind="grade"), name="event_grade_corrected_once"
            ),
            models.UniqueConstraint(
                fields=["player"], condition=Q(kind="merge"), name="record_retired_once"
            ),
            models.CheckConstraint(
                condition=~Q(kind="reversal") | Q(upload__isnull=False, event__isnull=False),
                name="reversal_names_its_upload",
            ),
            models.CheckConstraint(
                condition=~Q(kind="grade") | Q(event__isnull=False, new_event__isnull=False),
                name="grade_correction_names_both_events",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=("move", "merge"))
                | (
                    Q(player__isnull=False, other_player__isnull=False)
                    & ~Q(player=models.F("other_player"))
                ),
                name="move_and_merge_name_two_players",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=("move", "amount")) | Q(event__isnull=False),
                name="credit_correction_names_its_event",
            ),
        ]

    def __str__(self) -> str:
        return f"Correction {self.pk}: {self.get_kind_display()}"


class CorrectionCredit(models.Model):
    """A credit a correction wrote: reversing a wrong one, or crediting the right one."""

    class Role(models.TextChoices):
        REVERSING = "reversing", "Reversing"
        NEW = "new", "New"

    correction = models.ForeignKey(Correction, on_delete=models.PROTECT, related_name="links")
    credit = models.OneToOneField(Credit, on_delete=models.PROTECT, related_name="correction_link")
    role = models.CharField(max_length=9, choices=Role.choices)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.role} credit {self.credit_id} of correction {self.correction_id}"
