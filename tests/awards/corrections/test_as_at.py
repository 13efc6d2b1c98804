"""Issue 25, section 2: the record as at a date. A player's points by kind and rank on any day
(Appendix A: novice and restricted events are limited by "masterpoints at a particular
date"), on the player's page and in the API; an entry list checked as at its cut-off day
against an event's limit, breaches flagged, each bad line named; the rank history."""

from datetime import datetime, time, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from awards.as_at.selectors import holdings_as_at
from awards.corrections.services.credits import credit_amount_correct
from awards.corrections.services.merges import players_merge
from awards.ledger.models import Credit, Event
from awards.ledger.services.credits import credit_add
from centre.models import Period
from players.abf_numbers import from_serial
from players.models import Player
from ranks.models import Promotion
from tests.awards.corrections.conftest import api
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def days_ago(days: int):
    return timezone.localdate() - timedelta(days=days)


def credited(player, *, ended: int, points: int, by, grade: str = "E", colour: str = "green"):
    """Points of a club session that ended `ended` days ago."""
    day = days_ago(ended)
    with transaction.atomic():
        event = Event.objects.create(
            organiser=Event.Organiser.CLUB,
            club=player.home_club,
            name=f"Session of {day}",
            starts_on=day,
            ends_on=day,
            grade=grade,
        )
        return credit_add(
            player=player, event=event, colour=colour, points=points, source="file", by=by
        )


@pytest.fixture
def ann(club_a, staff):
    """1.50 green won 20 days ago, 1.00 green 5 days ago: Graduate Master (2 points, 1.8)
    only since the second."""
    player = PlayerFactory(home_club=club_a, given_names="Ann")
    credited(player, ended=20, points=150, by=staff)
    credited(player, ended=5, points=100, by=staff)
    return player


def test_the_points_held_on_a_day_are_those_of_the_events_ended_by_it(ann):
    before = holdings_as_at(player=ann, on=days_ago(10))
    now = holdings_as_at(player=ann, on=days_ago(0))

    assert before.by_kind["green"] == 150 and before.rank is None
    assert now.by_kind["green"] == 250 and now.rank.name == "Graduate Master"


def test_a_correction_since_counts_in_the_holdings_of_a_day_before_it(ann, staff):
    """A credit found wrong was never the player's: the check of an entry list made today
    for a day last month counts today's corrections."""
    old = Credit.objects.filter(player=ann).order_by("event__ends_on").first()
    credit_amount_correct(credit=old, points=50, reason="Ties shared", by=staff)

    assert holdings_as_at(player=ann, on=days_ago(10)).by_kind["green"] == 50


def test_the_pre_1982_red_points_count_in_the_total_and_the_rank(club_a, staff):
    """1.8 notes: red points won before 1982 are the player's red points."""
    player = PlayerFactory(home_club=club_a, pre_1982_red=500)

    held = holdings_as_at(player=player, on=days_ago(0))

    assert held.total == 500 and held.rank.name == "Club Master"


def test_the_player_page_links_and_shows_the_record_as_at_a_day(ann, anonymous_client):
    record = anonymous_client.get(reverse("awards:player", args=[ann.abf_number])).content.decode()
    url = reverse("awards:player_as_at", args=[ann.abf_number])
    assert url in record

    page = anonymous_client.get(url, {"on": days_ago(10).isoformat()})

    assert page.status_code == 200
    assert page.context["holdings"].by_kind["green"] == 150
    assert "not yet ranked" in page.content.decode()


def test_the_api_gives_the_points_and_rank_as_at_a_day_and_names_a_bad_day(ann):
    url = reverse("masterpoints-as-at", args=[ann.abf_number])

    then = APIClient().get(url, {"on": days_ago(0).isoformat()})
    bad = APIClient().get(url, {"on": "31/02/2026"})

    assert then.status_code == 200
    assert then.json()["points"]["green"] == 250 and then.json()["rank"] == "Graduate Master"
    assert bad.status_code == 400 and list(bad.json()["error"]["fields"]) == ["on"]


