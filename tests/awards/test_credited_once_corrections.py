"""Credited once (issue 23, section 2), continued: centre staff's corrections on purpose, a
player credited twice on one club's day, the keys themselves, two checks at once and the
migration that gave the uploads kept before their keys."""

import pytest
from django.urls import reverse

from awards.errors import UploadRejected
from awards.intake import upload_keys
from awards.intake.models import CreditUpload
from awards.intake.services.crediting import credit_upload_confirm
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.models import Credit
from tests.awards.conftest import event, grn
from tests.awards.uploading import api, api_check, duplicate

pytestmark = pytest.mark.django_db

# --- corrections on purpose -----------------------------------------------------------------


def test_centre_staff_credit_a_correction_on_purpose_with_its_reason(
    secretary_a, staff, club_a, players_a
):
    content = grn((players_a[0].abf_number, 42))
    first = api_check(api(secretary_a), content)
    api(secretary_a).post(reverse("upload-confirm", args=[first.json()["id"]]))
    client = api(staff)

    # Without the box the staff's upload is refused like anyone's; without a reason too.
    assert "was already uploaded" in duplicate(
        api_check(client, content, club_number=club_a.number)
    )
    no_reason = api_check(client, content, club_number=club_a.number, intended="true")
    assert no_reason.status_code == 400
    assert "intended_reason" in no_reason.json()["error"]["fields"]

    again = api_check(
        client,
        content,
        club_number=club_a.number,
        intended="true",
        intended_reason="The first file left out the second session's points.",
    )

    assert again.status_code == 201, again.json()
    assert again.json()["intended_reason"].startswith("The first file left out")
    assert client.post(reverse("upload-confirm", args=[again.json()["id"]])).status_code == 200
    assert Credit.objects.filter(player=players_a[0]).count() == 2


def test_a_club_that_says_a_repeat_is_intended_is_refused_naming_the_rule(secretary_a, players_a):
    content = grn((players_a[0].abf_number, 42))
    assert api_check(api(secretary_a), content).status_code == 201

    response = api_check(api(secretary_a), content, intended="true", intended_reason="again")

    fields = response.json()["error"]["fields"]
    assert response.status_code == 400
    assert "only centre staff credit it again on purpose" in fields["intended"][0]
    assert "duplicate" in fields
    assert CreditUpload.objects.count() == 1


def test_the_upload_page_offers_the_correction_box_to_staff_only(client_a, staff_client):
    assert "intended_reason" not in client_a.get(reverse("awards:upload_new")).content.decode()
    assert "intended_reason" in staff_client.get(reverse("awards:upload_new")).content.decode()


# --- a player twice on one club's day --------------------------------------------------------


def test_a_player_credited_by_another_event_of_the_club_that_day_is_warned(secretary_a, players_a):
    both, _, other = players_a
    afternoon = credit_upload_check(
        by=secretary_a,
        filename="afternoon.grn",
        content=grn((both.abf_number, 42)),
        event=event(name="Afternoon pairs"),
    )
    credit_upload_confirm(upload=afternoon, by=secretary_a)

    evening = credit_upload_check(
        by=secretary_a,
        filename="evening.grn",
        content=grn((both.abf_number, 30), (other.abf_number, 20)),
        event=event(name="Evening pairs", session=2),
    )

    warnings = [w for w in evening.preview["warnings"] if "Also credited by" in w]
    assert len(warnings) == 1
    assert "'Afternoon pairs'" in warnings[0] and both.abf_number in warnings[0]
    assert other.abf_number not in warnings[0]


# --- the keys ---------------------------------------------------------------------------------


def test_details_kept_before_the_session_are_the_first_session_of_the_day():
    details = {
        "organiser": "club",
        "club_id": 7,
        "state_id": 1,
        "starts_on": "2026-03-02",
        "grade": "E",
        "name": "Monday  Pairs",
    }
    assert upload_keys.event_key(details) == upload_keys.event_key(
        {**details, "session": 1, "name": "monday pairs"}
    )
    assert upload_keys.event_key(details) != upload_keys.event_key({**details, "session": 2})
    # A line split in two is the same award.
    assert upload_keys.lines_fingerprint(
        details, [("0123456", "green", 20), ("0123456", "green", 22)]
    ) == upload_keys.lines_fingerprint(details, [("0123456", "green", 42)])


def test_two_checks_of_one_event_at_once_store_one(secretary_a, players_a, monkeypatch):
    """The database holds the rule when two checks pass at once: the second is refused."""
    from awards.intake.services import uploads

    content = grn((players_a[0].abf_number, 42))
    credit_upload_check(by=secretary_a, filename="m.grn", content=content, event=event())
    monkeypatch.setattr(uploads, "repeat_problems", lambda **_: [])

    with pytest.raises(UploadRejected) as refused:
        credit_upload_check(by=secretary_a, filename="m2.grn", content=content, event=event())

    assert refused.value.problems[0].field == "duplicate"
    assert CreditUpload.objects.count() == 1


def test_the_migration_gives_uploads_kept_before_their_keys_and_a_repeat_none(
    secretary_a, players_a
):
    """0023: the keys filled from the stored details and preview, oldest first; an upload kept
    before of an event another already held is left without the key, so the rule can hold."""
    import importlib

    from django.apps import apps

    content = grn((players_a[0].abf_number, 42))
    first = credit_upload_check(by=secretary_a, filename="a.grn", content=content, event=event())
    later = credit_upload_check(
        by=secretary_a, filename="b.grn", content=content, event=event(session=2)
    )
    kept = (first.event_key, first.fingerprint)
    CreditUpload.objects.update(event_key="", fingerprint="")
    # The later one as it was kept before there was a session: the first's event again.
    details = {k: v for k, v in later.event_details.items() if k != "session"}
    CreditUpload.objects.filter(pk=later.pk).update(event_details=details)

    importlib.import_module("awards.migrations.0023_upload_credited_once").keys_fill(apps, None)

    first.refresh_from_db()
    later.refresh_from_db()
    assert (first.event_key, first.fingerprint) == kept
    assert (later.event_key, later.fingerprint) == ("", "")
