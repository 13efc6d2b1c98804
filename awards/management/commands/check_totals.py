"""Recompute every player's totals from the ledger and report where the kept totals differ."""

from django.core.management.base import BaseCommand, CommandError

from awards.ledger.selectors import totals_disagreements


class Command(BaseCommand):
    help = "Check that the kept player totals agree with the ledger of credits."

    def handle(self, *args, **options) -> None:
        problems = totals_disagreements()
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} totals disagree with the ledger.")
        self.stdout.write("The player totals agree with the ledger.")
