"""Browser tests: Playwright driving the machine's Chromium, headless, against live_server.

They skip, saying why, where there is no Chromium (a laptop without it); CI installs it.
"""

import os
import shutil
from collections.abc import Iterator

import pytest
from django.db import connections

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser(live_server):
    # Asking for live_server here makes the browser close first, so no keep-alive request of
    # Chromium's is left running when the server and the test database are taken down.
    if not os.path.exists(CHROMIUM):
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright runs an event loop in this thread; Django must still allow its ORM here.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()
        # Until here Playwright's loop runs in this thread, and asgiref keeps the database
        # connections of code under a running loop apart from the thread's own: those opened
        # by the tests after the first browser test are closed now, or the test database
        # could not be dropped at the end of the run ("accessed by other users").
        connections.close_all()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser, live_server) -> Iterator:
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def log_in(page, username: str, password: str = "secret-password") -> None:
    """Log in through the login page as a person would."""
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_load_state()


def open_menu_entry(page, group: str, entry: str) -> None:
    """Go to a page through the main menu: open its group, then follow its entry."""
    nav = page.get_by_role("navigation", name="Main")
    nav.locator("summary", has_text=group).click()
    nav.get_by_role("link", name=entry, exact=True).click()
    page.wait_for_load_state()


# Each named column's cells in a table's first rows: where one is hidden or off the screen.
_OFF_SCREEN = """([selector, headings]) => {
  const table = document.querySelector(selector);
  if (!table) { return [`no ${selector}`]; }
  const columns = [];
  for (const cell of table.tHead.rows[table.tHead.rows.length - 1].cells) {
    for (let i = 0; i < cell.colSpan; i += 1) { columns.push(cell.textContent.trim()); }
  }
  const problems = [];
  for (const heading of headings) {
    const index = columns.indexOf(heading);
    if (index < 0) { problems.push(`no column "${heading}" in ${columns}`); continue; }
    const rows = [...table.tBodies[0].rows].filter((row) => row.cells.length === columns.length);
    if (!rows.length) { problems.push(`no row with a "${heading}"`); continue; }
    for (const row of rows.slice(0, 5)) {
      const box = row.cells[index].getBoundingClientRect();
      if (box.width === 0 || box.height === 0) {
        problems.push(`"${heading}" is hidden`);
      } else if (box.left < 0 || box.right > window.innerWidth) {
        problems.push(`"${heading}" runs from ${box.left} to ${box.right} px`);
      }
    }
  }
  return problems;
}"""


def numbers_off_screen(page, selector: str, *headings: str) -> list[str]:
    """The cells of the columns headed so (the numbers people came for) that are not wholly on
    the screen in the first rows of the table: none, on a phone, without scrolling sideways."""
    return page.evaluate(_OFF_SCREEN, [selector, list(headings)])
