"""Reads of the authorisations: the numbers a login may see, a state's B4c list."""

from __future__ import annotations

from django.db.models import Count, QuerySet, Sum

from awards.authorisations.models import Authorisation, AuthorisationRequest
from awards.ledger.models import Credit
from centre.models import Period, User
from clubs.models import State


def authorisations_for(*, user: User) -> QuerySet[Authorisation]:
    """2.6: the authorisations a login sees: a state secretary the state's; staff all."""
    issued = Authorisation.objects.select_related("club", "state")
    if user.is_centre_staff:
        return issued
    if user.is_state_secretary:
        return issued.filter(state_id=user.state_id)
    return issued.none()


def authorisation_requests_to_decide(*, user: User) -> int:
    """2.6, 2.7: the clubs' requests waiting for the state secretary's number or refusal."""
    return AuthorisationRequest.objects.filter(
        state_id=user.state_id, status=AuthorisationRequest.Status.REQUESTED
    ).count()


def b4c_list(*, state: State, period: Period) -> list[dict]:
    """2.6: the B4c points processed in a month for the clubs of a state, event by event."""
    rows = (
        Credit.objects.filter(period=period, event__grade="B4c", event__club__state=state)
        .values(
            "event_id",
            "event__name",
            "event__starts_on",
            "event__club__number",
            "event__club__name",
            "upload__authorisation__number",
        )
        .annotate(points=Sum("points"), players=Count("player_id", distinct=True))
        .order_by("event__club__number", "event__starts_on", "event_id")
    )
    return [
        {
            "event_id": row["event_id"],
            "event_name": row["event__name"],
            "starts_on": row["event__starts_on"],
            "club_number": row["event__club__number"],
            "club_name": row["event__club__name"],
            "authorisation": row["upload__authorisation__number"] or "",
            "points": row["points"],
            "players": row["players"],
        }
        for row in rows
    ]
