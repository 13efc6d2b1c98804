from collections.abc import Callable, Iterable
from datetime import date, timedelta
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from awards.models import Credit, Event
from billing.fees import (
    CAPITATION_PERIOD_LABEL,
    LEVY_GROUP_LABEL,
    CapitationPeriod,
    LevyGroup,
    capitation_period,
    late_lodgement_months,
    levy_group,
    membership_year_start,
    to_cents,
)
from billing.models import (
    CreditNote,
    DocumentCounter,
    FeeSchedule,
    Invoice,
    InvoiceLine,
    Payment,
)
from billing.selectors import (
    club_joins,
    club_levy_points,
    fee_schedule_in_force,
    invoice_outstanding,
    overdue_amount,
    quarter_dates,
)
from centre.mail import email_once
from centre.models import Period, User
from clubs.models import Club, State
from players.models import Player

PAYMENT_TERMS = timedelta(days=30)


def document_number_take(*, prefix: str) -> str:
    """The next number for a kind of document; concurrent callers never share one."""
    with transaction.atomic():
        counter, _ = DocumentCounter.objects.get_or_create(prefix=prefix)
        counter = DocumentCounter.objects.select_for_update().get(pk=counter.pk)
        counter.last += 1
        counter.save(update_fields=["last"])
    return f"{prefix}{counter.last:06d}"


@transaction.atomic
def invoice_issue(
    *,
    club: Club | None = None,
    state: State | None = None,
    kind: Invoice.Kind,
    covers: str,
    issued_on: date,
    lines: list[tuple[str, Decimal, Decimal]],
    schedule: FeeSchedule | None = None,
) -> tuple[Invoice, bool]:
    """Issue an invoice of (description, quantity, rate) lines, once per addressee and period.

    Returns (invoice, created). Issuing the same kind for the same addressee and period again
    returns the invoice already issued, so a job run twice issues nothing new.
    """
    existing = Invoice.objects.filter(club=club, state=state, kind=kind, covers=covers).first()
    if existing is not None:
        return existing, False
    schedule = schedule or fee_schedule_in_force(on=issued_on)
    priced = [(text, quantity, rate, to_cents(quantity * rate)) for text, quantity, rate in lines]
    invoice = Invoice.objects.create(
        number=document_number_take(prefix="INV"),
        club=club,
        state=state,
        kind=kind,
        covers=covers,
        issued_on=issued_on,
        due_on=issued_on + PAYMENT_TERMS,
        fee_schedule=schedule,
        total=sum((amount for *_, amount in priced), Decimal("0.00")),
    )
    InvoiceLine.objects.bulk_create(
        InvoiceLine(invoice=invoice, description=text, quantity=quantity, rate=rate, amount=amount)
        for text, quantity, rate, amount in priced
    )
    return invoice, True


@transaction.atomic
def payment_record(
    *,
    club: Club,
    amount: Decimal,
    received_on: date,
    reference: str = "",
    quoted_club_number: bool = True,
    by: User,
) -> Payment:
    """Record a payment from a club; one that did not quote the club number costs the fee."""
    if amount <= 0:
        raise ValidationError({"amount": "A payment must be more than $0.00."})
    payment = Payment.objects.create(
        club=club,
        amount=amount,
        received_on=received_on,
        reference=reference,
        quoted_club_number=quoted_club_number,
        recorded_by=by,
    )
    if not quoted_club_number:
        schedule = fee_schedule_in_force(on=received_on)
        # 8.4: $10 each time a club pays without including its club number.
        invoice_issue(
            club=club,
            kind=Invoice.Kind.FEE,
            covers=f"payment:{payment.pk}",
            issued_on=received_on,
            lines=[
                (
                    f"Payment of ${amount} received {received_on:%d/%m/%Y} "
                    "without the club number (8.4)",
                    Decimal(1),
                    schedule.unidentified_payment_fee,
                )
            ],
        )
    return payment


