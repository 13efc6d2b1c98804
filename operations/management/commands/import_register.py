from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from centre.deployment import SchemeMismatch, scheme_check
from centre.errors import DomainError
from centre.models import User
from operations.register_in.report import CHANGED, LISTED, REFUSED
from operations.register_in.services import register_import

# Lines of the report printed; the whole report is kept in its file.
PRINTED = 200


class TqdmProgress:
    """A progress bar per file, by the bytes read."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.bar: tqdm | None = None

    def start(self, label: str, total: int) -> None:
        self.bar = tqdm(
            total=total or None, desc=label, unit="B", unit_scale=True, file=self.stream
        )

    def advance(self, count: int) -> None:
        if self.bar is not None:
            self.bar.update(count)

    def finish(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class Command(BaseCommand):
    help = (
        "Bring an existing register in from its files in DIR: under the ABF the national "
        "files of App. F (NATIONAL.TXT, NATIONAL.CLB, ALTERNAT.TXT, CLUBS.TXT, PRE82.TXT, "
        "EVENTS.TXT, HISTORY.TXT) as the national files page lays them out; under another "
        "scheme clubs.csv, players.csv, alternates.csv and totals.csv (docs/register_in.md). "
        "Each file goes in whole or not at all; running it again changes nothing. Give "
        "--dry-run first: it reports what each line would become and writes nothing."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("directory", help="The folder holding the register's files.")
        parser.add_argument("--by", required=True, help="The username of the staff member.")
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Report what would be created, changed and refused, and write nothing.",
        )
        parser.add_argument(
            "--out",
            help="Where to keep the report and the reconciliation (default: a folder of "
            "DIRECTORY named for the run).",
        )

    def handle(self, *args, directory: str, by: str, dry_run: bool, out: str | None, **options):
        try:
            scheme_check()
        except SchemeMismatch as mismatch:
            raise CommandError(str(mismatch)) from None
        try:
            staff = User.objects.get(username=by)
        except User.DoesNotExist:
            raise CommandError(f"There is no login {by!r}.") from None
        if not staff.is_centre_staff:
            raise CommandError(f"{by} is not a login of the Centre's staff.")
        try:
            result = register_import(
                directory=Path(directory),
                by=staff,
                dry_run=dry_run,
                progress=TqdmProgress(self.stderr),
                out=Path(out) if out else None,
            )
        except DomainError as error:
            raise CommandError(str(error)) from None
        write = self.stdout.write
        for line in result.report.heading:
            write(line)
        for file_report in result.report.files.values():
            write("")
            write(file_report.summary())
            shown = [e for e in file_report.entries if e.outcome in (REFUSED, CHANGED, LISTED)]
            for entry in sorted(shown, key=lambda e: e.first)[:PRINTED]:
                write(f"  {entry.text()}")
            if len(shown) > PRINTED:
                write(f"  ... {len(shown) - PRINTED:,} more in the report")
            for note in file_report.notes:
                write(f"  {note}")
        for note in result.report.notes:
            write("")
            write(note)
        write("")
        write(result.reconciliation_text)
        for name, path in result.documents.items():
            write(f"{name.replace('_', ' ').capitalize()}: {path}")
        if result.stopped_at:
            raise CommandError(
                f"Stopped at {result.stopped_at}: correct its refused lines and run again."
            )
        if dry_run and result.report.refused:
            raise CommandError(
                f"{result.report.refused:,} lines would be refused: correct them before the "
                "real run."
            )
