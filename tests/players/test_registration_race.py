"""Two registrations at the same moment never get the same ABF number (the sequence row is
locked while a number is issued)."""

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from players import abf_numbers
from players.models import Player

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

REGISTRATIONS = 20


@pytest.fixture(autouse=True)
def _needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL: set DATABASE_URL=postgres://...")


def test_twenty_registrations_at_once_get_twenty_different_valid_numbers(secretary_a):
    start = threading.Barrier(REGISTRATIONS)
    answers: list[tuple[int, dict]] = []
    lock = threading.Lock()

    def register(index: int) -> None:
        from django.db import connections

        try:
            client = APIClient()
            client.force_authenticate(secretary_a)
            start.wait(timeout=30)
            response = client.post(
                "/api/v1/clubs/201/players/",
                {
                    "given_names": f"Racer{index}",
                    "family_name": "Concurrent",
                    "confirmed_never_registered": True,
                },
                format="json",
            )
            with lock:
                answers.append((response.status_code, response.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=register, args=(i,)) for i in range(REGISTRATIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert [status for status, _ in answers] == [201] * REGISTRATIONS, answers
    numbers = [body["abf_number"] for _, body in answers]
    assert len(set(numbers)) == REGISTRATIONS
    assert all(abf_numbers.is_valid(n) for n in numbers)
    assert Player.objects.filter(family_name="Concurrent").count() == REGISTRATIONS
