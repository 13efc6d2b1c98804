"""The all-time top list as asked for (guide F6.1: "the National Top 500 Masterpoint Earners
of All Time"): every kind of point, or one of the scheme's kinds (the ABF's green, red and
gold; New Zealand's A, B and C; the ACBL's colours), and how many places.

`/awards/top/` and `GET /api/v1/top` read the same query here: `colour`, a kind of the
scheme's (none: every kind), and `limit`, the last place shown (1 to 500). A value the
scheme does not know is refused naming the parameter (centre.params), never read as no
choice."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import F, Q, Sum, Value
from django.db.models.functions import Coalesce

from centre import params
from centre.schemes import current_scheme, has_feature
from centre.versions import APPROVED, PLAYERS, PRE_1982, public_cached
from players.models import Player
from ranks.selectors import ALL_TIME_TOP, all_time_top
from scheme.base import PRE_1982 as PRE_1982_FEATURE
from scheme.parts import PointKind

# What the list of one kind reads, kept while none of it has changed: a month close's
# approvals, the pre-1982 red points, the players' names and home clubs.
SHOWN = (APPROVED, PRE_1982, PLAYERS)


@dataclass(frozen=True)
class TopQuery:
    """A top list asked for: one kind of point (None: every kind) down to place `limit`."""

    kind: PointKind | None
    limit: int


@dataclass
class TopRow:
    """A place of a top list of one kind: as `PlayerPosition` rows are, for the same page."""

    player: Player
    total: int
    position: int = 0


def _shown(value: str) -> str:
    return value if len(value) <= 20 else f"{value[:20]}\u2026"


def top_query(query: Mapping[str, str]) -> TopQuery:
    """`colour` and `limit` of a request's query, or a refusal naming the one at fault."""
    scheme = current_scheme()
    kinds = scheme.kinds_in_order
    asked = (query.get("colour") or "").strip()
    kind = None
    if asked:
        kind = next((k for k in kinds if k.code.lower() == asked.lower()), None)
        if kind is None:
            codes = ", ".join(k.code for k in kinds)
            raise params.refuse(
                "colour",
                f"{_shown(asked)!r} is not a kind of point of the {scheme.name}: colour "
                f"must be one of {codes}, or left out for all of them.",
            )
    text = (query.get("limit") or "").strip()
    limit = (
        params.whole_number(text, name="limit", minimum=1, maximum=ALL_TIME_TOP)
        if text
        else ALL_TIME_TOP
    )
    return TopQuery(kind=kind, limit=limit)


def top_list(choice: TopQuery) -> list:
    """The rows of the list asked for, each with its `position`, `player` and `total`."""
    if choice.kind is None:
        return all_time_top(limit=choice.limit)
    code = choice.kind.code
    # One list of a kind is kept, the longest; a shorter one is its first places, so that
    # asking for every limit in turn reads the totals once.
    rows = public_cached(
        f"top-of-kind:{current_scheme().code}:{code}",
        lambda: all_time_top_of_kind(kind=code, limit=ALL_TIME_TOP),
        versions=SHOWN,
    )
    return top_first(rows, limit=choice.limit)


def top_first(rows: list[TopRow], *, limit: int) -> list[TopRow]:
    """The first `limit` places of a longer list, with every player tied with the last."""
    if len(rows) <= limit:
        return rows
    last = rows[limit - 1].total
    return [row for index, row in enumerate(rows) if index < limit or row.total == last]


def all_time_top_of_kind(*, kind: str, limit: int = ALL_TIME_TOP) -> list[TopRow]:
    """The players with the most approved points of one kind of a lifetime, most first, down
    to place `limit` (ties share it). The kind the scheme counts the pre-1982 red points in
    (1.8 notes: the ABF's red) includes them, as the list of every kind does. Deceased and
    inactive players keep their place (guide F6.1)."""
    scheme = current_scheme()
    total = Coalesce(Sum("totals__approved", filter=Q(totals__kind=kind)), Value(0))
    if has_feature(PRE_1982_FEATURE) and kind == scheme.pre_1982_kind:
        total = total + F("pre_1982_red")
        players = Player.objects.filter(Q(totals__kind=kind) | Q(pre_1982_red__gt=0))
    else:
        players = Player.objects.filter(totals__kind=kind)
    ranked = (
        players.annotate(kind_total=total)
        .filter(kind_total__gt=0)
        .select_related("home_club")
        .order_by("-kind_total", "family_name", "given_names", "id")
    )
    first = list(ranked[:limit])
    if len(first) == limit:
        # Every player tied with the last shares its place.
        last = first[-1].kind_total
        first = [p for p in first if p.kind_total != last] + list(ranked.filter(kind_total=last))
    rows: list[TopRow] = []
    previous = None
    for count, player in enumerate(first, start=1):
        if player.kind_total != previous:
            position, previous = count, player.kind_total
        rows.append(TopRow(player=player, total=player.kind_total, position=position))
    return rows
