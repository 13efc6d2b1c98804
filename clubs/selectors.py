"""Reads of clubs: which clubs a login may see, and the club report."""

from dataclasses import dataclass

from django.db.models import QuerySet

from centre.models import User
from clubs.models import Club
from players.selectors import club_alternates, club_members


def clubs_visible_to(*, user: User) -> QuerySet[Club]:
    """A club secretary sees the club; a state secretary the state's clubs; staff all."""
    clubs = Club.objects.select_related("state").order_by("number")
    if user.is_centre_staff:
        return clubs
    if user.is_club_secretary:
        return clubs.filter(pk=user.club_id)
    if user.is_state_secretary:
        return clubs.filter(state_id=user.state_id)
    return clubs.none()


@dataclass(frozen=True)
class ReportRow:
    abf_number: str
    family_name: str
    given_names: str
    membership: str
    status: str
    home_club: str


def club_report(*, club: Club) -> list[ReportRow]:
    """The club's home members, then its alternates (App. C i, ii; guide F6.3).

    Only the public fields: the alternates are other clubs' members.
    """
    rows = [
        ReportRow(p.abf_number, p.family_name, p.given_names, "Home", "Active", club.name)
        for p in club_members(club=club)
    ]
    rows += [
        ReportRow(
            p.abf_number,
            p.family_name,
            p.given_names,
            "Alternate",
            p.get_status_display(),
            p.home_club.name if p.home_club else "",
        )
        for p in club_alternates(club=club)
    ]
    return rows
