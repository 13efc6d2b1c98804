import pytest

from centre.api import flatten_errors


def test_nested_validation_errors_are_flattened_to_dotted_paths():
    detail = {"sessions": [{}, {"fields": [{"tables": ["Too few tables."]}]}], "grade": ["Bad."]}

    assert flatten_errors(detail) == {
        "sessions.1.fields.0.tables": ["Too few tables."],
        "grade": ["Bad."],
    }


@pytest.mark.django_db
def test_an_unauthenticated_api_call_gets_the_one_error_shape(client):
    response = client.get("/api/schema/")  # the schema is open; pick a closed path below
    assert response.status_code == 200

    response = client.get("/api/v1/no-such-operation")

    assert response.status_code == 404


@pytest.mark.django_db
def test_the_api_docs_page_serves_its_own_assets(client):
    response = client.get("/api/docs/")

    assert response.status_code == 200
    assert b"/static/drf_spectacular_sidecar/" in response.content
