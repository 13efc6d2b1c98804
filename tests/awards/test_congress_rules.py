"""The manual's congress rules where a congress's event is uploaded and a congress approved:
its major championships (5.3.1) and restricted events (5.3.2), its days (5.1.1) and its
director (1.5.2, 5.1.1, 5.1.2, 5.1.3). Each refusal names its field and clause, and nothing
is stored; the same request sent again is refused again, the same way."""

from datetime import timedelta

import pytest

from awards.authorisations.approvals.services import approval_register
from awards.authorisations.models import Approval
from awards.errors import AwardsError
from awards.intake.models import CreditUpload
from awards.ledger.models import Event
from tests.awards.conftest import grn, yesterday
from tests.awards.test_upload_roles import check, check_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

Kind = Approval.Kind


@pytest.fixture
def players(club_a):
    return PlayerFactory.create_batch(4, home_club=club_a)


def fields_refused(response) -> dict[str, list[str]]:
    assert response.status_code == 400, response.json()
    return response.json()["error"]["fields"]


def congress_upload(user, player, *, name, grade="B4", confirm=False, **fields):
    data = {
        "name": name,
        "grade": grade,
        "organiser": "congress",
        "congress_grade": "B4",
        "congress_event": "championship",
        "sessions": 2,
        "director_level": "congress",
        **fields,
    }
    content = grn((player.abf_number, 250))
    if confirm:
        return check_and_confirm(user, content, **data)
    return check(user, content, **data)


# 5.3.1 Congress Championships


def test_5_3_1_a_one_session_championship_is_refused(state_secretary_a, players, congress_approved):
    """5.3.1: "Each grade B4 Congress may include two major championships, each of at least
    two sessions"."""
    for _ in range(2):
        fields = fields_refused(
            congress_upload(state_secretary_a, players[0], name="Open Pairs", sessions=1)
        )
        assert fields["event.sessions"] == [
            "A major championship of a congress is of at least two sessions; a single "
            "session event is a minor or walk-in one (5.3.1)."
        ]
    assert not CreditUpload.objects.exists()


def test_5_3_1_a_b4_congress_has_two_major_championships_and_a_third_is_refused(
    state_secretary_a, players, congress_approved
):
    """5.3.1: "Each grade B4 Congress may include two major championships ... Open Pairs -
    Open Teams"."""
    congress_upload(state_secretary_a, players[0], name="Open Pairs", confirm=True)
    congress_upload(state_secretary_a, players[1], name="Open Teams", confirm=True)

    for _ in range(2):
        fields = fields_refused(
            congress_upload(state_secretary_a, players[2], name="Mixed Pairs", sessions=4)
        )
        assert fields["event.congress_event"] == [
            "A grade B4 congress may include two major championships and this one has 2 "
            "credited already (Open Pairs; Open Teams); call this event a restricted, minor or "
            "additional one (5.3.1)."
        ]
    assert Event.objects.count() == 2
    assert CreditUpload.objects.count() == 2


def test_5_3_1_the_same_championship_sent_in_a_second_file_is_not_a_third(
    state_secretary_a, players, congress_approved
):
    """5.3.1: an event counts once however many uploads carry it (a second session's
    awards sent as the day's session 2)."""
    congress_upload(state_secretary_a, players[0], name="Open Pairs", confirm=True)
    congress_upload(state_secretary_a, players[1], name="Open Teams", confirm=True)

    again = congress_upload(state_secretary_a, players[2], name="open  pairs", session=2)

    assert again.status_code == 201, again.json()


def test_5_3_2_restricted_events_are_told_apart_from_the_championships(
    state_secretary_a, players, congress_approved
):
    """5.3.2: "Restricted events retain the same grade and session acceleration as Congress
    Championships"; they are not among the two major championships of 5.3.1."""
    congress_upload(state_secretary_a, players[0], name="Open Pairs", confirm=True)
    congress_upload(state_secretary_a, players[1], name="Open Teams", confirm=True)

    restricted = congress_upload(
        state_secretary_a,
        players[2],
        name="Under Life Master Pairs",
        congress_event="restricted",
        sessions=1,
        confirm=True,
    )

    assert restricted.grade == "B4"
    assert restricted.upload.event_details["congress_event"] == "restricted"


