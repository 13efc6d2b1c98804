"""The authorisation an upload quotes (2.6, 2.7, 6.2.1), for a scheme with the AUTHORISATIONS
feature: the upload check (awards.intake.services.uploads) asks here only when
`Scheme.has(AUTHORISATIONS)`."""

from __future__ import annotations

from awards.authorisations.models import AUTHORISED_GRADES, Authorisation
from awards.errors import Problem
from awards.ledger.services.events import EventDetails
from centre.models import User
from scheme.core.points import points_text


def authorisation_problems(
    *, by: User, event: EventDetails, number: str, red_total: int
) -> tuple[Authorisation | None, list[Problem]]:
    """2.6, 2.7, 6.2.1: the authorisation a club's B4c, B5i or B4s points quote (unless its
    state has opted out), issued to the club (or the state) for the grade, with enough left
    for the upload's red points; and the authorisation found, if any."""
    number = number.strip()
    needs = (
        by.is_club_secretary
        and event.grade in AUTHORISED_GRADES
        and by.club.state is not None
        and by.club.state.requires_authorisation
    )
    if not number:
        if needs:
            return None, [
                Problem(
                    0,
                    f"Grade {event.grade} points need an authorisation number from the state "
                    f"masterpoint secretary (2.6).",
                    "authorisation",
                )
            ]
        return None, []
    authorisation = Authorisation.objects.filter(number__iexact=number).first()
    if authorisation is None or (by.is_club_secretary and authorisation.club_id != by.club_id):
        return None, [
            Problem(0, f"{number} is not an authorisation issued to your club.", "authorisation")
        ]
    if by.is_state_secretary and authorisation.state_id != by.state_id:
        return None, [
            Problem(0, f"{number} is not an authorisation of your state.", "authorisation")
        ]
    if authorisation.grade != event.grade:
        return None, [
            Problem(
                0,
                f"Authorisation {number} is for grade {authorisation.grade}, not {event.grade}.",
                "authorisation",
            )
        ]
    if authorisation.credited + red_total > authorisation.amount:
        return authorisation, [
            Problem(
                0,
                f"The upload credits {points_text(red_total)} red points, but authorisation "
                f"{number} has {points_text(authorisation.remaining)} of "
                f"{points_text(authorisation.amount)} left (2.6).",
                "authorisation",
            )
        ]
    return authorisation, []
