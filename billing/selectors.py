from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet, Sum
from django.utils import timezone

from awards.ledger.models import Credit, Event
from billing.models import (
    Addressee,
    CreditNote,
    FeeSchedule,
    Invoice,
    Payment,
    addressee_fields,
)
from centre.access import clubs_visible_to
from centre.dates import day_text
from centre.models import User
from centre.schemes import current_scheme
from clubs.models import Club, CongressOrganiser, State
from players.models import PlayerChange
from scheme.abf.levies import OVERDUE_DAYS, LevyGroup, is_overdue, levy_group
from scheme.core.calendar import quarter_months


class NoFeeSchedule(LookupError):
    pass


def fee_schedule_in_force(*, on: date) -> FeeSchedule:
    schedule = FeeSchedule.objects.filter(effective_from__lte=on).first()
    if schedule is None:
        raise NoFeeSchedule(f"no fee schedule is in force on {day_text(on)}")
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
    addressee: Addressee
    opening_balance: Decimal
    entries: list[StatementEntry]

    @property
    def club(self) -> Club | None:
        return self.addressee if isinstance(self.addressee, Club) else None

    @property
    def title(self) -> str:
        return addressee_title(self.addressee)

    @property
    def closing_balance(self) -> Decimal:
        return self.entries[-1].balance if self.entries else self.opening_balance


def addressee_title(addressee: Addressee) -> str:
    """How documents name an addressee: a club by number and name, a state by name and code,
    a congress organiser by name and state."""
    if isinstance(addressee, Club):
        return f"{addressee.number} {addressee.name}"
    if isinstance(addressee, State):
        return f"{addressee.name} ({addressee.code})"
    return f"{addressee.name}, congress organiser ({addressee.state.code})"


def club_statement(*, club: Club, start: date | None = None, end: date | None = None) -> Statement:
    """The club's invoices, credit notes and payments in date order with the running balance.

    A positive balance is what the club owes the Centre.
    """
    return account_statement(addressee=club, start=start, end=end)


def account_statement(
    *, addressee: Addressee, start: date | None = None, end: date | None = None
) -> Statement:
    """An addressee's (a club's, a state's or a congress organiser's: 8.1) invoices, credit
    notes and payments in date order with the running balance, owed to the Centre when
    positive."""
    named = addressee_fields(addressee)
    by_invoice = {f"invoice__{field}": value for field, value in named.items()}
    rows: list[tuple[date, int, str, str, str, Decimal, Decimal]] = []
    for invoice in Invoice.objects.filter(**named):
        rows.append(
            (
                invoice.issued_on,
                0,
                "invoice",
                invoice.number,
                invoice_kind_label(invoice),
                invoice.total,
                Decimal(0),
            )
        )
    for note in CreditNote.objects.filter(**by_invoice).select_related("invoice"):
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
    for payment in Payment.objects.filter(**named):
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
    return Statement(addressee=addressee, opening_balance=opening, entries=entries)


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


def invoices_of(*, addressee: Addressee) -> QuerySet[Invoice]:
    """An addressee's invoices, the newest first."""
    return Invoice.objects.filter(**addressee_fields(addressee)).order_by("-issued_on", "-number")


def invoices_visible_to(*, user: User | AnonymousUser) -> QuerySet[Invoice]:
    """Staff see every invoice; a club secretary the club's; a state secretary the state's
    and its congress organisers' (5.4.1: the secretary has a copy of each congress's report),
    never its clubs' accounts. Organisers and the coordinators see none.

    Another addressee's invoice is then not found, rather than refused, so numbers leak
    nothing.
    """
    invoices = Invoice.objects.select_related("club", "state", "congress_organiser")
    if not user.is_authenticated:
        return invoices.none()
    if user.is_centre_staff:
        return invoices
    if user.is_club_secretary:
        return invoices.filter(club__in=clubs_visible_to(user=user))
    if user.is_state_secretary:
        return invoices.filter(
            Q(state_id=user.state_id) | Q(congress_organiser__state_id=user.state_id)
        )
    return invoices.none()


