"""Reads of the intake: the uploads a login may see, the players a club may credit."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from awards.intake.models import CreditUpload
from centre.models import Role, User
from clubs.models import Club
from players.models import Player


def uploads_for(*, user: User) -> QuerySet[CreditUpload]:
    """The uploads a login may credit or cancel: its own; staff all."""
    uploads = CreditUpload.objects.select_related("club", "event", "uploaded_by")
    if user.is_centre_staff:
        return uploads
    return uploads.filter(uploaded_by=user)


def uploads_visible_to(*, user: User) -> QuerySet[CreditUpload]:
    """The uploads a login may read: those it may act on, and for a state secretary also
    the uploads of the tournament organisers the state nominated (5.4.1) and of the events
    run in the state's name (a congress invoiced to the state), whoever made them."""
    if not user.is_state_secretary:
        return uploads_for(user=user)
    return CreditUpload.objects.select_related("club", "event", "uploaded_by").filter(
        Q(uploaded_by=user)
        | Q(uploaded_by__role=Role.ORGANISER, uploaded_by__state_id=user.state_id)
        | Q(state_id=user.state_id)
    )


def cpar_players(*, club: Club) -> QuerySet[Player]:
    """App. E: the players on a club's CPAR page, its active home members and alternates."""
    return (
        Player.objects.filter(Q(home_club=club) | Q(alternate_clubs=club))
        .filter(status=Player.Status.ACTIVE)
        .distinct()
        .order_by("family_name", "given_names")
    )


def uploads_waiting(*, user: User) -> int:
    """The login's own uploads checked and not yet credited or cancelled (App. E step 2)."""
    return CreditUpload.objects.filter(uploaded_by=user, status=CreditUpload.Status.CHECKED).count()


def gold_uploads_to_approve(*, user: User) -> int:
    """7.5.1: the Centre's gold uploads waiting for the Goldpoint Coordinator's approval."""
    return CreditUpload.objects.filter(
        coordinator_approval_needed=True,
        coordinator_approved_at__isnull=True,
        status=CreditUpload.Status.CREDITED,
    ).count()
