"""The registration cards due (1.4.1, 1.4.3): the players who need a new one on a day, the
clubs they belong to, and the days a club had cards due."""

from datetime import date, datetime, time, timedelta

from django.db.models import QuerySet

from clubs.models import Club
from players import calendar
from players.models import Player, PlayerChange
from players.selectors.records import club_members

# 1.4.3 "Daily: ... Registration cards for new players and players whose details have
# changed": the changes a new card is issued for.
CARD_ACTIONS = ("register", "update", "transfer", "reactivate")


def registration_cards_changed(*, club: Club, day: date) -> QuerySet[Player]:
    """The club's active home members registered, changed, transferred in or reactivated on
    `day` (the scheme's time): each needs a new registration card (1.4.3)."""
    start = datetime.combine(day, time.min, tzinfo=calendar.zone())
    changed = PlayerChange.objects.filter(
        action__in=CARD_ACTIONS, at__gte=start, at__lt=start + timedelta(days=1)
    ).values("player_id")
    return club_members(club=club).filter(pk__in=changed)


def registration_card_clubs(*, day: date) -> list[int]:
    """The clubs with a card due to one of their active home members for `day`."""
    start = datetime.combine(day, time.min, tzinfo=calendar.zone())
    return sorted(
        set(
            PlayerChange.objects.filter(
                action__in=CARD_ACTIONS,
                at__gte=start,
                at__lt=start + timedelta(days=1),
                player__status=Player.Status.ACTIVE,
                player__home_club__isnull=False,
            ).values_list("player__home_club_id", flat=True)
        )
    )


def registration_card_days(*, club: Club, since: date) -> list[date]:
    """The days from `since` on when a card was due to a home member of the club, latest
    first."""
    start = datetime.combine(since, time.min, tzinfo=calendar.zone())
    moments = PlayerChange.objects.filter(
        action__in=CARD_ACTIONS,
        at__gte=start,
        player__home_club=club,
        player__status=Player.Status.ACTIVE,
    ).values_list("at", flat=True)
    return sorted({calendar.local(at).date() for at in moments}, reverse=True)