def test_a_retired_numbers_record_as_at_a_day_is_the_kept_ones(ann, club_a, staff):
    twin = PlayerFactory(home_club=club_a)
    players_merge(retired=twin, kept=ann, reason="Twice", by=staff)

    answer = APIClient().get(reverse("masterpoints-as-at", args=[twin.abf_number]))

    assert answer.status_code == 301
    assert answer["Location"] == reverse("masterpoints-as-at", args=[ann.abf_number])


# --- an entry list --------------------------------------------------------------------------


@pytest.fixture
def field(ann, club_a, staff):
    """Ann (2.50 now, 1.50 twenty days ago), Bob with 120.00 (above a novice limit) and Cy
    with nothing."""
    bob = PlayerFactory(home_club=club_a, given_names="Bob")
    credited(bob, ended=30, points=12000, by=staff)
    cy = PlayerFactory(home_club=club_a, given_names="Cy")
    return ann, bob, cy


def test_an_entry_list_flags_the_players_above_a_novice_limit(field, organiser_client_a):
    ann, bob, cy = field
    text = "\n".join(
        [
            "ABF number,Name",
            f"{ann.abf_number},Ann",
            f"{bob.abf_number},Bob",
            f"{from_serial(987654)},Nobody",
            "12a,Typo",
            f"{int(cy.abf_number)},Cy without the leading zeros",
            f"{ann.abf_number},Ann again",
        ]
    )

    page = organiser_client_a.post(
        reverse("awards:entry_list"),
        {"on": days_ago(10).isoformat(), "limit_points": "100", "numbers": text},
    )

    checked = page.context["checked"]
    by_line = {entry.line: entry for entry in checked.entries}
    assert page.status_code == 200
    assert [entry.line for entry in checked.breaches] == [3]
    assert "not fewer than 100.00" in by_line[3].breach
    assert by_line[2].holdings.total == 150 and by_line[2].also_on == [7]
    assert by_line[6].holdings.player == cy
    assert "Line 4: no player has" in by_line[4].problem
    assert by_line[5].problem.startswith("Line 5:")
    assert "data-breach" in page.content.decode()


def test_an_entry_list_file_and_a_rank_limit_and_its_csv(field, staff_client):
    ann, bob, _ = field
    upload = SimpleUploadedFile("entries.csv", f"{ann.abf_number}\n{bob.abf_number}\n".encode())

    answer = staff_client.post(
        reverse("awards:entry_list"),
        {
            "on": days_ago(0).isoformat(),
            "limit_rank": "Graduate Master",
            "file": upload,
            "csv": "1",
        },
    )

    lines = answer.content.decode().splitlines()
    assert answer["Content-Type"].startswith("text/csv")
    assert lines[1].startswith(f"1,{ann.abf_number},") and "not below Graduate Master" in lines[1]
    assert "not below Graduate Master" in lines[2]


def test_the_entry_list_api_answers_each_line_and_names_the_bad_ones(field, organiser_a):
    ann, bob, _ = field

    answer = api(organiser_a).post(
        reverse("entry-list-check"),
        {
            "on": days_ago(10).isoformat(),
            "limit_points": 10000,
            "numbers": [ann.abf_number, bob.abf_number, "0000000x"],
        },
        format="json",
    )

    body = answer.json()
    assert answer.status_code == 200, body
    assert body["breaches"] == 1 and body["players"] == 2
    assert [e["breach"] for e in body["entries"][:2]] == [False, True]
    assert list(body["problems"]) == ["lines.3"]


def test_the_entry_list_api_refuses_a_list_without_numbers_or_a_day(organiser_a):
    no_day = api(organiser_a).post(reverse("entry-list-check"), {"numbers": []}, format="json")
    no_numbers = api(organiser_a).post(
        reverse("entry-list-check"), {"on": days_ago(1).isoformat(), "numbers": []}, format="json"
    )

    assert no_day.status_code == 400 and "on" in no_day.json()["error"]["fields"]
    assert no_numbers.status_code == 400
    assert list(no_numbers.json()["error"]["fields"]) == ["numbers"]


