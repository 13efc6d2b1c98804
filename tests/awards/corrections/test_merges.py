"""Issue 25, section 1: two records of one person merged. Credits, history, alternates and
rank follow the kept number; the retired number answers every lookup and API read with a
pointer to the kept one (a redirect on pages, a 301 in the API), and is never issued or
brought back again (Appendix A: a number is issued for a member's playing lifetime)."""

import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from awards.corrections.models import Correction
from awards.corrections.selectors import RETIRED_KEY
from awards.corrections.services.merges import players_merge
from awards.errors import AwardsError
from awards.ledger.models import HeldCredit
from awards.ledger.selectors import totals_disagreements
from centre.errors import DomainError
from players.models import Alternate, Player, PlayerChange
from players.services.lifecycle import player_reactivate
from players.services.registration import abf_numbers_issue
from tests.awards.conftest import grn, upload_and_confirm
from tests.awards.corrections.conftest import api, held
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def twice(club_a, club_b, secretary_a, secretary_b, django_capture_on_commit_callbacks):
    """One person registered twice: at club A (kept) and at club B (by mistake), each with
    points; the second record also an alternate of a third club and ranked higher."""
    kept = PlayerFactory(home_club=club_a, given_names="Ann", family_name="Lee")
    retired = PlayerFactory(home_club=club_b, given_names="Ann", family_name="Lee", rank_order=2)
    third = ClubFactory(number=401, name="Club C", state=club_a.state)
    Alternate.objects.create(player=retired, club=third)
    with django_capture_on_commit_callbacks(execute=True):
        upload_and_confirm(secretary_a, "a.grn", grn((kept.abf_number, 200)))
        upload_and_confirm(secretary_b, "b.grn", grn((retired.abf_number, 300)))
    PlayerChange.objects.create(player=retired, action="update", changes={"email": ["", "a@x"]})
    return retired, kept


def test_credits_history_alternates_and_rank_follow_the_kept_number(
    twice, staff, club_b, django_capture_on_commit_callbacks
):
    retired, kept = twice

    with django_capture_on_commit_callbacks(execute=True):
        correction = players_merge(retired=retired, kept=kept, reason="Registered twice", by=staff)

    retired.refresh_from_db()
    kept.refresh_from_db()
    assert held(kept) == 500 and held(retired) == 0
    assert totals_disagreements() == []
    # History: the retired record's changes are the kept record's now, and both say so.
    assert PlayerChange.objects.filter(player=kept, action="update").exists()
    assert PlayerChange.objects.filter(player=kept, action="records_merged").exists()
    assert PlayerChange.objects.get(player=retired).changes["merged_into"] == [
        None,
        kept.abf_number,
    ]
    # Clubs: the retired record's home club and alternate club are alternates of the kept one.
    assert set(Alternate.objects.filter(player=kept).values_list("club__number", flat=True)) == {
        club_b.number,
        401,
    }
    assert not Alternate.objects.filter(player=retired).exists()
    # Rank: the higher of the two.
    assert kept.rank_order == 2
    # The retired record: inactive, no club, its number kept on the row (never issued again).
    assert retired.status == Player.Status.INACTIVE and retired.home_club is None
    assert retired.abf_number == correction.player.abf_number
    assert correction.kind == Correction.Kind.MERGE and correction.other_player == kept


def test_a_record_is_retired_once(twice, staff):
    retired, kept = twice
    first = players_merge(retired=retired, kept=kept, reason="twice", by=staff)

    with pytest.raises(AwardsError) as refusal:
        players_merge(retired=retired, kept=kept, reason="twice", by=staff)

    assert (
        refusal.value.code == "already_merged" and f"correction {first.pk}" in refusal.value.message
    )
    assert Correction.objects.count() == 1 and held(kept) == 500


def test_an_active_record_is_not_merged_into_an_inactive_one(club_a, staff):
    active = PlayerFactory(home_club=club_a)
    inactive = PlayerFactory(home_club=None, status=Player.Status.INACTIVE)

    with pytest.raises(AwardsError) as refusal:
        players_merge(retired=active, kept=inactive, reason="x", by=staff)

    assert list(refusal.value.fields) == ["kept_number"]
    assert Player.objects.get(pk=active.pk).status == Player.Status.ACTIVE


