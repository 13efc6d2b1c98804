"""Celery shells for the awards: load, call a service, retry.

The services are imported inside each task: the services queue these tasks (they import this
module), so importing them here at the top would be a cycle.
"""

from celery import shared_task

from centre.mail import EMAIL_RETRY
from centre.models import Period
from clubs.models import State


@shared_task
def held_credits_forfeit_expired() -> int:
    """1.3.2: run daily; held points whose window has passed are recorded as forfeited."""
    from awards.services.held import held_credits_forfeit_expired as forfeit

    return forfeit()


@shared_task(**EMAIL_RETRY)
def b4c_list_email(state_id: int, period_id: int) -> bool:
    """2.6: one state's B4c list of a closed month; sent once."""
    from awards.services.authorisations import b4c_list_email as send

    return send(state=State.objects.get(pk=state_id), period=Period.objects.get(pk=period_id))


@shared_task(**EMAIL_RETRY)
def authorisation_request_email(request_id: int) -> bool:
    """2.6, 2.7: the state secretary hears of a club's request; sent once."""
    from awards.models import AuthorisationRequest
    from awards.services.authorisation_requests import authorisation_request_email as send

    return send(request=AuthorisationRequest.objects.get(pk=request_id))


@shared_task(**EMAIL_RETRY)
def authorisation_request_decided_email(request_id: int) -> bool:
    """2.6, 2.7: the club hears the number issued, or why it was refused; sent once."""
    from awards.models import AuthorisationRequest
    from awards.services.authorisation_requests import authorisation_request_decided_email as send

    return send(request=AuthorisationRequest.objects.get(pk=request_id))
