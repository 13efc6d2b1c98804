"""The versions of the public data (centre.versions): a cached public read is used while the
versions it was built from are current, a request reads the versions once, and a change
made in the request is seen by the request's later reads."""

import pytest
from django.core.cache import cache
from django.core.signals import request_finished, request_started

from centre.versions import (
    APPROVED,
    LIFETIME,
    data_changed,
    data_version,
    public_cached,
    public_read_ahead,
)

# The signals of a request close the database's old connections.
pytestmark = pytest.mark.django_db


@pytest.fixture
def request_scope():
    """The code between the two signals runs as a request does."""
    request_started.send(sender=None)
    yield
    request_finished.send(sender=None)


def _another_process_changes(name: str) -> None:
    # What a worker's data_changed does to the shared cache, without this process knowing.
    cache.incr(f"data-version:{name}")


def test_a_public_read_is_built_once_and_again_after_a_change():
    built = []

    def build():
        built.append(1)
        return {"total": len(built)}

    first = public_cached("test:page", build, versions=(APPROVED,))
    second = public_cached("test:page", build, versions=(APPROVED,))
    _another_process_changes(APPROVED)
    third = public_cached("test:page", build, versions=(APPROVED,))

    assert (first, second, third) == ({"total": 1}, {"total": 1}, {"total": 2})


def test_a_change_of_a_version_the_read_does_not_name_keeps_it():
    public_cached("test:other", lambda: "kept", versions=(APPROVED,))
    _another_process_changes(LIFETIME)

    assert public_cached("test:other", lambda: "built again", versions=(APPROVED,)) == "kept"


def test_a_request_reads_the_versions_once(request_scope):
    before = data_version(APPROVED, LIFETIME)
    _another_process_changes(APPROVED)

    # The rest of the request names the versions it began with: its pages agree.
    assert data_version(APPROVED, LIFETIME) == before


def test_the_next_request_reads_them_again():
    request_started.send(sender=None)
    before = data_version(APPROVED)
    request_finished.send(sender=None)
    _another_process_changes(APPROVED)

    request_started.send(sender=None)
    try:
        assert data_version(APPROVED) != before
    finally:
        request_finished.send(sender=None)


@pytest.mark.django_db(transaction=True)
def test_a_change_made_in_the_request_is_seen_by_its_later_reads(request_scope):
    public_cached("test:changed", lambda: "before", versions=(APPROVED,))
    data_changed(APPROVED)

    assert public_cached("test:changed", lambda: "after", versions=(APPROVED,)) == "after"


class CountedCache:
    """The cache, counting the reads asked of it."""

    def __init__(self) -> None:
        self.reads: list[str] = []

    def __getattr__(self, name: str):
        if name.startswith("get"):
            self.reads.append(name)
        return getattr(cache, name)


def test_a_current_public_read_is_one_read_of_the_cache(request_scope, monkeypatch):
    public_cached("test:one-read", lambda: "page", versions=(APPROVED, LIFETIME))
    request_finished.send(sender=None)
    request_started.send(sender=None)
    counted = CountedCache()
    monkeypatch.setattr("centre.versions.cache", counted)

    value = public_cached("test:one-read", lambda: "built", versions=(APPROVED, LIFETIME))
    again = public_cached("test:one-read", lambda: "built", versions=(APPROVED, LIFETIME))

    assert value == again == "page"
    # The versions with the first value, then the second value alone.
    assert counted.reads == ["get_many", "get"]


def test_a_value_read_ahead_comes_with_the_versions_a_request_reads_first(
    request_scope, monkeypatch
):
    public_cached("test:ahead", lambda: "page", versions=(APPROVED,))
    request_finished.send(sender=None)
    request_started.send(sender=None)
    counted = CountedCache()
    monkeypatch.setattr("centre.versions.cache", counted)

    public_read_ahead("test:ahead")
    version = data_version(APPROVED)  # the request's first read: a place, a kept table
    value = public_cached("test:ahead", lambda: "built", versions=(APPROVED,))

    assert value == "page"
    assert version
    assert counted.reads == ["get_many"]


def test_a_value_kept_is_built_again_when_it_is_not_good(request_scope):
    kept = public_cached("test:good", lambda: {"made_of": "Ada"}, versions=(APPROVED,))
    again = public_cached(
        "test:good",
        lambda: {"made_of": "Ada King"},
        versions=(APPROVED,),
        good=lambda value: value["made_of"] == "Ada King",
    )
    last = public_cached("test:good", lambda: {"made_of": "?"}, versions=(APPROVED,))

    assert (kept, again, last) == ({"made_of": "Ada"}, {"made_of": "Ada King"}, again)


def test_outside_a_request_every_read_is_fresh():
    before = data_version(APPROVED)
    _another_process_changes(APPROVED)

    assert data_version(APPROVED) != before
