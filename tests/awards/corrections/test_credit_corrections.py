"""Issue 25, section 1: a credit moved to the right player (a wrong number), its amount
corrected, its event's grade corrected: each a reversing credit and a new one in one step,
with who, when and why; refused with nothing changed; never made twice."""

import pytest
from django.db import transaction
from django.urls import reverse

from awards.corrections.models import Correction
from awards.corrections.services.credits import (
    credit_amount_correct,
    credit_move,
    event_grade_correct,
)
from awards.errors import AwardsError
from awards.ledger.models import Credit, Event, HeldCredit
from awards.ledger.selectors import totals_disagreements
from players.models import Player
from tests.awards.corrections.conftest import api, held
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _credit(upload, player) -> Credit:
    return Credit.objects.get(upload=upload, player=player)


# --- move -----------------------------------------------------------------------------------


def test_a_credit_moves_to_the_right_player_in_one_step(monday, staff, players_a, club_a):
    right = PlayerFactory(home_club=club_a)
    wrong = players_a[0]
    credit = _credit(monday, wrong)

    correction = credit_move(credit=credit, to_player=right, reason="Number misread", by=staff)

    assert held(wrong) == 0 and held(right) == 150
    written = {
        c.player_id: c for c in Credit.objects.filter(correction_link__correction=correction)
    }
    assert written[wrong.pk].points == -150 and written[right.pk].points == 150
    assert {c.adjusts_id for c in written.values()} == {credit.pk}
    assert written[right.pk].reason.startswith(
        f"Correction {correction.pk}: moved from {wrong.abf_number}"
    )
    assert correction.player == wrong and correction.other_player == right
    assert Credit.objects.get(pk=credit.pk).points == 150  # the original, kept
    assert totals_disagreements() == []


def test_a_move_sent_twice_moves_once(monday, staff, players_a, club_a):
    right = PlayerFactory(home_club=club_a)
    credit = _credit(monday, players_a[0])
    first = credit_move(credit=credit, to_player=right, reason="Wrong number", by=staff)

    with pytest.raises(AwardsError) as refusal:
        credit_move(credit=credit, to_player=right, reason="Wrong number", by=staff)

    assert refusal.value.code == "nothing_to_correct"
    assert f"correction {first.pk}" in refusal.value.message
    assert held(right) == 150 and Correction.objects.count() == 1


def test_a_move_to_an_inactive_player_is_held_for_them(monday, staff, players_a, club_a):
    right = PlayerFactory(home_club=None, status=Player.Status.INACTIVE)

    credit_move(credit=_credit(monday, players_a[1]), to_player=right, reason="Wrong", by=staff)

    # 1.3.2: points won while inactive are held until the player is reactivated.
    assert held(players_a[1]) == 0 and held(right) == 0
    assert HeldCredit.objects.get(player=right).points == 100


@pytest.mark.parametrize("case", ["same", "deceased"])
def test_a_move_to_the_same_or_a_deceased_player_is_refused_naming_the_number(
    monday, staff, players_a, case
):
    target = players_a[0] if case == "same" else PlayerFactory(status="deceased", home_club=None)

    with pytest.raises(AwardsError) as refusal:
        credit_move(credit=_credit(monday, players_a[0]), to_player=target, reason="x", by=staff)

    assert list(refusal.value.fields) == ["abf_number"]
    assert held(players_a[0]) == 150 and not Correction.objects.exists()


# --- amount ---------------------------------------------------------------------------------


def test_an_amount_is_corrected_by_a_reversing_credit_and_a_new_one(monday, staff, players_a):
    credit = _credit(monday, players_a[0])

    correction = credit_amount_correct(credit=credit, points=120, reason="Ties shared", by=staff)

    written = sorted(
        Credit.objects.filter(correction_link__correction=correction).values_list(
            "points", flat=True
        )
    )
    assert written == [-150, 120]
    assert held(players_a[0]) == 120
    assert correction.details["before"] == 150 and correction.details["after"] == 120


def test_an_amount_already_right_is_refused_and_nothing_written(monday, staff, players_a):
    credit = _credit(monday, players_a[0])
    credit_amount_correct(credit=credit, points=120, reason="Ties shared", by=staff)

    with pytest.raises(AwardsError) as refusal:
        credit_amount_correct(credit=credit, points=120, reason="Ties shared", by=staff)

    assert refusal.value.code == "nothing_to_correct"
    assert list(refusal.value.fields) == ["points"]
    assert Correction.objects.count() == 1 and held(players_a[0]) == 120


def test_an_amount_of_nothing_takes_the_points_away(monday, staff, players_a):
    correction = credit_amount_correct(
        credit=_credit(monday, players_a[2]), points=0, reason="Did not play", by=staff
    )

    assert held(players_a[2]) == 0
    assert Credit.objects.filter(correction_link__correction=correction).count() == 1


# --- grade ----------------------------------------------------------------------------------


def test_a_grade_is_corrected_by_crediting_the_event_again_at_the_right_grade(
    monday, staff, players_a
):
    wrong = monday.event
    assert wrong.grade == "E"

    correction = event_grade_correct(event=wrong, grade="D", reason="A club championship", by=staff)

    right = correction.new_event
    assert right.grade == "D" and right.name == wrong.name and right.ends_on == wrong.ends_on
    assert Event.objects.get(pk=wrong.pk).grade == "E"  # the event credited is kept
    assert [held(p, wrong) for p in players_a] == [0, 0, 0]
    assert [held(p, right) for p in players_a] == [150, 100, 50]
    assert totals_disagreements() == []