def congress_organisers_billed_to(*, user: User | AnonymousUser) -> QuerySet[CongressOrganiser]:
    """The congress organisers whose accounts a login reads: staff all, a state secretary the
    state's."""
    organisers = CongressOrganiser.objects.select_related("state")
    if user.is_authenticated and user.is_centre_staff:
        return organisers
    if user.is_authenticated and user.is_state_secretary:
        return organisers.filter(state_id=user.state_id)
    return organisers.none()


@dataclass(frozen=True)
class EventReportLine:
    abf_number: str
    name: str
    home_club: int | None
    colour: str
    points: int


@dataclass(frozen=True)
class EventReport:
    """5.4.1, 1.4.3: the Centre's report of a congress's or state event's masterpoints as
    processed (the month they were approved in), sent with the event's invoice."""

    event: Event
    period_label: str
    lines: list[EventReportLine]

    @property
    def totals(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for line in self.lines:
            totals[line.colour] = totals.get(line.colour, 0) + line.points
        return totals


def event_invoice_covers(*, event_id: int, year: int, month: int) -> str:
    """What an event's invoice covers: the event and the month its credits were processed."""
    return f"event:{event_id}:{year}-{month:02d}"


def event_report_for(*, invoice: Invoice) -> EventReport | None:
    """The report an event invoice goes with: the event's credits of the invoiced month."""
    if invoice.kind != Invoice.Kind.EVENT or not invoice.covers.startswith("event:"):
        return None
    _, event_id, month_text = invoice.covers.split(":")
    year, month = (int(part) for part in month_text.split("-"))
    event = Event.objects.filter(pk=int(event_id)).first()
    if event is None:
        return None
    credits = (
        Credit.objects.filter(event=event, period__year=year, period__month=month)
        .values(
            "player__abf_number",
            "player__given_names",
            "player__family_name",
            "player__home_club__number",
            "colour",
        )
        .annotate(points=Sum("points"))
        .order_by("-points", "player__family_name", "player__abf_number")
    )
    lines = [
        EventReportLine(
            abf_number=row["player__abf_number"],
            name=f"{row['player__given_names']} {row['player__family_name']}",
            home_club=row["player__home_club__number"],
            colour=row["colour"],
            points=row["points"],
        )
        for row in credits
        if row["points"]
    ]
    return EventReport(event=event, period_label=f"{year}-{month:02d}", lines=lines)


def invoice_kind_label(invoice: Invoice) -> str:
    """What an invoice is for; under a scheme with fees of its own, a quarter's invoice (a
    club's or a region's) is of its fees ("Quarterly Master Point fees")."""
    fees = current_scheme().fees
    if fees is not None and invoice.kind == Invoice.Kind.QUARTERLY:
        return f"Quarterly {fees.title}"
    return invoice.get_kind_display()


def invoices_labelled(invoices) -> list[Invoice]:
    """The invoices, each with `covers_label`: an event invoice names its event and the month
    it was processed in (its `covers` holds only their numbers); any other its period."""
    invoices = list(invoices)
    event_ids = {
        int(invoice.covers.split(":")[1])
        for invoice in invoices
        if invoice.kind == Invoice.Kind.EVENT and invoice.covers.count(":") == 2
    }
    names = dict(Event.objects.filter(pk__in=event_ids).values_list("pk", "name"))
    for invoice in invoices:
        invoice.covers_label = invoice.covers
        invoice.kind_label = invoice_kind_label(invoice)
        if invoice.kind == Invoice.Kind.EVENT and invoice.covers.count(":") == 2:
            _, event_id, month = invoice.covers.split(":")
            name = names.get(int(event_id))
            if name:
                invoice.covers_label = f"{name}, processed {month}"
    return invoices


def clubs_overdue(*, on: date, days: int = OVERDUE_DAYS) -> list[tuple[Club, Decimal]]:
    """8.4: each club that owes on invoices due more than `days` before `on`, with the
    amount, the largest first."""
    cutoff = on - timedelta(days=days)
    owing = []
    for club in Club.objects.filter(invoices__due_on__lt=cutoff).distinct().order_by("number"):
        amount = overdue_amount(club=club, on=on, days=days)
        if amount > 0:
            owing.append((club, amount))
    return sorted(owing, key=lambda row: -row[1])
