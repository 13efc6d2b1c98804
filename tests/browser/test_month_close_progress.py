"""The month page follows a close without a reload (htmx): a step that finishes while staff
watch is shown done, and the page stops asking once the close is over (App. E)."""

import pytest
from django.utils import timezone

from centre.models import Period
from operations.services import POST_CLOSE_STEPS
from tests.browser.conftest import log_in


@pytest.mark.django_db(transaction=True)
def test_the_month_page_shows_each_step_as_it_finishes_without_a_reload(page, staff):
    steps = [name for name, _ in POST_CLOSE_STEPS]
    period = Period.objects.create(
        year=2026,
        month=1,
        status=Period.Status.CLOSED,
        closed_at=timezone.now(),
        closed_by=staff,
        close_step=steps[1],
        close_steps_done=steps[:1],
    )
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    log_in(page, "staff")
    page.goto(f"/centre/months/{period.pk}/")
    page.evaluate("window.notReloaded = true")
    step = page.locator(f'[data-step="{steps[1]}"]')
    assert step.get_attribute("data-state") == "running"

    # The worker finishes every step while the page is open.
    Period.objects.filter(pk=period.pk).update(close_step="closed", close_steps_done=steps)

    page.wait_for_selector(f'[data-step="{steps[1]}"][data-state="done"]', timeout=10_000)
    assert page.evaluate("window.notReloaded") is True
    assert page.locator("[data-close-progress][hx-trigger]").count() == 0
    assert page.locator('[data-state="done"]').count() == len(steps)
    assert errors == []
