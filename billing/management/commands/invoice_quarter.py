from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from tqdm import tqdm

from billing import services
from clubs.models import Club
from scheme.core.calendar import previous_quarter_of as previous_quarter


class Command(BaseCommand):
    help = (
        "Invoice every club for a quarter (levies, capitation, penalties; or the scheme's "
        "own fees, and then each region too, for the tournaments it ran) and email the "
        "invoices. Safe to run again: what was issued is not issued twice."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--year", type=int)
        parser.add_argument("--quarter", type=int, choices=[1, 2, 3, 4])
        parser.add_argument("--no-email", action="store_true")

    def handle(self, *args, year, quarter, no_email, **options) -> None:
        today = timezone.localdate()
        if (year is None) != (quarter is None):
            raise CommandError("Give both --year and --quarter, or neither for the last quarter.")
        if year is None:
            year, quarter = previous_quarter(today)
        clubs = list(Club.objects.order_by("number"))
        with tqdm(total=len(clubs), desc=f"{year}-Q{quarter}", file=self.stdout) as bar:
            issued = services.quarter_invoices_issue(
                year=year,
                quarter=quarter,
                issued_on=today,
                clubs=clubs,
                progress=lambda club: bar.update(1),
            )
        self.stdout.write(f"Issued {len(issued)} invoices for {year}-Q{quarter}.")
        if not no_email:
            queued = services.invoices_email(covers=f"{year}-Q{quarter}")
            self.stdout.write(f"Queued {queued} emails.")