def test_points_held_for_the_retired_record_are_credited_to_the_active_kept_one(
    club_a, secretary_a, staff
):
    kept = PlayerFactory(home_club=club_a)
    retired = PlayerFactory(home_club=None, status=Player.Status.INACTIVE)
    upload_and_confirm(secretary_a, "h.grn", grn((retired.abf_number, 90)))
    assert HeldCredit.objects.get(player=retired).status == HeldCredit.Status.HELD

    players_merge(retired=retired, kept=kept, reason="Same person", by=staff)

    item = HeldCredit.objects.get(player=retired)
    assert item.status == HeldCredit.Status.CREDITED and item.credit.player == kept
    assert held(kept) == 90


def test_a_retired_number_is_never_brought_back_or_issued_again(twice, staff, club_b):
    retired, kept = twice
    players_merge(retired=retired, kept=kept, reason="twice", by=staff)

    with pytest.raises(DomainError) as refusal:
        player_reactivate(player=Player.objects.get(pk=retired.pk), club=club_b, by=staff)

    assert f"merged into {kept.abf_number}" in refusal.value.message
    assert Player.objects.get(pk=retired.pk).status == Player.Status.INACTIVE
    # The row keeps the number (unique): the sequence passes over it.
    assert retired.abf_number not in abf_numbers_issue(count=50)


def test_a_merge_via_the_api_and_its_refusals_name_the_field(twice, staff):
    retired, kept = twice
    client = api(staff)

    same = client.post(
        reverse("merges"),
        {"retired_number": kept.abf_number, "kept_number": kept.abf_number, "reason": "x"},
        format="json",
    )
    bad = client.post(
        reverse("merges"),
        {"retired_number": "12", "kept_number": kept.abf_number, "reason": "x"},
        format="json",
    )
    done = client.post(
        reverse("merges"),
        {"retired_number": retired.abf_number, "kept_number": kept.abf_number, "reason": "x"},
        format="json",
    )

    assert same.status_code == 400 and "kept_number" in same.json()["error"]["fields"]
    assert bad.status_code == 400 and "retired_number" in bad.json()["error"]["fields"]
    assert done.status_code == 201, done.json()
    assert done.json()["other_player"]["abf_number"] == kept.abf_number


def test_staff_merge_from_the_page_after_a_preview(twice, staff_client):
    retired, kept = twice
    url = reverse("awards:correction_merge")
    values = {
        "retired_number": retired.abf_number,
        "kept_number": kept.abf_number,
        "reason": "Twice",
    }

    preview = staff_client.post(url, {**values, "preview": "1"})
    assert "3.00 green" in preview.content.decode() and not Correction.objects.exists()
    previewed = preview.context["form"]["previewed"].value()
    done = staff_client.post(url, {**values, "previewed": previewed, "confirm": "1"})

    assert done.status_code == 302 and held(kept) == 500


# --- the retired number points to the kept one -------------------------------------------------


@pytest.fixture
def merged(twice, staff, django_capture_on_commit_callbacks):
    retired, kept = twice
    with django_capture_on_commit_callbacks(execute=True):
        players_merge(retired=retired, kept=kept, reason="Registered twice", by=staff)
    return retired, kept


def test_the_retired_numbers_pages_redirect_to_the_kept_ones(
    merged, anonymous_client, staff_client
):
    retired, kept = merged

    for client, name in (
        (anonymous_client, "awards:player"),
        (anonymous_client, "awards:statement_csv"),
        (staff_client, "players:detail"),
        (staff_client, "players:edit"),
    ):
        answer = client.get(reverse(name, args=[retired.abf_number]) + "?start=2020-01-01")
        assert answer.status_code == 302, name
        assert answer["Location"] == reverse(name, args=[kept.abf_number]) + "?start=2020-01-01"


def test_the_lookup_of_a_retired_number_ends_on_the_kept_record(merged, anonymous_client):
    retired, kept = merged

    answer = anonymous_client.get(reverse("awards:lookup"), {"q": retired.abf_number}, follow=True)

    assert answer.redirect_chain[-1][0] == reverse("awards:player", args=[kept.abf_number])


