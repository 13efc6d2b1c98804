"""Name search at national scale: on PostgreSQL the `icontains` of the search is served by
trigram indexes (players migration 0003)."""

import re

import pytest
from django.db import connection

from players.selectors import player_search

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("trigram indexes are PostgreSQL's: set DATABASE_URL=postgres://...")


def test_name_search_uses_the_trigram_index():
    sql, params = player_search(query="smit").query.sql_with_params()
    with connection.cursor() as cursor:
        # A small test table would be scanned, or walked in name order through the b-tree
        # index for the ORDER BY; forbid both to see which index can answer the LIKE '%x%'.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_indexscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())

    assert "players_family_name_trgm" in plan, plan
    assert "players_given_names_trgm" in plan


def _plans(queries, *, analyze: bool = False) -> list[str]:
    """The plan of each lookup's statement as its function runs it (awards migration 0030):
    the function's statement prepared with the arguments the lookup gave it and explained on
    its generic plan, the one the function keeps."""
    from awards.lookup.selectors import MATCHES_FUNCTIONS, matches_function_sql

    forms = {name: words for words, name in MATCHES_FUNCTIONS.items()}
    plans = []
    with connection.cursor() as cursor:
        # No sequential scan: which index answers? Walking the name index in order, as a
        # lookup sorted by name would, reads every name before the one that matches.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        for query in queries.captured_queries:
            name, arguments = re.fullmatch(r"SELECT \* FROM (\w+)\((.*)\)", query["sql"]).groups()
            signature, body = matches_function_sql(forms[name])
            cursor.execute(f"PREPARE matches {signature.removeprefix(name)} AS {body}")
            explain = "EXPLAIN (ANALYZE)" if analyze else "EXPLAIN"
            cursor.execute(f"{explain} EXECUTE matches({arguments})")
            plans.append("\n".join(row[0] for row in cursor.fetchall()))
            cursor.execute("DEALLOCATE matches")
    return plans


@pytest.fixture
def adams_and_a_late_name():
    from tests.factories import ClubFactory, PlayerFactory

    club = ClubFactory()
    for n in range(300):
        PlayerFactory(home_club=club, family_name=f"Adams{n:03d}", given_names="Ann")
    PlayerFactory(home_club=club, family_name="Zyzzyva", given_names="Zoe")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE players_player")


@pytest.mark.usefixtures("adams_and_a_late_name")
def test_the_lookup_seeks_a_name_late_in_the_name_index_by_its_prefix():
    from django.test.utils import CaptureQueriesContext

    from awards.lookup.selectors import players_lookup

    with CaptureQueriesContext(connection) as queries:
        assert [p.family_name for p in players_lookup(query="zyzz", limit=25)] == ["Zyzzyva"]
    plans = _plans(queries)

    # One statement: the family names from ZYZZ on and the given names, each a range of its
    # index, for the count and for the page.
    assert len(plans) == 1, plans
    assert "players_name_order_upper" in plans[0], plans[0]
    assert "Index Cond" in plans[0], plans[0]
    assert "players_given_prefix_upper" in plans[0], plans[0]
    assert "players_pla_family" not in plans[0], plans[0]


@pytest.mark.usefixtures("adams_and_a_late_name")
def test_a_common_names_matches_are_counted_from_the_name_index_alone():
    from django.test.utils import CaptureQueriesContext

    from awards.lookup.selectors import players_lookup

    with CaptureQueriesContext(connection) as queries:
        assert len(players_lookup(query="adams", limit=25)) == 25
    with connection.cursor() as cursor:
        # A few hundred rows in a few pages, never vacuumed: left to itself the planner may
        # read them all from the table. Which index can answer alone?
        cursor.execute("SET LOCAL enable_bitmapscan = off")
        plans = _plans(queries)

    # The count reads the Adams' numbers from the index of the names, which holds the names
    # (players migration 0012): never a row of the table for each.
    assert len(plans) == 1, plans
    assert "Index Only Scan using players_name_order_upper" in plans[0], plans[0]


@pytest.mark.usefixtures("adams_and_a_late_name")
def test_a_lookup_of_two_words_seeks_a_late_name_in_the_prefix_indexes_of_the_names():
    from django.test.utils import CaptureQueriesContext

    from awards.lookup.selectors import players_lookup

    with CaptureQueriesContext(connection) as queries:
        assert [p.family_name for p in players_lookup(query="zoe zyzz", limit=25)] == ["Zyzzyva"]
    plans = _plans(queries)

    # The family name ZYZZ with the given name ZOE, or the other way round: ranges of the
    # prefix indexes, never the trigram indexes' candidates nor a walk of the name index.
    assert len(plans) == 1, plans
    assert "Index Cond" in plans[0], plans[0]
    assert "players_given_prefix_upper" in plans[0] or "players_name_order_upper" in plans[0]
    assert "trgm" not in plans[0], plans[0]
    assert "players_pla_family" not in plans[0], plans[0]


@pytest.mark.usefixtures("adams_and_a_late_name")
def test_a_two_word_name_with_few_matches_is_not_walked_again_for_its_page():
    from django.test.utils import CaptureQueriesContext

    from awards.lookup.selectors import players_lookup
    from tests.factories import PlayerFactory

    PlayerFactory(family_name="Adams150", given_names="Zed")
    with CaptureQueriesContext(connection) as queries:
        found = players_lookup(query="zed adams", limit=25)
    (plan,) = _plans(queries, analyze=True)

    # The Adams are 301, Zed one of them: the page is the one counted, sorted, and the
    # walk of the family names' range in name order (for a branch with more matches than
    # are counted) is never started.
    assert [(p.given_names, p.family_name) for p in found] == [("Zed", "Adams150")]
    assert "One-Time Filter" in plan, plan
    assert "never executed" in plan, plan


@pytest.mark.usefixtures("adams_and_a_late_name")
def test_a_two_word_names_page_reads_only_its_own_players_again():
    from django.test.utils import CaptureQueriesContext

    from awards.lookup.selectors import players_lookup

    with CaptureQueriesContext(connection) as queries:
        found = players_lookup(query="ann adams", limit=25)
    (plan,) = _plans(queries, analyze=True)

    # The 300 Ann Adams are counted from the family names' index, which holds their names:
    # the page is the first 25 of them in name order, and only those are read by number.
    assert [p.family_name for p in found] == [f"Adams{n:03d}" for n in range(25)]
    lookups = re.findall(r"Index Scan using players_player_abf_number\S* .*loops=(\d+)\)", plan)
    assert lookups and max(int(loops) for loops in lookups) <= 25, plan