def test_an_entry_list_is_checked_by_a_login_only(field):
    assert APIClient().post(reverse("entry-list-check"), {}, format="json").status_code in (
        401,
        403,
    )


# --- the rank history -----------------------------------------------------------------------


def _promoted(player, order: int, name: str, days: int):
    period, _ = Period.objects.get_or_create(year=days_ago(days).year, month=days_ago(days).month)
    Promotion.objects.create(
        player=player,
        rank_order=order,
        rank_name=name,
        period=period,
        # Midday of that day in the scheme's time: its day whatever the hour of the run.
        promoted_at=timezone.make_aware(datetime.combine(days_ago(days), time(12))),
    )
    Player.objects.filter(pk=player.pk).update(rank_order=max(player.rank_order, order))
    player.refresh_from_db()


def test_the_rank_history_gives_the_day_of_each_promotion(ann, anonymous_client):
    _promoted(ann, 1, "Graduate Master", 40)
    _promoted(ann, 2, "Club Master", 4)

    page = anonymous_client.get(reverse("awards:player", args=[ann.abf_number])).content.decode()
    answer = (
        APIClient()
        .get(reverse("masterpoints-ranks", args=[ann.abf_number]), {"on": days_ago(10).isoformat()})
        .json()
    )

    assert "Rank history" in page and "Club Master" in page
    assert [p["rank"] for p in answer["promotions"]] == ["Graduate Master", "Club Master"]
    assert answer["promotions"][1]["promoted_on"] == days_ago(4).isoformat()
    assert answer["held_on"]["rank"] == "Graduate Master"


def test_the_rank_history_of_a_merged_record_brings_the_retired_numbers_promotions(
    ann, club_a, staff
):
    twin = PlayerFactory(home_club=club_a)
    _promoted(twin, 1, "Graduate Master", 60)
    players_merge(retired=twin, kept=ann, reason="Twice", by=staff)

    answer = APIClient().get(reverse("masterpoints-ranks", args=[ann.abf_number])).json()
    page = Client().get(reverse("awards:player", args=[ann.abf_number])).content.decode()

    assert '<tr data-rank-step="1"><td>Graduate Master</td>' in page
    assert f"<small>(as {twin.abf_number}, merged)</small>" in page
    assert answer["promotions"] == [
        {
            "rank": "Graduate Master",
            "rank_order": 1,
            "month": answer["promotions"][0]["month"],
            "promoted_on": days_ago(60).isoformat(),
            "abf_number": twin.abf_number,
        }
    ]
    assert answer["rank"] == "Graduate Master"


def test_a_rank_held_before_the_records_began_is_said_so_and_no_rank_has_no_history(
    ann, anonymous_client
):
    url = reverse("awards:player", args=[ann.abf_number])
    Player.objects.filter(pk=ann.pk).update(rank_order=0)
    unranked = anonymous_client.get(url).content.decode()
    Player.objects.filter(pk=ann.pk).update(rank_order=1)
    held = anonymous_client.get(url).content.decode()

    assert "Rank history" not in unranked
    assert "Rank history" in held
    assert "No promotion recorded: the rank was held before the register's records began." in held
    assert "data-rank-step" not in held


def test_a_ranked_players_page_kept_in_the_cache_shows_the_history_without_reading_it(
    ann, anonymous_client
):
    """The rank history is kept with the page's record: served again from the cache, the page
    of a ranked player shows it and reads no promotion; a new promotion (the rank is part of
    the page's key) shows at once."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    _promoted(ann, 1, "Graduate Master", 40)
    url = reverse("awards:player", args=[ann.abf_number])
    anonymous_client.get(url)

    with CaptureQueriesContext(connection) as queries:
        again = anonymous_client.get(url).content.decode()
    _promoted(ann, 2, "Club Master", 1)
    promoted = anonymous_client.get(url).content.decode()

    assert "Graduate Master" in again
    assert not any("promotion" in q["sql"] for q in queries.captured_queries)
    assert "Club Master" in promoted
