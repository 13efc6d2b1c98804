"""The club's home page (guide F1, F6, F7): what needs doing, read from each layer that
keeps it. It lives with billing, the highest layer it reads: the uploads and the B4c register
are the ledger's (awards), the ranking reports ranks', the balance billing's own."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from django.db.models import QuerySet
from django.utils import timezone

from awards.authorisations.approvals.selectors import ClubAllowances, club_allowances
from awards.authorisations.b4c.selectors import b4c_sessions_used
from awards.intake.models import CreditUpload
from billing.models import CreditNote, Invoice, Payment
from billing.selectors import club_invoices, club_statement, invoices_labelled
from centre.schemes import has_feature
from clubs.models import B4cEntitlement, Club
from players.selectors import club_alternates, club_members
from players.services.cancellations import cancellation_year_next
from ranks.models import RankingReport
from scheme.base import AUTHORISATIONS

# How many of the latest documents of each kind the home page lists.
LATEST_DOCUMENTS = 3


@dataclass(frozen=True)
class Balance:
    """What the club owes the Centre (a negative amount is in credit) and when the oldest
    invoice not yet settled falls due (8.4: payments settle the oldest invoices first)."""

    owed: Decimal
    due_on: date | None
    overdue: bool


@dataclass(frozen=True)
class B4cYear:
    """2.6; guide B3.1: the club's B4c sessions for a calendar year."""

    year: int
    total: int | None  # None until the entitlement is computed in October
    used: int

    @property
    def left(self) -> int | None:
        return None if self.total is None else self.total - self.used


@dataclass(frozen=True)
class Deadline:
    """1.4.2, 1.3.2; guide F6.4: cancellations reach the Centre by midday 31 March and take
    effect in the 1 April update."""

    cancellations_by: datetime
    update_on: date
    window_open: bool


@dataclass(frozen=True)
class ClubHome:
    club: Club
    waiting_uploads: QuerySet[CreditUpload]
    balance: Balance
    b4c: B4cYear
    # 2.3, 2.6, 2.7: the year's Grade D Championships, B5i events and B4c sessions at
    # other times, used and allowed; None under a scheme without authorisations.
    allowances: ClubAllowances | None
    # 1.4.2, 1.3.2: the next cancellation deadline; None under a scheme without a
    # membership year (MEMBERSHIP_YEAR).
    deadline: Deadline | None
    ranking_reports: list[RankingReport]
    invoices: list[Invoice]
    home_members: int
    alternates: int


def club_balance(*, club: Club, today: date) -> Balance:
    owed = club_statement(club=club).closing_balance
    settled = sum(
        (payment.amount for payment in Payment.objects.filter(club=club)), Decimal(0)
    ) + sum((note.amount for note in CreditNote.objects.filter(invoice__club=club)), Decimal(0))
    due_on = None
    for invoice in Invoice.objects.filter(club=club).order_by("due_on", "id"):
        if settled >= invoice.total:
            settled -= invoice.total
            continue
        due_on = invoice.due_on
        break
    return Balance(owed=owed, due_on=due_on, overdue=due_on is not None and due_on < today)


def club_b4c_year(*, club: Club, year: int) -> B4cYear:
    entitlement = B4cEntitlement.objects.filter(club=club, year=year).first()
    used = b4c_sessions_used(year=year, club_ids=[club.pk]).get(club.pk, 0)
    return B4cYear(year=year, total=entitlement.total if entitlement else None, used=used)


def next_deadline(*, now: datetime) -> Deadline | None:
    """The next cancellation deadline from `now` (players.services.cancellations): this
    year's until midday 31 March, then the next year's; None under a scheme without a
    membership year."""
    cancellations = cancellation_year_next(now=now)
    if cancellations is None:
        return None
    return Deadline(
        cancellations_by=cancellations.deadline,
        update_on=cancellations.takes_effect,
        window_open=cancellations.window_open,
    )


def club_home(*, club: Club, now: datetime) -> ClubHome:
    today = timezone.localdate(now)
    return ClubHome(
        club=club,
        waiting_uploads=CreditUpload.objects.filter(
            club=club, status=CreditUpload.Status.CHECKED
        ).order_by("-id"),
        balance=club_balance(club=club, today=today),
        b4c=club_b4c_year(club=club, year=today.year),
        allowances=(
            club_allowances(club=club, year=today.year) if has_feature(AUTHORISATIONS) else None
        ),
        deadline=next_deadline(now=now),
        ranking_reports=list(
            RankingReport.objects.filter(club=club).order_by("-year", "-quarter")[:LATEST_DOCUMENTS]
        ),
        invoices=invoices_labelled(club_invoices(club=club)[:LATEST_DOCUMENTS]),
        home_members=club_members(club=club).count(),
        alternates=club_alternates(club=club).count(),
    )
