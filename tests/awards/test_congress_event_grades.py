"""5.3.1-5.3.3 where a congress's event is uploaded: the grade of its championships, minor
and walk-in events, and a large congress's additional championships by table-sessions. The
upload API and page refuse, naming the clause, and nothing is stored; an upload that does
not say what the event was at its congress is warned that its grade is unchecked."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from awards.intake.models import CreditUpload
from scheme.abf.congress import congress_event_grade, congress_event_refusals
from tests.awards.conftest import grn, yesterday
from tests.awards.test_upload_roles import api_for, check, refusal
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player_a(club_a):
    return PlayerFactory(home_club=club_a)


@pytest.mark.parametrize(
    ("congress", "event", "grade"),
    [
        ("B4", "championship", "B4"),
        ("B4", "minor", "B5"),
        ("B3", "minor", "B4"),
        ("A2", "minor", "B3"),  # 5.3.3: "in the last case changing from gold to red"
        ("B4", "walk_in", "B5"),
        ("B3", "walk_in", "B5"),
        ("A2", "walk_in", "B4"),
        ("B3", "additional", "B4"),
    ],
)
def test_5_3_the_grade_of_each_event_of_a_congress(congress, event, grade):
    assert congress_event_grade(congress, event) == grade


def test_5_3_3_a_minor_event_at_the_congresss_own_grade_is_refused(
    state_secretary_a, player_a, congress_approved
):
    response = check(
        state_secretary_a,
        grn((player_a.abf_number, 250)),
        name="Autumn Congress Swiss Pairs",
        grade="B3",
        organiser="congress",
        congress_grade="B3",
        congress_event="minor",
    )

    message = response.json()["error"]["fields"]["event.grade"][0]
    assert message.startswith("A minor event drops one grade")
    assert message.endswith("grade B4, not B3 (5.3.3).")
    assert not CreditUpload.objects.exists()


def test_5_3_3_a_walk_in_event_of_its_grade_is_taken_without_a_warning(
    state_secretary_a, player_a, congress_approved
):
    response = check(
        state_secretary_a,
        grn((player_a.abf_number, 50)),
        name="Autumn Congress Walk-in Pairs",
        grade="B5",
        organiser="congress",
        congress_grade="B3",
        congress_event="walk_in",
        director_level="state",
    )

    assert response.status_code == 201, response.json()
    assert not [w for w in response.json()["warnings"] if "5.3.3" in w]
    assert response.json()["event_details"]["congress_event"] == "walk_in"


def test_a_congress_event_that_does_not_say_what_it_was_is_warned(
    state_secretary_a, player_a, congress_approved
):
    response = check(
        state_secretary_a,
        grn((player_a.abf_number, 250)),
        name="Autumn Congress Open Pairs",
        grade="B4",
        organiser="congress",
        director_level="congress",
    )

    assert response.status_code == 201, response.json()
    assert any(
        w.startswith("The grade of this congress event is not checked")
        and w.endswith("minor and walk-in events drop a grade (5.3.3).")
        for w in response.json()["warnings"]
    )


@pytest.mark.parametrize(
    ("number", "table_sessions", "where", "words"),
    [
        ("1", "200", "event.extra_championship", "may nominate 0 additional"),
        ("2", "299", "event.extra_championship", "may nominate 1 additional"),
        ("1", "", "event.congress_table_sessions", "Give the additional championship's number"),
    ],
)
def test_5_3_3_an_additional_championship_beyond_the_table_sessions_is_refused(
    state_secretary_a, player_a, congress_approved, number, table_sessions, where, words
):
    fields = {"extra_championship": number}
    if table_sessions:
        fields["congress_table_sessions"] = table_sessions
    response = check(
        state_secretary_a,
        grn((player_a.abf_number, 250)),
        name="Autumn Congress Butler Pairs",
        grade="B4",
        sessions=2,
        organiser="congress",
        congress_grade="B3",
        congress_event="additional",
        **fields,
    )

    assert words in response.json()["error"]["fields"][where][0]
    assert not CreditUpload.objects.exists()


def test_5_3_3_an_additional_championship_within_the_table_sessions_is_taken(
    state_secretary_a, player_a, congress_approved
):
    response = check(
        state_secretary_a,
        grn((player_a.abf_number, 250)),
        name="Autumn Congress Butler Pairs",
        grade="B4",
        sessions=2,
        organiser="congress",
        congress_grade="B3",
        congress_event="additional",
        extra_championship="2",
        congress_table_sessions="300",
        director_level="state",
    )

    assert response.status_code == 201, response.json()


def test_5_3_3_a_one_session_additional_championship_is_refused():
    refusals = congress_event_refusals(
        congress_grade="B4",
        congress_event="additional",
        grade="B5",
        sessions=1,
        additional_number=1,
        table_sessions=250,
    )

    assert refusals == [
        ("sessions", "An additional championship has at least two sessions (5.3.3).")
    ]


def test_a_state_event_naming_a_congress_grade_is_refused(state_secretary_a, player_a):
    response = check(
        state_secretary_a,
        grn((player_a.abf_number, 250)),
        name="State Open Teams",
        grade="B4",
        organiser="state",
        congress_grade="B4",
        congress_event="minor",
    )

    assert (
        "Only a congress's event names the congress's grade and what the event was at it; "
        "choose congress as who ran it (5.3)."
    ) in refusal(response)


def test_5_3_1_staff_upload_of_an_a2_congress_minor_event_at_gold_is_refused(staff, player_a):
    response = check(
        staff,
        grn((player_a.abf_number, 250)),
        name="Super Congress Swiss Teams",
        grade="A2",
        organiser="congress",
        congress_grade="A2",
        congress_event="minor",
    )

    assert "grade B3, not A2" in response.json()["error"]["fields"]["event.grade"][0]


def test_the_upload_page_shows_the_5_3_3_refusal_naming_the_grade(
    state_client_a, player_a, congress_approved
):
    page = state_client_a.post(
        "/awards/uploads/new/",
        {
            "file": SimpleUploadedFile("congress.red", grn((player_a.abf_number, 250))),
            "name": "Autumn Congress Swiss Pairs",
            "starts_on": yesterday().isoformat(),
            "grade": "B3",
            "kind": "pairs",
            "sessions": "1",
            "organiser": "congress",
            "congress_grade": "B3",
            "congress_event": "minor",
            "director_level": "state",
        },
    )

    assert page.status_code == 400
    # The page lists an upload's problems above the form, each naming its field.
    problems = page.context["problems"]
    assert [(p.field, p.message[:29]) for p in problems] == [
        ("event.grade", "A minor event drops one grade")
    ]
    assert "A minor event drops one grade" in page.content.decode()
    assert not CreditUpload.objects.exists()


def test_a_club_secretary_s_upload_page_has_no_congress_fields(client_a):
    page = client_a.get("/awards/uploads/new/")

    assert "congress_grade" not in page.context["form"].fields


def test_the_upload_api_documents_the_congress_fields(staff):
    schema = api_for(staff).get("/api/schema/", {"format": "json"}).json()
    body = schema["paths"]["/api/v1/uploads/check"]["post"]["requestBody"]["content"]
    ref = body["multipart/form-data"]["schema"]["$ref"].rsplit("/", 1)[1]
    form = schema["components"]["schemas"][ref]["properties"]
    assert {"congress_grade", "congress_event", "extra_championship"} <= set(form)


def test_a_congress_event_from_a_results_file_is_refused_its_wrong_grade_too(
    state_client_a, club_a, congress_approved
):
    from pathlib import Path

    from awards.results import usebio

    results = (
        Path(__file__).parent / "results" / "samples" / "compscore_mitchell.xml"
    ).read_bytes()
    for numbers in usebio.read(results).players.values():
        for number in numbers:
            PlayerFactory(abf_number=number, home_club=club_a)

    page = state_client_a.post(
        "/awards/uploads/new/",
        {
            "results": SimpleUploadedFile("compscore_mitchell.xml", results),
            "name": "Autumn Congress Swiss Pairs",
            "starts_on": yesterday().isoformat(),
            "grade": "B4",
            "kind": "pairs",
            "sessions": "1",
            "organiser": "congress",
            "congress_grade": "B4",
            "congress_event": "walk_in",
        },
    )

    assert page.status_code == 400
    assert "A walk-in event is B5" in page.content.decode()
    assert not CreditUpload.objects.exists()
