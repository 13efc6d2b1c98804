"""The portal's calculators for the NZ scheme, as plain Python: a JSON request to an NZ
`Event` and its points to the answer (POST /api/v1/calculator/awards), named example
requests (`scheme.nz.calculator_examples`), and the rank calculator (GET
/api/v1/ranks?scheme=nz).

A bad request raises `RulesError` whose `field` is the path of the offending key
("sessions[0].fields[1].tables"), as the ABF's calculator does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from scheme.core.errors import RulesError
from scheme.core.points import PointsError, parse_points, points_text
from scheme.nz.editions import DEFAULT_RULES, get_rule_set
from scheme.nz.events import Event, Field, Match, Overall, Session
from scheme.nz.grading import grade_for, rating_points
from scheme.nz.kinds import KIND_CODES, NZ_POINT_KINDS, A, B, C, aggregate, b_points_from_c
from scheme.nz.players import MAX_PLAYERS, Player
from scheme.nz.ranks import (
    PROVINCIAL_MASTER,
    next_rank,
    next_star_aggregate,
    rank_for,
    rank_label,
    stars,
)
from scheme.nz.results import EventPoints
from scheme.nz.validation import MAX_CONTESTANTS, MAX_FIELDS, MAX_MATCHES, MAX_SESSIONS

EVENT_KEYS = {
    "rules", "status", "grade", "kind", "name", "sessions", "overall", "outright", "players",
    "ineligible",
}  # fmt: skip
PLAYER_KEYS = {"label", "deals"}
SESSION_KEYS = {"deals", "boards", "name", "fields", "matches"}
FIELD_KEYS = {"movement", "tables", "ranking", "size", "name"}
MATCH_KEYS = {
    "deals", "boards", "home", "away", "home_vps", "away_vps", "home_imps", "away_imps",
    "home_points", "away_points",
}  # fmt: skip
OVERALL_KEYS = {"ranking", "size"}


def _mapping(value: object, path: str, keys: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RulesError(path, "an object is required")
    for key in value:
        if key not in keys:
            where = f"{path}.{key}" if path else str(key)
            raise RulesError(where, f"unknown key (known: {', '.join(sorted(keys))})")
    return value


def _list(value: object, path: str, limit: int) -> Sequence[Any]:
    if not isinstance(value, (list, tuple)):
        raise RulesError(path, "a list is required")
    if len(value) > limit:
        raise RulesError(path, f"at most {limit:,} (the largest event the portal takes)")
    return value


def _text(value: object, path: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise RulesError(path, "a text is required")
    text = str(value).strip()
    if not text:
        raise RulesError(path, "must not be empty")
    return text


def _whole(value: object, path: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(path, "a whole number is required")
    if value < 1:
        raise RulesError(path, "must be at least 1")
    return value


def _decimal(value: object, path: str) -> Decimal | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Decimal)):
        raise RulesError(path, "a number is required")
    try:
        number = Decimal(str(value).strip())
    except InvalidOperation:
        raise RulesError(path, f"{value!r} is not a number") from None
    if not number.is_finite():
        raise RulesError(path, f"{value!r} is not a number")
    return number


def _ranking(value: object, path: str) -> tuple[tuple[str, ...], ...]:
    places = _list(value, path, MAX_CONTESTANTS)
    ranking = []
    for index, place in enumerate(places):
        where = f"{path}[{index}]"
        if isinstance(place, (str, int)) and not isinstance(place, bool):
            place = [place]  # a place of one contestant may be given bare
        members = _list(place, where, MAX_CONTESTANTS)
        ranking.append(tuple(_text(label, where) for label in members))
    return tuple(ranking)


def _deals(mapping: Mapping[str, Any], path: str) -> int | None:
    if "deals" in mapping and "boards" in mapping:
        raise RulesError(f"{path}.boards" if path else "boards", "give deals or boards, not both")
    key = "deals" if "deals" in mapping else "boards"
    return _whole(mapping.get(key), f"{path}.{key}")


def _field(value: object, path: str) -> Field:
    given = _mapping(value, path, FIELD_KEYS)
    if "ranking" not in given:
        raise RulesError(f"{path}.ranking", "a field needs its ranking")
    tables = _decimal(given.get("tables"), f"{path}.tables")
    if tables is None:
        raise RulesError(f"{path}.tables", "a field needs its tables (teams, for teams)")
    return Field(
        movement=given.get("movement", "mitchell"),
        tables=tables,
        ranking=_ranking(given["ranking"], f"{path}.ranking"),
        size=_whole(given.get("size"), f"{path}.size"),
        name=str(given.get("name") or ""),
    )


def _match(value: object, path: str) -> Match:
    given = _mapping(value, path, MATCH_KEYS)
    deals = _deals(given, path)
    if deals is None:
        raise RulesError(f"{path}.deals", "a match needs its number of deals")
    scores = {
        key: _decimal(given.get(key), f"{path}.{key}")
        for key in MATCH_KEYS - {"deals", "boards", "home", "away"}
    }
    return Match(
        deals=deals,
        home=_text(given.get("home"), f"{path}.home"),
        away=_text(given.get("away"), f"{path}.away"),
        **scores,
    )


def _session(value: object, path: str) -> Session:
    given = _mapping(value, path, SESSION_KEYS)
    fields = _list(given.get("fields", []), f"{path}.fields", MAX_FIELDS)
    matches = _list(given.get("matches", []), f"{path}.matches", MAX_MATCHES)
    return Session(
        fields=tuple(_field(f, f"{path}.fields[{i}]") for i, f in enumerate(fields)),
        matches=tuple(_match(m, f"{path}.matches[{i}]") for i, m in enumerate(matches)),
        deals=_deals(given, path),
        name=str(given.get("name") or ""),
    )


def calculator_event(request: Mapping[str, Any]) -> Event:
    """A calculator request as an NZ `Event`; a `RulesError` names the offending key."""
    given = _mapping(request, "", EVENT_KEYS)
    rules = str(given.get("rules") or DEFAULT_RULES)
    get_rule_set(rules)
    if "status" in given and "grade" in given:
        raise RulesError("grade", "give the status (or grade), not both")
    status_key = "status" if "status" in given or "grade" not in given else "grade"
    if given.get(status_key) is None:
        raise RulesError("status", "the event's status is required: club, 3B, 5B, 8B, 3A, 5A ...")
    if "overall" in given and "outright" in given:
        raise RulesError("outright", "give overall (or outright), not both")
    overall_key = "overall" if "overall" in given else "outright"
    overall = None
    if given.get(overall_key) is not None:
        placings = _mapping(given[overall_key], overall_key, OVERALL_KEYS)
        if "ranking" not in placings:
            raise RulesError(f"{overall_key}.ranking", "the overall placings need a ranking")
        overall = Overall(
            ranking=_ranking(placings["ranking"], f"{overall_key}.ranking"),
            size=_whole(placings.get("size"), f"{overall_key}.size"),
        )
    sessions = _list(given.get("sessions", []), "sessions", MAX_SESSIONS)
    players = _players(given.get("players"))
    return Event(
        status=_text(given[status_key], status_key),
        kind=given.get("kind", "pairs"),
        sessions=tuple(_session(s, f"sessions[{i}]") for i, s in enumerate(sessions)),
        overall=overall,
        rules=rules,
        name=str(given.get("name") or ""),
        players=players,
        ineligible=tuple(
            _text(label, f"ineligible[{index}]")
            for index, label in enumerate(
                _list(given.get("ineligible", []), "ineligible", MAX_CONTESTANTS)
            )
        ),
    )


def _players(value: object) -> dict[str, tuple[Player, ...]]:
    """`players`: by contestant label, its players with the deals each played a session."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise RulesError("players", "an object of contestant labels is required")
    if len(value) > MAX_CONTESTANTS:
        raise RulesError("players", f"at most {MAX_CONTESTANTS:,} contestants")
    result = {}
    for contestant, members in value.items():
        path = f"players.{contestant}"
        listed = _list(members, path, MAX_PLAYERS)
        players = []
        for index, member in enumerate(listed):
            where = f"{path}[{index}]"
            if isinstance(member, str):
                member = {"label": member}
            given = _mapping(member, where, PLAYER_KEYS)
            deals = given.get("deals")
            if deals is not None:
                deals = tuple(
                    None if d is None else _count(d, f"{where}.deals[{i}]")
                    for i, d in enumerate(_list(deals, f"{where}.deals", MAX_SESSIONS))
                )
            players.append(Player(label=_text(given.get("label"), f"{where}.label"), deals=deals))
        result[_text(contestant, path)] = tuple(players)
    return result


