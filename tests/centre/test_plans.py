"""A statement read by its generic plan (centre.plans): the setting holds for that statement
alone, in the same round trip, outside a transaction and in one, the statement failing or
not; the lookup's one-word statement is planned once."""

import pytest
from django.db import connection

from awards.lookup.selectors import players_lookup
from centre.plans import fetch_generic
from tests.factories import PlayerFactory

pytestmark = pytest.mark.postgres


@pytest.fixture(autouse=True)
def _needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("plan_cache_mode is PostgreSQL's: set DATABASE_URL=postgres://...")


def _mode() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW plan_cache_mode")
        return cursor.fetchone()[0]


def _mode_seen() -> str:
    with connection.cursor() as cursor:
        [(seen,)] = fetch_generic(cursor, "SELECT current_setting(%s)", ["plan_cache_mode"])
    return seen


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_the_statement_alone_is_planned_generically():
    assert _mode_seen() == "force_generic_plan"

    assert _mode() == "auto"
    assert connection.connection.info.transaction_status == 0  # idle: nothing left open


@pytest.mark.django_db(transaction=True)
def test_a_failing_statement_leaves_the_setting_as_it_was():
    with pytest.raises(Exception, match="division by zero"), connection.cursor() as cursor:
        fetch_generic(cursor, "SELECT 1 / %s", [0])

    assert _mode() == "auto"
    assert _mode_seen() == "force_generic_plan"


@pytest.mark.django_db
def test_inside_a_transaction_the_setting_is_put_back_after_the_statement():
    assert connection.in_atomic_block

    assert _mode_seen() == "force_generic_plan"

    assert _mode() == "auto"


@pytest.mark.django_db(transaction=True)
def test_the_lookup_by_one_word_is_planned_once_and_answers_as_before():
    for family in ("Abbott", "Abel", "Barker", "Baxter", "Cole", "Coles", "Dunn", "Duncan"):
        PlayerFactory(family_name=family)

    for word in ("AB", "BA", "CO", "DU", "ABB", "BAR", "COL", "DUN", "ABE", "BAX"):
        found = players_lookup(query=word, limit=None)
        names = [player.family_name for player in found[0:25]]
        assert names and all(name.upper().startswith(word) for name in names)

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements "
            "WHERE statement LIKE %s",
            ["%part0 AS%"],
        )
        [(generic, custom)] = cursor.fetchall()
    assert generic > 0
    assert custom == 0
