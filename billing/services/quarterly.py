"""The quarterly invoice of levies and capitation (8.1, 8.2), the overdue penalty (8.4) and
the annual capitation after the 1 April update (8.2)."""

from collections.abc import Callable, Iterable
from datetime import date
from decimal import Decimal

from django.db import transaction

from billing.fee_events import club_fee_events, region_fee_events
from billing.models import Addressee, FeeSchedule, Invoice, addressee_fields
from billing.selectors import (
    NoFeeSchedule,
    club_joins,
    club_levy_points,
    fee_schedule_in_force,
    overdue_amount,
)
from billing.services.invoices import invoice_issue
from billing.services.quarter_credits import carried_in, quarter_give_back
from centre.schemes import current_scheme
from clubs.models import Club, State
from players.models import Player
from scheme.abf.levies import (
    CAPITATION_PERIOD_LABEL,
    LEVY_GROUP_LABEL,
    OVERDUE_DAYS,
    CapitationPeriod,
    LevyGroup,
    capitation_period,
)
from scheme.abf.membership import pays_capitation
from scheme.base import FEES, LEVIES
from scheme.core.calendar import membership_year_start, quarter_dates

Lines = list[tuple[str, Decimal, Decimal]]


def points(hundredths: int) -> Decimal:
    """Masterpoints kept in hundredths, as an invoice quantity."""
    return (Decimal(hundredths) / 100).quantize(Decimal("0.01"))


def _first_membership_year(club: Club) -> date | None:
    """8.2: the first ABF registration year of a club affiliating for the first time."""
    if club.affiliated_since is None:
        return None
    return membership_year_start(club.affiliated_since)


def quarter_invoice_lines(*, club: Club, year: int, quarter: int, schedule: FeeSchedule) -> Lines:
    """The lines of a club's quarterly invoice: levies (8.1), capitation and commission (8.2);
    under a scheme with fees of its own, its lines (NZ Bridge's rule 7: billing.fee_events)."""
    fees = current_scheme().fees
    if fees is not None:
        events = club_fee_events(club=club, year=year, quarter=quarter)
        return [(line.description, line.quantity, line.rate) for line in fees.lines(events)]
    lines: Lines = []
    levies = club_levy_points(club=club, year=year, quarter=quarter)
    for group in LevyGroup:  # in the order of the schedule
        if not (hundredths := levies.get(group)):
            continue
        lines.append(
            (
                f"Masterpoint levy, {LEVY_GROUP_LABEL[group]} (8.1): masterpoints issued",
                points(hundredths),
                schedule.levy_rate(group),
            )
        )
    if not pays_capitation(club.kind):
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


def _schedule_for(*, end: date) -> FeeSchedule:
    """The fee schedule an invoice names: the one in force at the quarter's end. Under a
    scheme with fees of its own the rates are its own (printed on each line); the invoice
    still names a schedule, as the database asks of every invoice: the one in force, else the
    first (its rates are not read)."""
    try:
        return fee_schedule_in_force(on=end)
    except NoFeeSchedule:
        schedule = FeeSchedule.objects.order_by("effective_from").first()
        if current_scheme().fees is None or schedule is None:
            raise
        return schedule


def _quarter_issue(
    *,
    addressee: Addressee,
    year: int,
    quarter: int,
    issued_on: date,
    charged: Callable[[FeeSchedule], Lines],
) -> tuple[Invoice | None, bool]:
    """An addressee's invoice for a quarter, once: what an earlier quarter carried, the
    quarter's charges, and what it gives back (never below nothing); None when there is
    nothing to charge."""
    covers = f"{year}-Q{quarter}"
    named = addressee_fields(addressee)
    existing = Invoice.objects.filter(**named, kind=Invoice.Kind.QUARTERLY, covers=covers).first()
    if existing is not None:
        return existing, False
    _, end = quarter_dates(year, quarter)
    schedule = _schedule_for(end=end)
    lines = carried_in(addressee=addressee, year=year, quarter=quarter) + charged(schedule)
    if not lines:
        return None, False
    with transaction.atomic():
        # Never a negative invoice: what the quarter gives back is credited or carried.
        lines += quarter_give_back(
            addressee=addressee, year=year, quarter=quarter, lines=lines, issued_on=issued_on
        )
        return invoice_issue(
            **named,
            kind=Invoice.Kind.QUARTERLY,
            covers=covers,
            issued_on=issued_on,
            lines=lines,
            schedule=schedule,
        )


