"""State Championships (6.2.2) and Regional Championships (2.4) where a state uploads its
grade B and grade C events, and the state's regions in its register. Each refusal names its
field and clause, and nothing is stored; the same request sent again is refused again.

6.2.2: "Duration of these championships shall be limited as follows: Three longest up to 20
sessions. Next three up to 10 sessions. All others from 2 to 6 sessions." "States may not
conduct more than one of the above Championships as an eclectic event."

2.4: "State Associations are responsible for dividing the state into regions. Clubs within
these regions are entitled (in consultation with the State Association) to organize jointly
the following Regional Championships every year: Open Pairs - Open Teams - Master Pairs"."""

import pytest

from awards.authorisations.approvals.state_events import region_register
from awards.authorisations.models import Region
from awards.corrections.services.reversals import upload_reverse
from awards.errors import AwardsError
from awards.intake.models import CreditUpload
from scheme.abf.state_championships import eclectic_refusal, session_refusal
from tests.awards.conftest import grn
from tests.awards.test_upload_roles import check, check_and_confirm
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(club_a):
    return PlayerFactory.create_batch(8, home_club=club_a)


def state_event(user, player, *, name, sessions, confirm=False, grade="B", **fields):
    data = {"name": name, "grade": grade, "sessions": sessions, **fields}
    content = grn((player.abf_number, 100))
    return check_and_confirm(user, content, **data) if confirm else check(user, content, **data)


def refused_fields(response) -> dict[str, list[str]]:
    assert response.status_code == 400, response.json()
    return response.json()["error"]["fields"]


# 6.2.2 State Championships


@pytest.mark.parametrize(
    ("held", "sessions", "refused"),
    [
        ([20, 20], 20, ""),
        ([20, 20, 20], 20, "next three"),  # a fourth of 20 is one of the next three
        ([20, 20, 20], 10, ""),
        ([20, 20, 20, 10, 10], 11, "next three"),
        ([20, 20, 20, 10, 10, 10], 7, "Beyond a state's six longest"),
        ([20, 20, 20, 10, 10, 10], 6, ""),
        ([20, 20, 20, 10, 10, 10], 1, "Beyond a state's six longest"),  # "from 2 to 6"
        ([], 21, "three longest"),
    ],
)
def test_6_2_2_the_session_limits_of_a_state_s_championships(held, sessions, refused):
    message = session_refusal(held=held, sessions=sessions)

    assert (refused in message) if refused else message == ""
    if refused:
        assert message.endswith("(6.2.2).")


def test_6_2_2_one_eclectic_event():
    assert eclectic_refusal(held=[]) == ""
    assert eclectic_refusal(held=["State Swiss Pairs"]) == (
        "A state runs one of its championships of a year as an eclectic event; State Swiss "
        "Pairs is one already (6.2.2)."
    )


def test_6_2_2_a_championship_beyond_the_limits_is_refused_and_one_within_taken(
    state_secretary_a, players
):
    for n, name in enumerate(["State Pairs", "State Teams", "Masters Pairs"]):
        state_event(
            state_secretary_a,
            players[n],
            name=name,
            sessions=20,
            state_championship=["pairs", "teams", "masters_pairs"][n],
            confirm=True,
        )
    uploads = CreditUpload.objects.count()

    for _ in range(2):
        fields = refused_fields(
            state_event(
                state_secretary_a,
                players[3],
                name="Masters Teams",
                sessions=12,
                state_championship="masters_teams",
            )
        )
        assert fields["event.sessions"] == [
            "A state's next three championships of a year have up to 10 sessions; with this "
            "one of 12 the state's would be 20, 20, 20, 12 (6.2.2)."
        ]
    assert CreditUpload.objects.count() == uploads

    taken = state_event(
        state_secretary_a,
        players[3],
        name="Masters Teams",
        sessions=10,
        state_championship="masters_teams",
    )
    assert taken.status_code == 201, taken.json()
    assert taken.json()["event_details"]["state_championship"] == "masters_teams"


