"""Under New Zealand's and the ACBL's schemes, each role clicks through the portal in Chromium
and meets nothing of the ABF (issue 24, section 1): the walk of
tests/schemes/test_nothing_of_the_abf.py, with the pages as the browser has them once their
scripts have run, the menus' closed groups and the pages' titles included.

Each role (a visitor, a club's masterpoint secretary, a region's, the Centre's staff) logs in
through the login page, starts at the home page and follows every link of the portal's own
it is shown, until there is nothing new."""

from __future__ import annotations

from collections import deque

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import log_in
from tests.factories import PlayerFactory
from tests.schemes.entered import entered_by_the_club
from tests.schemes.test_nothing_of_the_abf import ABF_TERMS, NOT_WALKED

# Files the pages link (statements, reports, registers) are downloads, not pages.
FILES = (".csv", ".pdf", ".txt", ".zip", ".clb", ".ics")
MOST_PAGES = 400

# The page's text as its reader has it: the document's title and every element's text, the
# scripts' own source and what names other federations by the scheme's choice (the public
# calculators' pick of a federation, the overseas points a scheme credits) left out.
_PAGE_TEXT = """() => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll("script, style, template, [data-other-federations]")
    .forEach((element) => element.remove());
  return document.title + " " + body.textContent.replace(/\\s+/g, " ");
}"""
_LINKS = """() => Array.from(document.querySelectorAll("a[href]"), (a) => a.getAttribute("href"))"""


def _walk(page) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    seen = {"/"}
    queue = deque(["/"])
    while queue and len(seen) < MOST_PAGES:
        address = queue.popleft()
        try:
            response = page.goto(address)
        except PlaywrightError:  # a download the address did not announce
            continue
        if response is None or response.status != 200:
            continue
        if "text/html" not in response.headers.get("content-type", ""):
            continue
        terms = sorted({match.group(0) for match in ABF_TERMS.finditer(page.evaluate(_PAGE_TEXT))})
        if terms:
            found[address] = terms
        for link in page.evaluate(_LINKS):
            link = link.split("#")[0]
            if (
                link.startswith("/")
                and link not in seen
                and not link.startswith(NOT_WALKED)
                and not link.split("?")[0].lower().endswith(FILES)
            ):
                seen.add(link)
                queue.append(link)
    return found


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("code", ["nz", "acbl"])
def test_no_role_meets_anything_of_the_abf_in_chromium(
    settings, code, page, secretary_a, state_secretary_a, staff, club_a
):
    settings.MASTERPOINT_SCHEME = code
    player = PlayerFactory(home_club=club_a, given_names="Grace", family_name="Hopper")
    entered_by_the_club(secretary_a, player)

    found = {}
    for role, username in (
        ("visitor", None),
        ("club", secretary_a.username),
        ("region", state_secretary_a.username),
        ("staff", staff.username),
    ):
        page.context.clear_cookies()
        if username is not None:
            log_in(page, username)
        walked = _walk(page)
        found.update({f"{role} {address}": terms for address, terms in walked.items()})

    assert not found, "\n".join(f"{page}: {', '.join(t)}" for page, t in sorted(found.items()))
