"""Guide F5: a club secretary changes the club's password (the username stays)."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_secretary_changes_the_password_and_logs_in_with_the_new_one(client_a, secretary_a):
    response = client_a.post(
        "/accounts/password/",
        {
            "old_password": "secret-password",
            "new_password1": "a-new-club-pass-2027",
            "new_password2": "a-new-club-pass-2027",
        },
    )

    assert response.status_code == 302
    assert Client().login(username="secretary-a", password="a-new-club-pass-2027")
    assert not Client().login(username="secretary-a", password="secret-password")


def test_the_club_details_page_links_to_the_password_change(client_a):
    assert 'href="/accounts/password/"' in client_a.get("/club/details/").content.decode()
