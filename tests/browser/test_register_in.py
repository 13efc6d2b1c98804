"""Switch-over day in the browser (issue 29): staff send a register's files on the register
import page; a worker imports them while the run's page follows it without a reload, then
shows the report and the reconciliation; the page passes the accessibility check."""

import pytest

from operations.register_in import queued
from players.models import Player
from tests.browser.accessibility import accessibility_problems
from tests.browser.conftest import log_in
from tests.operations.register_in import club_line, player_line

NUMBER = "0748821"


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.mark.django_db(transaction=True)
def test_staff_send_the_files_and_see_the_import_and_its_reconciliation(
    page, staff, media, tmp_path
):
    (tmp_path / "NATIONAL.CLB").write_bytes(club_line())
    (tmp_path / "NATIONAL.TXT").write_bytes(player_line(NUMBER, "Browser", green=12_00))
    log_in(page, "staff")
    page.goto("/centre/register-in/")
    page.set_input_files("input[type=file]", [tmp_path / "NATIONAL.CLB", tmp_path / "NATIONAL.TXT"])
    page.uncheck("input[name=dry_run]")
    page.get_by_role("button", name="Read the files").click()
    page.wait_for_selector('[data-import-state="done"]')

    assert page.get_by_role("heading", name="Imported").is_visible()
    assert page.locator("[data-reconciliation]").is_visible()
    assert "differ" not in page.locator("[data-reconciliation]").inner_text()
    assert Player.objects.filter(abf_number=NUMBER).exists()
    assert accessibility_problems(page) == []


@pytest.mark.django_db(transaction=True)
def test_the_run_s_page_follows_the_worker_without_a_reload(page, staff, media, monkeypatch):
    monkeypatch.setattr(queued, "PROGRESS_EVERY", 0)
    run, directory = queued.run_new()
    progress = queued.FileProgress(directory, files=2)
    progress.start("NATIONAL.TXT", 2_000)
    progress.advance(500)
    log_in(page, "staff")
    page.goto(f"/centre/register-in/{run}/")
    page.evaluate("window.notReloaded = true")
    assert "25%" in page.locator("[data-progress]").inner_text()
    assert accessibility_problems(page) == []

    progress.advance(1_500)  # the worker reads on

    page.wait_for_function(
        "document.querySelector('[data-progress]').innerText.includes('100%')", timeout=10_000
    )
    assert page.evaluate("window.notReloaded") is True
