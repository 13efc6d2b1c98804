from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet, Sum
from django.utils import timezone

from awards.models import Credit, Event
from billing.models import CreditNote, FeeSchedule, Invoice, Payment
from centre.access import clubs_visible_to
from centre.models import User
from clubs.models import Club
from players.models import PlayerChange
from scheme.abf.levies import OVERDUE_DAYS, LevyGroup, is_overdue, levy_group
from scheme.core.calendar import quarter_months


class NoFeeSchedule(LookupError):
    pass


def fee_schedule_in_force(*, on: date) -> FeeSchedule:
    schedule = FeeSchedule.objects.filter(effective_from__lte=on).first()
    if schedule is None:
        raise NoFeeSchedule(f"no fee schedule is in force on {on:%d %B %Y}")
    return schedule


def fee_schedules_published(*, on: date) -> tuple[FeeSchedule | None, FeeSchedule | None]:
    """Guide F2: the "Current Fees and Charges": the schedule in force on `on`, and the next
    one when it has been entered (advertised in September, in force from the next April)."""
    current = FeeSchedule.objects.filter(effective_from__lte=on).first()
    upcoming = FeeSchedule.objects.filter(effective_from__gt=on).order_by("effective_from").first()
    return current, upcoming


@dataclass(frozen=True)
class StatementEntry:
    on: date
    kind: str  # "invoice", "credit note" or "payment"
    reference: str
    description: str
    charge: Decimal
    credit: Decimal
    balance: Decimal


@dataclass(frozen=True)
class Statement:
    club: Club
    opening_balance: Decimal
    entries: list[StatementEntry]

    @property
    def closing_balance(self) -> Decimal:
        return self.entries[-1].balance if self.entries else self.opening_balance


def club_statement(*, club: Club, start: date | None = None, end: date | None = None) -> Statement:
    """The club's invoices, credit notes and payments in date order with the running balance.

    A positive balance is what the club owes the Centre.
    """
    rows: list[tuple[date, int, str, str, str, Decimal, Decimal]] = []
    for invoice in Invoice.objects.filter(club=club):
        rows.append(
            (
                invoice.issued_on,
                0,
                "invoice",
                invoice.number,
                invoice.get_kind_display(),
                invoice.total,
                Decimal(0),
            )
        )
    for note in CreditNote.objects.filter(invoice__club=club).select_related("invoice"):
        rows.append(
            (
                note.issued_on,
                1,
                "credit note",
                note.number,
                f"{note.reason} (invoice {note.invoice.number})",
                Decimal(0),
                note.amount,
            )
        )
    for payment in Payment.objects.filter(club=club):
        rows.append(
            (
                payment.received_on,
                2,
                "payment",
                payment.reference or "",
                "Payment received",
                Decimal(0),
                payment.amount,
            )
        )
    rows.sort(key=lambda row: (row[0], row[1], row[3]))

    opening = Decimal("0.00")
    entries: list[StatementEntry] = []
    balance = opening
    for on, _, kind, reference, description, charge, credit in rows:
        balance += charge - credit
        if start and on < start:
            opening = balance
            continue
        if end and on > end:
            break
        entries.append(StatementEntry(on, kind, reference, description, charge, credit, balance))
    return Statement(club=club, opening_balance=opening, entries=entries)


def invoice_outstanding(*, invoice: Invoice) -> Decimal:
    credited = sum((note.amount for note in invoice.credit_notes.all()), Decimal(0))
    return invoice.total - credited


def club_levy_points(*, club: Club, year: int, quarter: int) -> dict[LevyGroup, int]:
    """8.1: the points (hundredths) the club issued in its club events in the quarter's months.

    Adjustments count with their sign, so a correction lowers the levy.
    """
    months = Q()
    for y, m in quarter_months(year, quarter):
        months |= Q(period__year=y, period__month=m)
    rows = (
        Credit.objects.filter(months, event__organiser=Event.Organiser.CLUB, event__club=club)
        .values("event__grade")
        .annotate(points=Sum("points"))
    )
    by_group: dict[LevyGroup, int] = {}
    for row in rows:
        group = levy_group(row["event__grade"])
        by_group[group] = by_group.get(group, 0) + row["points"]
    return {group: points for group, points in by_group.items() if points}


@dataclass(frozen=True)
class Join:
    """A home member who joined the club in a quarter: capitation is charged on them."""

    abf_number: str
    name: str
    on: date
    new_player: bool


def club_joins(*, club: Club, start: date, end: date) -> list[Join]:
    """8.2: players the club registered or reactivated as home members between two days."""
    changes = (
        PlayerChange.objects.filter(club=club, action__in=("register", "reactivate"))
        .filter(at__date__gte=start, at__date__lte=end)
        .select_related("player")
        .order_by("at", "id")
    )
    return [
        Join(
            abf_number=change.player.abf_number,
            name=change.player.full_name,
            on=timezone.localdate(change.at),
            new_player=change.action == "register",
        )
        for change in changes
    ]


def overdue_amount(*, club: Club, on: date, days: int = OVERDUE_DAYS) -> Decimal:
    """8.4: what the club still owes on invoices due more than `days` before `on`.

    Payments and credit notes settle the oldest invoices first.
    """
    invoices = list(Invoice.objects.filter(club=club, issued_on__lte=on).order_by("due_on", "id"))
    paid = sum(
        (p.amount for p in Payment.objects.filter(club=club, received_on__lte=on)), Decimal(0)
    )
    credited = sum(
        (n.amount for n in CreditNote.objects.filter(invoice__club=club, issued_on__lte=on)),
        Decimal(0),
    )
    available = paid + credited
    overdue = Decimal("0.00")
    for invoice in invoices:
        settled = min(available, invoice.total)
        available -= settled
        if is_overdue(due_on=invoice.due_on, on=on, days=days):
            overdue += invoice.total - settled
    return overdue


def club_invoices(*, club: Club) -> QuerySet[Invoice]:
    """The club's invoices, the newest first."""
    return Invoice.objects.filter(club=club).order_by("-issued_on", "-number")


def invoices_visible_to(*, user: User | AnonymousUser) -> QuerySet[Invoice]:
    """Staff see every invoice; anyone else those of the clubs they may see (never a state's).

    Another club's invoice is then not found, rather than refused, so numbers leak nothing.
    """
    invoices = Invoice.objects.select_related("club", "state")
    if user.is_authenticated and user.is_centre_staff:
        return invoices
    return invoices.filter(club__in=clubs_visible_to(user=user))
