"""Who uploads which points (1.6, 5.4.1, 7.5.1, 7.5.7; guide B4, D4), through the real API
and pages: the state secretaries and their organisers, the Goldpoint Coordinator, and the
Youth Coordinator, who uploads nothing (1.3.6)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, Event
from tests.awards.conftest import grn, yesterday
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def check(user, content: bytes, *, name: str, grade: str, **fields):
    extension = {"A": "gld", "A2": "gld", "C": "grn", "D": "grn", "E": "grn", "F": "grn"}
    data = {
        "file": SimpleUploadedFile(f"points.{extension.get(grade, 'red')}", content),
        "name": name,
        "starts_on": yesterday().isoformat(),
        "grade": grade,
        "kind": "teams",
        **fields,
    }
    return api_for(user).post("/api/v1/uploads/check", data, format="multipart")


def check_and_confirm(user, content: bytes, **fields) -> Event:
    checked = check(user, content, **fields)
    assert checked.status_code == 201, checked.json()
    confirmed = api_for(user).post(f"/api/v1/uploads/{checked.json()['id']}/confirm")
    assert confirmed.status_code == 200, confirmed.json()
    return CreditUpload.objects.get(pk=checked.json()["id"]).event


def refusal(response) -> str:
    assert response.status_code == 400, response.json()
    return str(response.json()["error"])


@pytest.fixture
def player_a(club_a):
    return PlayerFactory(home_club=club_a)


# 7.5.7; guide B4, D4: the GNOT qualifying rounds are the state's.


def test_7_5_7_a_state_secretary_uploads_the_gnot_qualifying_gold_points(
    state_secretary_a, player_a
):
    event = check_and_confirm(
        state_secretary_a,
        grn((player_a.abf_number, 36)),
        name="GNOT qualifying, Sydney Region 3",
        grade="A2",
    )

    assert (event.grade, event.organiser, event.state) == ("A2", "state", state_secretary_a.state)
    credit = Credit.objects.get(event=event)
    assert (credit.player, credit.colour, credit.points) == (player_a, "gold", 36)


def test_7_5_7_a_state_s_organiser_uploads_the_gnot_qualifying_gold_points(organiser_a, player_a):
    event = check_and_confirm(
        organiser_a, grn((player_a.abf_number, 18)), name="GNOT Region 3 final", grade="A2"
    )

    assert (event.organiser, event.state, event.created_by) == (
        "state",
        organiser_a.state,
        organiser_a,
    )
    assert CreditUpload.objects.get(event=event).uploaded_by == organiser_a


@pytest.mark.parametrize("who", ["state_secretary_a", "organiser_a"])
def test_7_5_7_a_state_s_a2_points_other_than_the_gnot_are_refused(request, who, player_a):
    response = check(
        request.getfixturevalue(who),
        grn((player_a.abf_number, 36)),
        name="Gold Coast Congress Open Teams",
        grade="A2",
    )

    assert "GNOT qualifying rounds only (7.5.7)" in refusal(response)
    assert not CreditUpload.objects.exists()


@pytest.mark.parametrize("who", ["state_secretary_a", "organiser_a"])
def test_7_5_1_a_state_never_uploads_grade_a(request, who, player_a):
    response = check(
        request.getfixturevalue(who),
        grn((player_a.abf_number, 36)),
        name="GNOT National Final",
        grade="A",
    )

    assert "may not issue grade A (gold)" in refusal(response)


# 1.6, 5.4.1: a state's organiser masterpoints its congresses and state events.


def test_5_4_1_an_organiser_uploads_a_congress_of_the_state(
    organiser_a, player_a, congress_approved
):
    event = check_and_confirm(
        organiser_a,
        grn((player_a.abf_number, 250)),
        name="Autumn Congress Open Pairs",
        grade="B4",
        organiser="congress",
        director_level="congress",  # 5.1.1
    )

    assert (event.organiser, event.state, event.grade) == ("congress", organiser_a.state, "B4")


@pytest.mark.parametrize(
    ("grade", "why"),
    [
        ("C", "may not issue grade C (green)"),  # 1.6: the state secretary's own
        ("B4c", "may not issue grade B4c (red)"),  # 2.6: the clubs', by authorisation
        ("E", "may not issue grade E (green)"),
    ],
)
def test_1_6_an_organiser_may_not_issue_the_secretary_s_or_the_clubs_grades(
    organiser_a, player_a, grade, why
):
    response = check(organiser_a, grn((player_a.abf_number, 100)), name="Pairs", grade=grade)

    assert why in refusal(response)


def test_5_4_1_an_organiser_may_not_upload_for_a_club_of_another_state(organiser_a, club_b):
    player_b = PlayerFactory(home_club=club_b)

    response = check(
        organiser_a,
        grn((player_b.abf_number, 250)),
        name="Autumn Congress Open Pairs",
        grade="B4",
        organiser="congress",
        club_number=club_b.number,
    )

    assert f"Club {club_b.number} is not a club of NSW" in refusal(response)


def test_an_organiser_sees_only_their_own_uploads_and_the_state_secretary_reads_theirs(
    organiser_a, state_secretary_a, state_client_a, organiser_client_a, player_a
):
    by_secretary = check(
        state_secretary_a, grn((player_a.abf_number, 250)), name="Congress Pairs", grade="B4"
    ).json()["id"]
    by_organiser = check(
        organiser_a, grn((player_a.abf_number, 300)), name="Congress Teams", grade="B4"
    ).json()["id"]

    assert organiser_client_a.get(f"/awards/uploads/{by_organiser}/").status_code == 200
    assert organiser_client_a.get(f"/awards/uploads/{by_secretary}/").status_code == 404
    # The secretary follows the uploads of the organisers the state nominated (5.4.1), but
    # only the organiser credits or cancels theirs.
    assert state_client_a.get(f"/awards/uploads/{by_organiser}/").status_code == 200
    assert state_client_a.post(f"/awards/uploads/{by_organiser}/confirm/").status_code == 404
    assert state_client_a.post(f"/awards/uploads/{by_organiser}/cancel/").status_code == 404
    assert api_for(organiser_a).get(f"/api/v1/uploads/{by_secretary}").status_code == 404


@pytest.mark.parametrize(
    "page",
    [
        "/state/",  # the state secretary's home
        "/awards/authorisations/",  # 2.6: authorisations are the secretary's own
        "/state/b4c/",
        "/players/search/",  # a nominee masterpoints events; it keeps no players
        "/club/",
        "/centre/",
        "/billing/payments/new/",
        "/awards/cpar/",
    ],
)
def test_an_organiser_is_refused_the_secretary_s_club_s_and_centre_s_pages(
    organiser_client_a, page
):
    assert organiser_client_a.get(page).status_code == 403


def test_an_organiser_sees_no_club_record(organiser_client_a, club_a):
    assert organiser_client_a.get(f"/clubs/{club_a.number}/report/").status_code in (403, 404)
    assert organiser_client_a.get(f"/billing/clubs/{club_a.number}/statement/").status_code == 403


def test_an_organiser_lands_on_its_uploads_and_sees_its_menu(organiser_client_a):
    landing = organiser_client_a.get("/dashboard/")
    assert landing.status_code == 302 and landing["Location"] == reverse("awards:uploads")

    page = organiser_client_a.get(reverse("awards:upload_new"))
    names = {entry["name"] for entry in page.context["navigation"]}
    assert {"awards:upload_new", "awards:uploads"} <= names
    assert names.isdisjoint({"awards:authorisations", "b4c:register", "clubs:state_dashboard"})
    # The form offers the organiser's grades only.
    offered = {value for value, _ in page.context["form"].fields["grade"].choices}
    assert offered == {"B4s", "B5", "B4", "B3", "B", "A2"}


# 1.6, 7.5.1: the Goldpoint Coordinator issues the gold points.


def test_7_5_1_the_goldpoint_coordinator_uploads_a_national_event(gold_coordinator, player_a):
    event = check_and_confirm(
        gold_coordinator,
        grn((player_a.abf_number, 480)),
        name="National Open Teams",
        grade="A",
    )

    assert (event.organiser, event.grade, event.club, event.state) == ("national", "A", None, None)
    assert Credit.objects.get(event=event).colour == "gold"


def test_5_4_1_the_goldpoint_coordinator_uploads_an_a2_congress(gold_coordinator, player_a):
    event = check_and_confirm(
        gold_coordinator,
        grn((player_a.abf_number, 300)),
        name="Gold Coast Congress Open Teams",
        grade="A2",
        organiser="congress",
    )

    assert (event.organiser, event.grade) == ("congress", "A2")


def test_7_5_1_the_goldpoint_coordinator_does_not_issue_the_gnot_qualifying_rounds(
    gold_coordinator, player_a
):
    response = check(
        gold_coordinator, grn((player_a.abf_number, 36)), name="GNOT club heat", grade="A2"
    )

    assert "without the Goldpoint Coordinator (7.5.1, 7.5.7)" in refusal(response)


@pytest.mark.parametrize("grade", ["B4", "E", "B4c"])
def test_1_6_the_goldpoint_coordinator_issues_no_red_or_green_points(
    gold_coordinator, player_a, grade
):
    response = check(gold_coordinator, grn((player_a.abf_number, 36)), name="Pairs", grade=grade)

    assert f"may not issue grade {grade}" in refusal(response)


@pytest.mark.parametrize(
    "page",
    [
        "/centre/",
        "/centre/months/",
        "/players/search/",
        "/clubs/",
        "/state/",
        "/club/",
        "/awards/authorisations/",
        "/billing/payments/new/",
    ],
)
def test_the_goldpoint_coordinator_is_refused_the_centre_s_other_pages(gold_client, page):
    assert gold_client.get(page).status_code == 403


def test_the_goldpoint_coordinator_sees_no_other_login_s_upload(
    gold_client, state_secretary_a, player_a
):
    theirs = check(
        state_secretary_a, grn((player_a.abf_number, 250)), name="Congress Pairs", grade="B4"
    ).json()["id"]

    assert gold_client.get(f"/awards/uploads/{theirs}/").status_code == 404
    assert (
        gold_client.get(f"/billing/clubs/{player_a.home_club.number}/statement/").status_code == 403
    )


# 1.3.6: the Youth Coordinator keeps the Youth Players' Club's members, and uploads nothing.


def test_1_3_6_the_youth_coordinator_uploads_no_points(youth_client, youth_coordinator):
    assert youth_client.get(reverse("awards:upload_new")).status_code == 403
    assert youth_client.get(reverse("awards:cpar")).status_code == 403
    assert youth_client.get(reverse("awards:sundry")).status_code == 403
    member = PlayerFactory(home_club=youth_coordinator.club, birth_year=2008)
    response = check(youth_coordinator, grn((member.abf_number, 50)), name="Youth pairs", grade="E")
    assert "may not issue grade E" in refusal(response)


def test_1_3_6_the_youth_coordinator_keeps_the_youth_club_s_members_only(
    youth_client, youth_coordinator, club_a
):
    member = PlayerFactory(home_club=youth_coordinator.club, birth_year=2008)
    other = PlayerFactory(home_club=club_a)

    assert youth_client.get(f"/players/{member.abf_number}/edit/").status_code == 200
    assert youth_client.get(f"/players/{other.abf_number}/edit/").status_code == 404
    report = youth_client.get(f"/clubs/{youth_coordinator.club.number}/report/")
    assert report.status_code == 200 and member.family_name in report.content.decode()
    assert youth_client.get(f"/clubs/{club_a.number}/report/").status_code == 404
    names = {entry["name"] for entry in report.context["navigation"]}
    assert "players:search" in names and "awards:upload_new" not in names


def test_1_3_6_the_youth_coordinator_s_home_offers_the_members_not_the_uploads(
    youth_client, client_a
):
    home = youth_client.get(reverse("billing:club_dashboard")).content.decode()
    assert reverse("players:new") in home
    assert reverse("awards:upload_new") not in home
    assert 'id="b4c"' not in home
    # A club's own home keeps them.
    club_home = client_a.get(reverse("billing:club_dashboard")).content.decode()
    assert reverse("awards:upload_new") in club_home and 'id="b4c"' in club_home