def _count(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(path, "a whole number of deals (0 or more) is required")
    return value


def _points(points: Mapping[str, int] | None) -> dict[str, str] | None:
    if points is None:
        return None
    return {kind: points_text(points[kind]) for kind in KIND_CODES if kind in points}


def calculator_answer(result: EventPoints) -> dict[str, Any]:
    """The answer in the ABF calculator's shape, with the points in A, B and C Points
    (strings of two decimals) and what each player of a contestant receives."""
    return {
        "rules": result.rules,
        "grade": result.status,
        "status": result.status,
        "kind": result.kind,
        "point_kinds": [
            {"code": kind.code, "label": kind.label, "colour": kind.colour_hex}
            for kind in NZ_POINT_KINDS
        ],
        # Outline rule 5: each `total` is the aggregate of A and B Points (what counts for
        # rank), not the sum of every kind: a club session's C Points leave it at 0.00.
        "total_label": "A and B (for rank)",
        "contestants": [
            {
                "label": contestant.label,
                "sessions": [_points(points) for points in contestant.sessions],
                "matches": _points(contestant.matches),
                "overall": _points(contestant.overall),
                "points": _points(contestant.total),
                # Outline rule 5: the aggregate of A and B Points (what counts for rank).
                "total": points_text(contestant.total[A] + contestant.total[B]),
            }
            for contestant in result.contestants
        ],
        # Each listed player's points, when the request listed the contestants' players.
        "players": [
            {
                "label": player.label,
                "contestant": player.contestant,
                "sessions": [_points(points) for points in player.sessions],
                "matches": _points(player.matches),
                "overall": _points(player.overall),
                "points": _points(player.total),
                "total": points_text(player.total[A] + player.total[B]),
                "reasons": list(player.reasons),
            }
            for player in result.players
        ],
        "working": list(result.working),
    }


RANK_PARAMETERS: tuple[tuple[str, str], ...] = (
    ("a", "Lifetime A Points, e.g. 123.45 (0 if left out)."),
    ("b", "Lifetime B Points (0 if left out)."),
    ("c", "Lifetime C Points (0 if left out); each whole 100 count as one B Point."),
    (
        "previous_rating",
        "Rating Points before the last 31 December calculation (optional). Left out, the "
        "player is taken as new: the year's points are all their A and B Points.",
    ),
    (
        "year_points",
        "A and B Points earned in the year counted at 31 December (optional; 0 when "
        "previous_rating is given without it).",
    ),
)


# The most points a query may give (the highest NZ totals are some thousands).
MOST_POINTS = 1_000_000 * 100


def _query_points(query: Mapping[str, str], name: str) -> int | None:
    value = query.get(name)
    if value is None or str(value).strip() == "":
        return None
    try:
        hundredths = parse_points(str(value))
    except PointsError as error:
        raise RulesError(name, str(error)) from None
    if hundredths > MOST_POINTS:
        raise RulesError(name, f"at most {points_text(MOST_POINTS)} points")
    return hundredths


def rank_calculator(query: Mapping[str, str]) -> dict[str, Any]:
    """A player's rank, stars, grade and Rating Points from their points (query strings),
    and what the next rank (or star) needs."""
    known = {name for name, _ in RANK_PARAMETERS}
    for key in query:
        if key not in known and key != "scheme":
            raise RulesError(key, f"unknown parameter (known: {', '.join(sorted(known))})")
    totals = {kind: _query_points(query, kind.lower()) or 0 for kind in (A, B, C)}
    previous = _query_points(query, "previous_rating")
    year = _query_points(query, "year_points")
    held = aggregate(totals)
    if year is None:
        year = held if previous is None else 0
    rating = rating_points(previous=previous or 0, year_points=year)
    rank = rank_for(totals)
    star_count = stars(rank, totals)
    following = next_rank(rank)
    reached_pm = rank is not None and rank.order >= PROVINCIAL_MASTER.order
    answer: dict[str, Any] = {
        "scheme": "nz",
        "points": {kind: points_text(totals[kind]) for kind in (A, B, C)},
        "b_from_c": points_text(b_points_from_c(totals[C])),
        "aggregate": points_text(held),
        "rank": rank.name if rank else None,
        "stars": star_count,
        "rank_label": rank_label(rank, star_count) or "No rank yet",
        "rating_points": points_text(rating),
        "grade": grade_for(
            rating_points=rating, a_points=totals[A], provincial_master=reached_pm
        ).value,
        "next_rank": None,
        "next_star": None,
    }
    if following is not None:
        more, more_a = following.shortfall(totals)
        answer["next_rank"] = {
            "rank": following.name,
            "aggregate": points_text(following.aggregate * 100),
            "a_points": points_text(following.a_points * 100),
            "aggregate_needed": points_text(more),
            "a_points_needed": points_text(more_a),
        }
        star_at = next_star_aggregate(rank, totals)
        if more == 0 and more_a > 0 and star_at is not None:
            answer["next_star"] = {
                "stars": star_count + 1,
                "aggregate": points_text(star_at),
                "aggregate_needed": points_text(star_at - held),
            }
    return answer
