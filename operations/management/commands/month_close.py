from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from centre.models import Period, User
from operations.services import MonthCloseError, month_close, month_close_check


class Command(BaseCommand):
    help = (
        "Approve a month's provisional credits, close it, and run the steps that "
        "follow (B4c lists, event invoices, promotions, club reports). Safe to stop and to "
        "run again: it carries on from where it stopped. A month that has not ended (the scheme's "
        "time) is refused unless --early is given (App. E)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("period", help="The month, as YYYY-MM.")
        parser.add_argument("--by", required=True, help="The username of the staff member.")
        parser.add_argument(
            "--early",
            action="store_true",
            help="Close the month before it has ended (the scheme's time); kept with the month.",
        )

    def handle(self, *args, period: str, by: str, early: bool = False, **options) -> None:
        try:
            year, month = (int(part) for part in period.split("-"))
            month_to_close = Period.objects.get(year=year, month=month)
        except (ValueError, Period.DoesNotExist):
            raise CommandError(f"There is no month {period!r} (give YYYY-MM).") from None
        try:
            staff = User.objects.get(username=by)
        except User.DoesNotExist:
            raise CommandError(f"There is no login {by!r}.") from None
        try:
            month_close_check(period=month_to_close, by=staff, early=early)
        except MonthCloseError as error:
            message = str(error).replace("choose an early close", "give --early")
            raise CommandError(message) from None
        with tqdm(
            total=month_to_close.close_total or None, desc=f"Closing {period}", file=self.stdout
        ) as bar:

            def advance(current: Period) -> None:
                bar.total = current.close_total
                bar.n = current.close_done
                bar.refresh()

            try:
                closed = month_close(period=month_to_close, by=staff, progress=advance, early=early)
            except MonthCloseError as error:
                raise CommandError(str(error)) from None
        self.stdout.write(
            f"{closed} is {closed.get_status_display().lower()}: {closed.close_done} credits "
            f"approved; steps done: {', '.join(closed.close_steps_done) or 'none'}."
        )
