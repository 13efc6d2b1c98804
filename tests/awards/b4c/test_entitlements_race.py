"""2.6 on PostgreSQL: grants racing each other and the October run all count, once each."""

import threading
from datetime import date

import pytest
from django.db import connection, connections

from awards.authorisations.b4c.services import b4c_entitlement_compute, b4c_grant
from clubs.models import B4cEntitlement, B4cGrant
from tests.factories import ClubFactory, StateFactory, StateSecretaryFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL: set DATABASE_URL=postgres://...")


def test_racing_grants_and_recomputations_keep_every_grant():
    state = StateFactory(code="NSW")
    club = ClubFactory(state=state, affiliated_since=date(1990, 1, 1), sessions_per_year=104)
    secretary = StateSecretaryFactory(state=state)
    # Eight grants of one session and four recomputations, all at once, on a club whose
    # entitlement has not been computed yet.
    jobs = [("grant", n) for n in range(8)] + [("compute", n) for n in range(4)]
    barrier = threading.Barrier(len(jobs))
    errors: list[BaseException] = []

    def run(kind: str, n: int) -> None:
        try:
            barrier.wait()
            if kind == "grant":
                b4c_grant(club=club, year=2027, sessions=1, reason=f"Fundraiser {n}", by=secretary)
            else:
                b4c_entitlement_compute(club=club, year=2027)
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=job) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    [entitlement] = B4cEntitlement.objects.filter(club=club, year=2027)
    assert B4cGrant.objects.filter(entitlement=entitlement).count() == 8
    assert entitlement.granted == 8
    assert entitlement.total == 6 + 8
