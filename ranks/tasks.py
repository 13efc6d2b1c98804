"""The scheduled jobs of ranks and reports (centre.settings CELERY_BEAT_SCHEDULE) and the
refresh of a year's standings a public read queues (`ranks.standings.standings_served`): each
calls a service. The emails the services queue are tasks of `ranks.emails`."""

from celery import shared_task
from django.utils import timezone

from ranks import kept_standings, ranking_reports as reports
from ranks.grading import grades_regrade as regrade
from scheme.core.calendar import previous_quarter_of


@shared_task
def ranking_reports(year: int | None = None, quarter: int | None = None) -> int:
    """1.4.3: at the start of a quarter, issue each club's ranking report for the one just
    ended and email them; run again, it issues and sends nothing twice."""
    if year is None or quarter is None:
        year, quarter = previous_quarter_of(timezone.localdate())
    issued = reports.ranking_reports_issue(year=year, quarter=quarter)
    reports.ranking_reports_email(year=year, quarter=quarter)
    return len(issued)


@shared_task
def grades_regrade(year: int | None = None) -> int:
    """NZ: on 1 February, every player's Rating Points and grade for the year; run again,
    it writes the same figures."""
    return regrade(year=year or timezone.localdate().year)


@shared_task
def standings_refresh_stale(year: int) -> bool:
    """1.7.2: the year's standings kept again if the approved totals have moved on since they
    were kept, out of the request that found them older; run again, it finds them current.
    A task lost before it ends is queued again by a reader once its key lapses."""
    return kept_standings.standings_refresh_stale(year=year)