def test_5_3_2_a_restricted_event_a_grade_below_the_congress_is_refused(
    state_secretary_a, players, congress_approved
):
    """5.3.2: restricted events "retain the same grade" as the congress's championships."""
    fields = fields_refused(
        congress_upload(
            state_secretary_a,
            players[0],
            name="Novice Pairs",
            grade="B5",
            congress_event="restricted",
        )
    )

    assert fields["event.grade"] == [
        "A restricted event keeps the grade of the congress's championships; at a grade B4 "
        "congress this event is grade B4, not B5 (5.3.2)."
    ]
    assert not CreditUpload.objects.exists()


def test_5_3_1_a_b3_congress_s_third_championship_is_of_at_least_four_sessions(
    state_secretary_a, players, congress_approved
):
    """5.3.1: "Each grade A2 or B3 Congress may include these two championships and one
    additional major championship, provided it is of at least 4 sessions"."""
    b3 = {"grade": "B3", "congress_grade": "B3", "director_level": "state"}
    congress_upload(state_secretary_a, players[0], name="Open Pairs", confirm=True, **b3)
    congress_upload(state_secretary_a, players[1], name="Open Teams", confirm=True, **b3)

    for _ in range(2):
        fields = fields_refused(
            congress_upload(state_secretary_a, players[2], name="Swiss Pairs", sessions=3, **b3)
        )
        assert fields["event.sessions"] == [
            "The additional (third) major championship of a grade B3 congress is of at least "
            "4 sessions; this event has 3 (5.3.1)."
        ]
    congress_upload(
        state_secretary_a, players[2], name="Swiss Pairs", sessions=4, confirm=True, **b3
    )
    fourth = congress_upload(state_secretary_a, players[3], name="Butler Pairs", sessions=6, **b3)
    assert (
        "may include three major championships" in fields_refused(fourth)["event.congress_event"][0]
    )


# 5.1.1 the congress's days


def test_5_1_1_a_congress_whose_adjacent_sessions_are_days_apart_is_not_approved(
    state_secretary_a,
):
    """5.1.1: "Adjacent sessions of the Congress must be on the same or consecutive days"."""
    first = yesterday() - timedelta(days=10)
    for _ in range(2):
        with pytest.raises(AwardsError) as refused:
            approval_register(
                by=state_secretary_a,
                kind=Kind.CONGRESS,
                name="Spring Congress",
                starts_on=first,
                ends_on=first + timedelta(days=2),
                sessions=2,
            )
        assert refused.value.fields == {
            "ends_on": [
                "A congress of 2 sessions cannot span 3 days: some day between two adjacent "
                "sessions would have no play. Adjacent sessions are on the same or "
                "consecutive days (5.1.1)."
            ]
        }
    assert not Approval.objects.exists()

    weekend = approval_register(
        by=state_secretary_a,
        kind=Kind.CONGRESS,
        name="Spring Congress",
        starts_on=first,
        ends_on=first + timedelta(days=1),
        sessions=2,
    )
    assert (weekend.ends_on - weekend.starts_on).days == 1


def test_5_1_1_an_event_ending_after_the_approved_days_is_refused(
    state_secretary_a, players, congress_approved
):
    """5.1.1: "The event must be held on the approved date"."""
    from django.utils import timezone

    for _ in range(2):
        fields = fields_refused(
            congress_upload(
                state_secretary_a,
                players[0],
                name="Open Teams",
                ends_on=timezone.localdate().isoformat(),
            )
        )
        assert fields["event.ends_on"][0].endswith(
            "The event must be held on the approved date (5.1.1)."
        )
    assert not CreditUpload.objects.exists()


# 1.5.2, 5.1.1, 5.1.2, 5.1.3 the director


