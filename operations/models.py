from django.db import models

from centre.models import Period


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
