"""Walks an NZ event through the rules: session C Points (Club Sessions, Basic C Point
Tables 1, factored by A/B Point Tournaments rule 3), the session winners' A or B Point (A/B
Point Tournaments rule 3), match points (Basic C Point Tables 2; A Point Tournaments rule
4; B Point Tournaments rule 4) and the overall placings (A/B Point Tournaments rule 2, the
Tables of Tournament and Session Awards)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scheme.core.arithmetic import Rounding, ordinal, round_hundredths, show_number
from scheme.core.errors import RulesError
from scheme.core.inputs import count, enum_value, ranking_labels, tables as check_tables
from scheme.core.points import points_text
from scheme.nz import cpoints, matchplay, overall as overall_tables
from scheme.nz.events import Event, Field, Kind, Match, Movement, Overall, Session
from scheme.nz.kinds import KIND_CODES, A, C
from scheme.nz.players import PlayerPoints, checked_players, player_points
from scheme.nz.results import ContestantPoints, EventPoints
from scheme.nz.statuses import STATUSES, Status
from scheme.nz.validation import event_within_limits, optional_number

HUNDREDTHS = 100


class _Tally:
    """The points of every contestant as the rules give them, with the working lines."""

    def __init__(self, sessions: int, working: bool) -> None:
        self.sessions = sessions
        self.order: dict[str, None] = {}
        self.session_points: dict[str, list[dict[str, int] | None]] = {}
        self.match_points: dict[str, dict[str, int]] = {}
        self.match_sessions: dict[str, list[dict[str, int]]] = {}
        self.overall_points: dict[str, dict[str, int]] = {}
        self.lines: list[str] | None = [] if working else None

    def see(self, label: str) -> None:
        if label not in self.order:
            self.order[label] = None
            self.session_points[label] = [None] * self.sessions
            self.match_points[label] = {}
            self.match_sessions[label] = [{} for _ in range(self.sessions)]
            self.overall_points[label] = {}

    def session(self, index: int, label: str, kind: str, hundredths: int) -> None:
        self.see(label)
        points = self.session_points[label][index]
        if points is None:
            points = self.session_points[label][index] = {}
        points[kind] = points.get(kind, 0) + hundredths

    def match(self, index: int, label: str, kind: str, hundredths: int) -> None:
        self.see(label)
        self.match_points[label][kind] = self.match_points[label].get(kind, 0) + hundredths
        by_session = self.match_sessions[label][index]
        by_session[kind] = by_session.get(kind, 0) + hundredths

    def overall(self, label: str, kind: str, hundredths: int) -> None:
        self.see(label)
        self.overall_points[label][kind] = hundredths

    def say(self, line: str) -> None:
        if self.lines is not None:
            self.lines.append(line)

    def contestants(self) -> tuple[ContestantPoints, ...]:
        result = []
        for label in self.order:
            total = dict.fromkeys(KIND_CODES, 0)
            for part in (*self.session_points[label], self.match_points[label],
                         self.overall_points[label]):  # fmt: skip
                for kind, hundredths in (part or {}).items():
                    total[kind] += hundredths
            result.append(
                ContestantPoints(
                    label=label,
                    sessions=tuple(self.session_points[label]),
                    matches=dict(self.match_points[label]),
                    overall=dict(self.overall_points[label]),
                    total=total,
                )
            )
        return tuple(result)


def compute(event: Event, *, rules: str, working: bool = True) -> EventPoints:
    event_within_limits(event)
    status = STATUSES.get(str(event.status))
    if status is None:
        known = ", ".join(STATUSES)
        raise RulesError("status", f"unknown status {event.status!r} (known: {known})")
    kind = enum_value(Kind, event.kind, "kind")
    if not event.sessions and event.overall is None:
        raise RulesError("sessions", "an event needs at least one session")
    tally = _Tally(len(event.sessions), working)
    tally.say(f"{rules}: {status.description}, {kind.value}.")
    for index, session in enumerate(event.sessions):
        _session(tally, status, kind, index, session)
    if event.overall is not None:
        _overall(tally, status, kind, event.overall, event.sessions)
    _ineligible(tally, event.ineligible)
    contestants = tally.contestants()
    return EventPoints(
        rules=rules,
        status=status.code,
        kind=kind.value,
        contestants=contestants,
        working=tuple(tally.lines or ()),
        players=_players(tally, event, kind, contestants),
    )


def _ineligible(tally: _Tally, labels: Sequence[str]) -> None:
    """Issue of Master Points 9: "The presence in the top placings of a Player ineligible
    to receive Master Points does not affect the awards to the other eligible Players": the
    ineligible contestant's points are worked out, then not issued."""
    for index, label in enumerate(labels):
        if label not in tally.order:
            raise RulesError(f"ineligible[{index}]", f"{label!r} is not a contestant of the event")
        tally.session_points[label] = [
            None if part is None else {} for part in tally.session_points[label]
        ]
        tally.match_points[label] = {}
        tally.match_sessions[label] = [{} for _ in range(tally.sessions)]
        tally.overall_points[label] = {}
        tally.say(
            f"{label}: not entitled to Master Points (Issue of Master Points 6, 9): its places "
            "count, its points are not issued."
        )


