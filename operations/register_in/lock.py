"""One register import at a time: the page's worker and the command alike.

On PostgreSQL a lock the database holds for the session (an advisory lock), let go when the
import ends or its process is lost; the same session may take it again (the worker takes it
before the import does). SQLite, one process's database, has none.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

# The key of the lock (issue 29's own number in it).
LOCK_KEY = 2_900_029


@contextmanager
def import_lock() -> Iterator[bool]:
    """Whether this process holds the one import's lock for the block (always, on SQLite)."""
    if connection.vendor != "postgresql":
        yield True
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s)", [LOCK_KEY])
        (held,) = cursor.fetchone()
    try:
        yield held
    finally:
        if held:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])
