"""Every page names the portal's icon, served from its own static files."""

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["anonymous_client", "client_a", "staff_client"])
def test_every_page_links_the_favicon_and_the_file_exists(request, who):
    client = request.getfixturevalue(who)
    page = client.get("/", follow=True).content.decode()
    link = f'<link rel="icon" href="{settings.STATIC_URL}img/favicon.svg" type="image/svg+xml">'
    assert link in page
    found = finders.find("img/favicon.svg")
    assert found is not None
    with open(found, encoding="utf-8") as icon:
        assert icon.read().startswith("<svg")
