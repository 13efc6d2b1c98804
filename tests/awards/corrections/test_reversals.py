"""Issue 25, section 1: a whole credited upload reversed, with a reason. Reversing credits
land in the month open now (App. E: a closed month is never rewritten); the upload and its
credits are kept and linked; the club is emailed once; the same request twice reverses once."""

import pytest
from django.core import mail
from django.urls import reverse

from awards.corrections.models import Correction, CorrectionCredit
from awards.corrections.services.reversals import upload_reverse
from awards.errors import AwardsError
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, PlayerTotals
from awards.ledger.selectors import totals_disagreements
from centre.models import Period
from operations.services import month_close
from tests.awards.conftest import grn
from tests.awards.corrections.conftest import api, held

pytestmark = pytest.mark.django_db


def test_a_reversed_upload_takes_back_every_point_and_keeps_its_credits(
    monday, staff, players_a, django_capture_on_commit_callbacks
):
    originals = list(Credit.objects.filter(upload=monday).order_by("id"))

    with django_capture_on_commit_callbacks(execute=True):
        correction = upload_reverse(upload=monday, reason="The file was of Tuesday", by=staff)

    assert [held(player) for player in players_a] == [0, 0, 0]
    # The originals are kept as they were, each reversed by a credit that adjusts it.
    assert list(Credit.objects.filter(upload=monday).order_by("id")) == originals
    reversing = Credit.objects.filter(correction_link__correction=correction)
    assert sorted(c.points for c in reversing) == [-150, -100, -50]
    assert {c.adjusts_id for c in reversing} == {c.pk for c in originals}
    assert all(c.source == Credit.Source.ADJUSTMENT for c in reversing)
    assert all(c.reason.startswith(f"Correction {correction.pk}: upload") for c in reversing)
    assert all(c.reason.endswith("The file was of Tuesday") for c in reversing)
    # Who, when, why.
    assert correction.made_by == staff and correction.reason == "The file was of Tuesday"
    assert correction.kind == Correction.Kind.REVERSAL and correction.upload == monday
    # The kept totals follow the ledger.
    assert totals_disagreements() == []


def test_the_reversal_of_a_closed_months_upload_lands_in_the_open_month(monday, staff, players_a):
    month_close(period=monday.period, by=staff)
    closed = Period.objects.get(pk=monday.period_id)
    assert closed.status == Period.Status.CLOSED

    correction = upload_reverse(upload=monday, reason="Wrong club's file", by=staff)

    reversing = Credit.objects.filter(correction_link__correction=correction)
    assert {c.period_id for c in reversing} == {correction.period_id}
    assert correction.period != closed and correction.period.status == Period.Status.OPEN
    # Nothing of the closed month was written: its credits are the upload's, approved.
    assert set(Credit.objects.filter(period=closed).values_list("state", flat=True)) == {
        Credit.State.APPROVED
    }
    assert Credit.objects.filter(period=closed).count() == 3
    assert [held(player) for player in players_a] == [0, 0, 0]


def test_an_upload_is_reversed_once_and_the_second_request_changes_nothing(monday, staff):
    first = upload_reverse(upload=monday, reason="Wrong file", by=staff)
    credits = Credit.objects.count()

    with pytest.raises(AwardsError) as refusal:
        upload_reverse(upload=monday, reason="Wrong file", by=staff)

    assert f"(correction {first.pk})" in refusal.value.message
    assert refusal.value.code == "already_reversed"
    assert Credit.objects.count() == credits
    assert Correction.objects.count() == 1


def test_the_club_is_emailed_once_about_the_reversal(
    monday, staff, club_a, django_capture_on_commit_callbacks
):
    club_a.secretary_email = "results@club-a.example"
    club_a.save()

    with django_capture_on_commit_callbacks(execute=True):
        correction = upload_reverse(upload=monday, reason="Sent twice", by=staff)
    from awards.corrections.emails import correction_email

    correction_email.delay(correction.pk)  # a retried task sends nothing more

    sent = [m for m in mail.outbox if m.to == ["results@club-a.example"]]
    assert len(sent) == 1
    assert f"Correction {correction.pk}" in sent[0].subject
    assert "Sent twice" in sent[0].body


