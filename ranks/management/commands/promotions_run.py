"""By hand: a closed month's promotions and One Thousand Club entries (1.4.4, 1.8, 1.9)."""

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from awards.ledger.models import Credit
from centre.models import Period
from players.models import Player
from ranks import services


def closed_period(text: str | None) -> Period:
    """`YYYY-MM`, or the latest closed month when not given."""
    periods = Period.objects.filter(status=Period.Status.CLOSED)
    if text is None:
        period = periods.order_by("-year", "-month").first()
        if period is None:
            raise CommandError("No month is closed yet.")
        return period
    try:
        year, month = (int(part) for part in text.split("-"))
    except ValueError:
        raise CommandError(f"--period {text!r}: give the month as YYYY-MM.") from None
    period = periods.filter(year=year, month=month).first()
    if period is None:
        raise CommandError(f"{text} is not a closed month; promotions follow the close (1.4.4).")
    return period


class Command(BaseCommand):
    help = (
        "Promote the players credited in a closed month to the rank their approved totals "
        "reach, and record the One Thousand Club. The month close runs this itself; running "
        "it again changes nothing. --everyone ranks every player (a first ranking, or after "
        "pre-1982 points were corrected)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--period", help="the closed month, YYYY-MM (default: the latest)")
        parser.add_argument("--everyone", action="store_true", help="look at every player")

    def handle(self, *args, period: str | None, everyone: bool, **options) -> None:
        month = closed_period(period)
        if everyone:
            total = Player.objects.count()
        else:
            total = Credit.objects.filter(period=month).values("player_id").distinct().count()
        with tqdm(total=total, desc=str(month), unit="players", file=self.stdout) as bar:
            run = services.promotions_run(period=month, everyone=everyone, progress=bar.update)
        self.stdout.write(
            f"{month.label}: {run.players} player(s) looked at, {run.promotions} promoted, "
            f"{run.one_thousand_club} joined the One Thousand Club."
        )
