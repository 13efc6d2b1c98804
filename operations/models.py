from django.db import models

from centre.models import Period, User


class MonthCloseFailure(models.Model):
    """A post-close step of a month that raised: which step, the error, when, how often.

    Kept on the month until the step runs: then `resolved_at` says when, and the month page
    stops showing it. One row per month and step; each new failure updates it.
    """

    period = models.ForeignKey(Period, on_delete=models.PROTECT, related_name="close_failures")
    step = models.CharField(max_length=40)
    error = models.TextField()
    failed_at = models.DateTimeField()
    attempts = models.PositiveIntegerField(default=1)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["period", "failed_at"]
        constraints = [
            models.UniqueConstraint(fields=["period", "step"], name="one_failure_per_close_step")
        ]

    def __str__(self) -> str:
        return f"{self.period} {self.step}: {self.error[:60]}"


class EarlyClose(models.Model):
    """A month closed before it ended (Sydney time): staff chose it, and who and when is kept.

    App. E: a month is closed once it is over; an early close is a deliberate exception.
    """

    period = models.OneToOneField(Period, on_delete=models.PROTECT, related_name="early_close")
    chosen_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    chosen_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.period} closed early by {self.chosen_by} at {self.chosen_at:%Y-%m-%d %H:%M}"
