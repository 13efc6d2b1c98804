"""1 January by hand: Youth Players' Club members 26 or older become inactive (1.3.6)."""

from django.core.management.base import BaseCommand, CommandParser

from players.management.commands.apply_cancellations import scheme_time
from players.services import yearly


class Command(BaseCommand):
    help = (
        "Move Youth Players' Club members who are 26 or older on 1 January to inactive. "
        "Safe to run twice."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--at", type=scheme_time, help="run as at this time (the scheme's)")

    def handle(self, *args, **options) -> None:
        players = yearly.youth_age_out(now=options["at"])
        for player in players:
            self.stdout.write(
                f"{player.abf_number} {player.full_name} (born {player.birth_year}): now inactive"
            )
        self.stdout.write(f"{len(players)} youth player(s) moved to inactive.")
