"""7.5.1: "The Goldpoint Coordinator, as the officer responsible for issuing all gold point
credits (apart from those issued in GNOT qualifying rounds) must approve and then authorize
the masterpoint calculations." Gold points staff upload wait for the coordinator's approval
before the month close approves them; the coordinator's own and the GNOT qualifying rounds'
do not."""

import pytest
from django.urls import reverse

from awards.errors import AwardsError
from awards.intake.models import CreditUpload
from awards.intake.services.crediting import credit_upload_confirm
from awards.intake.services.uploads import credit_upload_check, credit_upload_coordinator_approve
from awards.ledger.models import Credit
from centre.models import Period
from operations.services import MonthCloseError, month_close, month_close_start
from tests.awards.conftest import event, grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(club_a):
    return PlayerFactory(home_club=club_a)


def _gold(by, player, *, name: str = "Australian Open Pairs", grade: str = "A", points=150):
    upload = credit_upload_check(
        by=by,
        filename=f"{name[:4]}.gld",
        content=grn((player.abf_number, points)),
        event=event(grade, name=name),
    )
    return credit_upload_confirm(upload=upload, by=by)


def test_staff_gold_points_keep_their_month_open_until_the_coordinator_approves(
    staff, gold_coordinator, player
):
    upload = _gold(staff, player)
    assert upload.coordinator_approval_needed
    assert any(
        w.startswith("These gold points wait for the Goldpoint Coordinator's approval")
        and w.endswith("(7.5.1).")
        for w in upload.preview["warnings"]
    )
    period = upload.period

    waiting = r"has gold points waiting for the Goldpoint Coordinator's approval: .*\(7\.5\.1\)\."
    with pytest.raises(MonthCloseError, match=waiting):
        month_close_start(period=period, by=staff, early=True)
    with pytest.raises(MonthCloseError, match=r"7\.5\.1"):
        month_close(period=period, by=staff, early=True)
    period.refresh_from_db()
    assert period.status == Period.Status.OPEN
    assert Credit.objects.get(player=player).state == Credit.State.PROVISIONAL

    credit_upload_coordinator_approve(upload=upload, by=gold_coordinator)
    closed = month_close(period=period, by=staff, early=True)

    assert closed.status == Period.Status.CLOSED
    assert Credit.objects.get(player=player).state == Credit.State.APPROVED


def test_the_coordinators_own_gold_points_and_the_gnot_qualifying_rounds_wait_for_no_one(
    staff, gold_coordinator, player
):
    own = _gold(gold_coordinator, player, name="Summer Festival Open Pairs")
    # Another event of the day: other awards (the same awards the same day are one event's).
    gnot = _gold(staff, player, name="GNOT qualifying, Region 3", grade="A2", points=120)
    red = upload_and_confirm(staff, "state.red", grn((player.abf_number, 90)), grade="B3")

    assert not own.coordinator_approval_needed
    assert not gnot.coordinator_approval_needed
    assert not red.coordinator_approval_needed
    assert month_close(period=own.period, by=staff, early=True).status == Period.Status.CLOSED


def test_only_the_coordinator_approves_and_only_once(
    staff, gold_coordinator, state_secretary_a, player
):
    upload = _gold(staff, player)
    for who in (staff, state_secretary_a):
        with pytest.raises(AwardsError, match=r"7\.5\.1"):
            credit_upload_coordinator_approve(upload=upload, by=who)
    credit_upload_coordinator_approve(upload=upload, by=gold_coordinator)
    with pytest.raises(AwardsError, match="was approved on"):
        credit_upload_coordinator_approve(upload=upload, by=gold_coordinator)


def test_the_coordinator_approves_on_the_page(staff, gold_client, player):
    upload = _gold(staff, player)
    page = gold_client.get("/awards/gold-approvals/")
    assert page.status_code == 200
    assert "Australian Open Pairs" in page.content.decode()

    answer = gold_client.post(reverse("awards:gold_approve", args=[upload.pk]))

    assert answer.status_code == 302
    upload.refresh_from_db()
    assert upload.coordinator_approved_at is not None


@pytest.mark.parametrize(
    "who", ["client_a", "state_client_a", "organiser_client_a", "youth_client", "staff_client"]
)
def test_every_other_login_is_refused_the_approvals_page(request, who, staff, player):
    upload = _gold(staff, player)
    client = request.getfixturevalue(who)

    assert client.get("/awards/gold-approvals/").status_code == 403
    assert client.post(reverse("awards:gold_approve", args=[upload.pk])).status_code == 403
    upload.refresh_from_db()
    assert upload.coordinator_approved_at is None


def test_anonymous_visitors_are_sent_to_log_in(anonymous_client):
    assert anonymous_client.get("/awards/gold-approvals/").status_code == 302


def test_an_upload_that_needs_no_approval_is_not_found(gold_client, staff, player):
    red = upload_and_confirm(staff, "state.red", grn((player.abf_number, 90)), grade="B3")

    assert gold_client.post(reverse("awards:gold_approve", args=[red.pk])).status_code == 404
    assert CreditUpload.objects.get(pk=red.pk).coordinator_approved_at is None
