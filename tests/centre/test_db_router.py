"""The read replica: anonymous visitors' public reads go to the `replica` alias when one is
configured; writes, logged-in users, other pages and reads inside a transaction stay on
`default`. (The router's choices; the replica's own connection is PostgreSQL's business.)"""

from types import SimpleNamespace

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import transaction

from centre.db_router import REPLICA, ReplicaReadsMiddleware, ReplicaRouter, replica_reads
from players.models import Player


@pytest.fixture
def replica(monkeypatch):
    """A `replica` alias configured beside `default` (the router only reads the settings)."""
    monkeypatch.setitem(settings.DATABASES, REPLICA, dict(settings.DATABASES["default"]))
    return REPLICA


def test_anonymous_public_read_is_routed_to_the_replica(replica, rf):
    seen = []
    middleware = ReplicaReadsMiddleware(lambda request: seen.append(router_choice()) or "ok")
    request = rf.get("/awards/players/0000001/")
    request.user = AnonymousUser()

    middleware(request)

    assert seen == [REPLICA]


def test_logged_in_users_and_other_pages_read_the_primary(replica, rf):
    seen = []
    middleware = ReplicaReadsMiddleware(lambda request: seen.append(router_choice()) or "ok")
    logged_in = rf.get("/awards/players/0000001/")
    logged_in.user = SimpleNamespace(is_authenticated=True)
    private = rf.get("/club/documents/")
    private.user = AnonymousUser()
    posted = rf.post("/api/v1/masterpoints/lookup")
    posted.user = AnonymousUser()

    for request in (logged_in, private, posted):
        middleware(request)

    assert seen == ["default", "default", "default"]


def router_choice() -> str:
    return ReplicaRouter().db_for_read(Player)


def test_router_sends_reads_to_the_replica_only_inside_replica_reads(replica):
    router = ReplicaRouter()

    assert router.db_for_read(Player) == "default"
    with replica_reads():
        assert router.db_for_read(Player) == REPLICA
        assert router.db_for_write(Player) == "default"
    assert router.db_for_read(Player) == "default"


@pytest.mark.django_db
def test_reads_inside_a_transaction_stay_on_the_primary(replica):
    router = ReplicaRouter()

    with replica_reads(), transaction.atomic():
        assert router.db_for_read(Player) == "default"


def test_without_a_replica_every_read_is_the_primarys():
    router = ReplicaRouter()

    with replica_reads():
        assert router.db_for_read(Player) == "default"
    assert router.allow_migrate("default", "players") is True
    assert router.allow_migrate(REPLICA, "players") is False
