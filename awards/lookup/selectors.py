"""Finding players by number or by name, for the public lookup: prefixes of the names
read through their indexes, the matches counted up to a limit."""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterable
from typing import NamedTuple

import orjson
from django.db import connection
from django.db.models import Q, QuerySet
from django.db.models.functions import Collate, Upper

from awards.ledger.models import PlayerTotals
from clubs.models import Club
from players.models import Player

# The most matches of a name the names' indexes cannot read as prefixes (see players_lookup)
# that are sorted by themselves.
LOOKUP_CANDIDATES = 2000


# The most matches of a name that are counted: past it the count is "more than".
LOOKUP_COUNT_LIMIT = 1000


class ListedClub(NamedTuple):
    """A listed player's home club, as the lookup shows it."""

    number: int
    name: str


class ListedPlayer(NamedTuple):
    """A player as the lookup lists them (its page and API): what it shows of them, read with
    the matches, as plain values. Made for each player of a page: a model instance and one of
    its club took a sixth of a lookup's instructions, Django's __init__ going through every
    field of each."""

    pk: int
    abf_number: str
    given_names: str
    family_name: str
    status: str
    pre_1982_red: int
    rank_order: int
    home_club: ListedClub | None
    # The approved and provisional points by kind, read with the matches when asked for
    # (the API's answer): {"green": [approved, provisional], ...}, in hundredths.
    kinds: dict[str, list[int]] | None = None

    # The model's own readings of these values.
    full_name = Player.full_name
    rank = Player.rank
    get_status_display = Player.get_status_display


# The player's columns ListedPlayer holds, in its order, then the home club's key; the player's
# other fields are never read.
_LISTED = (
    "id",
    "abf_number",
    "given_names",
    "family_name",
    "status",
    "pre_1982_red",
    "rank_order",
    "home_club_id",
)


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


def _prefix_key(word: str) -> str | None:
    """The word upper-cased as the database upper-cases a name, letter for letter; None when
    Python's upper case is longer ("ß" is "SS", a ligature two letters), since then no range
    of the names' index is sure to hold the word's matches."""
    key = word.upper()
    return key if len(key) == len(word) else None


def _prefix_range(key: str) -> tuple[str, str]:
    # "Starts with the key" as a range, which both databases seek in their indexes: in
    # code-point order (PostgreSQL's "C", SQLite's binary) the names that start with "SMI"
    # are those from "SMI" up to, not including, "SMJ".
    return key, key[:-1] + chr(min(ord(key[-1]) + 1, sys.maxunicode))


# The statement of a name's matches has two forms, by the number of words that start no other
# (NamePrefixMatches): one word, the start of the family name or of the given names; two
# words, one the start of each name either way round.
ONE_WORD, TWO_WORDS = 1, 2

# On PostgreSQL each form's statement is run by a function (awards migration 0030) on its
# generic plan: planned once a connection, where a prepared statement of it was planned again
# at every lookup for its prefixes (the planning was more than half of the database's work of
# a lookup: 0.60 ms to 0.30 ms at 40,000 players).
MATCHES_FUNCTIONS = {
    ONE_WORD: "players_name_matches_one_word",
    TWO_WORDS: "players_name_matches_two_words",
}


def _branch_prefixes(words: int) -> list[tuple[bool, bool]]:
    """Which of the two names each branch of a form gives a prefix of: (family, given)."""
    if words == ONE_WORD:
        return [(True, False), (False, True)]
    return [(True, True), (True, True)]


