"""2.6 on PostgreSQL: uploads quoting one authorisation race, and never exceed its amount."""

import threading

import pytest
from django.db import connection, connections

from awards.authorisations.models import Authorisation
from awards.authorisations.services.numbers import authorisation_issue
from awards.errors import AwardsError
from awards.intake.services.crediting import credit_upload_confirm
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.models import Credit
from tests.awards.conftest import event, grn
from tests.factories import (
    ClubFactory,
    ClubSecretaryFactory,
    PlayerFactory,
    StateFactory,
    StateSecretaryFactory,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL: set DATABASE_URL=postgres://...")


def test_racing_uploads_never_credit_more_than_the_authorised_amount():
    state = StateFactory(code="NSW")
    club = ClubFactory(state=state)
    secretary = ClubSecretaryFactory(club=club)
    state_secretary = StateSecretaryFactory(state=state)
    authorisation = authorisation_issue(
        by=state_secretary, club=club, event_name="Red pairs", grade="B4c", amount=1000
    )
    # Eight uploads of 3.00 red points each: each fits alone, only three fit together.
    uploads = []
    for index in range(8):
        players = PlayerFactory.create_batch(2, home_club=club)
        uploads.append(
            credit_upload_check(
                by=secretary,
                filename=f"session{index}.red",
                content=grn((players[0].abf_number, 150), (players[1].abf_number, 150)),
                event=event("B4c", name=f"Red pairs session {index}"),
                authorisation_number=authorisation.number,
            )
        )
    barrier = threading.Barrier(len(uploads))
    outcomes: list[str] = []

    def confirm(upload) -> None:
        try:
            barrier.wait()
            credit_upload_confirm(upload=upload, by=secretary)
            outcomes.append("credited")
        except AwardsError:
            outcomes.append("refused")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=confirm, args=(u,)) for u in uploads]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    authorisation.refresh_from_db()
    credited_points = sum(
        Credit.objects.filter(upload__authorisation=authorisation).values_list("points", flat=True)
    )
    assert sorted(outcomes) == ["credited"] * 3 + ["refused"] * 5
    assert authorisation.credited == credited_points == 900
    assert authorisation.credited <= authorisation.amount
    assert Authorisation.objects.get().credited == 900
