"""Compscore3 files through the upload: the director sitting in is skipped and shown, the
partner credited; a file whose kind of point is not the grade's warns; an unregistered
player is named as the file names them; 4.2.2 session awards by percentage from a file."""

from decimal import Decimal
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.entries.services.sessions import results_upload_check
from awards.errors import UploadRejected
from awards.ledger.models import Credit
from awards.results import usebio
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

SAMPLES = Path(__file__).parent / "samples"
HOWELL = "compscore_howell_21_boards.xml"
SKIPPED = (
    "Skipped: EVENT/SESSION[1]/SECTION[A]/PARTICIPANTS/PAIR[2]/PLAYER[2]: DIRECTOR (0) is the "
    "director sitting in, not a player: skipped, and the other player(s) of pair 8 credited."
)


def sample() -> bytes:
    return (SAMPLES / HOWELL).read_bytes()


@pytest.fixture
def registered(club_a):
    for numbers in usebio.read(sample()).players.values():
        for number in numbers:
            PlayerFactory(abf_number=number, home_club=club_a)


def check(user, content: bytes, grade: str = "E"):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(
        reverse("results-check"),
        {"file": SimpleUploadedFile("wednesday.xml", content), "grade": grade},
        format="multipart",
    )


def test_the_director_sitting_in_is_skipped_shown_and_the_partner_credited(
    secretary_a, client_a, registered
):
    response = check(secretary_a, sample())
    assert response.status_code == 201, response.json()
    answer = response.json()
    assert SKIPPED in answer["upload"]["warnings"]
    # A GREEN file at grade E: no warning of its kind of point.
    assert not any("MASTER_POINT_TYPE" in w for w in answer["upload"]["warnings"])
    # BARBARA KING, pair 8 with the director, placed 2nd: 0.15 (0.147 rounded, 21/24 boards).
    assert {"abf_number": "0525898", "contestant": "8", "points": 15} in [
        {k: a[k] for k in ("abf_number", "contestant", "points")} for a in answer["awards"]
    ]
    page = client_a.get(reverse("awards:upload", args=[answer["upload"]["id"]])).content.decode()
    assert "DIRECTOR (0) is the director sitting in" in page
    client = APIClient()
    client.force_authenticate(secretary_a)
    client.post(reverse("upload-confirm", args=[answer["upload"]["id"]]))
    assert Credit.objects.get(player__abf_number="0525898").points == 15


def test_a_red_file_uploaded_at_grade_e_warns(secretary_a, registered):
    response = check(secretary_a, sample().replace(b">GREEN<", b">RED<"))
    assert response.status_code == 201, response.json()
    assert (
        "The file says its points are RED (MASTER_POINT_TYPE), but grade E awards green "
        "points: check the grade." in response.json()["upload"]["warnings"]
    )


def test_an_unregistered_player_is_named_as_the_file_names_them(secretary_a, club_a):
    response = check(secretary_a, sample())
    assert response.status_code == 400
    assert (
        "EVENT/SESSION[1]/SECTION[A]/PARTICIPANTS/PAIR[1]/PLAYER[1]/NATIONAL_ID_NUMBER: "
        "HELEN NGUYEN (524591) is not a registered ABF number (0524591)"
        in response.json()["error"]["fields"]["file"]
    )


def test_session_awards_by_percentage_from_a_file(staff, registered):
    """4.2.2 at grade B4 (weight 2.5): 63.10% gives {25 + 13*5}/100 = 0.90, 57.44% 0.60;
    below 46% nothing. 21 boards: factored 21/24."""
    checked = results_upload_check(
        by=staff,
        filename="wednesday.xml",
        content=sample(),
        grade="B4",
        percentages=True,
        authorisation_number="",
    )
    awards = checked.awards
    assert any("4.2.2" in line for line in awards.working)
    weight = Decimal("2.5")
    expected = (weight * 10 + (63 - 50) * weight * 2) / 100 * 21 / 24
    assert awards["3"].sessions[0] == int(expected * 100) / Decimal(100)
    assert awards["6"].total == 0  # 34.02%


def test_percentages_at_a_club_grade_are_refused_by_4_2_2(secretary_a, registered):
    with pytest.raises(UploadRejected) as refused:
        results_upload_check(
            by=secretary_a, filename="w.xml", content=sample(), grade="E", percentages=True
        )
    assert "Percentage session awards are for" in str(refused.value.problems[0].message)


def _percentage_award_of_pair_3() -> int:
    """4.2.2 at grade B4 (weight 2.5) for 63.10%, 21 boards of 24, in hundredths."""
    weight = Decimal("2.5")
    return int((weight * 10 + (63 - 50) * weight * 2) / 100 * 21 / 24 * 100)


def _pair_3_numbers() -> list[str]:
    return usebio.read(sample()).players["3"]


def test_the_upload_page_awards_the_sessions_by_percentage_when_ticked(staff_client, registered):
    def upload(**extra):
        return staff_client.post(
            reverse("awards:upload_new"),
            {
                "results": SimpleUploadedFile("wednesday.xml", sample()),
                "grade": "B4",
                "kind": "pairs",
                "sessions": "1",
                **extra,
            },
        )

    ticked = upload(percentages="on")

    assert ticked.status_code == 302, ticked.content.decode()[:2000]
    upload_pk = int(ticked["Location"].rstrip("/").split("/")[-1])
    from awards.intake.models import CreditUpload

    lines = CreditUpload.objects.get(pk=upload_pk).preview["lines"]
    points = {line["abf_number"]: line["points"] for line in lines}
    assert {points[number] for number in _pair_3_numbers()} == {_percentage_award_of_pair_3()}


def test_the_results_api_awards_the_sessions_by_percentage_when_asked(staff, registered):
    client = APIClient()
    client.force_authenticate(staff)

    response = client.post(
        reverse("results-check"),
        {
            "file": SimpleUploadedFile("wednesday.xml", sample()),
            "grade": "B4",
            "percentages": "true",
        },
        format="multipart",
    )

    assert response.status_code == 201, response.json()
    awarded = {
        award["abf_number"]: award["points"]
        for award in response.json()["awards"]
        if award["contestant"] == "3"
    }
    assert set(awarded) == set(_pair_3_numbers())
    assert set(awarded.values()) == {_percentage_award_of_pair_3()}
