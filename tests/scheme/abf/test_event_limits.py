"""The largest event the award rules take: refused past each limit, naming the field, before
any award is worked out; the largest real congress is inside them."""

from decimal import Decimal

import pytest

from scheme.abf import Event, Field, Match, Outright, Session
from scheme.abf.validation import (
    MAX_CONTESTANTS,
    MAX_SESSIONS,
    MAX_TABLES,
    event_within_limits,
)
from scheme.core.errors import RulesError


def howell(tables, ranking=(("A",), ("B",)), **extra) -> Field:
    return Field("howell", tables, [list(place) for place in ranking], **extra)


def event(sessions, **extra) -> Event:
    return Event(grade="E", kind="pairs", sessions=sessions, **extra)


def refused(item: Event) -> RulesError:
    with pytest.raises(RulesError) as raised:
        event_within_limits(item)
    return raised.value


def test_the_largest_congress_is_inside_the_limits():
    labels = [[f"P{n}"] for n in range(600)]
    congress = event(
        [Session(fields=[howell(Decimal(300), labels)]) for _ in range(15)],
        outright=Outright(ranking=labels, sessions=15),
    )
    event_within_limits(congress)


@pytest.mark.parametrize("tables", [MAX_TABLES + 1, 999_999, "1e999999999"])
def test_a_field_of_more_tables_than_the_limit_is_refused(tables):
    error = refused(event([Session(fields=[howell(tables)])]))

    assert error.field == "sessions[0].fields[0].tables"
    assert "at most 1,000 tables" in error.message


def test_a_field_of_the_limit_of_tables_is_taken():
    event_within_limits(event([Session(fields=[howell(MAX_TABLES)])]))


def test_an_outright_size_of_ten_million_is_refused():
    error = refused(
        event(
            [Session(fields=[howell(3)])],
            outright=Outright(ranking=[["A"]], sessions=2, size=10**7),
        )
    )

    assert error.field == "outright.size"


def test_more_sessions_than_the_limit_are_refused():
    error = refused(event([Session(fields=[howell(3)])] * (MAX_SESSIONS + 1)))

    assert error.field == "sessions"


def test_a_ranking_of_more_contestants_than_the_limit_is_refused():
    ranking = [[f"P{n}"] for n in range(MAX_CONTESTANTS + 1)]

    error = refused(event([Session(fields=[howell(MAX_TABLES, ranking)])]))

    assert error.field == "sessions[0].fields[0].ranking"


def test_the_whole_event_is_limited_in_its_tables():
    session = Session(fields=[howell(MAX_TABLES)] * 25)

    error = refused(event([session]))

    assert "20,000 tables over all the sessions" in error.message


def test_a_match_of_a_million_boards_is_refused():
    match = Match(boards=10**6, home="T1", away="T2", home_imps=Decimal(1), away_imps=Decimal(0))

    error = refused(Event(grade="E", kind="teams", sessions=[Session(matches=[match])]))

    assert error.field == "sessions[0].matches[0].boards"
