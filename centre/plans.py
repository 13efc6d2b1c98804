"""A statement read with PostgreSQL's generic plan, in the same round trip.

psycopg prepares a statement a connection has run five times (`centre.env.PREPARE_THRESHOLD`),
and PostgreSQL then chooses at each execution between the generic plan, made once, and a
custom plan made for the parameters given. It keeps the custom plans while their estimated
cost is below the generic plan's, and a `LIMIT` given as a parameter makes the generic plan
look costly (a tenth of the rows is assumed), so a statement of many parts whose limits are
parameters is planned again at every execution. The lookup's statement is one: at 400,000
players PostgreSQL spent more on planning it than on running it, and its generic plan reads
the same ranges of the same indexes.

`fetch_generic` sends `SET LOCAL plan_cache_mode = force_generic_plan` and the statement
together in psycopg's pipeline, one round trip: outside a transaction the two are one implicit
transaction, which ends at the pipeline's sync and takes the setting with it, the statement
failing or not. Inside a transaction the setting is put back after the statement, in the same
round trip. Elsewhere than on PostgreSQL with prepared statements, the statement is run as it
is.
"""

from __future__ import annotations

from django.db.backends.utils import CursorWrapper

_GENERIC = "SET LOCAL plan_cache_mode = force_generic_plan"
_BACK = "SET LOCAL plan_cache_mode = DEFAULT"


def fetch_generic(cursor: CursorWrapper, sql: str, params: list) -> list[tuple]:
    """The rows of `sql` run with `params` on `cursor`, by the statement's generic plan once
    it is prepared."""
    db = cursor.db
    if db.vendor != "postgresql" or not db.settings_dict.get("OPTIONS", {}).get(
        "server_side_binding"
    ):
        cursor.execute(sql, params)
        return cursor.fetchall()
    raw = db.connection
    with raw.pipeline():
        raw.execute(_GENERIC, prepare=False)
        cursor.execute(sql, params)
        if db.in_atomic_block:
            raw.execute(_BACK, prepare=False)
    return cursor.fetchall()
