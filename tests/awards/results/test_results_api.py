"""POST /api/v1/results/check and the awards as a credit file: a club's results file read,
its awards checked as an upload and credited exactly as the calculator gives them."""

from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from awards.results import usebio
from players.models import Player
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

SAMPLES = Path(__file__).parent / "samples"


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def register(name: str, club) -> None:
    read = usebio.read((SAMPLES / name).read_bytes())
    for numbers in read.players.values():
        for number in numbers:
            PlayerFactory(abf_number=number, home_club=club)


def check(client, name: str, **fields):
    content = (SAMPLES / name).read_bytes()
    return client.post(
        reverse("results-check"),
        {"file": SimpleUploadedFile(name, content), "grade": "E", **fields},
        format="multipart",
    )


def test_a_club_session_read_from_usebio_and_credited_gives_what_the_calculator_gives(
    secretary_a, club_a
):
    register("compscore_mitchell.xml", club_a)
    client = api(secretary_a)
    response = check(client, "compscore_mitchell.xml")
    assert response.status_code == 201, response.json()
    answer = response.json()
    assert answer["format"] == "USEBIO 1.2" and answer["program"] == "Compscore3 26-Jul-22"
    assert answer["working"]
    upload = answer["upload"]
    assert upload["status"] == "checked" and upload["source"] == "results"
    assert not Credit.objects.exists()  # nothing credited before the confirm
    confirmed = client.post(reverse("upload-confirm", args=[upload["id"]]))
    assert confirmed.status_code == 200, confirmed.json()

    calculator = (
        APIClient().post(reverse("calculator-awards"), answer["results"], format="json").json()
    )
    read = usebio.read((SAMPLES / "compscore_mitchell.xml").read_bytes())
    for contestant in calculator["contestants"]:
        hundredths = int(
            (Decimal(contestant["total"]) * 100).to_integral_value(rounding=ROUND_HALF_UP)
        )
        for number in read.players[contestant["label"]]:
            credited = sum(c.points for c in Credit.objects.filter(player__abf_number=number))
            assert credited == hundredths, (contestant["label"], number)
    assert Credit.objects.filter(points__gt=0).count() == 8  # four pairs place, two players each


@pytest.mark.parametrize(
    "name",
    [
        "pairs_mitchell_two_sections.xml",
        "pairs_howell_two_sessions.xml",
        "teams_imps.xml",
        "teams_vps_swiss.xml",
        "individual.xml",
        "swiss_pairs.xml",
    ],
)
def test_every_kind_of_sample_is_checked_into_an_upload(secretary_a, club_a, name):
    register(name, club_a)
    response = check(api(secretary_a), name)
    assert response.status_code == 201, response.json()
    answer = response.json()
    winners = [a for a in answer["awards"] if a["points"]]
    assert winners
    assert answer["upload"]["line_count"] == len(winners)


def test_the_clubs_own_credit_file_is_compared_line_by_line(secretary_a, club_a):
    register("compscore_mitchell.xml", club_a)
    read = usebio.read((SAMPLES / "compscore_mitchell.xml").read_bytes())
    first, second = read.players["1NS"]
    # The club's program gave 1NS 0.39 each (its own scale); the rules give 0.14.
    own = f"{first}000039\r\n{second}000039\r\n".encode()
    response = check(
        api(secretary_a),
        "compscore_mitchell.xml",
        credit_file=SimpleUploadedFile("tuesday.grn", own),
    )
    assert response.status_code == 201, response.json()
    differences = response.json()["upload"]["differences"]
    assert {(d["abf_number"], d["points"], d["expected"]) for d in differences if d["line"]} == {
        (first, 39, 14),
        (second, 39, 14),
    }
    # Every player the rules give points to and the file leaves out is listed too.
    assert len([d for d in differences if d["line"] is None]) == 6


def test_a_bad_file_is_refused_naming_the_element_and_nothing_is_stored(secretary_a, club_a):
    register("individual.xml", club_a)
    content = (SAMPLES / "individual.xml").read_bytes().replace(b"<PLACE>2</PLACE>", b"")
    response = api(secretary_a).post(
        reverse("results-check"),
        {"file": SimpleUploadedFile("x.xml", content), "grade": "E"},
        format="multipart",
    )
    assert response.status_code == 400
    assert response.json()["error"]["fields"]["file"][0] == (
        "EVENT/PARTICIPANTS/PLAYER[2]/PLACE: no place"
    )
    assert not CreditUpload.objects.exists()


def test_an_unknown_abf_number_is_named_by_its_element(secretary_a, club_a):
    register("individual.xml", club_a)
    read = usebio.read((SAMPLES / "individual.xml").read_bytes())
    Player.objects.filter(abf_number=read.players["8"][0]).delete()
    response = check(api(secretary_a), "individual.xml")
    assert response.status_code == 400
    assert response.json()["error"]["fields"]["file"] == [
        f"EVENT/PARTICIPANTS/PLAYER[8]/NATIONAL_ID_NUMBER: FRANK PLAYER85 "
        f"({read.players['8'][0]}) is not a registered ABF number"
    ]


def test_a_csv_needs_its_kind(secretary_a):
    response = api(secretary_a).post(
        reverse("results-check"),
        {"file": SimpleUploadedFile("x.csv", b"session,contestant,players\n"), "grade": "E"},
        format="multipart",
    )
    assert response.status_code == 400
    assert "kind" in response.json()["error"]["fields"]


def test_only_secretaries_and_staff_may_check_results(anonymous_client, db):
    response = anonymous_client.post(reverse("results-check"), {})
    assert response.status_code in (401, 403)


def test_the_awards_download_as_a_credit_file_for_the_uploader_only(
    secretary_a, secretary_b, club_a
):
    register("compscore_mitchell.xml", club_a)
    upload_id = check(api(secretary_a), "compscore_mitchell.xml").json()["upload"]["id"]
    response = api(secretary_a).get(reverse("upload-credit-file", args=[upload_id]))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('.grn"')
    lines = response.content.decode().split("\r\n")[:-1]
    read = usebio.read((SAMPLES / "compscore_mitchell.xml").read_bytes())
    assert f"{read.players['1NS'][0]}000014" in lines and len(lines) == 8
    assert api(secretary_b).get(reverse("upload-credit-file", args=[upload_id])).status_code == 404


def test_the_upload_page_links_the_credit_file(secretary_a, club_a, client_a):
    register("compscore_mitchell.xml", club_a)
    upload_id = check(api(secretary_a), "compscore_mitchell.xml").json()["upload"]["id"]
    page = client_a.get(reverse("awards:upload", args=[upload_id]))
    assert reverse("upload-credit-file", args=[upload_id]) in page.content.decode()


def test_a_plain_credit_file_upload_has_no_awards_to_download(secretary_a, club_a):
    player = PlayerFactory(home_club=club_a)
    upload = api(secretary_a).post(
        reverse("upload-check"),
        {
            "file": SimpleUploadedFile("m.grn", f"{player.abf_number}000050\r\n".encode()),
            "name": "Monday",
            "starts_on": "2025-04-14",
            "grade": "E",
        },
        format="multipart",
    )
    assert upload.status_code == 201, upload.json()
    response = api(secretary_a).get(reverse("upload-credit-file", args=[upload.json()["id"]]))
    assert response.status_code == 400