def quarter_invoice_issue(
    *, club: Club, year: int, quarter: int, issued_on: date
) -> tuple[Invoice | None, bool]:
    """The club's invoice for a quarter; None when there is nothing to charge."""
    return _quarter_issue(
        addressee=club,
        year=year,
        quarter=quarter,
        issued_on=issued_on,
        charged=lambda schedule: quarter_invoice_lines(
            club=club, year=year, quarter=quarter, schedule=schedule
        ),
    )


def region_quarter_invoice_issue(
    *, state: State, year: int, quarter: int, issued_on: date
) -> tuple[Invoice | None, bool]:
    """Under a scheme with fees of its own (NZ Bridge's Outline rule 7: the fees are charged
    to "Regions and Clubs"), the region's invoice for the tournaments it ran itself in the
    quarter; None when there is nothing to charge, or under a scheme without such fees (the
    ABF invoices a state's events as they are processed: billing.services.events)."""
    fees = current_scheme().fees
    if fees is None or not current_scheme().has(FEES):
        return None, False

    def charged(schedule: FeeSchedule) -> Lines:
        events = region_fee_events(state=state, year=year, quarter=quarter)
        return [(line.description, line.quantity, line.rate) for line in fees.lines(events)]

    return _quarter_issue(
        addressee=state, year=year, quarter=quarter, issued_on=issued_on, charged=charged
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
                f"Penalty on ${overdue} overdue by more than {OVERDUE_DAYS} days (8.4)",
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

    Under a scheme with fees of its own, each region too, for the tournaments it ran (NZ
    Bridge's Outline rule 7). Safe to stop halfway and to run again: each invoice is issued
    once (the database holds one per addressee, kind and quarter), so a second run issues
    only what is missing.
    """
    issued: list[Invoice] = []
    for club in clubs if clubs is not None else Club.objects.order_by("number"):
        with transaction.atomic():
            # 8.4: the ABF's penalty on what is overdue, under its levies only.
            penalty, created_penalty = (
                overdue_penalty_issue(club=club, year=year, quarter=quarter, issued_on=issued_on)
                if current_scheme().has(LEVIES)
                else (None, False)
            )
            invoice, created = quarter_invoice_issue(
                club=club, year=year, quarter=quarter, issued_on=issued_on
            )
        issued += [i for i, new in ((penalty, created_penalty), (invoice, created)) if new]
        if progress:
            progress(club)
    # NZ Bridge's rule 7: the regions too, for the tournaments they ran (none under the ABF,
    # whose states' events are invoiced as they are processed, nor the ACBL).
    if current_scheme().fees is not None and current_scheme().has(FEES):
        for state in State.objects.order_by("code"):
            with transaction.atomic():
                invoice, created = region_quarter_invoice_issue(
                    state=state, year=year, quarter=quarter, issued_on=issued_on
                )
            if created:
                issued.append(invoice)
    return issued


def annual_capitation_issue(
    *, club: Club, year: int, issued_on: date
) -> tuple[Invoice | None, bool]:
    """8.2: after the 1 April update, capitation on every home member then active."""
    covers = f"{year}-{year + 1}"
    existing = Invoice.objects.filter(
        club=club, kind=Invoice.Kind.ANNUAL_CAPITATION, covers=covers
    ).first()
    if existing is not None or not pays_capitation(club.kind):
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
