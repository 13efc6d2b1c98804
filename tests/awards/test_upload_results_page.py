"""The upload page takes a results file (USEBIO XML or CSV) beside the credit file: results
alone become the upload with each player's award and the working; with the club's credit
file, the preview lists every line that differs from the rules."""

from pathlib import Path
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from awards.entries.services import sessions
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from awards.results import usebio
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

SAMPLES = Path(__file__).parent / "results" / "samples"
MITCHELL = "compscore_mitchell.xml"


def read(name: str = MITCHELL):
    return usebio.read((SAMPLES / name).read_bytes())


@pytest.fixture
def registered(club_a):
    for numbers in read().players.values():
        for number in numbers:
            PlayerFactory(abf_number=number, home_club=club_a)


def form(results: bytes | None = None, filename: str = MITCHELL, **extra) -> dict:
    data = {"grade": "E", "kind": "pairs", "sessions": "1", "name": "", "starts_on": ""}
    if results is not None:
        data["results"] = SimpleUploadedFile(filename, results)
    return {**data, **extra}


def test_results_alone_become_the_upload_with_each_award_and_the_working(client_a, registered):
    response = client_a.post(reverse("awards:upload_new"), form((SAMPLES / MITCHELL).read_bytes()))
    assert response.status_code == 302, response.content.decode()
    upload = CreditUpload.objects.get()
    assert upload.source == "results"
    # The name and day come from the file (EVENT_DESCRIPTION, DATE).
    assert upload.event_details["name"] == "Tue 7:30pm Open"
    assert upload.event_details["starts_on"] == "2025-04-15"
    page = client_a.get(response["Location"]).content.decode()
    assert "Awards by the rules" in page
    first, second = read().players["1NS"]
    # 1NS won N-S of the Mitchell: 0.14 each, as the calculator gives.
    assert f'<td>1NS</td><td>{first}</td><td class="number">0.14</td>' in page
    assert f'<td>1NS</td><td>{second}</td><td class="number">0.14</td>' in page
    assert "Table 1B" in page  # the working, clause and table
    assert not Credit.objects.exists()
    client_a.post(reverse("awards:upload_confirm", args=[upload.pk]))
    assert (
        sum(Credit.objects.filter(player__abf_number=first).values_list("points", flat=True)) == 14
    )


def test_results_with_the_clubs_credit_file_list_every_line_that_differs(client_a, registered):
    first, second = read().players["1NS"]
    own = f"{first}000039\r\n{second}000014\r\n".encode()
    response = client_a.post(
        reverse("awards:upload_new"),
        form(
            (SAMPLES / MITCHELL).read_bytes(),
            file=SimpleUploadedFile("tuesday.grn", own),
        ),
    )
    assert response.status_code == 302, response.content.decode()
    upload = CreditUpload.objects.get()
    assert upload.source == "file" and upload.filename == "tuesday.grn"
    page = client_a.get(response["Location"]).content.decode()
    assert "These lines differ from what the award rules give" in page
    differing = [d for d in upload.preview["differences"] if d["line"]]
    assert [(d["abf_number"], d["points"], d["expected"]) for d in differing] == [(first, 39, 14)]
    # 0.39 is above the most the results give anyone (0.14): warned on its line.
    assert upload.preview["most"]["points"] == 14
    assert "above the most this event can pay: 0.14" in page


def test_a_csv_takes_the_kind_of_the_form(client_a, club_a):
    numbers = [PlayerFactory(home_club=club_a).abf_number for _ in range(8)]
    csv = "session,section,direction,contestant,place,score,players,boards\n" + "".join(
        f"1,A,,{pair},{pair},{60 - pair}.0,{numbers[2 * pair - 2]} {numbers[2 * pair - 1]},\n"
        for pair in range(1, 5)
    )
    response = client_a.post(
        reverse("awards:upload_new"),
        form(
            csv.encode(),
            filename="monday.csv",
            **{"name": "Monday pairs", "starts_on": "2025-04-14"},
        ),
    )
    assert response.status_code == 302, response.content.decode()
    upload = CreditUpload.objects.get()
    assert upload.source == "results" and upload.event_details["kind"] == "pairs"
    assert upload.preview["results"]["format"] == "CSV"


def test_a_bad_results_file_is_named_on_the_form_and_nothing_is_stored(client_a, club_a):
    for numbers in read("individual.xml").players.values():
        for number in numbers:
            PlayerFactory(abf_number=number, home_club=club_a)
    content = (SAMPLES / "individual.xml").read_bytes().replace(b"<PLACE>2</PLACE>", b"")
    response = client_a.post(reverse("awards:upload_new"), form(content, filename="x.xml"))
    assert response.status_code == 400
    page = response.content.decode()
    assert "EVENT/PARTICIPANTS/PLAYER[2]/PLACE: no place" in page
    assert not CreditUpload.objects.exists()


def test_a_results_file_of_another_kind_is_refused_on_its_field(client_a):
    response = client_a.post(reverse("awards:upload_new"), form(b"x", filename="results.txt"))
    assert "Choose USEBIO XML (.xml) or CSV (.csv) results." in response.content.decode()
    assert not CreditUpload.objects.exists()


def test_a_page_without_any_file_asks_for_one(client_a):
    response = client_a.post(reverse("awards:upload_new"), form())
    page = response.content.decode()
    assert "Choose a credit file, a results file, or both." in page
    assert not CreditUpload.objects.exists()


def test_the_page_and_the_api_call_the_same_service(client_a, registered, secretary_a):
    with (
        mock.patch.object(
            sessions, "results_upload_check", wraps=sessions.results_upload_check
        ) as service,
        mock.patch("awards.entries.views.uploads.results_upload_check", new=service),
        mock.patch("awards.entries.api.results.results_upload_check", new=service),
    ):
        client_a.post(reverse("awards:upload_new"), form((SAMPLES / MITCHELL).read_bytes()))
        from rest_framework.test import APIClient

        api = APIClient()
        api.force_authenticate(secretary_a)
        api.post(
            reverse("results-check"),
            {
                "file": SimpleUploadedFile(MITCHELL, (SAMPLES / MITCHELL).read_bytes()),
                "grade": "E",
                # The same results again are refused: another session of the day is not.
                "session": 2,
            },
            format="multipart",
        )
    assert service.call_count == 2
    assert CreditUpload.objects.count() == 2


def test_another_club_sees_no_results_upload_and_others_are_refused(
    client_a, client_b, registered, anonymous_client
):
    client_a.post(reverse("awards:upload_new"), form((SAMPLES / MITCHELL).read_bytes()))
    upload = CreditUpload.objects.get()
    assert client_b.get(reverse("awards:upload", args=[upload.pk])).status_code == 404
    assert client_b.post(reverse("awards:upload_confirm", args=[upload.pk])).status_code == 404
    response = anonymous_client.post(
        reverse("awards:upload_new"), form((SAMPLES / MITCHELL).read_bytes())
    )
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert CreditUpload.objects.count() == 1
