"""Authorisation numbers (2.6): a state secretary authorises a club's red-point credits
before they are lodged, and receives each month the list of the state's B4c points."""

from __future__ import annotations

import secrets
from datetime import date

from django.db import transaction
from django.utils import timezone

from awards.authorisations import emails
from awards.authorisations.approvals.services import authorisation_allowance_check
from awards.authorisations.models import Authorisation
from awards.authorisations.selectors import b4c_list
from awards.errors import AwardsError
from centre.access import state_secretary_address
from centre.mail import email_after_commit
from centre.models import Period, User
from clubs.models import Club, State
from scheme.abf.issuers import AUTHORISED_GRADES


def authorisation_issue(
    *,
    by: User,
    club: Club,
    event_name: str,
    grade: str,
    amount: int,
    starts_on: date | None = None,
    sessions: int = 1,
    out_of_hours: bool = False,
) -> Authorisation:
    """2.6: a state secretary authorises a set of red-point credits for a club of the state.

    2.6, 2.7, 6.2.1: a B5i or B4s event (and a B4c session at other times) must be approved
    in the state's register first; `starts_on`, when known, names the approval's day."""
    if not (by.is_state_secretary or by.is_centre_staff):
        raise AwardsError("Authorisation numbers are issued by state masterpoint secretaries.")
    if by.is_state_secretary and club.state_id != by.state_id:
        raise AwardsError(f"Club {club.number} is not a club of your state.")
    if grade not in AUTHORISED_GRADES:
        raise AwardsError(f"Authorisations are for grades B4c, B5i and B4s, not {grade}.")
    if amount <= 0:
        raise AwardsError("The amount authorised must be more than zero.")
    if not event_name.strip():
        raise AwardsError("Give the event's name.")
    authorisation_allowance_check(
        club=club, grade=grade, starts_on=starts_on, sessions=sessions, out_of_hours=out_of_hours
    )
    with transaction.atomic():
        authorisation = Authorisation.objects.create(
            number=f"pending-{secrets.token_hex(6)}",  # replaced below, once the row has its id
            state=club.state,
            club=club,
            event_name=event_name.strip(),
            grade=grade,
            amount=amount,
            issued_by=by,
        )
        year = timezone.localdate().year
        authorisation.number = f"{club.state.code}-{year}-{authorisation.pk:05d}"
        authorisation.save(update_fields=["number"])
    return authorisation


def b4c_lists_send(*, period: Period) -> int:
    """2.6: queue, for after the close's commit, the month's B4c list for each taking-part
    state secretary; returns how many were queued. Each is sent once
    (`awards.authorisations.emails.b4c_list_send`), however often the close's step runs."""
    queued = 0
    for state in State.objects.filter(requires_authorisation=True).order_by("code"):
        if not state_secretary_address(state=state) or not b4c_list(state=state, period=period):
            continue
        email_after_commit(emails.b4c_list_email, state.pk, period.pk)
        queued += 1
    return queued
