"""The ledger's emails, each composed here and sent once (centre.mail) by a worker.

The services queue the tasks below with `email_after_commit`; a task loads its rows by id and
calls the function that composes and sends. Nothing here queues work or imports a service.
"""

from celery import shared_task
from django.core.mail import EmailMessage
from django.urls import reverse

from awards.authorisations.models import AuthorisationRequest
from awards.authorisations.selectors import b4c_list
from centre.access import state_secretary_address
from centre.dates import day_text
from centre.mail import EMAIL_RETRY, email_once_by_key
from centre.models import Period, Role, User
from clubs.models import State
from scheme.core.points import points_text


def b4c_list_send(*, state: State, period: Period) -> bool:
    """2.6: email the state secretary the B4c points processed in the month for the clubs
    of the state, unless it has gone already; True when sent now."""

    def compose() -> EmailMessage | None:
        rows = b4c_list(state=state, period=period)
        address = state_secretary_address(state=state)
        if not rows or not address:
            return None
        lines = [
            f"{row['club_number']} {row['club_name']}: {row['event_name']} "
            f"({day_text(row['starts_on'])}), {points_text(row['points'])} red points"
            f"{', authorisation ' + row['authorisation'] if row['authorisation'] else ''}"
            for row in rows
        ]
        total = sum(row["points"] for row in rows)
        return EmailMessage(
            subject=f"B4c points processed in {state.code}, {period.label}",
            body=(
                f"The B4c points processed for clubs of {state.name} in {period.label} "
                f"(2.6). Please compare them with the numbers you authorised.\n\n"
                + "\n".join(lines)
                + f"\n\nTotal: {points_text(total)} red points.\n"
            ),
            to=[address],
        )

    return email_once_by_key(key=f"b4c-list:{period}:{state.code}", compose=compose)


def _link(request: AuthorisationRequest) -> str:
    return f"On the portal: {reverse('awards:authorisation_request', args=[request.pk])}"


def authorisation_request_send(*, request: AuthorisationRequest) -> bool:
    """Tell the state secretary that a request has arrived; sent once."""

    def compose() -> EmailMessage | None:
        addresses = list(
            User.objects.filter(state=request.state, role=Role.STATE_SECRETARY, is_active=True)
            .exclude(email="")
            .values_list("email", flat=True)
        )
        if not addresses:
            return None
        computed = request.computed
        return EmailMessage(
            subject=(
                f"Authorisation requested: club {request.club.number}, {request.event_name} "
                f"({request.grade})"
            ),
            body=(
                f"Club {request.club.number} {request.club.name} asks for a {request.grade} "
                f"authorisation number for {request.event_name} "
                f"({day_text(request.starts_on)}, {request.sessions} session(s)).\n\n"
                f"The club's file: {points_text(computed.get('club_total', 0))} red points; "
                f"by the rules: {points_text(computed.get('rules_total', 0))}; "
                f"{computed.get('differences', 0)} line(s) differ.\n\n"
                f"Issue the number or refuse it. {_link(request)}\n"
            ),
            to=addresses,
        )

    return email_once_by_key(key=f"authorisation-request:{request.pk}:requested", compose=compose)


def authorisation_request_decided_send(*, request: AuthorisationRequest) -> bool:
    """Tell the club the state secretary's decision; sent once."""

    def compose() -> EmailMessage | None:
        address = request.club.secretary_email
        if not address or request.status == AuthorisationRequest.Status.REQUESTED:
            return None
        if request.status == AuthorisationRequest.Status.ISSUED:
            authorisation = request.authorisation
            subject = f"Authorisation {authorisation.number} issued: {request.event_name}"
            body = (
                f"Your request for {request.event_name} ({request.grade}, "
                f"{day_text(request.starts_on)}) has been authorised.\n\n"
                f"Authorisation number: {authorisation.number}\n"
                f"Amount approved: {points_text(authorisation.amount)} red points\n\n"
                "Quote the number when you upload the credit file; an upload is processed "
                "while its total is at most the amount approved (2.6).\n"
            )
        else:
            subject = f"Authorisation refused: {request.event_name}"
            body = (
                f"Your request for {request.event_name} ({request.grade}, "
                f"{day_text(request.starts_on)}) has been refused.\n\n"
                f"Reason: {request.reason}\n"
            )
        return EmailMessage(subject=subject, body=body + f"\n{_link(request)}\n", to=[address])

    return email_once_by_key(key=f"authorisation-request:{request.pk}:decided", compose=compose)


# --- the tasks the services queue: load by id, send once, retry ----------------------------


@shared_task(**EMAIL_RETRY)
def b4c_list_email(state_id: int, period_id: int) -> bool:
    """2.6: one state's B4c list of a closed month; sent once."""
    return b4c_list_send(
        state=State.objects.get(pk=state_id), period=Period.objects.get(pk=period_id)
    )


@shared_task(**EMAIL_RETRY)
def authorisation_request_email(request_id: int) -> bool:
    """2.6, 2.7: the state secretary hears of a club's request; sent once."""
    return authorisation_request_send(request=AuthorisationRequest.objects.get(pk=request_id))


@shared_task(**EMAIL_RETRY)
def authorisation_request_decided_email(request_id: int) -> bool:
    """2.6, 2.7: the club hears the number issued, or why it was refused; sent once."""
    return authorisation_request_decided_send(
        request=AuthorisationRequest.objects.get(pk=request_id)
    )
