"""1.4.4 "view results": the events processed in a month, by region, club and grade, each
with its public awards, on a public page and at GET /api/v1/results; a visitor sees of a
player only the number, the name and the points."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from awards.corrections.services.credits import event_grade_correct
from awards.corrections.services.reversals import upload_reverse
from awards.published.pages import RESULTS_PAGE_SIZE
from centre.models import Period
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

# What the registry keeps of a player that is not the public's (1.4.2; issue 25's address).
PRIVATE = ("email", "birth_year", "postal_address", "status", "home_club")


@pytest.fixture
def month(secretary_a, secretary_b, state_secretary_a, club_a, club_b):
    """A month with club A's pairs, club B's pairs and a state championship of state A."""
    ada = PlayerFactory(
        home_club=club_a,
        given_names="Ada",
        family_name="Lovelace",
        email="ada@example.org",
        birth_year=1950,
    )
    bea = PlayerFactory(home_club=club_b, given_names="Bea", family_name="Bright")
    own_a = upload_and_confirm(secretary_a, "a.grn", grn((ada.abf_number, 1_50)))
    own_b = upload_and_confirm(secretary_b, "b.grn", grn((bea.abf_number, 2_00)))
    state = upload_and_confirm(
        state_secretary_a,
        "state.red",
        grn((ada.abf_number, 3_25), (bea.abf_number, 1_00)),
        grade="B",
    )
    return {"ada": ada, "bea": bea, "own_a": own_a, "own_b": own_b, "state": state}


def _page(client, **query) -> str:
    response = client.get(reverse("awards:results"), query)
    assert response.status_code == 200
    return response.content.decode()


def _events(page: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'data-event="(\d+)"', page)]


def _api(**query) -> dict:
    response = APIClient().get(reverse("results"), query)
    assert response.status_code == 200, response.content
    return response.json()


def test_a_visitor_sees_the_month_s_events_each_with_its_public_awards(anonymous_client, month):
    own_a, own_b, state = (month[key].event for key in ("own_a", "own_b", "state"))
    ada = month["ada"]
    # Read twice: the same page (the second from the cache), nothing counted twice.
    for _ in range(2):
        page = _page(anonymous_client)

        assert sorted(_events(page)) == sorted([own_a.pk, own_b.pk, state.pk])
        assert "3 events." in page
        awards = re.search(rf'data-awards="{state.pk}".*?</table>', page, re.S).group(0)
        assert ada.abf_number in awards and "Ada Lovelace" in awards and "3.25" in awards
        assert "Bea Bright" in awards and "1.00" in awards
        # Nothing private of the player.
        assert "ada@example.org" not in page and "1950" not in page


def test_the_api_gives_the_same_events_and_only_public_fields(month):
    for _ in range(2):
        body = _api()

        assert body["count"] == 3 and body["next"] is None and body["previous"] is None
        by_name = {event["name"]: event for event in body["results"]}
        state = next(e for e in body["results"] if e["grade"] == "B")
        assert state["organiser"] == "state" and state["state"] == "NSW"
        assert state["awards"] == [
            {
                "abf_number": month["ada"].abf_number,
                "name": "Ada Lovelace",
                "kind": "red",
                "points": 3_25,
                "provisional": True,
            },
            {
                "abf_number": month["bea"].abf_number,
                "name": "Bea Bright",
                "kind": "red",
                "points": 1_00,
                "provisional": True,
            },
        ]
        for event in by_name.values():
            for award in event["awards"]:
                assert set(award) == {"abf_number", "name", "kind", "points", "provisional"}
                assert not set(PRIVATE) & set(award)


def test_the_filters_narrow_the_month_by_region_club_and_grade(anonymous_client, month):
    own_a, own_b, state = (month[key].event for key in ("own_a", "own_b", "state"))

    assert sorted(_events(_page(anonymous_client, state="NSW"))) == sorted([own_a.pk, state.pk])
    assert _events(_page(anonymous_client, state="vic")) == [own_b.pk]
    assert _events(_page(anonymous_client, club=201)) == [own_a.pk]
    assert _events(_page(anonymous_client, grade="B")) == [state.pk]
    assert _events(_page(anonymous_client, club=201, grade="B")) == []
    assert [e["id"] for e in _api(club=301)["results"]] == [own_b.pk]


def test_a_month_is_the_month_processed(anonymous_client, month):
    period = Period.objects.get()
    this = f"{period.year}-{period.month:02d}"
    earlier = f"{period.year - 1}-{period.month:02d}"

    assert len(_events(_page(anonymous_client, month=this))) == 3
    page = _page(anonymous_client, month=earlier)
    assert _events(page) == []
    assert "No events were processed in" in page
    # The month before has nothing processed: its page links the nearest month that has.
    assert f'href="?month={this}" data-later>{period.label}<' in page
    assert _api(month=earlier)["count"] == 0


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ({"month": "2026-13"}, "month", "Give the month as year-month"),
        ({"month": "March"}, "month", "Give the month as year-month"),
        ({"state": "XYZ"}, "state", "No state has the code XYZ."),
        ({"club": "999"}, "club", "No club has the number 999."),
        ({"club": "two"}, "club", "club must be a whole number"),
        ({"grade": "Z9"}, "grade", "Z9 is not a grade of the registry"),
        ({"page": "0"}, "page", "page must be a whole number"),
    ],
)
def test_a_bad_filter_is_refused_naming_it(anonymous_client, month, query, field, words):
    for _ in range(2):
        response = APIClient().get(reverse("results"), query)
        assert response.status_code == 400
        error = response.json()["error"]
        assert field in error["fields"] and words in error["fields"][field][0]

        page = anonymous_client.get(reverse("awards:results"), query)
        assert page.status_code == 400
        assert words in page.content.decode()


def test_a_reversed_upload_is_no_longer_a_result(anonymous_client, month, staff):
    upload_reverse(upload=month["own_a"], reason="Wrong file", by=staff)

    assert month["own_a"].event_id not in _events(_page(anonymous_client))
    assert _api(club=201)["count"] == 0
    response = anonymous_client.get(reverse("awards:result_event", args=[month["own_a"].event_id]))
    assert response.status_code == 404


def test_an_event_whose_grade_was_corrected_shows_the_grade_and_points_held_now(
    anonymous_client, month, staff
):
    state = month["state"].event
    event_grade_correct(event=state, grade="B4", reason="A congress event", by=staff)

    (shown,) = [e for e in _api()["results"] if e["id"] == state.pk]
    assert (shown["grade"], shown["grade_corrected_from"]) == ("B4", "B")
    # The players hold the same points, now of the corrected grade's event.
    assert [(a["name"], a["points"]) for a in shown["awards"]] == [
        ("Ada Lovelace", 3_25),
        ("Bea Bright", 1_00),
    ]
    page = anonymous_client.get(reverse("awards:result_event", args=[state.pk])).content.decode()
    assert "corrected from B" in page


def test_one_event_page_and_its_api_twin(anonymous_client, month):
    event = month["state"].event
    for _ in range(2):
        page = anonymous_client.get(reverse("awards:result_event", args=[event.pk]))
        assert page.status_code == 200
        assert "Ada Lovelace" in page.content.decode()
        body = APIClient().get(reverse("result-event", args=[event.pk])).json()
        assert body["id"] == event.pk and len(body["awards"]) == 2
    assert anonymous_client.get(reverse("awards:result_event", args=[999_999])).status_code == 404


def test_the_results_are_paginated(anonymous_client, secretary_a, club_a):
    player = PlayerFactory(home_club=club_a)
    for _ in range(RESULTS_PAGE_SIZE + 3):
        upload_and_confirm(secretary_a, "w.grn", grn((player.abf_number, 50)))

    first = _page(anonymous_client)
    second = _page(anonymous_client, page=2)

    assert len(_events(first)) == RESULTS_PAGE_SIZE and len(_events(second)) == 3
    assert not set(_events(first)) & set(_events(second))
    assert f"{RESULTS_PAGE_SIZE + 3} events, page 2 of 2." in second
    body = _api(page=2)
    assert len(body["results"]) == 3 and body["next"] is None and body["previous"]


def _queries(client) -> int:
    from django.core.cache import cache

    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        client.get(reverse("awards:results"))
    return len(queries.captured_queries)


def test_a_page_reads_the_same_number_of_queries_for_2_events_and_for_12(
    anonymous_client, secretary_a, club_a
):
    players = PlayerFactory.create_batch(4, home_club=club_a)
    for _ in range(2):
        upload_and_confirm(secretary_a, "w.grn", grn(*((p.abf_number, 50) for p in players)))
    few = _queries(anonymous_client)
    for _ in range(10):
        upload_and_confirm(secretary_a, "w.grn", grn(*((p.abf_number, 50) for p in players)))

    assert _queries(anonymous_client) == few


def test_the_results_are_in_the_public_menu(anonymous_client):
    page = anonymous_client.get("/").content.decode()

    assert f'href="{reverse("awards:results")}" data-nav="awards:results">Results<' in page


def _indexed(model) -> set[tuple[str, ...]]:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, model._meta.db_table)
    return {tuple(found["columns"]) for found in constraints.values() if found["index"]}


def test_the_results_read_through_indexes():
    """What a month's page reads at national scale: the month's uploads (not its credits),
    their events' region and club, the reversals and grade corrections of those events, and
    the awards of one page's events."""
    from awards.corrections.models import Correction
    from awards.intake.models import CreditUpload
    from awards.ledger.models import Credit, Event

    assert ("period_id",) in _indexed(CreditUpload)
    assert {("state_id",), ("club_id",)} <= _indexed(Event)
    assert ("event_id",) in _indexed(Correction)
    assert ("event_id",) in _indexed(Credit)
