"""The upload and the close by keyboard alone (issue 26): a club secretary uploads a credit file
and credits it, and staff close the month, with Tab and Shift+Tab to move, typing, Space for a
checkbox and Enter to submit. After each key the focus is checked to be on the control expected
(found by its label or name, as a screen reader names it) and to be seen (an outline). A file
is chosen with set_input_files once its input has the focus by Tab: choosing the file is the
system's dialog's job, not the page's."""

from datetime import timedelta

import pytest
from django.utils import timezone

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from centre.models import Period
from tests.factories import PlayerFactory

# The focused element as a person meets it: its name, and whether its focus is drawn.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) { return { name: "(the page)", shown: true }; }
  const label = el.labels && el.labels.length ? el.labels[0].textContent : "";
  const name = (el.getAttribute("aria-label") || label || el.textContent || el.name || "")
    .replace(/\\s+/g, " ").trim().slice(0, 60);
  const style = getComputedStyle(el);
  const shown = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  return { name: `${el.tagName.toLowerCase()} "${name}"`, shown };
}"""
IS_FOCUSED = "(el) => el === document.activeElement"


class Keyboard:
    """A person at the keyboard: each move checked to land where expected, its focus seen."""

    def __init__(self, page) -> None:
        self.page = page

    def focused(self) -> dict:
        return self.page.evaluate(FOCUSED)

    def has_focus(self, target) -> bool:
        return target.evaluate(IS_FOCUSED)

    def expect_focus(self, target, why: str) -> None:
        focused = self.focused()
        assert self.has_focus(target), f"{why}: the focus is on {focused['name']}"
        assert focused["shown"], f"{why}: the focus on {focused['name']} is not drawn"

    def press(self, key: str, target, why: str) -> None:
        """One key, which must move the focus to target."""
        self.page.keyboard.press(key)
        self.expect_focus(target, why)

    def tab_to(self, target, why: str, key: str = "Tab", most: int = 30) -> None:
        """Tab (or Shift+Tab) on until target has the focus; every stop on the way shows it."""
        passed = []
        for _ in range(most):
            self.page.keyboard.press(key)
            focused = self.focused()
            passed.append(focused["name"])
            assert focused["shown"], f"{why}: the focus on {focused['name']} is not drawn"
            if self.has_focus(target):
                return
        pytest.fail(f"{why}: not reached by {key}; the focus went {passed}")

    def submit(self) -> None:
        """Enter on the focused button (or field), and the page it leads to."""
        with self.page.expect_navigation():
            self.page.keyboard.press("Enter")
        self.page.wait_for_load_state()

    def type_date(self, day) -> None:
        """A date typed into the focused date field, part by part (the page's locale, en-US:
        month, day, year); each part moves on to the next as it is filled."""
        self.page.keyboard.type(day.strftime("%m%d%Y"))


@pytest.fixture
def new_page(browser, live_server):
    """A page of its own browser context (its own login), in en-US, so a date is typed in
    a known order."""
    contexts = []

    def make():
        context = browser.new_context(base_url=live_server.url, locale="en-US")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page

    yield make
    for context in contexts:
        context.close()


def log_in_by_keyboard(page, username: str) -> Keyboard:
    keys = Keyboard(page)
    page.goto("/accounts/login/")
    keys.expect_focus(page.get_by_label("Username"), "the login page's first field")
    page.keyboard.type(username)
    keys.press("Tab", page.get_by_label("Password"), "Tab from the username")
    page.keyboard.type("secret-password")
    keys.submit()
    assert "/accounts/login/" not in page.url, f"{username} is not logged in"
    return keys


@pytest.mark.django_db(transaction=True)
def test_a_secretary_uploads_and_credits_and_staff_close_the_month_by_keyboard(
    new_page, secretary_a, staff, club_a, tmp_path
):
    winner = PlayerFactory(home_club=club_a, given_names="Grace", family_name="Hopper")
    runner_up = PlayerFactory(home_club=club_a)
    credit_file = tmp_path / "monday.grn"
    credit_file.write_bytes(
        f"{winner.abf_number}000145\r\n{runner_up.abf_number}000042\r\n\x1a".encode()
    )
    yesterday = timezone.localdate() - timedelta(days=1)

    page = new_page()
    keys = log_in_by_keyboard(page, "secretary-a")
    page.goto("/awards/uploads/new/")

    # The upload form, field by field in the order it reads.
    keys.tab_to(page.get_by_label("Credit file"), "the credit file")
    page.locator(":focus").set_input_files(str(credit_file))
    keys.expect_focus(page.get_by_label("Credit file"), "the file chosen")
    keys.press("Tab", page.get_by_label("Results file"), "Tab from the credit file")
    keys.press("Tab", page.get_by_label("Event name"), "Tab from the results file")
    page.keyboard.type("Monday pairs")
    keys.press("Tab", page.get_by_label("First day"), "Tab from the event's name")
    keys.type_date(yesterday)
    assert page.get_by_label("First day").input_value() == yesterday.isoformat()
    keys.tab_to(page.get_by_label("Grade"), "the grade")
    page.keyboard.type("E")  # a closed list takes the option its key starts
    assert page.get_by_label("Grade").input_value() == "E"
    check = page.get_by_role("button", name="Check the file")
    keys.tab_to(check, "the form's button")
    # Shift+Tab goes back to the field before the button, and Tab forth again.
    keys.press("Shift+Tab", page.get_by_label("Award the sessions by percentage"), "Shift+Tab")
    keys.press("Tab", check, "Tab back to the form's button")
    keys.submit()

    # The preview: nothing credited until its button is reached and pressed.
    assert page.locator("[data-total=green]").inner_text() == "1.87"
    assert not Credit.objects.exists()
    credit = page.get_by_role("button", name="Credit these 2 lines")
    keys.tab_to(credit, "the preview's Credit button")
    keys.submit()
    assert "Credited 2 lines" in page.locator(".messages").inner_text()
    assert CreditUpload.objects.get().status == CreditUpload.Status.CREDITED
    assert set(Credit.objects.values_list("state", flat=True)) == {"provisional"}

    # Staff find the month among the months, and close it early (its end is still to come).
    staff_page = new_page()
    keys = log_in_by_keyboard(staff_page, "staff")
    staff_page.goto("/centre/months/")
    keys.tab_to(staff_page.get_by_role("link", name="Approve and close"), "the month's link")
    keys.submit()
    early = staff_page.get_by_label("early, before the month has ended")
    keys.tab_to(early, "the early close's checkbox")
    assert not early.is_checked()
    staff_page.keyboard.press("Space")
    assert early.is_checked(), "Space does not tick the checkbox"
    close = staff_page.get_by_role("button", name="early")
    keys.press("Tab", close, "Tab from the checkbox")
    keys.press("Shift+Tab", early, "Shift+Tab from the button")
    keys.press("Tab", close, "Tab to the button again")
    keys.submit()

    period = Period.objects.get()
    assert period.status == Period.Status.CLOSED
    staff_page.goto(staff_page.url)  # the close runs as a task; the page shows its progress
    assert "Closed" in staff_page.locator("[data-progress]").inner_text()
    assert set(Credit.objects.values_list("state", flat=True)) == {"approved"}