def _players(
    tally: _Tally, event: Event, kind: Kind, contestants: Sequence[ContestantPoints]
) -> tuple[PlayerPoints, ...]:
    """A/B Point Tournaments rule 2: each listed player's share of the contestant's."""
    if not event.players:
        return ()
    session_deals = [session.deals for session in event.sessions]
    checked_players(event.players, set(tally.order), session_deals)
    by_label = {contestant.label: contestant for contestant in contestants}
    result: list[PlayerPoints] = []
    for label, members in event.players.items():
        contestant = by_label[label]
        result += player_points(
            contestant=label,
            members=members,
            teams=kind is Kind.TEAMS,
            sessions=contestant.sessions,
            matches_by_session=tally.match_sessions[label],
            overall=contestant.overall,
            session_deals=session_deals,
        )
    return tuple(result)


def _session(tally: _Tally, status: Status, kind: Kind, index: int, session: Session) -> None:
    path = f"sessions[{index}]"
    deals = None if session.deals is None else count(session.deals, f"{path}.deals")
    if not session.fields and not session.matches:
        raise RulesError(path, "a session needs fields (with rankings) or matches")
    name = session.name or f"Session {index + 1}"
    seen: set[str] = set()
    for number, field in enumerate(session.fields):
        _field(tally, status, kind, index, name, deals, field, f"{path}.fields[{number}]", seen)
    for number, match in enumerate(session.matches):
        _match(tally, status, index, name, match, f"{path}.matches[{number}]")


def _field(
    tally: _Tally,
    status: Status,
    kind: Kind,
    index: int,
    session_name: str,
    deals: int | None,
    field: Field,
    path: str,
    seen: set[str],
) -> None:
    movement = enum_value(Movement, field.movement, f"{path}.movement")
    tables = check_tables(field.tables, f"{path}.tables")
    labels = ranking_labels(field.ranking, f"{path}.ranking", seen)
    if field.size is not None:
        contestants = count(field.size, f"{path}.size")
        if len(labels) > contestants:
            raise RulesError(
                f"{path}.size",
                f"the ranking lists {len(labels)} contestants, more than {contestants}",
            )
    else:
        contestants = max(movement.contestants(tables), len(labels))
    number = path.rsplit("[", 1)[1].rstrip("]")
    where = f"{session_name}, {field.name or f'field {int(number) + 1}'}"
    for label in labels:
        tally.see(label)
        tally.session_points[label][index] = tally.session_points[label][index] or {}
    if contestants > cpoints.MOST_CONTESTANTS:
        raise RulesError(
            f"{path}.size" if field.size is not None else f"{path}.tables",
            f"the Basic Table (expanded, page E41) ends at {cpoints.MOST_CONTESTANTS} "
            f"contestants in a group; this one has {contestants}",
        )
    if tables < cpoints.MINIMUM_TABLES:
        tally.say(
            f"{where}: {show_number(tables)} tables: no C Points (Minimum Number of Tables: "
            "at least two complete tables in the section)."
        )
        return
    factor = status.c_factor
    row = cpoints.factored_row(contestants, factor, deals)
    if not row:
        reason = (
            f"{deals} deals: no C Points under {cpoints.HALF_TABLE_DEALS} deals"
            if deals is not None and deals < cpoints.HALF_TABLE_DEALS
            else f"{contestants} contestants: no C Points under 3"
        )
        tally.say(f"{where}: {reason}.")
    else:
        floor = cpoints.lowest_award(factor, deals)
        half = cpoints.deals_factor(deals) != 1
        tally.say(
            f"{where}: {contestants} contestants, top {len(row)} places; Basic Table"
            + (f" x {show_number(factor)} ({status.code})" if factor != 1 else "")
            + (f", halved for {deals} deals (fractions up)" if half else "")
            + f": {', '.join(str(award) for award in row)} C Points."
        )
        _share_c(tally, index, where, field.ranking, row, floor)
    _session_winners(tally, status, kind, index, where, deals, field.ranking)