@transaction.atomic
def credit_note_issue(
    *, invoice: Invoice, amount: Decimal, reason: str, issued_on: date, by: User
) -> CreditNote:
    """Correct an invoice by crediting part or all of it; the invoice itself is never edited."""
    invoice = Invoice.objects.select_for_update().get(pk=invoice.pk)
    if not reason.strip():
        raise ValidationError({"reason": "Say why the invoice is being credited."})
    if amount <= 0:
        raise ValidationError({"amount": "A credit note must be more than $0.00."})
    outstanding = invoice_outstanding(invoice=invoice)
    if amount > outstanding:
        raise ValidationError(
            {
                "amount": f"Invoice {invoice.number} has only ${outstanding} left to credit; "
                f"${amount} is more than that."
            }
        )
    return CreditNote.objects.create(
        number=document_number_take(prefix="CN"),
        invoice=invoice,
        amount=amount,
        reason=reason.strip(),
        issued_on=issued_on,
        issued_by=by,
    )


def _points(hundredths: int) -> Decimal:
    return (Decimal(hundredths) / 100).quantize(Decimal("0.01"))


def _first_membership_year(club: Club) -> date | None:
    """8.2: the first ABF registration year of a club affiliating for the first time."""
    if club.affiliated_since is None:
        return None
    return membership_year_start(club.affiliated_since)


def quarter_invoice_lines(
    *, club: Club, year: int, quarter: int, schedule: FeeSchedule
) -> list[tuple[str, Decimal, Decimal]]:
    """The lines of a club's quarterly invoice: levies (8.1), capitation and commission (8.2)."""
    lines: list[tuple[str, Decimal, Decimal]] = []
    levies = club_levy_points(club=club, year=year, quarter=quarter)
    for group in LevyGroup:  # in the order of the schedule
        if not (hundredths := levies.get(group)):
            continue
        lines.append(
            (
                f"Masterpoint levy, {LEVY_GROUP_LABEL[group]} (8.1): masterpoints issued",
                _points(hundredths),
                schedule.levy_rate(group),
            )
        )
    if not club.pays_capitation:
        # 1.3.3, 1.3.6: the special clubs pay no capitation.
        return lines
    start, end = quarter_dates(year, quarter)
    joins = club_joins(club=club, start=start, end=end)
    first_year = _first_membership_year(club)
    charged: dict[CapitationPeriod, int] = {}
    waived = 0
    for join in joins:
        if join.new_player and first_year == membership_year_start(join.on):
            waived += 1
            continue
        period = capitation_period(join.on)
        charged[period] = charged.get(period, 0) + 1
    for period in CapitationPeriod:
        if charged.get(period):
            lines.append(
                (
                    f"Capitation, players joining {CAPITATION_PERIOD_LABEL[period]} (8.2, 8.3)",
                    Decimal(charged[period]),
                    schedule.capitation_rate(period),
                )
            )
    if waived:
        lines.append(
            (
                "Capitation waived: new players in the first registration year of a newly "
                "affiliated club (8.2)",
                Decimal(waived),
                Decimal("0.00"),
            )
        )
    new_players = sum(1 for join in joins if join.new_player)
    if new_players:
        lines.append(
            (
                "Commission on new players registered (8.3)",
                Decimal(new_players),
                -schedule.new_player_commission,
            )
        )
    return lines


def quarter_invoice_issue(
    *, club: Club, year: int, quarter: int, issued_on: date
) -> tuple[Invoice | None, bool]:
    """The club's invoice for a quarter; None when there is nothing to charge."""
    covers = f"{year}-Q{quarter}"
    existing = Invoice.objects.filter(club=club, kind=Invoice.Kind.QUARTERLY, covers=covers).first()
    if existing is not None:
        return existing, False
    _, end = quarter_dates(year, quarter)
    schedule = fee_schedule_in_force(on=end)
    lines = quarter_invoice_lines(club=club, year=year, quarter=quarter, schedule=schedule)
    if not lines:
        return None, False
    return invoice_issue(
        club=club,
        kind=Invoice.Kind.QUARTERLY,
        covers=covers,
        issued_on=issued_on,
        lines=lines,
        schedule=schedule,
    )


