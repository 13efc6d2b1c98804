"""The ABF's congress fields (its manual's 5.3, 1.5.2, 6.2.2 and 2.4: the congress's grade and
event, its director's accreditation, a State or Regional Championship) belong to uploads under
the ABF only: under NZ Bridge and the ACBL no upload's request lists them in the API's schema,
and a program that sends them anyway changes nothing. Under the ABF every upload operation
takes them, the awards typed by a program (`POST /api/v1/uploads/entries`) among them."""

import pytest
from django.test import Client

CONGRESS_FIELDS = {"congress_organiser", "director_level", "state_championship", "congress_grade"}
UPLOADS = ("/api/v1/uploads/check", "/api/v1/uploads/entries", "/api/v1/uploads/results")


def _request_fields(schema: dict, path: str) -> set[str]:
    # JSON, or a form with the file (a credit file's check).
    content = schema["paths"][path]["post"]["requestBody"]["content"]
    body = next(iter(content.values()))["schema"]
    name = body["$ref"].rsplit("/", 1)[-1]
    return set(schema["components"]["schemas"][name]["properties"])


@pytest.mark.parametrize("code", ["abf", "nz", "acbl"])
def test_only_the_abf_s_uploads_take_congress_fields(settings, code, db):
    settings.MASTERPOINT_SCHEME = code
    schema = Client().get("/api/schema/", {"format": "json"}).json()

    for path in UPLOADS:
        if path not in schema["paths"]:  # an operation the scheme lacks (credit files)
            continue
        fields = _request_fields(schema, path)
        if code == "abf":
            assert fields >= CONGRESS_FIELDS, path
        else:
            assert not CONGRESS_FIELDS & fields, path
