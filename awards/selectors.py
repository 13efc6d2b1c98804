"""Reads of the ledger: totals, statements, lookups, the month's summary, B4c lists."""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from django.db import connection
from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import Collate, Upper

from awards.models import (
    Authorisation,
    Credit,
    CreditUpload,
    Event,
    HeldCredit,
    PlayerPosition,
    PlayerTotals,
)
from awards.services.positions import positions_kept
from centre.models import Period, Role, User
from centre.schemes import point_kind_codes
from clubs.models import Club, State
from players.models import Player


def _zeros() -> dict[str, int]:
    return dict.fromkeys(point_kind_codes(), 0)


@dataclass
class Totals:
    """A player's points by the scheme's kind (ABF colours, NZ A/B/C...), in hundredths."""

    approved: dict[str, int] = field(default_factory=_zeros)
    provisional: dict[str, int] = field(default_factory=_zeros)

    @property
    def lifetime(self) -> dict[str, int]:
        return {c: self.approved[c] + self.provisional.get(c, 0) for c in self.approved}

    @property
    def total(self) -> int:
        return sum(self.lifetime.values())

    def as_json(self) -> dict:
        return {
            "lifetime": self.lifetime,
            "approved": self.approved,
            "provisional": self.provisional,
        }


def _add_row(totals: Totals, row: PlayerTotals) -> None:
    # A kind the scheme no longer has (never in a deployment's own data) is still counted.
    totals.approved[row.kind] = totals.approved.get(row.kind, 0) + row.approved
    totals.provisional[row.kind] = totals.provisional.get(row.kind, 0) + row.provisional
    totals.provisional.setdefault(row.kind, 0)


def player_totals(*, player: Player, year: int | None = None) -> Totals:
    """Lifetime totals (or one calendar year's) read from the kept totals, not the ledger.

    A year's are its awards only: points brought forward in it are in the lifetime.
    """
    totals = Totals()
    rows = PlayerTotals.objects.filter(player=player)
    if year is not None:
        rows = rows.filter(year=year, brought_forward=False)
    for row in rows:
        _add_row(totals, row)
    return totals


def player_totals_from_ledger(*, player_ids: list[int] | None = None) -> dict[tuple, int]:
    """(player, year, brought forward, field) -> hundredths, summed from the ledger itself:
    the points of events not of the year (Event.of_the_year) are those brought forward."""
    credits = Credit.objects.all()
    if player_ids is not None:
        credits = credits.filter(player_id__in=player_ids)
    sums: dict[tuple, int] = {}
    for row in credits.values(
        "player_id", "period__year", "event__of_the_year", "colour", "state"
    ).annotate(points=Sum("points")):
        key = (
            row["player_id"],
            row["period__year"],
            not row["event__of_the_year"],
            f"{row['colour']}_{row['state']}",
        )
        sums[key] = sums.get(key, 0) + row["points"]
    return sums


def totals_disagreements(*, player_ids: list[int] | None = None) -> list[str]:
    """Every place the kept totals differ from the ledger; empty when they agree."""
    ledger = player_totals_from_ledger(player_ids=player_ids)
    kept: dict[tuple, int] = {}
    rows = PlayerTotals.objects.all()
    if player_ids is not None:
        rows = rows.filter(player_id__in=player_ids)
    for row in rows:
        for state in ("approved", "provisional"):
            value = getattr(row, state)
            if value:
                kept[(row.player_id, row.year, row.brought_forward, f"{row.kind}_{state}")] = value
    problems = []
    for key in sorted(set(ledger) | set(kept)):
        if ledger.get(key, 0) != kept.get(key, 0):
            player, year, brought_forward, name = key
            where = f"{year} brought forward" if brought_forward else str(year)
            problems.append(
                f"player {player} {where} {name}: ledger {ledger.get(key, 0)}, "
                f"totals {kept.get(key, 0)}"
            )
    return problems


def players_totals(*, players: Iterable[Player]) -> dict[int, Totals]:
    """Lifetime totals of many players at once, in one query, by player id."""
    found: dict[int, Totals] = {player.pk: Totals() for player in players}
    for row in PlayerTotals.objects.filter(player_id__in=list(found)):
        _add_row(found[row.player_id], row)
    return found


