"""Issue 25 on PostgreSQL, where the guards are the database's own: the ledger's append-only
triggers (migration 0006) still refuse any change or deletion of a credit, a correction's too;
a correction and its links are never changed or deleted; a record retired by a merge is
never made active nor given a club again, whatever writes it."""

import pytest
from django.db import IntegrityError, connection, transaction

from awards.corrections.models import Correction, CorrectionCredit
from awards.corrections.services.merges import players_merge
from awards.corrections.services.reversals import upload_reverse
from awards.ledger.models import Credit
from players.models import Player
from tests.awards.test_ledger_append_only import truncate_refused
from tests.factories import PlayerFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _needs_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("the triggers are PostgreSQL's: set DATABASE_URL=postgres://...")


def refused(sql: str, params: list) -> str:
    with (
        pytest.raises(IntegrityError) as refusal,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, params)
    return str(refusal.value)


@pytest.fixture
def reversal(monday, staff) -> Correction:
    return upload_reverse(upload=monday, reason="Wrong file", by=staff)


def test_the_original_and_the_reversing_credits_are_never_changed_or_deleted(reversal, monday):
    original = Credit.objects.filter(upload=monday).first()
    reversing = Credit.objects.filter(correction_link__correction=reversal).first()

    for credit in (original, reversing):
        assert "never changed" in refused(
            "UPDATE awards_credit SET points = 0 WHERE id = %s", [credit.pk]
        )
        assert "never deleted" in refused("DELETE FROM awards_credit WHERE id = %s", [credit.pk])
    assert Credit.objects.get(pk=original.pk).points == original.points


def test_a_correction_and_its_links_are_kept_as_made(reversal):
    link = CorrectionCredit.objects.filter(correction=reversal).first()

    assert "never changed" in refused(
        "UPDATE awards_correction SET reason = 'edited' WHERE id = %s", [reversal.pk]
    )
    assert "never changed or deleted" in refused(
        "DELETE FROM awards_correctioncredit WHERE id = %s", [link.pk]
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Correction.objects.filter(pk=reversal.pk).delete()
    assert "never truncated" in truncate_refused("TRUNCATE awards_correction CASCADE")
    assert Correction.objects.get(pk=reversal.pk).reason == "Wrong file"


def test_a_retired_record_stays_retired_in_the_database(club_a, staff):
    kept, retired = PlayerFactory(home_club=club_a), PlayerFactory(home_club=club_a)
    players_merge(retired=retired, kept=kept, reason="Twice", by=staff)

    assert "stays retired" in refused(
        "UPDATE players_player SET status = 'active', home_club_id = %s WHERE id = %s",
        [club_a.pk, retired.pk],
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.filter(pk=retired.pk).update(home_club=club_a)
    # Its details may still be corrected; the kept record changes as any other.
    Player.objects.filter(pk=retired.pk).update(given_names="Ann")
    Player.objects.filter(pk=kept.pk).update(status="inactive", home_club=None)