def test_5_1_1_a_congress_event_without_its_director_s_accreditation_is_refused(
    state_secretary_a, players, congress_approved
):
    """5.1.1: "Each session must be under the control of a non-playing Tournament Director,
    who is accredited at the Congress level or higher (refer clause 1.5.2)"."""
    for _ in range(2):
        fields = fields_refused(
            congress_upload(state_secretary_a, players[0], name="Open Pairs", director_level="")
        )
        assert fields["event.director_level"] == [
            "Give the accreditation of the event's director: A tournament director is "
            "accredited at the Congress level or higher (5.1.1)."
        ]
    assert not CreditUpload.objects.exists()


@pytest.mark.parametrize(
    ("fields", "where", "message"),
    [
        (
            {"director_level": "club"},
            "event.director_level",
            "A tournament director is accredited at the Congress level or higher, not Club "
            "(5.1.1).",
        ),
        (
            {"director_playing": "true"},
            "event.director_playing",
            "A congress is run under the control of a non-playing director; only Bridge Tours "
            "and Cruises and club events may have a playing director (1.5.2, 5.1.1).",
        ),
        (
            # 5.1.3: "The Chief Tournament Director must be accredited at State Level or higher."
            {"grade": "B3", "congress_grade": "B3"},
            "event.director_level",
            "A super congress's chief tournament director is accredited at the State level "
            "or higher, not Congress (5.1.3).",
        ),
    ],
)
def test_1_5_2_a_congress_s_director_below_its_level_or_playing_is_refused(
    state_secretary_a, players, congress_approved, fields, where, message
):
    """1.5.2: "All Congresses (apart from Bridge Tours and Cruises) ... must be run under the
    control of a non-playing accredited director, approved for the relevant level"."""
    for _ in range(2):
        refused = fields_refused(
            congress_upload(state_secretary_a, players[0], name="Open Pairs", **fields)
        )
        assert refused[where] == [message]
    assert not CreditUpload.objects.exists()


@pytest.mark.parametrize("level", ["congress", "state", "national_3", "national_1"])
def test_1_5_2_the_director_s_accreditation_is_recorded_with_the_event(
    state_secretary_a, players, congress_approved, level
):
    """1.5.2: Congress "or higher": the State and National levels too."""
    event = congress_upload(
        state_secretary_a, players[0], name="Open Pairs", director_level=level, confirm=True
    )

    assert event.upload.event_details["director_level"] == level
    assert event.upload.event_details["director_playing"] is False


def test_5_1_2_a_bridge_tour_may_have_a_playing_club_director(state_secretary_a, players):
    """5.1.2: "The Tournament Director has been accredited at the Club level, or higher";
    1.5.2 leaves Bridge Tours and Cruises out of the non-playing rule."""
    approval_register(
        by=state_secretary_a,
        kind=Kind.BRIDGE_TOUR,
        name="Island cruise",
        starts_on=yesterday() - timedelta(days=3),
        ends_on=yesterday(),
        sessions=8,
        convener="J. Smith",
    )
    tour = {"congress_grade": "", "congress_event": "", "director_playing": "true"}

    taken = congress_upload(
        state_secretary_a, players[0], name="Tour Pairs", director_level="club", **tour
    )
    assert taken.status_code == 201, taken.json()
    assert taken.json()["event_details"]["director_playing"] is True

    refused = fields_refused(
        congress_upload(state_secretary_a, players[1], name="Tour Teams", director_level="", **tour)
    )
    assert refused["event.director_level"] == [
        "Give the accreditation of the event's director: A Bridge Tour's tournament director "
        "is accredited at the Club level or higher (5.1.2)."
    ]


def test_the_upload_page_asks_a_state_for_the_director_and_a_club_not(state_client_a, client_a):
    state_form = state_client_a.get("/awards/uploads/new/").context["form"]
    club_form = client_a.get("/awards/uploads/new/").context["form"]

    assert {"director_level", "director_playing"} <= set(state_form.fields)
    assert "director_level" not in club_form.fields


def test_1_5_2_the_upload_s_page_shows_the_director_it_recorded(
    state_secretary_a, state_client_a, players, congress_approved
):
    event = congress_upload(
        state_secretary_a, players[0], name="Open Pairs", director_level="national_3", confirm=True
    )

    page = state_client_a.get(f"/awards/uploads/{event.upload.pk}/").content.decode()

    assert "Director accredited at the National 3 level, non-playing (1.5.2)." in page
