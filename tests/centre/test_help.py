"""Each workflow page links to the help for it, and the help answers with the steps and the
sections of the secretaries' guide and the manual it cites."""

import re

import pytest
from django.urls import reverse

from awards.intake.services.uploads import credit_upload_check
from centre.models import Period
from tests.awards.conftest import event, grn
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

HELP = reverse("help")

# (the page's client, its URL name, the help section it follows, the section it must cite)
WORKFLOWS = [
    ("client_a", "players:new", "new-player", "F6.2"),
    ("client_a", "players:transfer", "transfer", "F6.1"),
    ("client_a", "players:reactivate", "reactivate", "F6.1"),
    ("client_a", "players:alternates", "alternates", "F6.3"),
    ("client_a", "players:cancellations", "cancellations", "F6.4"),
    ("client_a", "awards:upload_new", "upload", "F7"),
    ("client_a", "awards:cpar", "cpar", "F7"),
    ("client_a", "awards:sundry", "sundry", "F7"),
    ("state_client_a", "awards:authorisations", "authorisations", "2.6"),
    ("state_client_a", "awards:b4c", "b4c-register", "B3.1"),
    ("state_client_a", "b4c:register", "b4c-register", "B3.1"),
    ("staff_client", "operations:months", "month-close", "App. E"),
    ("staff_client", "billing:payment_new", "payments", "8.4"),
    ("staff_client", "awards:grants", "new-residents", "1.3.3"),
]


def _help_link(page: str) -> str:
    found = re.findall(r'<p class="help-link"><a href="([^"]+)">Help: ([^<]+)</a></p>', page)
    assert len(found) == 1, "one help link on the page"
    return found[0][0]


@pytest.mark.parametrize(("client_name", "url_name", "topic", "cited"), WORKFLOWS)
def test_each_workflow_page_links_to_its_help(request, client_name, url_name, topic, cited):
    client = request.getfixturevalue(client_name)
    if url_name == "players:new":
        client.get(reverse("players:search"), {"q": "smith"})  # it opens after a search
    response = client.get(reverse(url_name))

    assert response.status_code == 200
    assert _help_link(response.content.decode()) == f"{HELP}#{topic}"


def test_the_upload_preview_and_the_month_page_link_to_their_help(
    client_a, secretary_a, club_a, staff_client
):
    player = PlayerFactory(home_club=club_a)
    upload = credit_upload_check(
        by=secretary_a, filename="m.grn", content=grn((player.abf_number, 42)), event=event()
    )
    period = Period.objects.create(year=2026, month=10)

    preview = client_a.get(reverse("awards:upload", args=[upload.pk])).content.decode()
    month = staff_client.get(reverse("operations:month", args=[period.pk])).content.decode()

    assert _help_link(preview) == f"{HELP}#upload"
    assert _help_link(month) == f"{HELP}#month-close"


def _section(page: str, topic: str) -> str:
    start = page.index(f'<section id="{topic}">')
    return page[start : page.index("</section>", start)]


@pytest.mark.parametrize(("topic", "cited"), sorted({(w[2], w[3]) for w in WORKFLOWS}))
def test_the_help_has_each_section_with_its_steps_and_sources(anonymous_client, topic, cited):
    response = anonymous_client.get(HELP)

    assert response.status_code == 200
    section = _section(response.content.decode(), topic)
    assert cited in section
    assert section.count("<li>") >= 2


def test_the_help_names_the_cancellation_deadline_and_the_update(anonymous_client):
    section = _section(anonymous_client.get(HELP).content.decode(), "cancellations")

    assert "midday 31 March" in section
    assert "1 April" in section
