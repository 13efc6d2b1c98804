from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from billing.forms import PaymentForm
from billing.selectors import club_statement
from billing.services import payment_record
from centre.models import Role
from centre.permissions import role_required, staff_required
from clubs.models import Club


@role_required(Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
def statement(request: HttpRequest, number: int | None = None) -> HttpResponse:
    """A club's account: its own for a club secretary, any club's for staff."""
    user = request.user
    if number is None:
        if not user.is_club_secretary:
            raise PermissionDenied("Choose a club.")
        club = user.club
    else:
        club = get_object_or_404(Club, number=number)
        if user.is_club_secretary and club != user.club:
            raise PermissionDenied("This is another club's account.")
        if user.is_state_secretary:
            raise PermissionDenied("Club accounts are for the club and the Centre.")
    return render(
        request, "billing/statement.html", {"club": club, "statement": club_statement(club=club)}
    )


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
