"""What the credited-once tests share: clients by session and by token, an upload's page form
and API check, the duplicate refusal's message, players registered from a results file."""

from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.results import usebio
from centre.tokens import api_token_create
from tests.awards.conftest import yesterday
from tests.factories import PlayerFactory

SAMPLES = Path(__file__).parent / "results" / "samples"
MITCHELL = "compscore_mitchell.xml"


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def token_client(user) -> APIClient:
    """A scoring program's client: the club's API token."""
    _, key = api_token_create(user=user, name="scorer", days=30)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def page_form(content: bytes, filename: str = "monday.grn", **extra) -> dict:
    return {
        "file": SimpleUploadedFile(filename, content),
        "name": "Monday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "E",
        "kind": "pairs",
        "sessions": "1",
        **extra,
    }


def api_check(client, content: bytes, filename: str = "monday.grn", **extra):
    return client.post(
        reverse("upload-check"),
        {
            "file": SimpleUploadedFile(filename, content),
            "name": "Monday pairs",
            "starts_on": yesterday().isoformat(),
            "grade": "E",
            **extra,
        },
        format="multipart",
    )


def duplicate(response) -> str:
    assert response.status_code == 400, response.json()
    return response.json()["error"]["fields"]["duplicate"][0]


def registered(name: str, club) -> None:
    for numbers in usebio.read((SAMPLES / name).read_bytes()).players.values():
        for number in numbers:
            PlayerFactory(abf_number=number, home_club=club)
