"""The club's menu holds guide F7's three ways of sending awards, and the club's home puts
its tasks first."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_club_menu_enters_awards_by_cpar_and_sundry(client_a):
    page = client_a.get(reverse("billing:club_dashboard")).content.decode()
    menu = page[page.index('<nav class="site-nav"') : page.index("</nav>")]
    for name, label in (
        ("awards:upload_new", "Upload awards"),
        ("awards:cpar", "Enter awards (CPAR)"),
        ("awards:sundry", "Enter awards (Sundry)"),
    ):
        assert f'data-nav="{name}">{label}</a>' in menu


def test_the_youth_coordinator_s_menu_enters_no_awards(youth_client):
    page = youth_client.get(reverse("billing:club_dashboard")).content.decode()
    assert 'data-nav="awards:cpar"' not in page
    assert 'data-nav="awards:sundry"' not in page


def test_the_club_home_starts_with_its_tasks(client_a):
    page = client_a.get(reverse("billing:club_dashboard")).content.decode()
    assert page.index('id="tasks"') < page.index('id="to-do"')
    tasks = page[page.index('id="tasks"') : page.index('id="to-do"')]
    assert "Enter awards (CPAR)" in tasks and "Upload awards file" in tasks