def overdue_penalty_issue(
    *, club: Club, year: int, quarter: int, issued_on: date
) -> tuple[Invoice | None, bool]:
    """8.4: 10% a quarter on what has been overdue for more than 90 days."""
    covers = f"{year}-Q{quarter}-overdue"
    existing = Invoice.objects.filter(club=club, kind=Invoice.Kind.PENALTY, covers=covers).first()
    if existing is not None:
        return existing, False
    overdue = overdue_amount(club=club, on=issued_on)
    if overdue <= 0:
        return None, False
    schedule = fee_schedule_in_force(on=issued_on)
    return invoice_issue(
        club=club,
        kind=Invoice.Kind.PENALTY,
        covers=covers,
        issued_on=issued_on,
        lines=[
            (
                f"Penalty on ${overdue} overdue by more than 90 days (8.4)",
                overdue,
                schedule.overdue_rate,
            )
        ],
        schedule=schedule,
    )


def quarter_invoices_issue(
    *,
    year: int,
    quarter: int,
    issued_on: date,
    clubs: Iterable[Club] | None = None,
    progress: Callable[[Club], None] | None = None,
) -> list[Invoice]:
    """Invoice every club for a quarter, one club per transaction.

    Safe to stop halfway and to run again: each club's invoice is issued once (the database
    holds one per club, kind and quarter), so a second run issues only what is missing.
    """
    issued: list[Invoice] = []
    for club in clubs if clubs is not None else Club.objects.order_by("number"):
        with transaction.atomic():
            penalty, created_penalty = overdue_penalty_issue(
                club=club, year=year, quarter=quarter, issued_on=issued_on
            )
            invoice, created = quarter_invoice_issue(
                club=club, year=year, quarter=quarter, issued_on=issued_on
            )
        issued += [i for i, new in ((penalty, created_penalty), (invoice, created)) if new]
        if progress:
            progress(club)
    return issued


def annual_capitation_issue(
    *, club: Club, year: int, issued_on: date
) -> tuple[Invoice | None, bool]:
    """8.2: after the 1 April update, capitation on every home member then active."""
    covers = f"{year}-{year + 1}"
    existing = Invoice.objects.filter(
        club=club, kind=Invoice.Kind.ANNUAL_CAPITATION, covers=covers
    ).first()
    if existing is not None or not club.pays_capitation:
        return existing, False
    members = club.home_members.filter(status=Player.Status.ACTIVE).count()
    if not members:
        return None, False
    schedule = fee_schedule_in_force(on=date(year, 4, 1))
    return invoice_issue(
        club=club,
        kind=Invoice.Kind.ANNUAL_CAPITATION,
        covers=covers,
        issued_on=issued_on,
        lines=[
            (
                f"Annual capitation {year}-{year + 1}: home members active after the "
                "1 April update (8.2)",
                Decimal(members),
                schedule.capitation_rate(CapitationPeriod.APRIL_SEPTEMBER),
            )
        ],
        schedule=schedule,
    )


# 8.4: these red and gold events are never charged for late lodgement.
LATE_LODGEMENT_EXEMPT_GRADES = frozenset({"B4c", "B5i"})
LATE_LODGEMENT_EXEMPT_NAMES = ("GNOT", "GNP", "GRAND NATIONAL OPEN TEAMS", "GRAND NATIONAL PAIRS")


def late_lodgement_applies(event: Event) -> bool:
    if event.colour not in ("red", "gold"):
        return False
    if event.organiser == Event.Organiser.CLUB and event.grade in LATE_LODGEMENT_EXEMPT_GRADES:
        return False
    name = event.name.upper()
    return not any(exempt in name for exempt in LATE_LODGEMENT_EXEMPT_NAMES)


