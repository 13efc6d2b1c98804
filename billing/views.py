from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from billing.documents import invoice_pdf, statement_pdf
from billing.forms import PaymentForm
from billing.models import Invoice
from billing.selectors import club_statement
from billing.services import payment_record
from centre.models import Role
from centre.permissions import role_required, staff_required
from clubs.models import Club


def _club_for(request: HttpRequest, number: int | None) -> Club:
    """The club whose account is asked for: a secretary's own, or any club's for staff."""
    user = request.user
    if number is None:
        if not user.is_club_secretary:
            raise PermissionDenied("Choose a club.")
        return user.club
    club = get_object_or_404(Club, number=number)
    if user.is_club_secretary and club != user.club:
        raise PermissionDenied("This is another club's account.")
    if user.is_state_secretary:
        raise PermissionDenied("Club accounts are for the club and the Centre.")
    return club


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@role_required(Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
def statement(request: HttpRequest, number: int | None = None) -> HttpResponse:
    club = _club_for(request, number)
    statement = club_statement(club=club)
    if request.GET.get("format") == "pdf":
        return _pdf(statement_pdf(statement), f"statement-{club.number}.pdf")
    invoices = Invoice.objects.filter(club=club).order_by("-issued_on", "-number")
    return render(
        request,
        "billing/statement.html",
        {"club": club, "statement": statement, "invoices": invoices},
    )


@role_required(Role.CLUB_SECRETARY, Role.STAFF)
def invoice_document(request: HttpRequest, invoice_number: str) -> HttpResponse:
    invoice = get_object_or_404(Invoice, number=invoice_number)
    if request.user.is_club_secretary and invoice.club_id != request.user.club_id:
        # Another club's invoice is not found, rather than refused, so numbers leak nothing.
        raise Http404
    return _pdf(invoice_pdf(invoice), f"{invoice.number}.pdf")


@staff_required
def payment_new(request: HttpRequest) -> HttpResponse:
    form = PaymentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = form.cleaned_data["club_number"]
        try:
            payment = payment_record(
                club=club,
                amount=form.cleaned_data["amount"],
                received_on=form.cleaned_data["received_on"],
                reference=form.cleaned_data["reference"],
                quoted_club_number=form.cleaned_data["quoted_club_number"],
                by=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, f"Recorded ${payment.amount} from {club}.")
            return redirect("billing:club_statement", number=club.number)
    return render(request, "billing/payment_form.html", {"form": form})
