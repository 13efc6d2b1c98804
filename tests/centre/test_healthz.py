from unittest import mock

import pytest


@pytest.mark.django_db
def test_healthz_answers_ok_when_the_database_answers(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert response.json()["checks"]["database"] == "ok"


@pytest.mark.django_db
def test_healthz_is_503_naming_the_database_when_it_is_down(client):
    with mock.patch("centre.health.check_database", side_effect=OSError("refused")):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["down"] == ["database"]


@pytest.mark.django_db
def test_healthz_checks_the_broker_when_one_is_configured(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    with mock.patch("centre.health.check_broker", side_effect=ConnectionError("refused")):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert "broker" in response.json()["down"]
    assert response.json()["checks"]["database"] == "ok"