def event_invoice_issue(*, event: Event, period: Period) -> tuple[Invoice | None, bool]:
    """8.1: congress and state events are invoiced to their organiser as they are processed.

    One invoice per event and month closed; with the 8.4 penalty for a red or gold credit
    file lodged more than 30 days after the event ended.
    """
    addressee = {"club": event.club} if event.club_id else {"state": event.state}
    if not (event.club_id or event.state_id):
        return None, False
    covers = f"event:{event.pk}:{period.year}-{period.month:02d}"
    existing = Invoice.objects.filter(kind=Invoice.Kind.EVENT, covers=covers, **addressee).first()
    if existing is not None:
        return existing, False
    credits = Credit.objects.filter(event=event, period=period)
    hundredths = credits.aggregate(points=Sum("points"))["points"] or 0
    if hundredths <= 0:
        return None, False
    schedule = fee_schedule_in_force(on=event.ends_on)
    group = levy_group(event.grade)
    lines = [
        (
            f"Masterpoint levy, {event.name} ({event.grade}, ended {event.ends_on:%d/%m/%Y}), "
            f"{LEVY_GROUP_LABEL[group]} (8.1)",
            _points(hundredths),
            schedule.levy_rate(group),
        )
    ]
    if late_lodgement_applies(event):
        lodged = credits.order_by("created_at").values_list("created_at", flat=True).first()
        months = late_lodgement_months(event.ends_on, timezone.localdate(lodged))
        if months:
            levy_amount = to_cents(_points(hundredths) * schedule.levy_rate(group))
            lines.append(
                (
                    f"Late lodgement: credit file lodged {timezone.localdate(lodged):%d/%m/%Y}, "
                    f"{months} month(s) after the 30 days allowed, 4% a month (8.4)",
                    levy_amount,
                    schedule.late_lodgement_rate * months,
                )
            )
    return invoice_issue(
        kind=Invoice.Kind.EVENT,
        covers=covers,
        issued_on=timezone.localdate(),
        lines=lines,
        schedule=schedule,
        **addressee,
    )


def event_invoices_issue(*, period: Period) -> int:
    """Post-close step: invoice the state, congress and club-run congress events of the month."""
    events = Event.objects.filter(
        credits__period=period,
        organiser__in=(Event.Organiser.STATE, Event.Organiser.CONGRESS),
    ).distinct()
    issued = 0
    for event in events:
        _, created = event_invoice_issue(event=event, period=period)
        issued += created
    return issued


def annual_capitation_issue_all(
    *, year: int, issued_on: date, progress: Callable[[Club], None] | None = None
) -> list[Invoice]:
    issued: list[Invoice] = []
    for club in Club.objects.order_by("number"):
        with transaction.atomic():
            invoice, created = annual_capitation_issue(club=club, year=year, issued_on=issued_on)
        if created:
            issued.append(invoice)
        if progress:
            progress(club)
    return issued


def invoices_email(*, covers: str) -> int:
    """Queue the email of every club invoice for a period that has not gone out yet."""
    from billing import tasks

    pending = list(
        Invoice.objects.filter(covers__startswith=covers, club__isnull=False, emailed_at=None)
        .exclude(club__secretary_email="")
        .values_list("pk", flat=True)
    )
    for invoice_id in pending:
        tasks.invoice_email.delay(invoice_id)
    return len(pending)


def invoice_email_send(*, invoice_id: int) -> bool:
    """Email one invoice, with the club's statement, to its masterpoint secretary (1.4.3)."""
    from django.conf import settings
    from django.core.mail import EmailMessage

    from billing.documents import invoice_pdf, statement_pdf
    from billing.selectors import club_statement

    def compose(invoice: Invoice) -> EmailMessage | None:
        club = invoice.club
        if club is None:
            return None
        message = EmailMessage(
            subject=f"Masterpoint Centre invoice {invoice.number} for {club.name}",
            body=(
                f"Dear {club.secretary_name or 'masterpoint secretary'},\n\n"
                f"Attached are invoice {invoice.number} ({invoice.get_kind_display()}, "
                f"{invoice.covers}) for ${invoice.total}, due {invoice.due_on:%d/%m/%Y}, "
                "and the club's statement of account.\n\n"
                "Please quote your club number with your payment.\n\nMasterpoint Centre\n"
            ),
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[club.secretary_email],
        )
        message.attach(f"{invoice.number}.pdf", invoice_pdf(invoice), "application/pdf")
        message.attach(
            f"statement-{club.number}.pdf",
            statement_pdf(club_statement(club=club)),
            "application/pdf",
        )
        return message

    return (
        email_once(queryset=Invoice.objects.select_related("club"), pk=invoice_id, compose=compose)
        is not None
    )
