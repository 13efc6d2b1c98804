"""Demo data: the scheme's regions and clubs, a few thousand players, months of awards (the
last open) and a login for every role (operations.demo, one module by what it seeds).

Deterministic and idempotent: a second run finds everything in place and adds nothing.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from centre.deployment import SchemeMismatch, scheme_check
from centre.schemes import current_scheme
from operations.demo.grades import seed_opening_grades
from operations.demo.history import seed_b4c_entitlements, seed_history
from operations.demo.logins import DEMO_PASSWORD, print_logins, seed_logins
from operations.demo.players import PLAYERS, seed_players
from operations.demo.regions import seed_clubs, seed_states
from scheme.base import AUTHORISATIONS


class Command(BaseCommand):
    help = "Load demo states, clubs, players and logins (safe to run again)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--players", type=int, default=PLAYERS)

    def handle(self, *args, players: int, **options) -> None:
        if not getattr(settings, "DEMO_DATA_ALLOWED", True):
            # Its logins, the superuser among them, share one published password.
            raise CommandError(
                "seed_demo refuses to run under the production settings: it creates logins, "
                f"a superuser among them, with the published password {DEMO_PASSWORD!r}. "
                "Create the first staff login with `manage.py createsuperuser` instead."
            )
        try:
            scheme_check()
        except SchemeMismatch as mismatch:
            raise CommandError(str(mismatch)) from None
        scheme = current_scheme()
        self.stdout.write(f"Scheme: {scheme.name} ({scheme.code})")
        states = seed_states(self.stdout)
        clubs = seed_clubs(self.stdout, states)
        seed_players(self.stdout, clubs, players)
        logins = seed_logins(states, clubs)
        seed_history(self.stdout, clubs)
        if scheme.has(AUTHORISATIONS):
            seed_b4c_entitlements(self.stdout)
        if scheme.grades_players:
            graded = seed_opening_grades()
            self.stdout.write(f"Grades: {graded} players graded")
        print_logins(self.stdout, self.style, logins)
