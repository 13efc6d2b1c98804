"""The menu: a few groups by role, so that it fits one row on a phone; each entry once."""

import pytest


def groups(response) -> dict[str, list[str]]:
    return {
        group["label"]: [entry["label"] for entry in group["entries"]]
        for group in response.context["navigation_groups"]
    }


@pytest.mark.django_db
def test_an_anonymous_visitor_sees_the_lookup_group_and_log_in(anonymous_client):
    response = anonymous_client.get("/")

    assert list(groups(response)) == ["Lookup"]
    assert "Masterpoint lookup" in groups(response)["Lookup"]
    assert b'href="/accounts/login/"' in response.content


@pytest.mark.parametrize(
    ("client_fixture", "page", "menu"),
    [
        ("client_a", "/club/", ["My club", "Lookup", "Account"]),
        ("state_client_a", "/state/", ["My state", "Lookup", "Account"]),
        ("staff_client", "/centre/", ["Centre", "Lookup", "Account"]),
    ],
)
def test_each_role_sees_its_own_group_first_then_lookup_and_account(
    request, client_fixture, page, menu
):
    response = request.getfixturevalue(client_fixture).get(page)

    assert list(groups(response)) == menu
    for entries in groups(response).values():
        assert len(entries) == len(set(entries))
    # The page's own entry is marked, and so is its group.
    current = [group for group in response.context["navigation_groups"] if group["current"]]
    assert [group["label"] for group in current] == menu[:1]
    assert response.content.count(b'aria-current="page"') == 1


def test_the_account_group_holds_the_login_and_log_out(client_a, secretary_a):
    content = client_a.get("/club/").content.decode()

    account = content[content.index('data-nav-group="Account"') :]
    assert secretary_a.username in account
    assert 'action="/accounts/logout/"' in account


@pytest.mark.django_db
def test_an_anonymous_visitors_menu_marks_each_page_and_speaks_the_scheme(
    anonymous_client, settings
):
    # The menu an anonymous visitor sees is written once and kept (centre.templatetags.menu):
    # each page still marks its own entry, and another scheme's deployment its own words.
    results = anonymous_client.get("/awards/results/").content.decode()
    home = anonymous_client.get("/").content.decode()
    again = anonymous_client.get("/awards/results/").content.decode()

    assert 'href="/awards/results/" data-nav="awards:results" aria-current="page"' in results
    assert 'data-nav="home" aria-current="page"' in home
    assert 'data-nav="awards:results" aria-current' not in home
    assert again == results
    assert "B4c allocations" in home

    settings.MASTERPOINT_SCHEME = "nz"
    nz_home = anonymous_client.get("/").content.decode()
    assert "B4c allocations" not in nz_home
    assert 'data-nav="home" aria-current="page"' in nz_home
