"""Billing pages: the club's home page, statement of account and documents; the state's
documents and the accounts of the state and its congress organisers (8.1, 5.4.1); under a
scheme with fees of its own, a region's invoices and account (NZ Bridge's rule 7); invoice
PDFs; and the centre's payment entry."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from billing.club_home import club_home
from billing.documents import event_report_pdf, invoice_pdf, statement_pdf
from billing.forms import PaymentForm
from billing.models import Addressee
from billing.selectors import (
    account_statement,
    addressee_title,
    club_invoices,
    club_statement,
    congress_organisers_billed_to,
    event_report_for,
    fee_schedules_published,
    invoices_labelled,
    invoices_of,
    invoices_visible_to,
)
from billing.services import payment_record
from centre.access import club_for
from centre.errors import DomainError, form_add_error
from centre.models import Role
from centre.permissions import (
    club_secretary_required,
    role_required,
    staff_required,
    state_secretary_required,
)
from centre.responses import file_response
from centre.schemes import current_scheme
from clubs.models import State
from ranks.ranking_reports import reports_visible_to


# Club accounts are for the club and the Centre: a state secretary is refused the page.
@role_required(Role.CLUB_SECRETARY, Role.STAFF)
def statement(request: HttpRequest, number: int | None = None) -> HttpResponse:
    """A secretary's own club's account, or any club's for staff; another club's is not found."""
    if number is None:
        if not request.user.is_club_secretary:
            raise PermissionDenied("Choose a club.")
        number = request.user.club.number
    club = club_for(request.user, number)
    statement = club_statement(club=club)
    if request.GET.get("format") == "pdf":
        return file_response(statement_pdf(statement), f"statement-{club.number}.pdf", inline=True)
    return render(
        request,
        "billing/statement.html",
        {
            "club": club,
            "statement": statement,
            "invoices": invoices_labelled(club_invoices(club=club)),
        },
    )


def _account_page(request: HttpRequest, addressee: Addressee, file_part: str) -> HttpResponse:
    statement = account_statement(addressee=addressee)
    if request.GET.get("format") == "pdf":
        return file_response(statement_pdf(statement), f"statement-{file_part}.pdf", inline=True)
    return render(
        request,
        "billing/statement.html",
        {
            "title": addressee_title(addressee),
            "statement": statement,
            "invoices": invoices_labelled(invoices_of(addressee=addressee)),
        },
    )


@role_required(Role.STATE_SECRETARY, Role.STAFF)
def state_statement(request: HttpRequest, code: str) -> HttpResponse:
    """8.1: the account of a state (its events' invoices and its payments): the state
    secretary's own, any for staff; another state's is not found."""
    state = State.objects.filter(code=code.upper()).first()
    if state is None or (request.user.is_state_secretary and state.pk != request.user.state_id):
        raise Http404("No such state.")
    return _account_page(request, state, state.code)


@role_required(Role.STATE_SECRETARY, Role.STAFF)
def congress_organiser_statement(request: HttpRequest, pk: int) -> HttpResponse:
    """8.1, 5.4.1: a congress organiser's account, for staff and its state's secretary."""
    organiser = get_object_or_404(congress_organisers_billed_to(user=request.user), pk=pk)
    return _account_page(request, organiser, f"congress-organiser-{organiser.pk}")


@state_secretary_required
def state_documents(request: HttpRequest) -> HttpResponse:
    """1.4.3, 5.4.1, 8.1: the invoices of the state's events and the reports and invoices of
    its congresses, with each account."""
    state = request.user.state
    organisers = congress_organisers_billed_to(user=request.user)
    return render(
        request,
        "billing/state_documents.html",
        {
            "state": state,
            "statement": account_statement(addressee=state),
            "invoices": invoices_labelled(invoices_of(addressee=state)),
            "organisers": [
                {
                    "organiser": organiser,
                    "statement": account_statement(addressee=organiser),
                    "invoices": invoices_labelled(invoices_of(addressee=organiser)),
                }
                for organiser in organisers
            ],
        },
    )


def _region_for(request: HttpRequest, code: str) -> State:
    """A region whose fees' account the login reads: the secretary's own, any for staff;
    another region's is not found."""
    state = State.objects.filter(code=code.upper()).first()
    if state is None or (request.user.is_state_secretary and state.pk != request.user.state_id):
        raise Http404("No such region.")
    return state


@role_required(Role.STATE_SECRETARY, Role.STAFF)
def region_statement(request: HttpRequest, code: str) -> HttpResponse:
    """Under a scheme with fees of its own (NZ Bridge's Outline rule 7: "Regions and
    Clubs"), a region's account of the fees of the tournaments it ran: its secretary's own,
    any for staff (centre.features.PART_URLS: the page exists only under such a scheme)."""
    state = _region_for(request, code)
    return _account_page(request, state, state.code)


@state_secretary_required
def region_invoices(request: HttpRequest) -> HttpResponse:
    """The region secretary's invoices: each quarter's fees of the tournaments the region
    ran (NZ Bridge's Outline rule 7), with the region's account."""
    state = request.user.state
    return render(
        request,
        "billing/region_invoices.html",
        {
            "state": state,
            "fees": current_scheme().fees,
            "statement": account_statement(addressee=state),
            "invoices": invoices_labelled(invoices_of(addressee=state)),
        },
    )


@role_required(Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
def invoice_document(request: HttpRequest, invoice_number: str) -> HttpResponse:
    invoice = get_object_or_404(invoices_visible_to(user=request.user), number=invoice_number)
    return file_response(invoice_pdf(invoice), f"{invoice.number}.pdf", inline=True)


@role_required(Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
def invoice_report(request: HttpRequest, invoice_number: str) -> HttpResponse:
    """5.4.1: the report of the event an event invoice is for, as it was emailed."""
    invoice = get_object_or_404(invoices_visible_to(user=request.user), number=invoice_number)
    report = event_report_for(invoice=invoice)
    if report is None:
        raise Http404("This invoice is not an event's.")
    return file_response(event_report_pdf(report), f"report-{invoice.number}.pdf", inline=True)


@club_secretary_required
def club_dashboard(request: HttpRequest) -> HttpResponse:
    """The club secretary's home page: what needs doing, then every task of the club."""
    home = club_home(club=request.user.club, now=timezone.now())
    return render(request, "players/club_dashboard.html", {"club": home.club, "home": home})


@club_secretary_required
def documents(request: HttpRequest) -> HttpResponse:
    """1.4.3: what the centre sends the club, kept here by quarter; one section per kind."""
    club = request.user.club
    return render(
        request,
        "billing/documents.html",
        {
            "club": club,
            "ranking_reports": reports_visible_to(user=request.user).filter(club=club),
            "invoices": invoices_labelled(club_invoices(club=club)),
        },
    )


@staff_required
def payment_new(request: HttpRequest) -> HttpResponse:
    form = PaymentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        payer = form.payer
        try:
            payment = payment_record(
                **payer,
                amount=form.cleaned_data["amount"],
                received_on=form.cleaned_data["received_on"],
                reference=form.cleaned_data["reference"],
                quoted_club_number=form.cleaned_data.get("quoted_club_number", True),
                by=request.user,
            )
        except (DomainError, ValidationError) as error:
            form_add_error(form, error)
        else:
            if payer["club"] is not None:
                club = payer["club"]
                messages.success(request, f"Recorded ${payment.amount} from {club}.")
                return redirect("billing:club_statement", number=club.number)
            if payer["state"] is not None:
                messages.success(request, f"Recorded ${payment.amount} from {payer['state'].name}.")
                # Under a scheme with fees of its own, a region's account is its fees'.
                statement = (
                    "billing:region_statement"
                    if current_scheme().fees is not None
                    else "billing:state_statement"
                )
                return redirect(statement, code=payer["state"].code)
            organiser = payer["congress_organiser"]
            messages.success(request, f"Recorded ${payment.amount} from {organiser.name}.")
            return redirect("billing:congress_organiser_statement", pk=organiser.pk)
    return render(request, "billing/payment_form.html", {"form": form})


def fees(request: HttpRequest) -> HttpResponse:
    """Public (guide F2, "Current Fees and Charges"): the fee schedule in force (8.3, 8.4),
    and next year's once it is entered. Under a scheme with fees of its own, its schedule
    (NZ Bridge's rule 7) and how often its clubs are invoiced."""
    fees_of_scheme = current_scheme().fees
    if fees_of_scheme is not None:
        return render(request, "billing/scheme_fees.html", {"fees": fees_of_scheme})
    today = timezone.localdate()
    current, upcoming = fee_schedules_published(on=today)
    return render(
        request,
        "billing/fees.html",
        {"schedules": [s for s in (current, upcoming) if s is not None], "current": current},
    )
