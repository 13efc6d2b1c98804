"""Payments from clubs, states and congress organisers (8.4: the fee for a club's payment that
does not quote the club number)."""

from datetime import date
from decimal import Decimal

from django.db import transaction

from billing.models import Invoice, Payment
from billing.selectors import fee_schedule_in_force
from billing.services.invoices import invoice_issue
from centre.dates import day_text
from centre.errors import DomainError
from centre.models import User
from clubs.models import Club, CongressOrganiser, State
from scheme.abf.levies import payment_fee_applies


@transaction.atomic
def payment_record(
    *,
    club: Club | None = None,
    state: State | None = None,
    congress_organiser: CongressOrganiser | None = None,
    amount: Decimal,
    received_on: date,
    reference: str = "",
    quoted_club_number: bool = True,
    by: User,
) -> Payment:
    """Record a payment from a club, a state or a congress organiser (8.1: they pay for the
    events they ran); a club's that did not quote the club number costs the fee (8.4)."""
    payers = [payer for payer in (club, state, congress_organiser) if payer is not None]
    if len(payers) != 1:
        message = "Name one payer: a club, a state or a congress organiser."
        raise DomainError(message, fields={"payer": [message]})
    if amount <= 0:
        message = "A payment must be more than $0.00."
        raise DomainError(message, fields={"amount": [message]})
    reference_length = Payment._meta.get_field("reference").max_length
    if len(reference) > reference_length:
        message = f"The reference may have at most {reference_length} characters."
        raise DomainError(message, fields={"reference": [message]})
    payment = Payment.objects.create(
        club=club,
        state=state,
        congress_organiser=congress_organiser,
        amount=amount,
        received_on=received_on,
        reference=reference,
        # 8.4 speaks of a club's number; a state or organiser quotes its invoice.
        quoted_club_number=quoted_club_number or club is None,
        recorded_by=by,
    )
    if club is not None and payment_fee_applies(quoted_club_number=quoted_club_number):
        schedule = fee_schedule_in_force(on=received_on)
        # 8.4: $10 each time a club pays without including its club number.
        invoice_issue(
            club=club,
            kind=Invoice.Kind.FEE,
            covers=f"payment:{payment.pk}",
            issued_on=received_on,
            lines=[
                (
                    f"Payment of ${amount} received {day_text(received_on)} "
                    "without the club number (8.4)",
                    Decimal(1),
                    schedule.unidentified_payment_fee,
                )
            ],
        )
    return payment
