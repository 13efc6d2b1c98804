from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from tqdm import tqdm

from ranks import ranking_reports as reports
from scheme.core.calendar import previous_quarter_of as previous_quarter


class Command(BaseCommand):
    help = (
        "Issue every club's player ranking report for a quarter (1.4.3) and email them. "
        "Safe to run again: a report is issued once and emailed once."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--year", type=int)
        parser.add_argument("--quarter", type=int, choices=[1, 2, 3, 4])
        parser.add_argument("--no-email", action="store_true")

    def handle(self, *args, year, quarter, no_email, **options) -> None:
        if (year is None) != (quarter is None):
            raise CommandError("Give both --year and --quarter, or neither for the last quarter.")
        if year is None:
            year, quarter = previous_quarter(timezone.localdate())
        clubs = list(reports.reporting_clubs())
        with tqdm(total=len(clubs), desc=f"{year}-Q{quarter}", file=self.stdout) as bar:
            issued = reports.ranking_reports_issue(
                year=year, quarter=quarter, clubs=clubs, progress=lambda club: bar.update(1)
            )
        self.stdout.write(f"Issued {len(issued)} ranking reports for {year}-Q{quarter}.")
        if not no_email:
            queued = reports.ranking_reports_email(year=year, quarter=quarter)
            self.stdout.write(f"Queued {queued} emails.")
