"""Results in under New Zealand's scheme: a scoring program's USEBIO file for a club
session, its awards worked out by the NZ engine (the Basic Table of C points) and kept as an
upload of C points for the secretary to confirm."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from players import abf_numbers
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

SAMPLE = Path(__file__).parent.parent / "awards" / "results" / "samples" / "compscore_mitchell.xml"


def test_a_club_session_s_results_become_c_points_by_the_nz_rules(settings, client_a, club_a):
    settings.MASTERPOINT_SCHEME = "nz"
    content = SAMPLE.read_bytes()
    numbers = {
        abf_numbers.normalise(line.split(">")[1].split("<")[0])
        for line in content.decode().splitlines()
        if "<NATIONAL_ID_NUMBER>" in line
    }
    for number in numbers:
        PlayerFactory(abf_number=number, home_club=club_a)

    response = client_a.post(
        reverse("awards:upload_new"),
        {
            "results": SimpleUploadedFile("session.xml", content),
            "name": "Tuesday pairs",
            "starts_on": "2025-03-04",
            "grade": "club",
            "kind": "pairs",
            "sessions": "1",
        },
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    upload = CreditUpload.objects.get()
    awarded = upload.preview["results"]["awards"]
    assert awarded and {row["kind"] for row in awarded} == {"C"}
    # The top pair of each field of a club session: 40.00 C points each (NZ Basic Table).
    assert max(row["points"] for row in awarded) == 40_00
    assert upload.totals["C"] == sum(row["points"] for row in awarded)
    client_a.post(reverse("awards:upload_confirm", args=[upload.pk]))
    assert set(Credit.objects.values_list("colour", flat=True)) == {"C"}
    assert Credit.objects.filter(state="provisional").count() == len(awarded)


def test_a_scheme_without_credit_files_asks_for_results_only(settings, client_a, club_a):
    """App. D's credit files are the ABF's: under NZ the upload page neither offers nor
    takes one, and asks for the results file."""
    settings.MASTERPOINT_SCHEME = "nz"
    player = PlayerFactory(home_club=club_a)

    page = client_a.get(reverse("awards:upload_new")).content.decode()
    assert 'name="file"' not in page and ".grn" not in page
    assert 'name="results"' in page

    response = client_a.post(
        reverse("awards:upload_new"),
        {
            "file": SimpleUploadedFile("pairs.grn", f"{player.abf_number}000150\r\n".encode()),
            "name": "Tuesday pairs",
            "starts_on": "2025-03-04",
            "grade": "club",
            "kind": "pairs",
            "sessions": "1",
        },
    )

    assert response.context["form"].errors["results"] == ["This field is required."]
    assert not CreditUpload.objects.exists()


def test_results_an_engine_cannot_read_are_refused_and_nothing_is_kept(settings, client_a, club_a):
    settings.MASTERPOINT_SCHEME = "acbl"

    response = client_a.post(
        reverse("awards:upload_new"),
        {
            "results": SimpleUploadedFile("session.xml", SAMPLE.read_bytes()),
            "name": "Tuesday pairs",
            "starts_on": "2025-03-04",
            # A regional event: paid from ratings no results file holds.
            "grade": "R",
            "kind": "pairs",
            "sessions": "1",
        },
    )

    assert response.status_code == 400
    assert "regular club games" in response.context["form"].errors["grade"][0]
    assert not CreditUpload.objects.exists()
