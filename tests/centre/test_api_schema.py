import io

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_the_openapi_schema_is_valid_and_generates_without_warnings():
    out = io.StringIO()

    call_command("spectacular", validate=True, fail_on_warn=True, stdout=out)

    assert "/api/v1/" in out.getvalue()


def _schema(client) -> dict:
    return client.get("/api/schema/", {"format": "json"}).json()


@pytest.mark.django_db
def test_every_operation_is_tagged_with_its_area_in_the_order_listed(client, settings):
    schema = _schema(client)
    listed = [tag["name"] for tag in settings.SPECTACULAR_SETTINGS["TAGS"]]

    tags = {
        (method, path): operation["tags"]
        for path, item in schema["paths"].items()
        for method, operation in item.items()
    }
    assert [tag["name"] for tag in schema["tags"]] == listed
    assert {key: value for key, value in tags.items() if len(value) != 1} == {}
    assert {value[0] for value in tags.values()} == set(listed)
    assert tags[("get", "/api/v1/clubs/{number}/members")] == ["players"]
    assert tags[("get", "/api/v1/clubs/{number}")] == ["clubs"]
    assert tags[("get", "/api/v1/masterpoints/lookup")] == ["masterpoints"]
    assert tags[("post", "/api/v1/b4c/grants")] == ["authorisations"]


@pytest.mark.django_db
def test_the_docs_say_how_to_begin_and_link_back_to_the_portal(client):
    description = _schema(client)["info"]["description"]

    for heading in ("Getting started", "first call", "token", "Errors", "Pages", "Addresses"):
        assert heading in description
    assert "/api/v1/masterpoints/lookup?q=smith" in description
    assert "](/)" in description
