"""Results in under every scheme: a club's results file (USEBIO or CSV) taken on the upload
page and by `POST /api/v1/results/check`, and an event as the scheme's own calculator takes
it by `POST /api/v1/uploads/results`, each at the scheme's own grades (and, under the ACBL,
its kind of club game) and credited. The schema's own examples are taken as they stand."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.entries.api.examples import results_grade
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from awards.results import usebio
from players.abf_numbers import from_serial
from scheme.base import CREDIT_FILES
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

SAMPLE = Path(__file__).parent.parent / "awards" / "results" / "samples" / "compscore_mitchell.xml"
# The sample's event, as pages and the API title its upload: its day as each federation
# writes it.
TITLES = {
    "abf": "Tue 7:30pm Open, 15 April 2025",
    "nz": "Tue 7:30pm Open, 15 April 2025",
    "acbl": "Tue 7:30pm Open, April 15, 2025",
}
EXAMPLE_TITLES = {
    "abf": "Tuesday pairs, 4 March 2025",
    "nz": "Tuesday pairs, 4 March 2025",
    "acbl": "Tuesday pairs, March 4, 2025",
}


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def register_sample(club) -> None:
    for numbers in usebio.read(SAMPLE.read_bytes()).players.values():
        for number in numbers:
            PlayerFactory(abf_number=number, home_club=club)


def schema_example(path: str, media_type: str) -> dict:
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    content = schema["paths"][path]["post"]["requestBody"]["content"][media_type]
    examples = [e["value"] for e in content["examples"].values() if "error" not in e["value"]]
    assert examples, f"{path} has no request example"
    return examples[0]


def test_results_check_takes_the_schema_s_example_and_credits_it(scheme, secretary_a, club_a):
    register_sample(club_a)
    example = schema_example("/api/v1/results/check", "multipart/form-data")
    fields = {name: value for name, value in example.items() if name != "file"}
    assert fields["grade"] in {grade.code for grade in scheme.grades}
    client = api(secretary_a)

    response = client.post(
        reverse("results-check"),
        {"file": SimpleUploadedFile("monday.xml", SAMPLE.read_bytes()), **fields},
        format="multipart",
    )

    assert response.status_code == 201, response.json()
    answer = response.json()
    assert answer["grade"] == fields["grade"] and answer["working"]
    assert answer["upload"]["title"] == TITLES[scheme.code]
    awarded = [award for award in answer["awards"] if award["points"]]
    assert awarded
    kinds = {kind.code for kind in scheme.point_kinds}
    assert all(award.get("kind", answer["colour"]) in kinds for award in awarded)
    confirmed = client.post(reverse("upload-confirm", args=[answer["upload"]["id"]]))
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json()["status"] == "credited"
    assert Credit.objects.filter(points__gt=0).count() == len(awarded)


def test_uploads_results_takes_the_schema_s_example_and_credits_it(scheme, secretary_a, club_a):
    example = schema_example("/api/v1/uploads/results", "application/json")
    for numbers in example["players"].values():
        for number in numbers:
            PlayerFactory(abf_number=number, home_club=club_a)
    client = api(secretary_a)

    response = client.post(reverse("upload-results"), example, format="json")

    assert response.status_code == 201, response.json()
    upload = response.json()
    assert upload["source"] == "results"
    assert upload["title"] == EXAMPLE_TITLES[scheme.code]
    confirmed = client.post(reverse("upload-confirm", args=[upload["id"]]))
    assert confirmed.status_code == 200, confirmed.json()
    assert Credit.objects.filter(points__gt=0).exists()


def test_another_scheme_s_event_is_refused_naming_its_rules(settings, secretary_a):
    settings.MASTERPOINT_SCHEME = "nz"
    example = {
        "name": "Tuesday pairs",
        "starts_on": "2025-03-04",
        "results": {"rules": "ACBL-2024-01", "event": "club_open", "groups": []},
        "players": {},
    }

    response = api(secretary_a).post(reverse("upload-results"), example, format="json")

    assert response.status_code == 400
    assert "NZB-2007" in response.json()["error"]["fields"]["results.rules"][0]
    assert not CreditUpload.objects.exists()


def test_a_club_secretary_uploads_results_on_the_page_and_credits_them(scheme, client_a, club_a):
    register_sample(club_a)
    page = client_a.get(reverse("awards:upload_new")).content.decode()
    assert ('name="event"' in page) == bool(scheme.results_events)

    response = client_a.post(
        reverse("awards:upload_new"),
        {
            "results": SimpleUploadedFile("monday.xml", SAMPLE.read_bytes()),
            **results_grade(scheme),
            "kind": "pairs",
            "sessions": "1",
        },
    )

    assert response.status_code == 302, response.content.decode()[:3000]
    upload = CreditUpload.objects.get()
    detail = client_a.get(response.url).content.decode()
    assert f"<h1>{TITLES[scheme.code]}" in detail
    assert ("data-credit-file" in detail) == scheme.has(CREDIT_FILES)
    listed = client_a.get(reverse("awards:uploads")).content.decode()
    assert TITLES[scheme.code] in listed and ".results.json" not in listed
    client_a.post(reverse("awards:upload_confirm", args=[upload.pk]))
    upload.refresh_from_db()
    assert upload.status == CreditUpload.Status.CREDITED
    assert Credit.objects.filter(points__gt=0).exists()


N = [from_serial(serial) for serial in range(30_000, 30_012)]
CSV = (
    "session,section,direction,contestant,place,score,players,boards\n"
    f"1,A,NS,1,1,60.1,{N[0]} {N[1]},24\n"
    f"1,A,NS,2,2,50.0,{N[2]} {N[3]},\n"
    f"1,A,NS,3,3,45.0,{N[4]} {N[5]},\n"
    f"1,A,EW,1,2,49.0,{N[6]} {N[7]},\n"
    f"1,A,EW,2,1,55.0,{N[8]} {N[9]},\n"
    f"1,A,EW,3,3,40.0,{N[10]} {N[11]},\n"
)


def _acbl_csv(client, **fields):
    return client.post(
        reverse("awards:upload_new"),
        {
            "results": SimpleUploadedFile("monday.csv", CSV.encode()),
            "name": "Monday newcomers",
            "starts_on": "2025-03-03",
            "kind": "pairs",
            "sessions": "1",
            **fields,
        },
    )


def test_an_acbl_club_game_s_csv_is_read_as_the_kind_of_game_named(settings, client_a, club_a):
    settings.MASTERPOINT_SCHEME = "acbl"
    for number in N:
        PlayerFactory(abf_number=number, home_club=club_a)

    response = _acbl_csv(client_a, grade="CN", event="club_newcomer")

    assert response.status_code == 302, response.content.decode()[:3000]
    upload = CreditUpload.objects.get()
    assert upload.event_details["grade"] == "CN"
    assert {kind for kind, points in upload.totals.items() if points} == {"black"}
    assert "Regular club game (newcomer)" in " ".join(upload.preview["results"]["working"])


def test_an_acbl_kind_of_game_held_at_another_grade_is_refused_by_its_field(
    settings, client_a, club_a
):
    settings.MASTERPOINT_SCHEME = "acbl"
    for number in N:
        PlayerFactory(abf_number=number, home_club=club_a)

    response = _acbl_csv(client_a, grade="CO", event="club_newcomer")

    assert response.status_code == 400
    assert "graded CN" in response.context["form"].errors["event"][0]
    assert not CreditUpload.objects.exists()


def test_an_acbl_tournament_s_results_are_refused_naming_the_grade(settings, client_a, club_a):
    settings.MASTERPOINT_SCHEME = "acbl"
    for number in N:
        PlayerFactory(abf_number=number, home_club=club_a)

    response = _acbl_csv(client_a, grade="R")

    assert response.status_code == 400
    assert "enter its awards on screen" in response.context["form"].errors["grade"][0]
    assert not CreditUpload.objects.exists()