def test_the_retired_numbers_api_reads_answer_301_with_the_kept_number(merged, staff):
    retired, kept = merged

    for client, name in (
        (APIClient(), "masterpoints-player"),
        (APIClient(), "masterpoints-statement"),
        (api(staff), "api-player"),
        (api(staff), "api-player-history"),
    ):
        answer = client.get(reverse(name, args=[retired.abf_number]))
        assert answer.status_code == 301, name
        assert answer["Location"] == reverse(name, args=[kept.abf_number])
        assert answer.json()["merged_into"]["abf_number"] == kept.abf_number


def test_a_change_asked_of_a_retired_number_is_refused_pointing_to_the_kept_one(merged, staff):
    retired, kept = merged

    answer = api(staff).post(
        reverse("api-player-update", args=[retired.abf_number]),
        {"email": "x@y.example"},
        format="json",
    )

    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "number_retired"
    assert kept.abf_number in answer.json()["error"]["links"]["merged_into"]


def test_the_lookup_api_says_which_number_a_retired_match_was_merged_into(merged):
    retired, kept = merged

    found = APIClient().get(reverse("masterpoints-lookup"), {"q": retired.abf_number}).json()

    assert found["results"][0]["merged_into"] == kept.abf_number


def test_with_the_cache_emptied_the_api_and_the_page_still_point(merged, anonymous_client):
    retired, kept = merged
    cache.delete(RETIRED_KEY)

    api_answer = APIClient().get(reverse("masterpoints-player", args=[retired.abf_number]))
    cache.delete(RETIRED_KEY)
    page = anonymous_client.get(reverse("awards:player", args=[retired.abf_number]))

    assert api_answer.status_code == 301
    # The page of a record not active reads whether it was merged, and goes to the kept one.
    assert page.status_code == 302
    assert page["Location"] == reverse("awards:player", args=[kept.abf_number])


def test_an_active_players_page_asks_nothing_of_the_merges(merged, anonymous_client, club_a):
    """The lookup's counted reads (tests/awards/test_player_read_queries.py) stay as they were:
    an active, unranked player's page reads no correction, even with the cache emptied."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    other = PlayerFactory(home_club=club_a)
    cache.delete(RETIRED_KEY)
    with CaptureQueriesContext(connection) as queries:
        answer = anonymous_client.get(reverse("awards:player", args=[other.abf_number]))
    assert answer.status_code == 200
    assert not any("awards_correction" in q["sql"] for q in queries.captured_queries)


def test_an_upload_naming_a_retired_number_is_refused_pointing_to_the_kept_one(
    merged, secretary_b, club_b, staff, django_capture_on_commit_callbacks
):
    """A club still sending the number merged away gets the kept number named on the line, and
    nothing is held for the retired record; sent again, the same. A kept record merged again
    later points on to the record kept then."""
    from awards.errors import UploadRejected
    from awards.intake.models import CreditUpload
    from awards.intake.services.uploads import credit_upload_check
    from tests.awards.conftest import event

    retired, kept = merged
    uploads = CreditUpload.objects.count()
    content = grn((retired.abf_number, 50))
    for _ in range(2):
        with pytest.raises(UploadRejected) as refused:
            credit_upload_check(by=secretary_b, filename="old.grn", content=content, event=event())
        assert [(p.line, p.message) for p in refused.value.problems] == [
            (
                1,
                f"{retired.abf_number} was merged into {kept.abf_number}: give "
                f"{kept.abf_number}, the player's number now.",
            )
        ]
    assert CreditUpload.objects.count() == uploads
    assert not HeldCredit.objects.filter(player=retired).exists()

    last = PlayerFactory(home_club=club_b, given_names="Ann", family_name="Lee")
    with django_capture_on_commit_callbacks(execute=True):
        players_merge(retired=kept, kept=last, reason="Registered a third time", by=staff)
    with pytest.raises(UploadRejected) as refused:
        credit_upload_check(by=secretary_b, filename="old.grn", content=content, event=event())
    assert f"merged into {last.abf_number}" in refused.value.problems[0].message
