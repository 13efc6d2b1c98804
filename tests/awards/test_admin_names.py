"""The admin names every model in plain English: no "player totalss"."""

import pytest
from django.apps import apps

pytestmark = pytest.mark.django_db


def test_the_admin_index_names_the_players_totals_properly(client, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.org", "pw")
    client.force_login(admin)
    page = client.get("/admin/").content.decode()
    assert "Player totals by year" in page
    assert "totalss" not in page.lower()


def test_no_model_of_the_portal_has_a_doubled_plural():
    for model in apps.get_models():
        plural = str(model._meta.verbose_name_plural)
        assert not plural.endswith("ss"), f"{model.__name__}: {plural!r}"
