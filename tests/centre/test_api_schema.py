import io

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_the_openapi_schema_is_valid_and_generates_without_warnings():
    out = io.StringIO()

    call_command("spectacular", validate=True, fail_on_warn=True, stdout=out)

    assert "/api/v1/" in out.getvalue()