@functools.cache
def matches_sql(words: int, vendor: str) -> str:
    """The statement of a name's matches from `start` up to `stop` in name order, with their
    home clubs and the count, for ONE_WORD or TWO_WORDS (parameters: matches_parameters).

    Each branch is counted up to LOOKUP_COUNT_LIMIT + 1 rows in the order of one of the
    names' indexes, the first branch the family names', the second the given names' (the
    branches are ordered so that each walks its longer prefix); its page is its family names'
    range walked in name order, or, for a branch with a given-name prefix and no more rows
    than are counted, those rows sorted. Built of the model's own names and expressions."""
    if vendor == "postgresql":
        family, given = 'UPPER(family_name) COLLATE "C"', 'UPPER(given_names) COLLATE "C"'
    else:
        family, given = "UPPER(family_name)", "UPPER(given_names)"
    quote = connection.ops.quote_name
    players, clubs = quote(Player._meta.db_table), quote(Club._meta.db_table)
    number = quote("abf_number")
    keys = f"family_key, given_key, {number}"
    columns = ", ".join(quote(column) for column in _LISTED)
    rows = (
        f"SELECT {family} AS family_key, {given} AS given_key, "  # noqa: S608
        f"{columns} FROM {players}"
    )
    parts, counted, pages = [], [], []
    for index, prefixes in enumerate(_branch_prefixes(words)):
        condition = " AND ".join(
            f"{key} >= %s AND {key} < %s"
            for key, given_a_prefix in zip((family, given), prefixes, strict=True)
            if given_a_prefix
        )
        # The count: the branch's first LOOKUP_COUNT_LIMIT + 1 numbers in the order of
        # the index of its longer prefix, which stops there.
        walked = family if index == 0 else given
        part = f"part{index}"
        # A branch that walks the family names' index with a given-name prefix reads its
        # names' keys from it too (the index holds the names): its page is its first rows.
        in_order = index == 0 and prefixes[1]
        read = f"{family} AS family_key, {given} AS given_key, {number}" if in_order else number
        parts.append(
            f"{part} AS (SELECT {read} FROM {players} WHERE {condition} "  # noqa: S608
            f"ORDER BY {walked} LIMIT %s)"
        )
        # Counted apart, each branch without the players an earlier one holds: no set of
        # every match is made (a branch's earlier ones are read only when it has rows).
        earlier = " AND ".join(
            f"{number} NOT IN (SELECT {number} FROM part{other})"  # noqa: S608
            for other in range(index)
        )
        counted.append(
            f"(SELECT COUNT(*) FROM {part}{f' WHERE {earlier}' if earlier else ''})"  # noqa: S608
        )
        # The page: a family name's range is walked in name order up to the page's end. A
        # branch with a given-name prefix is not in that order: with no more rows than are
        # counted, its page is those players sorted (the first of them in name order, for a
        # branch whose count read their names: only they are read again); only with more is
        # it walked (its family names' range with the given names checked in the same index,
        # or every name for a given name alone), where the matches are not rare.
        walk = f"SELECT * FROM ({rows} WHERE {condition} "  # noqa: S608
        if not prefixes[1]:
            pages.append(f"{walk}ORDER BY {keys} LIMIT %s) AS walked{index}")
            continue
        whole = f"(SELECT COUNT(*) FROM {part}) < %s"  # noqa: S608
        first = f"(SELECT * FROM {part} ORDER BY {keys} LIMIT %s) AS first{index}"  # noqa: S608
        counted_rows = f"(SELECT {number} FROM {first if in_order else part})"  # noqa: S608
        pages.append(
            f"SELECT * FROM ({rows} WHERE {number} IN {counted_rows} AND {whole} "  # noqa: S608
            f"ORDER BY {keys} LIMIT %s) AS whole{index}"
        )
        pages.append(f"{walk}AND NOT {whole} ORDER BY {keys} LIMIT %s) AS walked{index}")
    listed = ", ".join(f"page.{quote(column)}" for column in _LISTED)
    # A listed player's points by kind, when asked for: in the same statement, where a
    # statement of their own took another round trip.
    totals = quote(PlayerTotals._meta.db_table)
    kinds = (
        "json_object_agg(kind, json_build_array(approved, provisional))::text"
        if vendor == "postgresql"
        else "json_group_object(kind, json_array(approved, provisional))"
    )
    return (
        f"WITH {', '.join(parts)} "  # noqa: S608
        f"SELECT {' + '.join(counted)}, "
        f"{listed}, club.number, club.name, "
        f"CASE WHEN %s THEN (SELECT {kinds} FROM (SELECT kind, SUM(approved) AS approved, "
        f"SUM(provisional) AS provisional FROM {totals} WHERE player_id = page.id "
        "GROUP BY kind) AS kinds) END "
        "FROM (SELECT 1 AS one) AS found "
        f"LEFT JOIN (SELECT * FROM ({' UNION '.join(pages)}) AS matches "
        f"ORDER BY {keys} LIMIT %s OFFSET %s) AS page ON 1 = 1 "
        f"LEFT JOIN {clubs} AS club ON club.id = page.home_club_id "
        f"ORDER BY page.family_key, page.given_key, page.{number}"
    )


