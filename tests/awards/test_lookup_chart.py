"""The player page's chart of points over time: the figures it draws, the same figures as
text for those who cannot see it, and the charting library from the portal's own files."""

import json
import re
from datetime import date

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils.html import json_script

from awards.lookup.written import chart_data
from centre.models import Period
from operations.services import month_close
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(secretary_a, club_a, staff):
    player = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    upload_and_confirm(secretary_a, "m.grn", grn((player.abf_number, 145)))
    month_close(period=Period.objects.get(), by=staff)
    upload_and_confirm(secretary_a, "t.grn", grn((player.abf_number, 30)))
    return player


def _page(client, player) -> str:
    return client.get(reverse("awards:player", args=[player.abf_number])).content.decode()


def _chart_data(page: str) -> list[dict]:
    found = re.search(
        r'<script id="points-chart-data" type="application/json">(.*?)</script>', page
    )
    assert found, "the chart's figures are on the page"
    return json.loads(found.group(1))


def test_the_chart_draws_the_cumulative_hundredths_by_month(anonymous_client, player):
    months = _chart_data(_page(anonymous_client, player))

    assert months[-1]["green"] == 175
    assert (months[-1]["red"], months[-1]["gold"]) == (0, 0)
    month = months[-1]["month"]
    label = date(int(month[:4]), int(month[5:]), 1).strftime("%b %Y")
    assert months[-1]["label"] == label


def test_the_chart_has_its_figures_as_text(anonymous_client, player):
    page = _page(anonymous_client, player)
    label = _chart_data(page)[-1]["label"]

    assert 'role="img"' in page
    assert 'aria-describedby="points-chart-figures"' in page
    assert "at the end 1.75 green, 0.00 red and 0.00 gold" in page
    table = page[
        page.index("<table data-chart-table>") : page.index(
            "</table>", page.index("<table data-chart-table>")
        )
    ]
    assert f'<th scope="row">{label}</th><td class="number">1.75</td>' in table
    for colour in ("Green", "Red", "Gold"):
        assert f">{colour}</th>" in table


def test_the_chart_is_drawn_by_the_vendored_library_not_a_cdn(anonymous_client, player):
    page = _page(anonymous_client, player)
    sources = re.findall(r'<script src="([^"]+)"', page)

    assert "/static/vendor/chartjs/chart-4.6.1.umd.min.js" in sources
    assert "/static/js/points-chart.js" in sources
    assert not [source for source in sources if "//" in source]
    library = finders.find("vendor/chartjs/chart-4.6.1.umd.min.js")
    with open(library, encoding="utf-8") as file:
        assert "Chart.js v4.6.1" in file.read(200)
    assert finders.find("vendor/chartjs/LICENSE.md")
    assert finders.find("js/points-chart.js")


def test_a_player_without_awards_has_no_chart(anonymous_client, club_a):
    nobody = PlayerFactory(home_club=club_a)

    page = _page(anonymous_client, nobody)

    assert "data-points-chart" not in page
    assert "chart-4.6.1" not in page


@pytest.mark.parametrize(
    ("code", "ending"),
    [
        ("abf", "at the end 1.75 green, 0.00 red and 0.00 gold."),
        # NZ's kinds are named as they are, letters and all.
        ("nz", "at the end 1.75 A Points, 0.00 B Points and 0.00 C Points."),
    ],
)
def test_the_chart_in_words_names_each_kind_in_the_schemes_words(code, ending):
    from awards.lookup.written import chart_summary
    from scheme import get_scheme

    scheme = get_scheme(code)
    kinds = scheme.kinds_in_order
    first, *_ = (kind.code for kind in kinds)
    months = [{"label": "Jan 2026", first: 100}, {"label": "Mar 2026", first: 175}]

    text = chart_summary(months, kinds, scheme.kind_word)

    assert text == (
        f"Cumulative masterpoints by {scheme.kind_word.lower()}, Jan 2026 to Mar 2026: {ending}"
    )


def test_the_chart_s_figures_are_json_that_cannot_end_their_script():
    months = [
        {"month": "2026-01", "label": "Jan 2026", "green": 175, "red": 0, "gold": 0},
        {"month": "2026-02", "label": "</script><b>&amp; Zoë", "green": 1, "red": 2, "gold": 3},
    ]

    written = chart_data(months)

    body = re.fullmatch(
        r'<script id="points-chart-data" type="application/json">(.*)</script>', written
    ).group(1)
    assert "<" not in body and ">" not in body and "&" not in body
    assert json.loads(body) == months
    # What Django's json_script writes, read back, is the same.
    assert json.loads(re.search(r">(.*)</script>", json_script(months, "x")).group(1)) == months
