"""Under the NZ and ACBL schemes, a club secretary's main pages have no serious or critical
WCAG 2.1 AA violation that axe-core finds (issue 26): the home page, the uploads, a player's
public record with points of each of the scheme's kinds (the ACBL's colours among them, whose
contrast was mended), and the lookup. The ABF's are checked by test_each_role_fits."""

import pytest
from django.utils import timezone

from awards.ledger.models import Credit, Event
from awards.ledger.services.totals import totals_add
from centre.models import Period
from centre.schemes import current_scheme
from tests.browser.accessibility import accessibility_problems
from tests.browser.conftest import log_in, open_menu_entry
from tests.factories import PlayerFactory
from tests.schemes.entered import entered_by_the_club


def _approved_of_each_kind(player, scheme, staff) -> list[str]:
    """Approved points of every kind an event's grade gives, each from an event of that
    grade: the kinds shown on the player's record."""
    day = timezone.localdate().replace(day=1)
    period, _ = Period.objects.get_or_create(year=day.year, month=day.month)
    kinds = []
    for kind in scheme.point_kinds:
        grade = next((g.code for g in scheme.grades if g.point_kind == kind.code), None)
        if grade is None:
            continue
        event = Event.objects.create(
            organiser=Event.Organiser.NATIONAL,
            name=f"{kind.label} points event",
            starts_on=day,
            ends_on=day,
            grade=grade,
            created_by=staff,
        )
        Credit.objects.create(
            player=player,
            event=event,
            colour=kind.code,
            points=12_50,
            source=Credit.Source.ADJUSTMENT,
            reason="approved points of the kind",
            period=period,
            state=Credit.State.APPROVED,
            uploaded_by=staff,
        )
        totals_add(
            year=day.year, amounts=[(player.pk, kind.code, 12_50)], state=Credit.State.APPROVED
        )
        kinds.append(kind.code)
    return kinds


@pytest.mark.parametrize("code", ["nz", "acbl"])
@pytest.mark.django_db(transaction=True)
def test_a_club_secretary_s_main_pages_pass_axe(page, settings, code, club_a, secretary_a, staff):
    settings.MASTERPOINT_SCHEME = code
    scheme = current_scheme()
    player = PlayerFactory(home_club=club_a, given_names="Grace", family_name="Hopper")
    entered_by_the_club(secretary_a, player)
    kinds = _approved_of_each_kind(player, scheme, staff)
    assert len(kinds) >= 2, f"{code} has points of fewer than two kinds to show"

    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, "secretary-a")
    problems = {}

    def check(name: str) -> None:
        page.wait_for_load_state("networkidle")
        found = accessibility_problems(page)
        if found:
            problems[f"{name} ({page.url})"] = found

    check("home")
    open_menu_entry(page, "My club", "Uploads")
    assert "Autumn pairs" in page.locator("main table").first.inner_text()
    check("uploads")
    page.goto(f"/awards/players/{player.abf_number}/")
    for kind in kinds:
        label = scheme.point_kind(kind).label
        assert label.lower() in page.locator("main").inner_text().lower(), f"no {label} shown"
    check("player")
    page.goto("/")
    page.fill("#lookup-q", player.family_name)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    assert player.abf_number in page.locator("main").inner_text()
    check("lookup")
    assert not problems, problems