def _share_c(
    tally: _Tally,
    index: int,
    where: str,
    ranking: Sequence[Sequence[str]],
    row: tuple[int, ...],
    floor: int,
) -> None:
    place = 1
    for group in ranking:
        if place > len(row):
            break
        members = len(group)
        if members == 1:
            award = row[place - 1]
        else:
            award = cpoints.tied_share(row, place, members, floor)
            tally.say(
                f"{where}: {', '.join(group)} tie for {ordinal(place)}: the awards of "
                f"{ordinal(place)}-{ordinal(place + members - 1)} shared, fractions up, "
                f"at least {floor}: {award} C Points each."
            )
        for label in group:
            tally.session(index, label, C, award * HUNDREDTHS)
        place += members


def _session_winners(
    tally: _Tally,
    status: Status,
    kind: Kind,
    index: int,
    where: str,
    deals: int | None,
    ranking: Sequence[Sequence[str]],
) -> None:
    """A/B Point Tournaments rule 3: one A (or B) Point to the winners of each group of each
    session of a Pairs Tournament (all first-equal pairs), with 20 deals in circulation."""
    point = status.session_award_kind
    if point is None or kind is not Kind.PAIRS:
        return
    if deals is not None and deals < cpoints.FULL_TABLE_DEALS:
        tally.say(f"{where}: no session {point} Point under {cpoints.FULL_TABLE_DEALS} deals.")
        return
    winners = ranking[0]
    for label in winners:
        tally.session(index, label, point, HUNDREDTHS)
    tally.say(f"{where}: one {point} Point to the session winners, {', '.join(winners)}.")


def _score(match: Match, path: str) -> tuple[Fraction, Fraction, str]:
    for basis, home, away in (
        ("VPs", match.home_vps, match.away_vps),
        ("IMPs", match.home_imps, match.away_imps),
        ("points", match.home_points, match.away_points),
    ):
        side = basis.lower()
        mine = optional_number(home, f"{path}.home_{side}")
        theirs = optional_number(away, f"{path}.away_{side}")
        if (mine is None) != (theirs is None):
            missing = "away" if theirs is None else "home"
            raise RulesError(f"{path}.{missing}_{side}", f"give both sides' {basis}")
        if mine is not None and theirs is not None:
            return mine, theirs, basis
    raise RulesError(path, "give the match's VPs, IMPs or points for both sides")


def _match(
    tally: _Tally, status: Status, index: int, session_name: str, match: Match, path: str
) -> None:
    deals = count(match.deals, f"{path}.deals")
    for side in ("home", "away"):
        label = getattr(match, side)
        if not isinstance(label, str) or not label.strip():
            raise RulesError(f"{path}.{side}", "a contestant label must be a non-empty text")
    if match.home == match.away:
        raise RulesError(f"{path}.away", "a contestant cannot play itself")
    home, away, basis = _score(match, path)
    results = (
        (match.home, matchplay.outcome(home, away)),
        (match.away, matchplay.outcome(away, home)),
    )
    factor = status.match_a_factor
    for label, result in results:
        if factor is not None:
            points, kind = matchplay.a_points(deals, result, factor), A
        else:
            points, kind = matchplay.c_points(deals, result), C
        tally.match(index, label, kind, points)
    winner = next((label for label, result in results if result is matchplay.Outcome.WON), None)
    if factor is not None:
        how = f"0.02 A a deal won, 0.01 tied, x {show_number(factor)} ({status.code})"
        kind_name = "A"
    else:
        how = "2 C a deal won, 1 tied"
        kind_name = "C"
    outcome_text = f"{winner} wins" if winner else "tied"
    points_each = max(
        matchplay.a_points(deals, r, factor) if factor is not None else matchplay.c_points(deals, r)
        for _, r in results
    )
    tally.say(
        f"{session_name}, {match.home} v {match.away}, {deals} deals on {basis}: {outcome_text}; "
        f"{how}: {points_text(points_each)} {kind_name} Points."
    )


