"""Issue 25, section 1: every correction shows on the player's statement as a correction and
is listed on a staff page with filters (club, player, kind, day); a club sees its own (those
of its uploads and home members), any other is not found; so does the API."""

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from awards.corrections.services.credits import credit_amount_correct, credit_move
from awards.corrections.services.merges import players_merge
from awards.corrections.services.reversals import upload_reverse
from awards.ledger.models import Credit
from tests.awards.conftest import grn, upload_and_confirm
from tests.awards.corrections.conftest import api
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def made(monday, staff, players_a, secretary_b, player_b, club_a):
    """Club A's Monday reversed; club B's credit corrected; a merge in club A."""
    reversal = upload_reverse(upload=monday, reason="Wrong session", by=staff)
    club_b_upload = upload_and_confirm(secretary_b, "b.grn", grn((player_b.abf_number, 80)))
    amount = credit_amount_correct(
        credit=Credit.objects.get(upload=club_b_upload), points=60, reason="Ties", by=staff
    )
    twin, kept = PlayerFactory(home_club=club_a), PlayerFactory(home_club=club_a)
    merge = players_merge(retired=twin, kept=kept, reason="Twice", by=staff)
    return reversal, amount, merge


def _listed(client, **filters) -> list[int]:
    page = client.get(reverse("awards:corrections"), filters)
    assert page.status_code == 200
    return [c.pk for c in page.context["corrections"]]


def test_staff_list_every_correction_and_filter_them(made, staff_client, players_a, player_b):
    reversal, amount, merge = made

    assert _listed(staff_client) == [merge.pk, amount.pk, reversal.pk]
    assert _listed(staff_client, kind="reversal") == [reversal.pk]
    assert _listed(staff_client, club=301) == [amount.pk]
    assert _listed(staff_client, player=player_b.abf_number) == [amount.pk]
    assert _listed(staff_client, player=players_a[0].abf_number) == [reversal.pk]
    assert _listed(staff_client, month=str(reversal.period), kind="merge") == [merge.pk]
    today = timezone.localdate(reversal.made_at).isoformat()
    assert len(_listed(staff_client, start=today, end=today)) == 3
    assert _listed(staff_client, start="2020-01-01", end="2020-01-31") == []


def test_a_bad_filter_is_named_and_the_list_is_not_filtered_by_it(made, staff_client):
    page = staff_client.get(reverse("awards:corrections"), {"player": "12x"})

    assert "player" in page.context["form"].errors


def test_a_club_sees_only_the_corrections_of_its_uploads_and_players(made, client_a, client_b):
    reversal, amount, merge = made

    assert _listed(client_a) == [merge.pk, reversal.pk]
    assert _listed(client_b) == [amount.pk]
    # Filtering by another club shows nothing of it.
    assert _listed(client_b, club=201) == []
    assert client_b.get(reverse("awards:correction", args=[reversal.pk])).status_code == 404
    assert client_a.get(reverse("awards:correction", args=[reversal.pk])).status_code == 200


def test_a_club_that_receives_moved_points_sees_the_move(
    monday, staff, players_a, player_b, client_b
):
    move = credit_move(
        credit=Credit.objects.get(upload=monday, player=players_a[0]),
        to_player=player_b,
        reason="Club B's member",
        by=staff,
    )

    assert _listed(client_b) == [move.pk]


def test_the_api_lists_and_reads_what_the_login_may_see(made, secretary_b, staff):
    reversal, amount, _ = made

    mine = api(secretary_b).get(reverse("corrections")).json()
    other = api(secretary_b).get(reverse("correction", args=[reversal.pk]))
    filtered = api(staff).get(reverse("corrections"), {"kind": "amount"}).json()

    assert [c["id"] for c in mine] == [amount.pk]
    assert other.status_code == 404
    assert [c["id"] for c in filtered] == [amount.pk]
    detail = api(staff).get(reverse("correction", args=[amount.pk])).json()
    assert sorted(c["points"] for c in detail["credits"]) == [-80, 60]
    assert detail["made_by"] == "staff" and detail["reason"] == "Ties"


def test_the_list_is_for_logins_only(made, anonymous_client):
    assert anonymous_client.get(reverse("awards:corrections")).status_code == 302
    assert APIClient().get(reverse("corrections")).status_code in (401, 403)


def test_the_list_as_csv(made, staff_client):
    answer = staff_client.get(reverse("awards:corrections"), {"format": "csv", "kind": "merge"})

    lines = answer.content.decode().splitlines()
    assert lines[0].startswith("correction,kind,made,by")
    assert len(lines) == 2 and "Records merged" in lines[1]


def test_the_players_statement_shows_each_correction_as_one(made, players_a, anonymous_client):
    page = anonymous_client.get(reverse("awards:player", args=[players_a[0].abf_number]))
    text = page.content.decode()

    assert text.count("data-correction-line") == 1
    assert "Wrong session" in text


def test_the_upload_page_says_it_was_reversed(made, staff_client, monday):
    text = staff_client.get(reverse("awards:upload", args=[monday.pk])).content.decode()

    assert "data-upload-reversed" in text
    assert reverse("awards:upload_reverse", args=[monday.pk]) not in text


def test_the_clubs_documents_link_its_corrections(made, client_a, club_a):
    page = client_a.get(reverse("billing:documents")).content.decode()

    assert f"{reverse('awards:corrections')}?club={club_a.number}" in page
    reversal, _, merge = made
    assert _listed(client_a, club=club_a.number, month=str(reversal.period)) == [
        merge.pk,
        reversal.pk,
    ]
