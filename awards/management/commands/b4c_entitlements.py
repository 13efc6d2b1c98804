from django.core.management.base import BaseCommand
from django.utils import timezone
from tqdm import tqdm

from awards.authorisations.b4c import services
from clubs.models import Club


class Command(BaseCommand):
    help = (
        "Compute every club's B4c sessions for a calendar year (2.6) from the green points it "
        "issued in the twelve months to 30 September before it. Safe to run again: the rows "
        "are recomputed and the state secretaries' grants kept."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--year", type=int, help="The year of the sessions (default: next).")

    def handle(self, *args, year, **options) -> None:
        year = year or timezone.localdate().year + 1
        clubs = list(Club.objects.filter(kind=Club.Kind.ORDINARY).order_by("number"))
        with tqdm(total=len(clubs), desc=f"B4c {year}", file=self.stdout) as bar:
            done = services.b4c_entitlements_compute(
                year=year, clubs=clubs, progress=lambda club: bar.update(1)
            )
        self.stdout.write(f"B4c entitlements for {year}: {done} clubs.")
