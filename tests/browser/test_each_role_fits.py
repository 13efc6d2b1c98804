"""Each role's main flow through the portal, on the demo data, at 1280 and at 390 px (a phone).

On every page of the way, at both widths: no horizontal scrollbar, the menu on one row, no
label ending in ":", every checkbox beside its label; and over the whole flow no console
error, no script error and no answer of 4xx or 5xx; and no serious or critical WCAG 2.1 AA
violation that axe-core finds. Each page is photographed at each width
into var/screenshots/<role>/ (not kept in git) for a person to look through.

The checks are of the page's shape, not its words: other pages may change what they say.
"""

import io
from datetime import date, timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone

from billing.models import FeeSchedule
from clubs.models import Club
from operations.demo.logins import DEMO_PASSWORD
from players.models import Player
from tests.billing.factories import FeeScheduleFactory
from tests.browser.accessibility import accessibility_problems
from tests.browser.conftest import numbers_off_screen, open_menu_entry
from tests.factories import PlayerFactory

WIDTHS = (1280, 390)
# What a list of uploads is read for, on a phone too (the page is left at 390 px).
UPLOAD_NUMBERS = ("Status", "Lines", "Green", "Red", "Gold")
SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"

# What a person would see wrong, measured in the page; each answers a list of problems.
MEASURE = """() => {
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth) {
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 3).map((el) => el.tagName.toLowerCase() + (el.className ? "." + el.className : ""));
    problems.push(
      `the page is ${root.scrollWidth} px wide in ${window.innerWidth} px (${wide.join(", ")})`);
  }
  const tops = [...document.querySelectorAll("nav[aria-label=Main] > ul > li")]
    .map((li) => Math.round(li.getBoundingClientRect().top));
  if (new Set(tops).size > 1) {
    problems.push(`the menu takes ${new Set(tops).size} rows`);
  }
  for (const label of document.querySelectorAll("main label")) {
    if (label.textContent.trim().endsWith(":")) {
      problems.push(`the label "${label.textContent.trim()}" ends in ":"`);
    }
  }
  for (const box of document.querySelectorAll("main input[type=checkbox]")) {
    const label = box.labels && box.labels[0];
    if (!label) { problems.push(`the checkbox ${box.name} has no label`); continue; }
    const words = (node) =>
      node.textContent.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT, { acceptNode: words });
    const text = walker.nextNode();
    if (!text) { continue; }
    const range = document.createRange();
    range.selectNodeContents(text);
    const word = range.getClientRects()[0];
    const tick = box.getBoundingClientRect();
    const beside = word.left >= tick.right - 1 && word.top < tick.bottom && word.bottom > tick.top;
    if (!beside) { problems.push(`the checkbox ${box.name} is not beside its label`); }
  }
  return problems;
}"""


class Flow:
    """A role's way through the portal: what went wrong on the way, and its photographs."""

    def __init__(self, page, role: str) -> None:
        self.page = page
        self.folder = SCREENSHOTS / role
        self.folder.mkdir(parents=True, exist_ok=True)
        for old in self.folder.glob("*.png"):
            old.unlink()
        self.count = 0
        self.failures: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.failures.append(f"script error: {error}"))
        page.on("response", self._response)
        page.on("requestfailed", lambda r: self.failures.append(f"request failed: {r.url}"))

    def _console(self, message) -> None:
        if message.type == "error":
            self.failures.append(f"console error on {self.page.url}: {message.text}")

    def _response(self, response) -> None:
        if response.status >= 400:
            self.failures.append(f"{response.status} for {response.request.method} {response.url}")

    def check(self, name: str) -> None:
        """Look at the page at each width; it is left at the last (a phone's)."""
        self.count += 1
        problems = []
        for width in WIDTHS:
            self.page.set_viewport_size({"width": width, "height": 900})
            # Two frames, so that what resizes itself on a resize (a chart) has done so.
            self.page.evaluate(
                "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
            )
            problems += [f"{width} px: {problem}" for problem in self.page.evaluate(MEASURE)]
            problems += [f"{width} px: {problem}" for problem in accessibility_problems(self.page)]
            self.page.screenshot(
                path=self.folder / f"{self.count:02d}-{name}-{width}.png", full_page=True
            )
        assert not problems, f"{name} ({self.page.url}): {problems}"
        assert not self.failures, f"on the way to {name}: {self.failures}"


@pytest.fixture
def demo(db):
    if not FeeSchedule.objects.exists():
        FeeScheduleFactory(effective_from=date(2025, 1, 1))  # a flushed database has none
    call_command("seed_demo", players=120, stdout=io.StringIO())