def _overall(
    tally: _Tally, status: Status, kind: Kind, given: Overall, sessions: Sequence[Session]
) -> None:
    path = "overall"
    if not status.is_tournament:
        raise RulesError(path, "a club session has no overall placings: give a Tournament status")
    if status.code in overall_tables.TOP_THREE:
        _top_three(tally, status, given, sessions)
        return
    reason = overall_tables.NO_TABLE.get((status.code, "teams" if kind is Kind.TEAMS else "pairs"))
    if reason:
        raise RulesError("status", f"no overall {status.code} {kind.value} awards: {reason}")
    table = overall_tables.table_for(status.code, kind.value)
    assert table is not None
    labels = ranking_labels(given.ranking, f"{path}.ranking", set())
    if given.size is not None:
        contestants = count(given.size, f"{path}.size")
        if len(labels) > contestants:
            raise RulesError(
                f"{path}.size",
                f"the ranking lists {len(labels)} contestants, more than {contestants}",
            )
    else:
        contestants = len(labels)
    _minimum_deals(status, sessions)
    scale = "Teams" if kind is Kind.TEAMS else "Pairs"
    if contestants > table.most:
        raise RulesError(
            f"{path}.size" if given.size is not None else f"{path}.ranking",
            f"the {status.code} {scale} table (page {table.page}) is printed to {table.most} "
            f"{scale.lower()}; for more, NZ Bridge sets the awards",
        )
    for label in labels:
        tally.see(label)
    row = table.row(contestants)
    if row is None:
        tally.say(f"Overall: {contestants} {scale.lower()}: the {status.code} table starts at 3.")
        return
    awards = overall_tables.place_awards(row)
    lost = [str(place) for place, cell in enumerate(row[2], 1) if cell is None]
    tally.say(
        f"Overall: {status.code} {scale} table (page {table.page}), row {row[0]}-{row[1]}: "
        f"{', '.join(str(a) for a in awards)} {status.kind} Points"
        + (f" (places {', '.join(lost)} lost in the scan: 1 Point each)" if lost else "")
        + "."
    )
    place = 1
    for group in given.ranking:
        if place > len(awards):
            break
        members = len(group)
        average = overall_tables.tied_average(awards, place, members)
        hundredths = round_hundredths(average.numerator, average.denominator, Rounding.HALF_UP)
        if members > 1:
            tally.say(
                f"Overall: {', '.join(group)} tie for {ordinal(place)}: the average of the "
                f"awards of {ordinal(place)}-{ordinal(place + members - 1)}, "
                f"{points_text(hundredths)} {status.kind} Points each."
            )
        for label in group:
            tally.overall(label, status.kind, hundredths)
        place += members


def _top_three(tally: _Tally, status: Status, given: Overall, sessions: Sequence[Session]) -> None:
    """Page E48: 1st, 2nd and 3rd, the Trials' awards in proportion to a field under six."""
    path = "overall"
    top = overall_tables.TOP_THREE[status.code]
    labels = ranking_labels(given.ranking, f"{path}.ranking", set())
    contestants = len(labels) if given.size is None else count(given.size, f"{path}.size")
    if len(labels) > contestants:
        raise RulesError(
            f"{path}.size", f"the ranking lists {len(labels)} contestants, more than {contestants}"
        )
    _minimum_deals(status, sessions)
    scale = top.scale(contestants)
    awards = tuple(Fraction(award) * scale for award in top.awards)
    tally.say(
        f"Overall: {status.description} (page E48): "
        + ", ".join(points_text(_hundredths(a)) for a in awards)
        + f" {status.kind} Points"
        + (f", {contestants} of 6 for a field under six" if scale != 1 else "")
        + "."
    )
    for label in labels:
        tally.see(label)
    place = 1
    for group in given.ranking:
        if place > len(awards):
            break
        members = len(group)
        share = sum(awards[place - 1 : place - 1 + members], Fraction(0)) / members
        for label in group:
            tally.overall(label, status.kind, _hundredths(share))
        place += members


def _hundredths(value: Fraction) -> int:
    return round_hundredths(value.numerator, value.denominator, Rounding.HALF_UP)


def _minimum_deals(status: Status, sessions: Sequence[Session]) -> None:
    """A Point Tournaments rule 1(c), B Point Tournaments rule 1: the minimum deals in
    circulation, checked when every session gives its deals."""
    if status.minimum_deals is None or not sessions:
        return
    given = [session.deals for session in sessions]
    if any(deals is None for deals in given):
        return
    total = sum(given)  # type: ignore[arg-type]
    if total < status.minimum_deals:
        raise RulesError(
            "sessions",
            f"a {status.code} Tournament needs at least {status.minimum_deals} deals in "
            f"circulation; the sessions give {total}",
        )
