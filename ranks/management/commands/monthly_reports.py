"""By hand: a closed month's club reports (1.4.3), and the emails not yet sent."""

from django.core.management.base import BaseCommand, CommandParser

from ranks import monthly_reports
from ranks.management.commands.promotions_run import closed_period


class Command(BaseCommand):
    help = (
        "Issue each club's monthly report for a closed month (the month close does this "
        "itself) and queue every one not yet emailed. A report is emailed once only."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--period", help="the closed month, YYYY-MM (default: the latest)")

    def handle(self, *args, period: str | None, **options) -> None:
        month = closed_period(period)
        # Issuing queues the email of every report of the month not yet sent.
        reports = monthly_reports.club_monthly_reports_issue(period=month)
        unsent = [r for r in reports if r.emailed_at is None and r.club.secretary_email]
        self.stdout.write(
            f"{month.label}: {len(reports)} club report(s); {len(unsent)} email(s) queued."
        )
