"""A deployment's static files' storage (centre.static_files): the manifest's hashed names,
each address kept once worked out."""

import json

import pytest

from centre.static_files import StaticFilesStorage


@pytest.fixture
def storage(tmp_path, settings):
    settings.DEBUG = False
    (tmp_path / "staticfiles.json").write_text(
        json.dumps(
            {
                "paths": {"css/site.css": "css/site.0123456789ab.css"},
                "version": "1.1",
                "hash": "cafe",
            }
        )
    )
    return StaticFilesStorage(location=str(tmp_path), base_url="/static/")


def test_a_file_is_addressed_by_its_hashed_name_every_time(storage):
    assert storage.url("css/site.css") == "/static/css/site.0123456789ab.css"
    assert storage.url("css/site.css") == "/static/css/site.0123456789ab.css"


def test_a_file_missing_from_the_manifest_is_refused_every_time(storage):
    for _ in range(2):
        with pytest.raises(ValueError, match=r"css/missing\.css"):
            storage.url("css/missing.css")


def test_with_debug_on_a_file_is_addressed_by_its_own_name(storage, settings):
    assert storage.url("css/site.css") == "/static/css/site.0123456789ab.css"
    settings.DEBUG = True
    assert storage.url("css/site.css") == "/static/css/site.css"
