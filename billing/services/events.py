"""8.1: congress and state events are invoiced to their organiser as they are processed, with
the 8.4 penalty for a red or gold credit file lodged late."""

from django.db.models import Sum
from django.utils import timezone

from awards.ledger.models import Credit, Event
from billing.models import Invoice, InvoiceLine
from billing.selectors import NoFeeSchedule, event_invoice_covers, fee_schedule_in_force
from billing.services.event_corrections import event_credit_notes_issue
from billing.services.invoices import invoice_issue
from billing.services.quarterly import points
from centre.dates import day_text
from centre.models import Period
from centre.text import fit
from scheme.abf.levies import (
    LEVY_GROUP_LABEL,
    event_levy_group,
    late_lodgement_applies,
    late_lodgement_months,
    levy,
    levy_reason,
)


def event_invoice_issue(*, event: Event, period: Period) -> tuple[Invoice | None, bool]:
    """8.1: congress and state events are invoiced to their organiser as they are processed.

    One invoice per event and month closed; with the 8.4 penalty for a red or gold credit
    file lodged more than 30 days after the event ended.
    """
    # 8.1, 5.4.1: a congress run by a club is the club's to pay; one run by a congress
    # organiser the organiser's; any other the state's.
    if event.club_id:
        addressee = {"club": event.club}
    elif event.congress_organiser_id:
        addressee = {"congress_organiser": event.congress_organiser}
    elif event.state_id:
        addressee = {"state": event.state}
    else:
        return None, False
    covers = event_invoice_covers(event_id=event.pk, year=period.year, month=period.month)
    existing = Invoice.objects.filter(kind=Invoice.Kind.EVENT, covers=covers, **addressee).first()
    if existing is not None:
        return existing, False
    credits = Credit.objects.filter(event=event, period=period)
    hundredths = credits.aggregate(points=Sum("points"))["points"] or 0
    if hundredths <= 0:
        return None, False
    issued_on = timezone.localdate()
    # 8.3: the fees in force when the event ended; for an event older than every schedule the
    # Centre keeps (one kept from before dates were held to the register's), those in force
    # when it is invoiced, so that the close never stops on it.
    try:
        schedule = fee_schedule_in_force(on=event.ends_on)
    except NoFeeSchedule:
        schedule = fee_schedule_in_force(on=issued_on)
    # 6.3, 6.2.1 NOTE: the Australia-Wide Pairs (grade B) and a single-session State-wide
    # tournament (B4s) are levied at the B4 rate.
    shape = {
        "grade": event.grade,
        "name": event.name,
        "organiser": event.organiser,
        "sessions": event.sessions,
    }
    group = event_levy_group(**shape)
    rate = schedule.levy_rate(group)
    clauses = ", ".join(filter(None, ["8.1", levy_reason(**shape)]))
    levied_as = f"levied as grade B4, {LEVY_GROUP_LABEL[group]}" if clauses != "8.1" else ""
    lines = [
        (
            # The event's name is the organiser's, up to 160 characters: shortened to fit.
            fit(
                f"Masterpoint levy, {{name}} ({event.grade}, ended {day_text(event.ends_on)}), "
                f"{levied_as or LEVY_GROUP_LABEL[group]} ({clauses})",
                InvoiceLine._meta.get_field("description").max_length,
                name=event.name,
            ),
            points(hundredths),
            rate,
        )
    ]
    late = late_lodgement_applies(
        colour=event.colour, organiser=event.organiser, grade=event.grade, name=event.name
    )
    if late:
        lodged_at = credits.order_by("created_at").values_list("created_at", flat=True).first()
        lodged = timezone.localdate(lodged_at)
        months = late_lodgement_months(event.ends_on, lodged)
        if months:
            lines.append(
                (
                    f"Late lodgement: credit file lodged {day_text(lodged)}, "
                    f"{months} month(s) after the 30 days allowed, 4% a month (8.4)",
                    levy(hundredths, rate),
                    schedule.late_lodgement_rate * months,
                )
            )
    return invoice_issue(
        kind=Invoice.Kind.EVENT,
        covers=covers,
        issued_on=issued_on,
        lines=lines,
        schedule=schedule,
        **addressee,
    )


def event_invoices_issue(*, period: Period) -> int:
    """Post-close step: invoice the state, congress and club-run congress events of the month,
    and credit those invoiced before whose points the month's corrections took back (issue 25:
    billing.services.event_corrections)."""
    # The events of the month's credits, found among their distinct ids: not every credit of
    # the month joined to its event (a national month's 20,000 credits of club sessions).
    events = Event.objects.filter(
        organiser__in=(Event.Organiser.STATE, Event.Organiser.CONGRESS),
        id__in=Credit.objects.filter(period=period).values("event_id"),
    )
    issued = 0
    for event in events:
        _, created = event_invoice_issue(event=event, period=period)
        issued += created
    return issued + event_credit_notes_issue(period=period)