def eclectic_swiss_pairs_credited(user, player):
    """The state's Swiss Pairs of the year, an eclectic championship, checked and credited."""
    return state_event(
        user,
        player,
        name="State Swiss Pairs",
        sessions=6,
        state_championship="swiss_pairs",
        eclectic="true",
        confirm=True,
    )


def eclectic_individual(user, player):
    """The state's Individual, another eclectic championship of the year, checked."""
    return state_event(
        user,
        player,
        name="State Individual",
        sessions=4,
        state_championship="individual",
        eclectic="true",
    )


def test_6_2_2_a_second_eclectic_championship_in_the_year_is_refused(state_secretary_a, players):
    eclectic_swiss_pairs_credited(state_secretary_a, players[0])

    for _ in range(2):
        fields = refused_fields(eclectic_individual(state_secretary_a, players[1]))
        assert fields["event.eclectic"] == [
            "A state runs one of its championships of a year as an eclectic event; State "
            "Swiss Pairs is one already (6.2.2)."
        ]
    # The same eclectic event's next session is not a second one.
    again = state_event(
        state_secretary_a,
        players[1],
        name="state swiss pairs",
        sessions=6,
        state_championship="swiss_pairs",
        eclectic="true",
        session=2,
    )
    assert again.status_code == 201, again.json()


def test_6_2_2_an_eclectic_championship_reversed_is_no_longer_the_year_s_one(
    state_secretary_a, players, staff
):
    swiss = eclectic_swiss_pairs_credited(state_secretary_a, players[0])
    upload_reverse(
        upload=CreditUpload.objects.get(event=swiss), reason="Sent for the wrong year.", by=staff
    )

    individual = eclectic_individual(state_secretary_a, players[1])
    assert individual.status_code == 201, individual.json()


def test_6_2_2_a_state_championship_of_another_grade_is_refused(state_secretary_a, players):
    fields = refused_fields(
        state_event(
            state_secretary_a, players[0], name="State Teams", sessions=6, grade="B4s",
            state_championship="teams",
        )
    )  # fmt: skip

    assert (
        "A State Championship or Selection event is grade B, not B4s (6.2.2)."
        in (fields["event.grade"])
    )
    assert not CreditUpload.objects.exists()


def test_6_2_2_a_grade_b_event_that_does_not_say_its_championship_is_warned(
    state_secretary_a, players
):
    response = state_event(state_secretary_a, players[0], name="State Open Teams", sessions=8)

    assert response.status_code == 201, response.json()
    assert any(w.endswith("the others 2 to 6 (6.2.2).") for w in response.json()["warnings"])


def test_6_3_the_australia_wide_pairs_are_not_warned_as_a_state_championship(
    state_secretary_a, players
):
    response = state_event(state_secretary_a, players[0], name="Australia-Wide Pairs", sessions=1)

    assert response.status_code == 201, response.json()
    assert not [w for w in response.json()["warnings"] if "6.2.2" in w]


# 2.4 regions and Regional Championships


@pytest.fixture
def north(state_secretary_a, club_a):
    return region_register(by=state_secretary_a, name="North Coast", clubs=[club_a])


def test_2_4_the_state_secretary_divides_the_state_into_regions(
    state_secretary_a, club_a, club_b, north
):
    assert list(north.clubs.all()) == [club_a]
    with pytest.raises(AwardsError) as twice:
        region_register(by=state_secretary_a, name="north  coast", clubs=[])
    assert twice.value.fields == {"name": ["NSW has a region named north coast already (2.4)."]}
    with pytest.raises(AwardsError) as elsewhere:
        region_register(by=state_secretary_a, name="Hunter", clubs=[club_b])
    assert elsewhere.value.fields == {"clubs": ["Club 301 is not a club of NSW (2.4)."]}
    with pytest.raises(AwardsError) as in_two:
        region_register(by=state_secretary_a, name="Hunter", clubs=[club_a])
    assert in_two.value.fields == {
        "clubs": ["Club 201 is within the region North Coast already (2.4)."]
    }
    assert Region.objects.count() == 1


