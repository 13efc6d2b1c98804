"""Shared fixtures: one per role, as STYLE.md asks.

Club A and its secretary are in state A; club B and its secretary in state B. Every test of
a page or endpoint can be tried by the ones who must be refused.
"""

import pytest
from django.core.cache import cache
from django.test import Client

from tests.factories import (
    ClubFactory,
    ClubSecretaryFactory,
    GoldCoordinatorFactory,
    OrganiserFactory,
    StaffFactory,
    StateFactory,
    StateSecretaryFactory,
)


@pytest.fixture(autouse=True)
def _celery_may_join_results():
    # Celery marks "joining a result would block" around every eager task with a global
    # flag, saved and restored; tests that queue tasks from several threads at once can
    # leave it set, and the next test that waits on an eager result would be refused.
    from celery._state import _set_task_join_will_block

    _set_task_join_will_block(False)


@pytest.fixture(autouse=True)
def _clear_cache():
    # Throttle counters live in the cache; each test starts with none.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def state_a(db):
    return StateFactory(code="NSW", name="New South Wales")


@pytest.fixture
def state_b(db):
    return StateFactory(code="VIC", name="Victoria")


@pytest.fixture
def club_a(state_a):
    return ClubFactory(number=201, name="Club A", state=state_a)


@pytest.fixture
def club_b(state_b):
    return ClubFactory(number=301, name="Club B", state=state_b)


@pytest.fixture
def secretary_a(club_a):
    return ClubSecretaryFactory(username="secretary-a", club=club_a)


@pytest.fixture
def secretary_b(club_b):
    return ClubSecretaryFactory(username="secretary-b", club=club_b)


@pytest.fixture
def state_secretary_a(state_a):
    return StateSecretaryFactory(username="state-a", state=state_a)


@pytest.fixture
def state_secretary_b(state_b):
    return StateSecretaryFactory(username="state-b", state=state_b)


@pytest.fixture
def organiser_a(state_a):
    """1.6, 5.4.1: a tournament organiser nominated by state A's secretary."""
    return OrganiserFactory(username="organiser-a", state=state_a)


@pytest.fixture
def gold_coordinator(db):
    """1.6, 7.5.1: the Goldpoint Coordinator."""
    return GoldCoordinatorFactory(username="gold-coordinator")


@pytest.fixture
def youth_club(db):
    """1.3.6: the Youth Players' Club, a special club of no state."""
    return ClubFactory(number=9993, name="Youth Players", state=None, kind="youth")


@pytest.fixture
def youth_coordinator(youth_club):
    """1.3.6: the ABF Youth Coordinator, whose login is the Youth Players' Club's."""
    return ClubSecretaryFactory(username="youth-coordinator", club=youth_club)


@pytest.fixture
def staff(db):
    return StaffFactory(username="staff")


def _client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def anonymous_client() -> Client:
    return Client()


@pytest.fixture
def client_a(secretary_a) -> Client:
    return _client_for(secretary_a)


@pytest.fixture
def client_b(secretary_b) -> Client:
    return _client_for(secretary_b)


@pytest.fixture
def state_client_a(state_secretary_a) -> Client:
    return _client_for(state_secretary_a)


@pytest.fixture
def state_client_b(state_secretary_b) -> Client:
    return _client_for(state_secretary_b)


@pytest.fixture
def organiser_client_a(organiser_a) -> Client:
    return _client_for(organiser_a)


@pytest.fixture
def gold_client(gold_coordinator) -> Client:
    return _client_for(gold_coordinator)


@pytest.fixture
def youth_client(youth_coordinator) -> Client:
    return _client_for(youth_coordinator)


@pytest.fixture
def staff_client(staff) -> Client:
    return _client_for(staff)
