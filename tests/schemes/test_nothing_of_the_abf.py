"""Under New Zealand's and the ACBL's schemes, every page each role can reach shows nothing of
the ABF: no ABF term, no clause of the ABF's manual, no page of a feature the scheme lacks.

Each role (a visitor, a club's masterpoint secretary, a region's, the Centre's staff) starts at
the home page and follows every link of the portal's own it is shown, as a person clicking
through would, until there is nothing new; each page's text is read as its reader sees it."""

from __future__ import annotations

import re
from collections import deque
from html import unescape

import pytest
from django.test import Client

from tests.factories import PlayerFactory
from tests.schemes.entered import entered_by_the_club

pytestmark = pytest.mark.django_db

# What only the ABF's portal says: its name, its grades' and registers' names, its city's
# clock, its standings and officers, its colours, and its manual's clauses ("(2.6)",
# "(1.5.1; guide F7)", "App. D", "guide F6.4").
ABF_TERMS = re.compile(
    r"\bABF\b|Australian Bridge|\bB4[cs]\b|\bB5i\b|\bSydney\b|McCutcheon|Goldpoint"
    r"|[Cc]ongress organiser|\bpre-1982\b|\bgreen points?\b|\bApp\. [A-F]\b|\bguide F\d"
    r"|\(\d\.\d(?:\.\d)?[a-z]?(?:[,;][^)]*)?\)"
)
# Not pages a person reads (the admin has its own words; files are not pages).
NOT_WALKED = ("/admin/", "/accounts/logout", "/static/", "/media/", "/api/")
MOST_PAGES = 400

_HREF = re.compile(r'href="(/[^"#]*)"')
_HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1>", re.S | re.I)
# What names other federations by the scheme's own choice is marked so: the public
# calculators' pick of a scheme (they compute any federation's awards), the overseas points a
# scheme credits (New Zealand's ABF gold).
_OTHER_FEDERATIONS = re.compile(r"<(form|select)\b[^>]*data-other-federations.*?</\1>", re.S)
_TAG = re.compile(r"<[^>]+>")


def _text(html: str) -> str:
    shown = _OTHER_FEDERATIONS.sub(" ", _HIDDEN.sub(" ", html))
    return re.sub(r"\s+", " ", unescape(_TAG.sub(" ", shown)))


def _walk(client: Client) -> dict[str, list[str]]:
    """Every page reachable from the home page by the role's links: the ABF terms each
    shows, by address."""
    found: dict[str, list[str]] = {}
    seen = {"/"}
    queue = deque(["/"])
    while queue and len(seen) < MOST_PAGES:
        address = queue.popleft()
        response = client.get(address)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        html = response.content.decode()
        terms = sorted({match.group(0) for match in ABF_TERMS.finditer(_text(html))})
        if terms:
            found[address] = terms
        for link in _HREF.findall(html):
            link = unescape(link)
            if link not in seen and not link.startswith(NOT_WALKED):
                seen.add(link)
                queue.append(link)
    return found


@pytest.mark.parametrize("code", ["nz", "acbl"])
def test_no_role_meets_anything_of_the_abf(
    settings, code, secretary_a, state_secretary_a, staff, club_a
):
    settings.MASTERPOINT_SCHEME = code
    player = PlayerFactory(home_club=club_a, given_names="Grace", family_name="Hopper")
    entered_by_the_club(secretary_a, player)

    found = {}
    for role, user in (
        ("visitor", None),
        ("club", secretary_a),
        ("region", state_secretary_a),
        ("staff", staff),
    ):
        client = Client()
        if user is not None:
            client.force_login(user)
        for address, terms in _walk(client).items():
            found[f"{role} {address}"] = terms

    assert not found, "\n".join(f"{page}: {', '.join(t)}" for page, t in sorted(found.items()))