def test_a_grade_that_changes_the_colour_credits_the_right_colour(monday, staff, players_a):
    """1.5.1: grade B4c awards red points where E awarded green."""
    correction = event_grade_correct(event=monday.event, grade="B4c", reason="B4c", by=staff)

    assert set(
        Credit.objects.filter(event=correction.new_event).values_list("colour", flat=True)
    ) == {"red"}


def test_a_grade_corrected_once_is_refused_naming_the_event_that_holds_the_points(monday, staff):
    first = event_grade_correct(event=monday.event, grade="D", reason="x", by=staff)

    with pytest.raises(AwardsError) as refusal:
        event_grade_correct(event=monday.event, grade="C", reason="x", by=staff)

    assert refusal.value.code == "already_corrected"
    assert f"event {first.new_event_id}" in refusal.value.message
    assert Correction.objects.count() == 1


def test_a_grade_the_club_could_not_issue_is_refused(monday, staff):
    """1.6: the Centre does not give a club's session a national grade by correcting it."""
    with pytest.raises(AwardsError) as refusal:
        event_grade_correct(event=monday.event, grade="A", reason="x", by=staff)

    assert list(refusal.value.fields) == ["grade"]
    assert not Correction.objects.exists()


def test_a_failure_midway_writes_nothing(monday, staff, players_a, monkeypatch):
    """One transaction: a correction whose credits cannot be written leaves no trace."""
    from awards.corrections.services import common

    def broken(**kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(common, "adjusting_credits_add", broken)
    credits = Credit.objects.count()
    with pytest.raises(RuntimeError), transaction.atomic():
        credit_amount_correct(credit=_credit(monday, players_a[0]), points=10, reason="x", by=staff)

    assert Credit.objects.count() == credits and not Correction.objects.exists()


# --- pages and API --------------------------------------------------------------------------


def test_staff_move_a_credit_from_the_players_credits_page(monday, staff_client, players_a, club_a):
    right = PlayerFactory(home_club=club_a)
    credit = _credit(monday, players_a[0])
    found = staff_client.get(
        reverse("awards:correction_player_credits"), {"number": players_a[0].abf_number}
    )
    move = reverse("awards:correction_credit_move", args=[credit.pk])
    assert move in found.content.decode()

    preview = staff_client.post(
        move, {"abf_number": right.abf_number, "reason": "Misread", "preview": "1"}
    )
    assert right.full_name in preview.content.decode()
    assert not Correction.objects.exists()  # a preview writes nothing
    previewed = preview.context["form"]["previewed"].value()
    done = staff_client.post(
        move,
        {
            "abf_number": right.abf_number,
            "reason": "Misread",
            "previewed": previewed,
            "confirm": "1",
        },
    )

    assert done.status_code == 302
    assert held(right) == 150


def test_a_confirmation_of_values_not_previewed_only_previews(monday, staff_client, players_a):
    credit = _credit(monday, players_a[0])
    url = reverse("awards:correction_credit_amount", args=[credit.pk])

    answer = staff_client.post(url, {"points": "1.20", "reason": "x", "confirm": "1"})

    assert answer.status_code == 200 and not Correction.objects.exists()


def test_a_bad_amount_is_refused_naming_the_field(monday, staff_client, players_a):
    credit = _credit(monday, players_a[0])
    url = reverse("awards:correction_credit_amount", args=[credit.pk])

    answer = staff_client.post(url, {"points": "1.234", "reason": "x", "preview": "1"})

    assert "more than two decimal places" in str(answer.context["form"].errors["points"])


def test_the_api_moves_corrects_and_regrades(monday, staff, players_a, club_a):
    right = PlayerFactory(home_club=club_a)
    client = api(staff)

    moved = client.post(
        reverse("credit-move", args=[_credit(monday, players_a[0]).pk]),
        {"abf_number": right.abf_number, "reason": "Wrong number"},
        format="json",
    )
    corrected = client.post(
        reverse("credit-correct", args=[_credit(monday, players_a[1]).pk]),
        {"points": 75, "reason": "Ties"},
        format="json",
    )
    regraded = client.post(
        reverse("event-grade", args=[monday.event_id]),
        {"grade": "D", "reason": "Championship"},
        format="json",
    )

    assert [r.status_code for r in (moved, corrected, regraded)] == [201, 201, 201]
    assert moved.json()["other_player"]["abf_number"] == right.abf_number
    assert held(right) == 150 and held(players_a[1]) == 75


def test_the_api_names_the_wrong_field(monday, staff, players_a):
    client = api(staff)
    credit = _credit(monday, players_a[0])

    unknown = client.post(
        reverse("credit-move", args=[credit.pk]),
        {"abf_number": "1234567", "reason": "x"},
        format="json",
    )
    no_reason = client.post(
        reverse("credit-correct", args=[credit.pk]), {"points": 5}, format="json"
    )

    assert unknown.status_code == 400
    assert "abf_number" in unknown.json()["error"]["fields"]
    assert list(no_reason.json()["error"]["fields"]) == ["reason"]
    assert not Correction.objects.exists()


@pytest.mark.parametrize("who", ["secretary_a", "state_secretary_a", "organiser_a"])
def test_only_centre_staff_correct_a_credit(monday, players_a, who, request):
    user = request.getfixturevalue(who)
    credit = _credit(monday, players_a[0])

    answer = api(user).post(
        reverse("credit-correct", args=[credit.pk]), {"points": 1, "reason": "x"}, format="json"
    )

    assert answer.status_code == 403 and not Correction.objects.exists()
