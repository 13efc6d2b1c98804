"""Reads of the centre's own records: the months and their closes."""

from dataclasses import dataclass

from django.db.models import Count, F, Q, QuerySet, Sum

from awards.models import Authorisation, CreditUpload
from centre.models import Period
from operations.close_run import close_steps, month_close_failures, step_label, step_needs
from operations.models import MonthCloseFailure


def periods_with_counts() -> QuerySet[Period]:
    """Every month with credits, newest first, with its provisional and approved counts."""
    return Period.objects.annotate(
        provisional=Count("credits", filter=Q(credits__state="provisional")),
        approved=Count("credits", filter=Q(credits__state="approved")),
        points=Sum("credits__points"),
    ).order_by("-year", "-month")


@dataclass(frozen=True)
class CloseStepRow:
    """One post-close step of a month as its page shows it."""

    name: str
    label: str
    state: str  # "done", "running", "failed", "waiting" (for a step it needs) or "to do"
    failure: MonthCloseFailure | None
    waits_for: tuple[str, ...]


def month_close_steps(*, period: Period) -> list[CloseStepRow]:
    """The post-close steps of a month, in order, each with its state and any failure."""
    failures = {failure.step: failure for failure in month_close_failures(period=period)}
    done = set(period.close_steps_done)
    rows = []
    for name, _ in close_steps():
        waits_for = tuple(need for need in step_needs(name) if need not in done)
        if name in done:
            state = "done"
        elif period.close_step == name:
            state = "running"
        elif name in failures:
            state = "failed"
        elif waits_for:
            state = "waiting"
        else:
            state = "to do"
        rows.append(
            CloseStepRow(
                name=name,
                label=step_label(name),
                state=state,
                failure=failures.get(name),
                waits_for=tuple(step_label(need) for need in waits_for),
            )
        )
    return rows


@dataclass(frozen=True)
class MonthCloseWaiting:
    """What is still waiting when a month is about to close: uploads checked but not yet
    confirmed (their credits would go to the next month), and authorisations (2.6) whose
    points are not all credited."""

    uploads: QuerySet[CreditUpload]
    authorisations: QuerySet[Authorisation]

    @property
    def anything(self) -> bool:
        return self.uploads.exists() or self.authorisations.exists()


def month_close_waiting(*, period: Period) -> MonthCloseWaiting:
    """The ledger's unfinished business the month page lists before its close button."""
    return MonthCloseWaiting(
        uploads=CreditUpload.objects.filter(status=CreditUpload.Status.CHECKED)
        .select_related("club", "state", "uploaded_by")
        .order_by("created_at", "id"),
        authorisations=Authorisation.objects.filter(credited__lt=F("amount"))
        .select_related("club", "state")
        .order_by("issued_at", "id"),
    )