def player_position(*, player: Player) -> int:
    """The player's place in the country by approved points of every colour, as at the last
    month close (1 is the most; equal totals share a place), read from the kept positions."""
    kept = positions_kept()
    position = (
        PlayerPosition.objects.filter(player=player).values_list("position", flat=True).first()
    )
    # A player with no totals at all has none kept: the place of a total of nothing.
    return kept["zero"] if position is None else position


# The most matches of a name of several words that are sorted by themselves (see
# players_lookup).
LOOKUP_CANDIDATES = 2000
# The most matches of a one-word name that are counted: past it the count is "more than".
LOOKUP_COUNT_LIMIT = 1000


def _name_order() -> tuple:
    """The lookup's order: family name, given names (each upper-cased), ABF number; on
    PostgreSQL in the "C" collation of players migration 0008's index, which it walks."""
    if connection.vendor == "postgresql":
        return (
            Collate(Upper("family_name"), "C"),
            Collate(Upper("given_names"), "C"),
            "abf_number",
        )
    return (Upper("family_name"), Upper("given_names"), "abf_number")


class NamePrefixMatches:
    """The players whose family name or given names start with one word, in name order, as
    a list a paginator (Django's or DRF's) counts and slices.

    Each page is read as two index range scans that stop at the page's last row, one over the
    family names walked in name order and one over the given names, merged: a fixed number of
    queries and a bounded plan whatever the register's size or where the name falls in the
    alphabet. The count stops at LOOKUP_COUNT_LIMIT (`more` then says there are more), so
    that a name as common as "S" never counts the whole register.
    """

    ordered = True

    def __init__(self, word: str) -> None:
        self.word = word.upper()
        self._count: int | None = None

    def _branches(self) -> tuple[QuerySet[Player], QuerySet[Player]]:
        family, given, _number = _name_order()
        players = Player.objects.annotate(family_key=family, given_key=given).order_by()
        # "Starts with the word" as a range, which both databases seek in their indexes: in
        # code-point order (PostgreSQL's "C", SQLite's binary) the names that start with
        # "SMI" are those from "SMI" up to, not including, "SMJ".
        end = self.word[:-1] + chr(min(ord(self.word[-1]) + 1, sys.maxunicode))
        return (
            players.filter(family_key__gte=self.word, family_key__lt=end),
            players.filter(given_key__gte=self.word, given_key__lt=end),
        )

    def count(self) -> int:
        if self._count is None:
            by_family, by_given = self._branches()
            # Each in its own index's order, so that the scan stops at the limit.
            ids = set(
                by_family.order_by("family_key").values_list("pk", flat=True)[
                    : LOOKUP_COUNT_LIMIT + 1
                ]
            )
            ids |= set(
                by_given.order_by("given_key").values_list("pk", flat=True)[
                    : LOOKUP_COUNT_LIMIT + 1
                ]
            )
            self._count = len(ids)
        return min(self._count, LOOKUP_COUNT_LIMIT)

    @property
    def more(self) -> bool:
        """Whether more players match than are counted."""
        self.count()
        return (self._count or 0) > LOOKUP_COUNT_LIMIT

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index: slice) -> list[Player]:
        if not isinstance(index, slice) or index.step not in (None, 1):
            raise TypeError("the lookup's matches are read a page (a slice) at a time")
        # No further than is counted: the pages end where the count does.
        start = index.start or 0
        stop = min(LOOKUP_COUNT_LIMIT, LOOKUP_COUNT_LIMIT if index.stop is None else index.stop)
        if stop <= start:
            return []
        keys = ("family_key", "given_key", "abf_number")
        by_family, by_given = self._branches()
        # The first `stop` of each, in name order, then the first `stop` of the two merged:
        # no branch reads more than a page's end of its index.
        rows: set[tuple] = set()
        for branch in (by_family, by_given):
            rows |= set(branch.order_by(*keys).values_list(*keys, "pk")[:stop])
        chosen = [row[-1] for row in sorted(rows)[start:stop]]
        found = Player.objects.select_related("home_club").in_bulk(chosen)
        return [found[pk] for pk in chosen]


