"""A player's statement (1.4.4) is read from indexes alone: on PostgreSQL the index of the
player's credits holds every column of a credit the statement shows (awards migration 0027),
and the index of the events by key the columns it shows of their events (0028), so the player
page reads a few index pages in a row rather than a page of the ledger and one of the events
for each credit. The migrations are undone and done again with the ledger's credits intact."""

from datetime import date

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from awards.ledger.models import Credit, Event
from awards.ledger.statements import _credited_sql, _page_sql, player_statement_page
from centre.models import Period
from tests.factories import PlayerFactory


def _credits(player, club, staff, count: int) -> None:
    period, _ = Period.objects.get_or_create(year=2026, month=3)
    for day in range(1, count + 1):
        event = Event.objects.create(
            organiser=Event.Organiser.CLUB,
            club=club,
            name=f"Pairs of {day} March",
            starts_on=date(2026, 3, day),
            ends_on=date(2026, 3, day),
            grade="E",
            created_by=staff,
        )
        Credit.objects.create(
            player=player,
            event=event,
            colour="green",
            points=100 * day,
            source=Credit.Source.FILE,
            period=period,
            state=Credit.State.APPROVED,
            uploaded_by=staff,
        )


def _index_names() -> set[str]:
    names = set()
    with connection.cursor() as cursor:
        for model in (Credit, Event):
            found = connection.introspection.get_constraints(cursor, model._meta.db_table)
            names |= {name for name, constraint in found.items() if constraint["index"]}
    return names


@pytest.mark.postgres
@pytest.mark.django_db
def test_the_statement_reads_the_player_s_credits_from_their_index_alone(club_a, staff):
    if connection.vendor != "postgresql":
        pytest.skip("an index holding other columns is PostgreSQL's: set DATABASE_URL=postgres://")
    player = PlayerFactory(home_club=club_a)
    _credits(player, club_a, staff, 3)
    sql = _credited_sql(Credit._meta.db_table, Event._meta.db_table) + _page_sql(("green",), [])
    with connection.cursor() as cursor:
        # A test's ledger is a few rows, which the planner would rather read whole.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_bitmapscan = off")
        cursor.execute(f"EXPLAIN {sql}", [player.pk, "green", 20, 0])
        plan = "\n".join(row[0] for row in cursor.fetchall())

    assert "Index Only Scan using credit_player_lines on awards_credit" in plan
    assert "Index Only Scan using event_statement_columns on awards_event" in plan
    page = player_statement_page(player=player)
    assert [line["points"] for line in page.lines] == [100, 200, 300]
    assert page.closing == {"green": 600, "red": 0, "gold": 0}


@pytest.mark.django_db(transaction=True)
def test_the_indexes_of_the_statement_s_columns_are_undone_and_done_again(club_a, staff):
    player = PlayerFactory(home_club=club_a)
    _credits(player, club_a, staff, 2)
    assert {"credit_player_lines", "event_statement_columns"} <= _index_names()

    MigrationExecutor(connection).migrate([("awards", "0026_regions")])
    names = _index_names()
    assert "awards_cred_player__8798e0_idx" in names
    assert not {"credit_player_lines", "event_statement_columns"} & names
    assert Credit.objects.filter(player=player).count() == 2

    call_command("migrate", verbosity=0)
    names = _index_names()
    assert {"credit_player_lines", "event_statement_columns"} <= names
    assert "awards_cred_player__8798e0_idx" not in names
    assert [line["points"] for line in player_statement_page(player=player).lines] == [100, 200]
