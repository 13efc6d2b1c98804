"""A player's statement on the player page, a page of lines at a time: the latest lines
first, the earlier ones a page back, each page opening with the balance before its lines, the
latest closing at the lifetime totals; the CSV and the PDF hold every line of the period."""

import csv
import io
import re
from datetime import date, timedelta

import pytest
from django.urls import reverse

from awards.ledger.models import Credit, Event
from awards.ledger.statements import (
    STATEMENT_PAGE_LINES,
    player_statement,
    player_statement_page,
    player_statement_page_and_months,
)
from centre.models import Period
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db

FIRST_DAY = date(2025, 11, 3)
LINES = STATEMENT_PAGE_LINES + 5


def _credit(player, club, staff, day: date, colour: str, points: int, **kwargs) -> None:
    """An award of `points` hundredths on `day`, with the player's kept totals beside it."""
    period, _ = Period.objects.get_or_create(year=day.year, month=day.month)
    state = kwargs.pop("state", Credit.State.APPROVED)
    event = Event.objects.create(
        organiser=Event.Organiser.CLUB,
        club=club,
        name=f"Pairs of {day:%d %B %Y}",
        starts_on=day,
        ends_on=day,
        grade="E",
        created_by=staff,
    )
    Credit.objects.create(
        player=player,
        event=event,
        colour=colour,
        points=points,
        source=kwargs.pop("source", Credit.Source.FILE),
        period=period,
        state=state,
        uploaded_by=staff,
        **kwargs,
    )
    totals_create(player=player, year=day.year, **{f"{colour}_{state}": points})