def test_2_4_a_grade_c_event_names_its_region_and_championship(state_secretary_a, players, north):
    for _ in range(2):
        fields = refused_fields(
            state_event(state_secretary_a, players[0], name="Regional Pairs", sessions=2, grade="C")
        )
        assert fields["event.region"] == [
            "Give the region whose clubs run this Regional Championship; the state divides "
            "itself into regions (2.4)."
        ]
        assert fields["event.regional_championship"][0].startswith(
            "Say which Regional Championship this is: Open Pairs, Open Teams or Master Pairs"
        )
    fields = refused_fields(
        state_event(
            state_secretary_a, players[0], name="Regional Pairs", sessions=2, grade="C",
            region="Hunter", regional_championship="open_pairs",
        )
    )  # fmt: skip
    assert fields["event.region"] == [
        "NSW has no region named 'Hunter' (its regions: North Coast); the state masterpoint "
        "secretary divides the state into regions (2.4)."
    ]
    assert not CreditUpload.objects.exists()


def test_2_4_each_regional_championship_once_a_year_in_a_region(
    state_secretary_a, players, north, club_a
):
    south = region_register(
        by=state_secretary_a, name="South Coast", clubs=[ClubFactory(state=club_a.state)]
    )
    regional = {"grade": "C", "sessions": 2, "regional_championship": "open_pairs"}
    state_event(
        state_secretary_a, players[0], name="North Coast Open Pairs", region="North Coast",
        confirm=True, **regional,
    )  # fmt: skip

    for _ in range(2):
        fields = refused_fields(
            state_event(
                state_secretary_a, players[1], name="North Coast Pairs Championship",
                region="north coast", **regional,
            )
        )  # fmt: skip
        assert fields["event.regional_championship"] == [
            "North Coast has run its Open Pairs of "
            f"{CreditUpload.objects.get().event.starts_on.year} already (North Coast Open "
            "Pairs); a region runs each of its three Regional Championships once a year (2.4)."
        ]
    # Another region's Open Pairs, and the region's Open Teams, are taken.
    other = state_event(
        state_secretary_a, players[2], name="South Coast Open Pairs", region=south.name,
        **regional,
    )  # fmt: skip
    assert other.status_code == 201, other.json()
    teams = state_event(
        state_secretary_a, players[3], name="North Coast Open Teams", region="North Coast",
        **{**regional, "regional_championship": "open_teams"},
    )  # fmt: skip
    assert teams.status_code == 201, teams.json()
    assert teams.json()["event_details"]["region"] == "North Coast"


def test_2_4_only_a_grade_c_event_is_a_regional_championship(state_secretary_a, players, north):
    fields = refused_fields(
        state_event(
            state_secretary_a, players[0], name="Open Pairs", sessions=2, grade="B",
            region="North Coast", regional_championship="open_pairs",
        )
    )  # fmt: skip

    assert fields["event.grade"] == [
        "Only a grade C event is a Regional Championship, not grade B (2.4)."
    ]


def test_2_4_the_register_page_lists_the_regions_and_adds_one(state_client_a, club_a):
    added = state_client_a.post(
        "/state/register/regions/",
        {"region-name": "Central West", "region-clubs": str(club_a.number)},
    )
    assert added.status_code == 302
    again = state_client_a.post(
        "/state/register/regions/", {"region-name": "Central West", "region-clubs": ""}
    )
    assert again.status_code == 302

    page = state_client_a.get("/state/register/").content.decode()
    assert "Central West" in page
    assert "NSW has a region named Central West already (2.4)." in page
    assert Region.objects.get().clubs.get() == club_a


def test_2_4_a_club_secretary_may_not_divide_the_state(client_a):
    response = client_a.post("/state/register/regions/", {"region-name": "Mine"})

    assert response.status_code in (302, 403)
    assert not Region.objects.exists()
