"""Credited once (issue 23, section 2): the same event, or the same awards, sent again by any
route is refused with a link to the first upload; another session the same day, an upload
sent again after the first was cancelled, and a correction centre staff credit on purpose
with its reason are taken."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from awards.intake.models import CreditUpload
from awards.intake.services.crediting import credit_upload_cancel, credit_upload_confirm
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.models import Credit
from players.abf_numbers import from_serial
from tests.awards.conftest import event, grn, yesterday
from tests.awards.uploading import (
    MITCHELL,
    SAMPLES,
    api,
    api_check,
    duplicate,
    page_form,
    registered,
    token_client,
)
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

# --- credit files ---------------------------------------------------------------------------


def test_the_same_grn_sent_twice_on_the_page_is_refused_with_a_link_to_the_first(
    client_a, players_a
):
    content = grn((players_a[0].abf_number, 42), (players_a[1].abf_number, 30))
    first = client_a.post(reverse("awards:upload_new"), page_form(content))
    assert first.status_code == 302
    upload = CreditUpload.objects.get()
    client_a.post(reverse("awards:upload_confirm", args=[upload.pk]))

    again = client_a.post(reverse("awards:upload_new"), page_form(content, "again.grn"))

    assert again.status_code == 400
    page = again.content.decode().replace("&#x27;", "'")
    assert f"upload {upload.pk}, credited" in page
    assert "An event is credited once" in page
    assert f'href="{reverse("awards:upload", args=[upload.pk])}"' in page
    assert CreditUpload.objects.count() == 1
    assert Credit.objects.count() == 2


@pytest.mark.parametrize(
    "variant",
    [
        pytest.param(lambda lines: "\r\n".join(lines) + "\r\n\r\n", id="a-blank-line-added"),
        pytest.param(lambda lines: "\n".join(lines) + "\n", id="lf-not-crlf"),
        pytest.param(lambda lines: "\r\n".join(reversed(lines)) + "\r\n", id="lines-reordered"),
        pytest.param(lambda lines: "\r\n\r\n".join(lines) + "\x1a", id="blank-lines-and-ctrl-z"),
    ],
)
def test_the_same_awards_in_other_bytes_are_refused_however_the_event_is_named(
    secretary_a, players_a, variant
):
    lines = [f"{players_a[0].abf_number}000042", f"{players_a[1].abf_number}000030"]
    first = api_check(api(secretary_a), ("\r\n".join(lines) + "\r\n").encode())
    assert first.status_code == 201

    # Named otherwise: the awards are the same, for the same club, day and session.
    again = api_check(api(secretary_a), variant(lines).encode(), name="Mon. pairs (B)")

    assert "The same awards" in duplicate(again)
    assert again.json()["error"]["links"] == {
        "duplicate": reverse("upload-detail", args=[first.json()["id"]])
    }
    assert CreditUpload.objects.count() == 1


def test_the_same_event_with_other_awards_is_refused_by_its_identity(secretary_a, players_a):
    assert api_check(api(secretary_a), grn((players_a[0].abf_number, 42))).status_code == 201

    # The name casefolded and its spaces collapsed: the same event.
    again = api_check(api(secretary_a), grn((players_a[1].abf_number, 42)), name=" monday  PAIRS")

    assert "Monday pairs" in duplicate(again) or "monday  PAIRS" in duplicate(again)
    assert "was already uploaded" in duplicate(again)


def test_a_second_session_the_same_day_is_another_event(secretary_a, players_a):
    content = grn((players_a[0].abf_number, 42))
    client = api(secretary_a)
    afternoon = api_check(client, content)
    evening = api_check(client, content, session="2")

    assert afternoon.status_code == 201 and evening.status_code == 201
    assert evening.json()["event_details"]["session"] == 2
    for upload in (afternoon, evening):
        assert client.post(reverse("upload-confirm", args=[upload.json()["id"]])).status_code == 200
    assert Credit.objects.filter(player=players_a[0]).count() == 2


def test_an_upload_sent_again_after_the_first_was_cancelled_is_taken(secretary_a, players_a):
    content = grn((players_a[0].abf_number, 42))
    first = credit_upload_check(
        by=secretary_a, filename="m.grn", content=content, event=event(session=1)
    )
    credit_upload_cancel(upload=first, by=secretary_a)

    again = api_check(api(secretary_a), content)

    assert again.status_code == 201
    confirmed = api(secretary_a).post(reverse("upload-confirm", args=[again.json()["id"]]))
    assert confirmed.status_code == 200
    assert Credit.objects.count() == 1


def test_an_upload_waiting_for_confirmation_holds_its_event_too(secretary_a, players_a):
    content = grn((players_a[0].abf_number, 42))
    first = api_check(api(secretary_a), content)

    message = duplicate(api_check(api(secretary_a), content))

    assert f"upload {first.json()['id']}, checked, waiting for confirmation" in message
    assert "cancel it first if it is wrong" in message


# --- the portal's own credit file, results files ------------------------------------------


def test_the_portals_own_credit_file_uploaded_again_with_a_token_is_refused(secretary_a, club_a):
    registered(MITCHELL, club_a)
    program = token_client(secretary_a)
    checked = program.post(
        reverse("results-check"),
        {"file": SimpleUploadedFile(MITCHELL, (SAMPLES / MITCHELL).read_bytes()), "grade": "E"},
        format="multipart",
    )
    assert checked.status_code == 201, checked.json()
    upload = checked.json()["upload"]
    assert program.post(reverse("upload-confirm", args=[upload["id"]])).status_code == 200
    credits = Credit.objects.count()
    own = program.get(reverse("upload-credit-file", args=[upload["id"]]))
    assert own.status_code == 200

    again = program.post(
        reverse("upload-check"),
        {
            "file": SimpleUploadedFile("tuesday.grn", own.content),
            "name": "Tuesday evening",
            "starts_on": upload["event_details"]["starts_on"],
            "grade": "E",
        },
        format="multipart",
    )

    assert f"upload {upload['id']}, credited" in duplicate(again)
    assert Credit.objects.count() == credits


def test_a_usebio_file_sent_twice_through_the_api_is_refused(secretary_a, club_a):
    registered(MITCHELL, club_a)
    client = api(secretary_a)

    def send():
        return client.post(
            reverse("results-check"),
            {
                "file": SimpleUploadedFile(MITCHELL, (SAMPLES / MITCHELL).read_bytes()),
                "grade": "E",
            },
            format="multipart",
        )

    first = send()
    assert first.status_code == 201
    confirmed = client.post(reverse("upload-confirm", args=[first.json()["upload"]["id"]]))
    assert confirmed.status_code == 200

    assert f"upload {first.json()['upload']['id']}, credited" in duplicate(send())
    assert CreditUpload.objects.count() == 1


def test_a_usebio_file_sent_twice_on_the_page_is_refused(client_a, club_a):
    registered(MITCHELL, club_a)

    def send():
        return client_a.post(
            reverse("awards:upload_new"),
            {
                "results": SimpleUploadedFile(MITCHELL, (SAMPLES / MITCHELL).read_bytes()),
                "grade": "E",
                "kind": "pairs",
                "sessions": "1",
                "name": "",
                "starts_on": "",
            },
        )

    assert send().status_code == 302
    first = CreditUpload.objects.get()

    again = send()

    assert again.status_code == 400
    page = again.content.decode()
    assert f"upload {first.pk}, checked, waiting for confirmation" in page
    assert f'href="{reverse("awards:upload", args=[first.pk])}"' in page
    assert CreditUpload.objects.count() == 1


def test_a_csv_results_file_sent_twice_is_refused(secretary_a, club_a):
    numbers = [from_serial(serial) for serial in range(30000, 30016)]
    for number in numbers:
        PlayerFactory(abf_number=number, home_club=club_a)
    # A Mitchell of four tables: four pairs each way.
    rows = [
        f"1,A,{direction},{pair},{pair},{60 - pair},{numbers[i]} {numbers[i + 1]},24\n"
        for i, (direction, pair) in zip(
            range(0, 16, 2), [(d, p) for d in ("NS", "EW") for p in (1, 2, 3, 4)], strict=True
        )
    ]
    csv = "session,section,direction,contestant,place,score,players,boards\n" + "".join(rows)
    client = api(secretary_a)

    def send():
        return client.post(
            reverse("results-check"),
            {
                "file": SimpleUploadedFile("wednesday.csv", csv.encode()),
                "grade": "E",
                "kind": "pairs",
                "name": "Wednesday pairs",
                "starts_on": yesterday().isoformat(),
            },
            format="multipart",
        )

    first = send()
    assert first.status_code == 201, first.json()

    assert f"upload {first.json()['upload']['id']}" in duplicate(send())
    assert CreditUpload.objects.count() == 1


def test_results_sent_twice_as_json_are_refused(secretary_a, club_a):
    pairs = {label: PlayerFactory.create_batch(2, home_club=club_a) for label in ("N1", "N2")}
    body = {
        "name": "Thursday pairs",
        "starts_on": yesterday().isoformat(),
        "results": {
            "grade": "E",
            "kind": "pairs",
            "sessions": [
                {
                    "boards": 24,
                    "fields": [{"movement": "howell", "tables": 8, "ranking": [["N1"], ["N2"]]}],
                }
            ],
        },
        "players": {label: [p.abf_number for p in players] for label, players in pairs.items()},
    }
    client = api(secretary_a)
    first = client.post(reverse("upload-results"), body, format="json")
    assert first.status_code == 201, first.json()

    assert f"upload {first.json()['id']}" in duplicate(
        client.post(reverse("upload-results"), body, format="json")
    )
    assert CreditUpload.objects.count() == 1


# --- CPAR and Sundry ------------------------------------------------------------------------


def cpar_form(players, points: str = "0.42", **extra) -> dict:
    return {
        "name": "Friday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "E",
        "kind": "pairs",
        "sessions": "1",
        **{f"points-{player.abf_number}": points for player in players},
        **extra,
    }


def test_a_cpar_entry_of_an_event_credited_from_a_file_is_refused(client_a, secretary_a, players_a):
    file = credit_upload_check(
        by=secretary_a,
        filename="friday.grn",
        content=grn(*((player.abf_number, 42) for player in players_a[:2])),
        event=event(name="Friday pairs"),
    )
    credit_upload_confirm(upload=file, by=secretary_a)

    # The same players and points typed under another name: the same awards.
    response = client_a.post(
        reverse("awards:cpar"), cpar_form(players_a[:2], name="Friday afternoon")
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert f"upload {file.pk}, credited" in page
    assert f'href="{reverse("awards:upload", args=[file.pk])}"' in page
    assert CreditUpload.objects.count() == 1
    assert Credit.objects.count() == 2


def test_a_cpar_entry_of_the_same_event_with_other_points_is_refused_by_its_identity(
    client_a, secretary_a, players_a
):
    file = credit_upload_check(
        by=secretary_a,
        filename="friday.grn",
        content=grn((players_a[0].abf_number, 42)),
        event=event(name="Friday pairs"),
    )

    response = client_a.post(reverse("awards:cpar"), cpar_form(players_a[:2], points="0.30"))

    assert response.status_code == 400
    assert f"upload {file.pk}, checked" in response.content.decode()


def test_sundry_sent_twice_is_refused(client_a, club_b):
    visitor = PlayerFactory(home_club=club_b)
    data = {
        "name": "Sunday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "E",
        "kind": "pairs",
        "sessions": "1",
        "abf-1": visitor.abf_number,
        "points-1": "0.30",
    }
    assert client_a.post(reverse("awards:sundry"), data).status_code == 302
    first = CreditUpload.objects.get()

    again = client_a.post(reverse("awards:sundry"), data)

    assert again.status_code == 400
    assert f"upload {first.pk}, checked" in again.content.decode()
    assert CreditUpload.objects.count() == 1