@pytest.fixture
def player(club_a, staff):
    """A player with 30 awards of every colour, every sixth on the day of the one before,
    one of them an adjustment taking points off and the last two awaiting approval."""
    player = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    colours = ("green", "red", "gold")
    for index in range(LINES):
        day = FIRST_DAY + timedelta(days=7 * (index - index // 6))
        kwargs: dict = {}
        if index == 10:
            kwargs = {"source": Credit.Source.ADJUSTMENT, "reason": "Scored twice"}
        if index >= LINES - 2:
            kwargs["state"] = Credit.State.PROVISIONAL
        points = -40 if index == 10 else 100 + index
        _credit(player, club_a, staff, day, colours[index % 3], points, **kwargs)
    return player


def _page(client, player, **query) -> str:
    response = client.get(reverse("awards:player", args=[player.abf_number]), query)
    assert response.status_code == 200
    return response.content.decode()


def _rows(page: str) -> list[list[str]]:
    """The statement table's rows, each as the text of its cells."""
    table = page[
        page.index("<table data-statement>") : page.index(
            "</table>", page.index("<table data-statement>")
        )
    ]
    body = table[table.index("<tbody>") :]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def _lifetime(page: str) -> list[str]:
    return [
        re.search(rf'data-lifetime="{kind}">([^<]*)<', page).group(1)
        for kind in ("green", "red", "gold")
    ]


def test_the_page_shows_the_latest_lines_and_links_to_the_earlier_ones(anonymous_client, player):
    page = _page(anonymous_client, player)

    rows = _rows(page)
    # The balance before them, then the latest 25 lines in date order.
    assert rows[0][1] == "Balance before these awards"
    assert len(rows) == 1 + STATEMENT_PAGE_LINES
    last = FIRST_DAY + timedelta(days=7 * (LINES - 1 - (LINES - 1) // 6))
    assert rows[-1][0] == f"{last.day} {last:%B %Y}"
    assert f"Pairs of {FIRST_DAY:%d %B %Y}" not in page
    assert f"Showing awards 6–{LINES} of {LINES}, in date order." in page
    assert 'rel="next" href="?page=2">Earlier awards</a>' in page
    assert "Later awards" not in page
    assert page.count("data-provisional") == 2


def test_the_latest_page_closes_at_the_lifetime_totals(anonymous_client, player):
    page = _page(anonymous_client, player)

    assert _rows(page)[-1][-3:] == _lifetime(page)


def test_the_earlier_page_opens_at_nothing_and_hands_on_its_balance(anonymous_client, player):
    earlier = _page(anonymous_client, player, page=2)
    latest = _page(anonymous_client, player)

    rows = _rows(earlier)
    assert rows[0][1] == "Opening balance"
    assert rows[0][-3:] == ["0.00", "0.00", "0.00"]
    assert len(rows) == 1 + LINES - STATEMENT_PAGE_LINES
    assert f"Pairs of {FIRST_DAY:%d %B %Y}" in earlier
    # The later page begins where this one ends.
    assert _rows(latest)[0][-3:] == rows[-1][-3:]
    assert 'rel="prev" href="?">Later awards</a>' in earlier
    assert "Earlier awards" not in earlier


def test_the_running_totals_add_each_line_with_the_adjustment_taking_points_off(
    anonymous_client, player
):
    rows = (
        _rows(_page(anonymous_client, player, page=2))[1:]
        + _rows(_page(anonymous_client, player))[1:]
    )
    kinds = ("green", "red", "gold")
    running = dict.fromkeys(kinds, 0)
    for row in rows:
        colour, points = row[3], round(float(row[4]) * 100)
        running[colour] += points
        assert row[-3:] == [f"{running[k] / 100:.2f}" for k in kinds]
    assert any("(adjustment: Scored twice)" in row[1] for row in rows)


def test_a_page_past_the_earliest_shows_the_earliest(anonymous_client, player):
    assert _rows(_page(anonymous_client, player, page=9)) == _rows(
        _page(anonymous_client, player, page=2)
    )


def test_a_page_that_is_not_a_number_is_refused_by_name(anonymous_client, player):
    response = anonymous_client.get(
        reverse("awards:player", args=[player.abf_number]), {"page": "x"}
    )

    assert response.status_code == 400
    assert "page" in response.content.decode()


def test_a_period_keeps_its_dates_in_the_page_links_and_the_files_hold_all_of_it(
    anonymous_client, player
):
    start = FIRST_DAY + timedelta(days=7)
    page = _page(anonymous_client, player, start=start.isoformat())

    assert f"Showing awards 5–{LINES - 1} of {LINES - 1} in the period" in page
    assert f'href="?start={start.isoformat()}&amp;page=2">Earlier awards' in page
    assert f'statement.csv?start={start.isoformat()}">CSV</a>' in page
    rows = _rows(page)
    assert rows[-1][-3:] == _lifetime(page)

    csv_text = anonymous_client.get(
        reverse("awards:statement_csv", args=[player.abf_number]), {"start": start.isoformat()}
    ).content.decode()
    lines = list(csv.reader(io.StringIO(csv_text)))
    # The header, the opening balance (the first award's), and every award after it.
    assert len(lines) == 2 + LINES - 1
    assert lines[1][-3:] == ["1.00", "0.00", "0.00"]
    assert lines[-1][-3:] == rows[-1][-3:]


def test_a_period_before_the_first_award_says_there_are_none(anonymous_client, player):
    page = _page(anonymous_client, player, end=(FIRST_DAY - timedelta(days=1)).isoformat())

    assert "No awards in this period." in page
    assert "data-statement-pages" not in page


def test_a_date_that_is_not_one_is_named_and_the_whole_statement_shown(anonymous_client, player):
    page = _page(anonymous_client, player, start="2025-02-30")

    assert 'aria-invalid="true" aria-describedby="id_start_error"' in page
    assert re.search(r'<p class="errors" id="id_start_error">Start: [^<]*valid date', page)
    assert f"Showing awards 6–{LINES} of {LINES}," in page


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (None, None),
        (FIRST_DAY + timedelta(days=30), None),
        (None, FIRST_DAY + timedelta(days=100)),
        (FIRST_DAY + timedelta(days=50), FIRST_DAY + timedelta(days=150)),
    ],
)
@pytest.mark.parametrize("size", [1, 4, 7, 100])
def test_each_page_is_its_part_of_the_whole_statement(player, start, end, size):
    opening, lines, closing = player_statement(player=player, start=start, end=end)

    number, seen = 1, []
    while True:
        page = player_statement_page(player=player, start=start, end=end, page=number, size=size)
        assert page.count == len(lines)
        assert page.lines == lines[page.first - 1 : page.last]
        assert page.opening == (lines[page.first - 2]["running"] if page.first > 1 else opening)
        seen = page.lines + seen
        if not page.has_earlier:
            break
        number += 1
    assert seen == lines
    assert number == page.pages
    latest = player_statement_page(player=player, start=start, end=end, size=size)
    assert latest.closing == closing


@pytest.mark.parametrize(
    ("start", "end"),
    [(None, None), (FIRST_DAY + timedelta(days=50), FIRST_DAY + timedelta(days=150))],
)
@pytest.mark.parametrize(("size", "number"), [(4, 1), (4, 3), (7, 2), (4, 99)])
def test_the_page_read_with_the_chart_s_months_is_the_page_and_the_whole_statement_s_months(
    player, start, end, size, number
):
    """The player page reads a page of the statement and the chart's months in one query: the
    page as read by itself, and each month's totals after its last line of the whole
    statement, an old link past the earliest page included."""
    together = player_statement_page_and_months(
        player=player, start=start, end=end, page=number, size=size
    )

    assert together == (
        player_statement_page(player=player, start=start, end=end, page=number, size=size),
        _months_of(player_statement(player=player)[1]),
    )
    assert together[1] and together[0].lines


def _months_of(lines) -> list[dict]:
    """The chart's months as the whole statement gives them: each month with awards and the
    running totals after its last line."""
    months: dict[str, dict] = {}
    for line in lines:
        months[f"{line['day']:%Y-%m}"] = line["running"]
    return [{"month": month, **running} for month, running in months.items()]