def matches_parameters(
    branches: list[tuple[str | None, str | None]], start: int, stop: int, *, kinds: bool
) -> list[str | int | bool]:
    """matches_sql's parameters for the branches' prefixes (family, given; None: none), in
    its order: each branch's ranges and count limit, whether the listed players' points by
    kind are read, each branch's pages', then the page's."""
    counts: list[str | int] = []
    pages: list[str | int] = []
    for index, (family_prefix, given_prefix) in enumerate(branches):
        ranges = [
            bound
            for prefix in (family_prefix, given_prefix)
            if prefix is not None
            for bound in _prefix_range(prefix)
        ]
        counted = LOOKUP_COUNT_LIMIT + 1
        counts += [*ranges, counted]
        if given_prefix is None:
            pages += [*ranges, stop]
        else:
            # The first branch's count read its names: its page is the first `stop` of them.
            first = [stop] if index == 0 else []
            pages += [*first, counted, stop, *ranges, counted, stop]
    return [*counts, kinds, *pages, max(0, stop - start), start]


def matches_function_sql(words: int) -> tuple[str, str]:
    """The PostgreSQL function of a form (MATCHES_FUNCTIONS) as awards migration 0030 made
    it, from matches_sql: its signature and body, the statement's parameters numbered."""
    prefix = ("A", "B") if words == TWO_WORDS else ("A", None)
    kinds = [
        "boolean" if isinstance(value, bool) else "text" if isinstance(value, str) else "bigint"
        for value in matches_parameters([prefix, prefix[::-1]], 0, 1, kinds=True)
    ]
    numbers = iter(range(1, len(kinds) + 1))
    body = re.sub("%s", lambda _: f"${next(numbers)}", matches_sql(words, "postgresql"))
    return f"{MATCHES_FUNCTIONS[words]}({', '.join(kinds)})", body