def players_lookup(*, query: str, limit: int | None = 50) -> QuerySet[Player] | NamePrefixMatches:
    """1.4.4 Masterpoint lookup: by ABF number (with or without leading zeros) or by name;
    every match with `limit=None`, for a paginator to count and slice.

    A name of one word is a NamePrefixMatches (two bounded index scans a page); a name of
    several words, each the start of a family or given name, is found through the trigram
    indexes of the names (players migration 0003) and then sorted.
    """
    query = query.strip()
    players = Player.objects.select_related("home_club")
    if not query:
        return players.none()
    if query.isdigit():
        return players.filter(abf_number=query.zfill(7))[:limit]
    words = query.replace(",", " ").split()
    if len(words) == 1:
        matches = NamePrefixMatches(words[0])
        return matches if limit is None else matches[:limit]
    condition = Q()
    for word in words:
        condition &= Q(family_name__istartswith=word) | Q(given_names__istartswith=word)
    matching = players.filter(condition)
    # The matches are found first, in no order, so that PostgreSQL answers from the trigram
    # indexes of the names (players migration 0003) instead of walking the name index in
    # order up to a name that comes late in it; only those are then sorted. A name so common
    # that it matches more than that is met early in the name index, which is then walked.
    found = list(matching.order_by().values_list("pk", flat=True)[:LOOKUP_CANDIDATES])
    if len(found) < LOOKUP_CANDIDATES:
        matching = players.filter(pk__in=found)
    return matching.order_by(*_name_order())[:limit]


@dataclass
class StatementLine:
    credit: Credit
    running: dict[str, int]


def player_statement(
    *, player: Player, start: date | None = None, end: date | None = None
) -> tuple[dict[str, int], list[StatementLine], dict[str, int]]:
    """A player's awards statement (1.4.4): opening totals, each credit with running totals,
    closing totals. Dates are those of the events; provisional credits are included."""
    credits = Credit.objects.filter(player=player).select_related("event", "period")
    opening = _zeros()
    if start is not None:
        for row in (
            credits.filter(event__ends_on__lt=start).values("colour").annotate(p=Sum("points"))
        ):
            opening[row["colour"]] = row["p"]
        credits = credits.filter(event__ends_on__gte=start)
    if end is not None:
        credits = credits.filter(event__ends_on__lte=end)
    running = dict(opening)
    lines = []
    for credit in credits.order_by("event__ends_on", "created_at", "id"):
        running[credit.colour] += credit.points
        lines.append(StatementLine(credit=credit, running=dict(running)))
    return opening, lines, running


def player_points_by_month(*, player: Player) -> list[dict]:
    """Cumulative points by colour at the end of each month with credits, for the chart."""
    rows = (
        Credit.objects.filter(player=player)
        .values("event__ends_on__year", "event__ends_on__month", "colour")
        .annotate(points=Sum("points"))
        .order_by("event__ends_on__year", "event__ends_on__month")
    )
    months: dict[tuple[int, int], dict[str, int]] = defaultdict(_zeros)
    for row in rows:
        months[(row["event__ends_on__year"], row["event__ends_on__month"])][row["colour"]] += row[
            "points"
        ]
    running = _zeros()
    series = []
    for (year, month), points in sorted(months.items()):
        for colour, value in points.items():
            running[colour] = running.get(colour, 0) + value
        series.append({"month": f"{year}-{month:02d}", **running})
    return series


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


def credits_adjustable_by(*, user: User) -> QuerySet[Credit]:
    """The credits a login may adjust: staff any; a club secretary the club's uploads'."""
    credits = Credit.objects.all()
    if user.is_centre_staff:
        return credits
    if user.is_club_secretary:
        return credits.filter(upload__club_id=user.club_id)
    return credits.none()


def authorisations_for(*, user: User) -> QuerySet[Authorisation]:
    """2.6: the authorisations a login sees: a state secretary the state's; staff all."""
    issued = Authorisation.objects.select_related("club", "state")
    if user.is_centre_staff:
        return issued
    if user.is_state_secretary:
        return issued.filter(state_id=user.state_id)
    return issued.none()


def month_summary(*, period: Period) -> list[dict]:
    """App. E: the month's credits by club and colour, provisional and approved."""
    return list(
        Credit.objects.filter(period=period)
        .values("upload__club__number", "upload__club__name", "colour", "state")
        .annotate(points=Sum("points"), credits=Count("id"))
        .order_by("upload__club__number", "colour", "state")
    )


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


def held_credits(*, player: Player) -> QuerySet[HeldCredit]:
    return HeldCredit.objects.filter(player=player).select_related("event")


def events_of_club(*, club_id: int) -> QuerySet[Event]:
    return Event.objects.filter(club_id=club_id)
