"""The public reads from a read replica: the database alias `replica`, when
DATABASE_REPLICA_URL configures one (docs/scaling.md).

Reads go to the replica only while `replica_reads()` is in force and never inside a
transaction. `ReplicaReadsMiddleware` puts it in force for the public pages and API that only
read (the lookup, a player's record, the standings, the national files) when the visitor is
not logged in; every write, and every read of a logged-in secretary or staff member, goes to
`default`, so that what was just written is what is read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, HttpResponse

REPLICA = "replica"

# The public, read-only paths whose anonymous GETs the replica serves.
PUBLIC_READ_PREFIXES = (
    "/awards/lookup/",
    "/awards/players/",
    "/awards/standings/",
    "/api/v1/masterpoints/",
    "/api/v1/standings/",
    "/national/",
)

_replica_reads: ContextVar[bool] = ContextVar("replica_reads", default=False)


@contextmanager
def replica_reads() -> Iterator[None]:
    """Reads made inside go to the replica, when there is one."""
    token = _replica_reads.set(True)
    try:
        yield
    finally:
        _replica_reads.reset(token)


class ReplicaRouter:
    """DATABASE_ROUTERS: the replica for reads inside `replica_reads()`, `default` for the rest."""

    def db_for_read(self, model: type, **hints: object) -> str:
        if (
            _replica_reads.get()
            and REPLICA in settings.DATABASES
            and not connections[DEFAULT_DB_ALIAS].in_atomic_block
        ):
            return REPLICA
        return DEFAULT_DB_ALIAS

    def db_for_write(self, model: type, **hints: object) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: object, obj2: object, **hints: object) -> bool:
        return True  # the replica is a copy of default: the same rows

    def allow_migrate(self, db: str, app_label: str, **hints: object) -> bool:
        return db == DEFAULT_DB_ALIAS


class ReplicaReadsMiddleware:
    """The anonymous GETs of the public read-only paths read from the replica."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            REPLICA in settings.DATABASES
            and request.method in ("GET", "HEAD")
            and request.path.startswith(PUBLIC_READ_PREFIXES)
            and not request.user.is_authenticated
        ):
            with replica_reads():
                return self.get_response(request)
        return self.get_response(request)
