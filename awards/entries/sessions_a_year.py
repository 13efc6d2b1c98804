"""The sessions each club played for Master Points in a calendar year, against the number a
scheme's clubs must offer (`Scheme.player_grading.sessions_a_year`; NZ Bridge, Issue of
Master Points 3: "Every Club must provide for each member of the Club an opportunity to play
in at least 40 competitive sessions of play during the calendar year. Any Club playing less
than 40 sessions in a calendar year must offer Master Points on all sessions played").

The registry knows the sessions whose Master Points were entered: the sessions of the
events a club ran (its club sessions and its own tournaments) dated in the year, an event
counted while any of its points stand (one reversed whole counts no more). It cannot know
the sessions played without points, so it shows the office each club's count and flags
those short; it enforces nothing (scheme/nz/NOTES.md)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, Sum

from awards.ledger.models import Event
from centre.schemes import current_scheme
from clubs.models import Club


@dataclass(frozen=True)
class ClubSessions:
    club: Club
    sessions: int
    events: int
    # The number the scheme asks of a club; short when the sessions fall under it.
    required: int

    @property
    def short(self) -> bool:
        return self.sessions < self.required


def clubs_sessions_in(*, year: int) -> list[ClubSessions]:
    """Every affiliated club's sessions of the year, fewest first, or [] under a scheme that
    sets no number."""
    grading = current_scheme().player_grading
    if grading is None or not grading.sessions_a_year:
        return []
    standing = (
        Event.objects.filter(
            organiser=Event.Organiser.CLUB, club__isnull=False, starts_on__year=year
        )
        .annotate(net=Sum("credits__points"))
        .filter(net__gt=0)
        .values_list("club_id", "sessions")
    )
    sessions: dict[int, int] = {}
    events: dict[int, int] = {}
    for club_id, count in standing:
        sessions[club_id] = sessions.get(club_id, 0) + count
        events[club_id] = events.get(club_id, 0) + 1
    clubs = Club.objects.filter(Q(affiliated=True) | Q(pk__in=list(sessions))).order_by("number")
    rows = [
        ClubSessions(
            club=club,
            sessions=sessions.get(club.pk, 0),
            events=events.get(club.pk, 0),
            required=grading.sessions_a_year,
        )
        for club in clubs
    ]
    return sorted(rows, key=lambda row: (row.sessions, row.club.number))
