from django.core.management.base import BaseCommand
from django.utils import timezone
from tqdm import tqdm

from billing import services
from clubs.models import Club


class Command(BaseCommand):
    help = "Invoice the annual capitation on every active home member, after 1 April (8.2)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--year", type=int)
        parser.add_argument("--no-email", action="store_true")

    def handle(self, *args, year, no_email, **options) -> None:
        today = timezone.localdate()
        year = year or today.year
        with tqdm(total=Club.objects.count(), desc=f"{year}-{year + 1}", file=self.stdout) as bar:
            issued = services.annual_capitation_issue_all(
                year=year, issued_on=today, progress=lambda club: bar.update(1)
            )
        self.stdout.write(f"Issued {len(issued)} capitation invoices for {year}-{year + 1}.")
        if not no_email:
            self.stdout.write(
                f"Queued {services.invoices_email(covers=f'{year}-{year + 1}')} emails."
            )
