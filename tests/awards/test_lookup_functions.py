"""The lookup's statement of a name's matches as PostgreSQL runs it: a function for each of its
forms (awards migration 0030), kept on its generic plan, whose statement is the code's."""

import pytest
from django.db import connection

from awards.lookup.selectors import MATCHES_FUNCTIONS, ONE_WORD, TWO_WORDS, matches_function_sql

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("the lookup's functions are PostgreSQL's: set DATABASE_URL=postgres://...")


def _function(name: str) -> tuple[str, str, list[str]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_get_function_identity_arguments(oid), prosrc, proconfig "
            "FROM pg_proc WHERE proname = %s",
            [name],
        )
        (found,) = cursor.fetchall()
    return found


@pytest.mark.parametrize("words", [ONE_WORD, TWO_WORDS])
def test_each_function_runs_the_statement_the_code_writes(words):
    # A change of the statement in awards.lookup.selectors needs a migration that replaces
    # the function: until then the lookup would run the old one on PostgreSQL alone.
    signature, body = matches_function_sql(words)
    arguments, source, _ = _function(MATCHES_FUNCTIONS[words])

    assert f"({arguments})" == signature.removeprefix(MATCHES_FUNCTIONS[words])
    assert f"RETURN QUERY {body};" in source


@pytest.mark.parametrize("words", [ONE_WORD, TWO_WORDS])
def test_each_function_keeps_its_statement_on_the_generic_plan(words):
    # Planned once a connection, not again at each lookup for its prefixes.
    *_, settings = _function(MATCHES_FUNCTIONS[words])

    assert settings == ["plan_cache_mode=force_generic_plan"]
