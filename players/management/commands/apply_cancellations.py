"""The 1 April update by hand: every requested cancellation takes effect (1.3.2)."""

from datetime import datetime

from django.core.management.base import BaseCommand, CommandError, CommandParser

from centre.errors import DomainError
from players import calendar
from players.services import yearly


def scheme_time(value: str) -> datetime:
    """A date or date and time as typed, in the scheme's time: 2027-04-01 or 2027-04-01T00:05."""
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise CommandError(f"--at {value!r} is not a date such as 2027-04-01T00:05") from None
    return moment.replace(tzinfo=calendar.zone()) if moment.tzinfo is None else moment


class Command(BaseCommand):
    help = "Apply the requested player cancellations (the 1 April update). Safe to run twice."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--at", type=scheme_time, help="run as at this time (the scheme's)")

    def handle(self, *args, **options) -> None:
        try:
            players = yearly.cancellations_apply(now=options["at"])
        except DomainError as error:
            raise CommandError(error.message) from None
        for player in players:
            self.stdout.write(f"{player.abf_number} {player.full_name}: now inactive")
        self.stdout.write(f"{len(players)} cancellation(s) applied.")
