"""Name search at national scale: on PostgreSQL the `icontains` of the search is served by
trigram indexes (players migration 0003)."""

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