class NamePrefixMatches:
    """The players whose names start with the words of a name, in name order, as a list a
    paginator (Django's or DRF's) counts and slices.

    Each word (upper-cased: `keys`) is the start of the family name or of the given names.
    Each way the words can fall on the two names is a branch of one or two prefixes: one
    word is (its family name) or (its given names); "Ann Smith" is (family SMITH, given ANN)
    or (family ANN, given SMITH). A word that starts another is met by the longer one, and
    three words none of which starts another cannot all start two names, so there are never
    more than two branches.

    Each branch is a range of players migration 0008's indexes (the family names', with a
    given-name prefix beside it checked in the same index, or the given names'). A page is
    one statement with the count and the players' home clubs (matches_sql): each branch is
    counted up to LOOKUP_COUNT_LIMIT + 1 rows in its index's order, and its page is its
    family names' range walked in name order to the page's last row, or, for a branch with a
    given-name prefix and no more rows than are counted, those rows sorted: whatever the
    register's size or where the name falls in the alphabet, each part stops at its limit of
    matches, and only a branch with more matches than are counted is walked past names that
    do not match. The count stops at LOOKUP_COUNT_LIMIT (`more` then says there are more),
    so that a name as common as "S" never counts the whole register.
    """

    ordered = True

    def __init__(self, keys: Iterable[str], *, kinds: bool = False) -> None:
        # Whether each listed player's points by kind are read with them (ListedPlayer.kinds).
        self.kinds = kinds
        words = set(keys)
        # The words that start no other: each must start one of the two names.
        longest = sorted(w for w in words if not any(o != w and o.startswith(w) for o in words))
        self.branches: list[tuple[str | None, str | None]] = []
        if len(longest) == 1:
            self.branches = [(longest[0], None), (None, longest[0])]
        elif len(longest) == 2:
            # The first branch walks the family names' index, the second the given names':
            # each by its longer word.
            first, second = sorted(longest, key=len, reverse=True)
            self.branches = [(first, second), (second, first)]
        self._count: int | None = None

    def _read(self, start: int, stop: int) -> list[ListedPlayer]:
        """The matches from `start` up to `stop` in name order, with their home clubs, and
        the count kept: one statement (matches_sql), on PostgreSQL its form's function."""
        words = ONE_WORD if self.branches[0][1] is None else TWO_WORDS
        params = matches_parameters(self.branches, start, stop, kinds=self.kinds)
        if connection.vendor == "postgresql":
            marks = ", ".join(["%s"] * len(params))
            sql = f"SELECT * FROM {MATCHES_FUNCTIONS[words]}({marks})"  # noqa: S608
        else:
            sql = matches_sql(words, connection.vendor)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            found = cursor.fetchall()
        self._count = found[0][0]
        # Each row: the count, the player's values and the home club's key (_LISTED), then
        # the club's number and name, and the points by kind (JSON; None when not asked for).
        club_key = len(_LISTED)
        players_found = []
        for row in found:
            if row[1] is None:
                continue  # no page: the count alone
            club = None if row[club_key] is None else ListedClub(*row[club_key + 1 : club_key + 3])
            kinds = orjson.loads(row[-1] or "{}") if self.kinds else None
            players_found.append(ListedPlayer(*row[1:club_key], club, kinds))
        return players_found

    def count(self) -> int:
        if self._count is None:
            if self.branches:
                self._read(0, 0)
            else:
                self._count = 0
        return min(self._count or 0, LOOKUP_COUNT_LIMIT)

    @property
    def more(self) -> bool:
        """Whether more players match than are counted."""
        self.count()
        return (self._count or 0) > LOOKUP_COUNT_LIMIT

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index: slice) -> list[ListedPlayer]:
        if not isinstance(index, slice) or index.step not in (None, 1):
            raise TypeError("the lookup's matches are read a page (a slice) at a time")
        # No further than is counted: the pages end where the count does.
        start = index.start or 0
        stop = min(LOOKUP_COUNT_LIMIT, LOOKUP_COUNT_LIMIT if index.stop is None else index.stop)
        if not self.branches:
            self._count = 0
            return []
        return self._read(start, max(start, stop))


def players_lookup(
    *, query: str, limit: int | None = 50, kinds: bool = False
) -> QuerySet[Player] | NamePrefixMatches:
    """1.4.4 Masterpoint lookup: by ABF number (with or without leading zeros) or by name;
    every match with `limit=None`, for a paginator to count and slice. `kinds`: the matches
    of a name's prefixes hold each player's points by kind (ListedPlayer.kinds).

    A name is a NamePrefixMatches (the prefixes' ranges of the names' indexes, a fixed
    number of queries); a name with a word whose upper case the names' indexes cannot be
    sure to hold as a range ("Strauß") is found through the trigram indexes of the names
    (players migration 0003) and then sorted.
    """
    query = query.strip()
    players = Player.objects.select_related("home_club")
    if not query:
        return players.none()
    if query.isdigit():
        return players.filter(abf_number=query.zfill(7))[:limit]
    words = query.replace(",", " ").split()
    keys = [_prefix_key(word) for word in words]
    if None not in keys:
        matches = NamePrefixMatches(keys, kinds=kinds)
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