def test_only_a_credited_upload_is_reversed(secretary_a, staff, players_a):
    from awards.intake.services.uploads import credit_upload_check
    from tests.awards.conftest import event

    waiting = credit_upload_check(
        by=secretary_a,
        filename="w.grn",
        content=grn((players_a[0].abf_number, 40)),
        event=event("E", session=77),
    )

    with pytest.raises(AwardsError, match="only a credited upload is reversed"):
        upload_reverse(upload=waiting, reason="x", by=staff)
    assert not Correction.objects.exists()


def test_a_reversal_needs_a_reason_and_centre_staff(monday, staff, secretary_a):
    with pytest.raises(AwardsError) as no_reason:
        upload_reverse(upload=monday, reason="   ", by=staff)
    assert "reason" in no_reason.value.fields
    with pytest.raises(AwardsError, match="centre staff"):
        upload_reverse(upload=monday, reason="mine", by=secretary_a)
    assert not Correction.objects.exists()


def test_the_right_file_of_a_reversed_event_may_be_uploaded_again(
    monday, staff, secretary_a, players_a
):
    """Credited once (issue 23) binds a live upload; a reversed one holds no points."""
    from awards.intake.services.crediting import credit_upload_confirm
    from awards.intake.services.uploads import credit_upload_check
    from tests.awards.conftest import event

    upload_reverse(upload=monday, reason="Wrong amounts", by=staff)
    details = monday.event_details
    again = credit_upload_check(
        by=secretary_a,
        filename="monday-right.grn",
        content=grn((players_a[0].abf_number, 150)),
        event=event("E", name=details["name"], session=details.get("session", 1)),
    )
    credit_upload_confirm(upload=again, by=secretary_a, above_most_checked=True)

    assert held(players_a[0]) == 150
    assert CreditUpload.objects.get(pk=monday.pk).event_key == ""


# --- the page and the API -------------------------------------------------------------------


def test_staff_reverse_an_upload_from_its_page(monday, staff_client, players_a):
    url = reverse("awards:upload_reverse", args=[monday.pk])
    page = staff_client.get(url)
    assert page.status_code == 200
    assert players_a[0].abf_number in page.content.decode()

    done = staff_client.post(url, {"reason": "The wrong session's file"}, follow=True)

    correction = Correction.objects.get()
    assert done.redirect_chain[-1][0] == reverse("awards:correction", args=[correction.pk])
    assert "The wrong session&#x27;s file" in done.content.decode()
    again = staff_client.post(url, {"reason": "again"})
    assert "reversed once" in again.content.decode()
    assert Correction.objects.count() == 1


def test_the_api_reverses_once_and_refuses_the_second_in_its_error_shape(monday, staff):
    url = reverse("upload-reverse", args=[monday.pk])

    first = api(staff).post(url, {"reason": "Duplicate of upload 1"}, format="json")
    second = api(staff).post(url, {"reason": "Duplicate of upload 1"}, format="json")

    assert first.status_code == 201, first.json()
    assert len(first.json()["credits"]) == 3
    assert {c["role"] for c in first.json()["credits"]} == {CorrectionCredit.Role.REVERSING}
    assert second.status_code == 400
    assert second.json()["error"]["code"] == "already_reversed"
    assert "upload" in second.json()["error"]["fields"]


@pytest.mark.parametrize("who", ["anonymous", "secretary_a", "secretary_b", "state_secretary_a"])
def test_only_centre_staff_reverse_an_upload(monday, who, request, client):
    url = reverse("upload-reverse", args=[monday.pk])
    page = reverse("awards:upload_reverse", args=[monday.pk])
    if who == "anonymous":
        answer = client.post(url, {"reason": "x"})
        assert answer.status_code in (401, 403)
        assert client.get(page).status_code == 302  # to the login page
    else:
        user = request.getfixturevalue(who)
        assert api(user).post(url, {"reason": "x"}, format="json").status_code == 403
        client.force_login(user)
        assert client.get(page).status_code == 403
    assert not Correction.objects.exists()
    assert PlayerTotals.objects.exists()