def start(page, role: str, username: str | None) -> Flow:
    flow = Flow(page, role)
    page.goto("/")
    flow.check("home")
    if username:
        page.goto("/accounts/login/")
        flow.check("log-in")
        page.fill("#id_username", username)
        page.fill("#id_password", DEMO_PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_load_state()
    return flow


@pytest.mark.django_db(transaction=True)
def test_an_anonymous_visitor_looks_a_player_up_and_reads_the_public_pages(page, demo):
    player = Player.objects.filter(home_club__number=201).order_by("pk").first()
    flow = start(page, "anonymous", None)

    page.fill("#lookup-q", player.family_name)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    flow.check("lookup")
    assert not numbers_off_screen(page, "main table", "Status", "Rank")
    page.locator(f"main a[href='/awards/players/{player.abf_number}/']").first.click()
    page.wait_for_load_state("networkidle")
    flow.check("player")
    open_menu_entry(page, "Lookup", "McCutcheon standings")
    flow.check("standings")
    open_menu_entry(page, "Lookup", "B4c allocations")
    flow.check("b4c-states")
    page.goto("/b4c/NSW/")
    flow.check("b4c-allocations")
    open_menu_entry(page, "Lookup", "Award calculator")
    flow.check("calculator")
    page.fill("#id_outright_walk_in_heats", "12, ten")
    page.click("main button[name=compute]")
    page.wait_for_load_state()
    assert page.locator("main .field .errorlist").count() >= 1, "no error beside a field"
    flow.check("calculator-errors")
    page.locator("main a[data-singles-link]").click()
    page.wait_for_load_state()
    page.fill("#id_ranking", "P1\nP2\nP3\nP4")
    page.fill("#id_tables", "2")
    page.fill("#id_sessions", "3")
    page.fill("#id_min_sessions", "3")
    page.fill("#id_partners", "P1: Ann, Bob\nP2: Ann, Bob\nP3: Cy\nP4: Cy, Di")
    page.click("main button[name=compute]")
    page.wait_for_load_state()
    assert page.locator("table[data-singles-awards] tbody tr").count() >= 1, "no awards"
    flow.check("calculator-singles")
    open_menu_entry(page, "Lookup", "Top 500 of all time")
    flow.check("top-all-time")
    open_menu_entry(page, "Lookup", "One Thousand Club")
    flow.check("one-thousand-club")
    open_menu_entry(page, "Lookup", "Fees and charges")
    flow.check("fees")


@pytest.mark.django_db(transaction=True)
def test_a_club_secretary_keeps_the_players_and_uploads_a_credit_file(page, demo, tmp_path):
    winner, runner_up = Player.objects.filter(home_club__number=201, status="active")[:2]
    flow = start(page, "club-secretary", "club201")
    flow.check("club-home")

    open_menu_entry(page, "My club", "Players")
    page.fill("#id_q", winner.family_name)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    flow.check("players-search")
    open_menu_entry(page, "My club", "Add a new player")
    flow.check("new-player")

    credit_file = tmp_path / "monday.grn"
    credit_file.write_bytes(
        f"{winner.abf_number}000045\r\n{runner_up.abf_number}000032\r\n".encode()
    )
    open_menu_entry(page, "My club", "Upload awards")
    flow.check("upload")
    page.set_input_files("#id_file", str(credit_file))
    page.fill("#id_name", "Monday pairs")
    page.fill("#id_starts_on", (timezone.localdate() - timedelta(days=1)).isoformat())
    page.select_option("#id_grade", "E")
    page.click("main form[enctype] button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("button[data-confirm]").count() == 1, "the upload shows no preview"
    flow.check("upload-preview")
    page.click("button[data-confirm]")
    page.wait_for_load_state()
    flow.check("upload-confirmed")
    page.goto("/awards/uploads/")
    flow.check("uploads")
    assert not numbers_off_screen(page, "main table", *UPLOAD_NUMBERS)

    open_menu_entry(page, "My club", "Statement")
    flow.check("statement")
    open_menu_entry(page, "My club", "Documents")
    flow.check("documents")
    page.goto("/club/details/")
    flow.check("club-details")
    open_menu_entry(page, "Account", "API tokens")
    flow.check("tokens")


@pytest.mark.django_db(transaction=True)
def test_a_state_secretary_reads_the_authorisations_and_the_b4c_register(page, demo):
    flow = start(page, "state-secretary", "state-nsw")
    flow.check("state-home")

    open_menu_entry(page, "My state", "Authorisations")
    flow.check("authorisations")
    open_menu_entry(page, "My state", "B4c register")
    flow.check("b4c-register")
    open_menu_entry(page, "My state", "Documents")
    flow.check("state-documents")
    open_menu_entry(page, "My state", "Congress organisers")
    flow.check("congress-organisers")


@pytest.mark.django_db(transaction=True)
def test_a_tournament_organiser_reaches_the_upload_pages(page, demo):
    flow = start(page, "organiser", "org-nsw")
    flow.check("organiser-uploads")
    open_menu_entry(page, "My state", "Upload awards")
    flow.check("organiser-upload")


@pytest.mark.django_db(transaction=True)
def test_the_goldpoint_coordinator_reaches_the_upload_pages(page, demo):
    flow = start(page, "gold", "gold")
    flow.check("gold-uploads")
    open_menu_entry(page, "Centre", "Upload gold points")
    flow.check("gold-upload")
    open_menu_entry(page, "Centre", "Gold points to approve")
    assert page.locator("table[data-gold-waiting]").count() == 1
    flow.check("gold-approvals")


@pytest.mark.django_db(transaction=True)
def test_staff_read_the_months_and_a_month_and_the_payment_form(page, demo):
    flow = start(page, "staff", "staff1")
    flow.check("centre")

    open_menu_entry(page, "Centre", "Months")
    flow.check("months")
    page.locator("main a[href^='/centre/months/']").first.click()
    page.wait_for_load_state()
    flow.check("month")
    open_menu_entry(page, "Centre", "Record payment")
    flow.check("record-payment")
    open_menu_entry(page, "Centre", "Grants")
    flow.check("grants")
    visitor = PlayerFactory(home_club=Club.objects.get(kind="foreign"))
    page.fill("#id_abf_number", visitor.abf_number)
    page.fill("#id_reason", "Bermuda Bowl finalist")
    page.click("main form button[name=preview]")
    page.wait_for_load_state()
    assert page.locator("[data-grant-preview]").count() == 1, "the grant is not previewed"
    flow.check("grant-preview")
    page.click("main form button[name=confirm]")
    page.wait_for_load_state()
    assert page.locator("table[data-grants] tbody tr").count() == 1, "the grant is not listed"
    flow.check("grant-made")
    open_menu_entry(page, "Centre", "Congress organisers")
    assert page.locator("table[data-congress-organisers]").count() == 1
    flow.check("staff-congress-organisers")
