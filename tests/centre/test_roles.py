"""Each role sees its own navigation and is refused on the pages of another."""

import pytest

from centre.models import Role
from tests.factories import ClubSecretaryFactory

PAGES = {
    "club": "/club/",
    "state": "/state/",
    "staff": "/centre/",
}


def nav_names(response) -> set[str]:
    return {entry["name"] for entry in response.context["navigation"]}


@pytest.mark.django_db
def test_anonymous_visitor_sees_the_public_navigation_only(anonymous_client):
    response = anonymous_client.get("/")

    assert response.status_code == 200
    assert "home" in nav_names(response)
    assert nav_names(response).isdisjoint(
        {"billing:club_dashboard", "clubs:state_dashboard", "operations:dashboard", "admin:index"}
    )
    assert b"Log in" in response.content


def test_club_secretary_sees_the_club_navigation(client_a, club_a):
    response = client_a.get("/club/")

    assert response.status_code == 200
    assert "billing:club_dashboard" in nav_names(response)
    assert nav_names(response).isdisjoint(
        {"clubs:state_dashboard", "operations:dashboard", "admin:index"}
    )
    assert club_a.name in response.content.decode()


def test_state_secretary_sees_the_state_navigation_and_the_state_clubs(
    state_client_a, club_a, club_b
):
    response = state_client_a.get("/state/")

    assert response.status_code == 200
    assert "clubs:state_dashboard" in nav_names(response)
    assert nav_names(response).isdisjoint(
        {"billing:club_dashboard", "operations:dashboard", "admin:index"}
    )
    assert club_a.name in response.content.decode()
    assert club_b.name not in response.content.decode()


def test_staff_sees_the_centre_navigation(staff_client):
    response = staff_client.get("/centre/")

    assert response.status_code == 200
    assert {"operations:dashboard", "admin:index"} <= nav_names(response)


@pytest.mark.parametrize(
    ("client_fixture", "allowed"),
    [("client_a", "club"), ("state_client_a", "state"), ("staff_client", "staff")],
)
def test_each_role_is_refused_on_the_pages_of_the_others(request, client_fixture, allowed):
    client = request.getfixturevalue(client_fixture)

    for role, page in PAGES.items():
        response = client.get(page)
        if role == allowed:
            assert response.status_code == 200, page
        else:
            assert response.status_code == 403, page


@pytest.mark.django_db
@pytest.mark.parametrize("page", [*PAGES.values(), "/dashboard/"])
def test_anonymous_visitor_is_sent_to_log_in(anonymous_client, page):
    response = anonymous_client.get(page)

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_admin_is_closed_to_secretaries(client_a, state_client_a):
    for client in (client_a, state_client_a):
        response = client.get("/admin/")
        assert response.status_code == 302
        assert "/admin/login/" in response["Location"]


@pytest.mark.parametrize(
    ("client_fixture", "destination"),
    [("client_a", "/club/"), ("state_client_a", "/state/"), ("staff_client", "/centre/")],
)
def test_a_login_lands_on_the_page_of_its_role(request, client_fixture, destination):
    response = request.getfixturevalue(client_fixture).get("/dashboard/")

    assert response.status_code == 302
    assert response["Location"] == destination


def test_logging_in_through_the_login_page(client, club_a):
    ClubSecretaryFactory(username="newsec", club=club_a)
    response = client.post(
        "/accounts/login/", {"username": "newsec", "password": "secret-password"}
    )

    assert response.status_code == 302
    assert response["Location"] == "/dashboard/"


@pytest.mark.django_db
def test_a_wrong_password_is_refused_with_a_message(client, secretary_a):
    response = client.post("/accounts/login/", {"username": "secretary-a", "password": "wrong"})

    assert response.status_code == 200
    assert b"enter a correct username and password" in response.content


def test_a_login_whose_role_does_not_match_its_club_cannot_be_stored(club_a):
    from django.db import IntegrityError, transaction

    from centre.models import User

    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="confused", role=Role.STATE_SECRETARY, club=club_a)
