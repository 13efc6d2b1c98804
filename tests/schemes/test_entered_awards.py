"""Awards entered on screen under the NZ scheme and the ACBL plan: the grade a login may
enter (NZ: Issue of Master Points; ACBL: clubs their club games, units their sectionals), the
form's default grade, an ACBL split grade credited one credit a colour, and each award held
against the most the event and its grade can pay."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _enter(client, grade: str, rows: list[tuple[str, str]], **event) -> object:
    data = {
        "name": "Thursday pairs",
        "starts_on": (timezone.localdate() - timedelta(days=1)).isoformat(),
        "grade": grade,
        "kind": "pairs",
        "sessions": "1",
        **event,
    }
    for index, (number, points) in enumerate(rows, start=1):
        data[f"abf-{index}"] = number
        data[f"points-{index}"] = points
    return client.post(reverse("awards:sundry"), data)


def _credited(client, response) -> CreditUpload:
    assert response.status_code == 302, response.content.decode()[:3000]
    upload = CreditUpload.objects.latest("pk")
    assert client.post(reverse("awards:upload_confirm", args=[upload.pk])).status_code == 302
    return upload


def _selected_grade(client) -> str:
    text = client.get(reverse("awards:sundry")).content.decode()
    start = text.index('name="grade"')
    chosen = text.index(" selected", start)
    value = text.rindex('value="', start, chosen) + len('value="')
    return text[value : text.index('"', value)]


# -- the form's default grade --


def test_the_acbl_form_defaults_to_an_open_club_game(settings, client_a):
    settings.MASTERPOINT_SCHEME = "acbl"
    assert _selected_grade(client_a) == "CO"


def test_the_nz_form_defaults_to_a_club_session(settings, client_a):
    settings.MASTERPOINT_SCHEME = "nz"
    assert _selected_grade(client_a) == "club"


# -- ACBL split grades: one credit a colour, adding up to the award --


@pytest.mark.parametrize(
    ("grade", "points", "expected"),
    [
        # NOTES.md, split awards: 0.75 half black, half red is 0.38 black, 0.37 red.
        ("BR", "0.75", {"black": 38, "red": 37}),
        ("BR", "2.25", {"black": 113, "red": 112}),
        ("IMP", "1.50", {"black": 75, "red": 75}),
        # "Club Appreciation Game: Teams - Awards 5% Gold masterpoints, up to maximum of 0.25".
        ("CA", "2.00", {"gold": 10, "black": 190}),
        ("CA", "6.00", {"gold": 25, "black": 575}),
    ],
)
def test_an_acbl_club_s_split_grade_is_credited_in_each_colour(
    settings, client_a, club_a, grade, points, expected
):
    settings.MASTERPOINT_SCHEME = "acbl"
    player = PlayerFactory(home_club=club_a)

    upload = _credited(client_a, _enter(client_a, grade, [(player.abf_number, points)]))

    credits = {c.colour: c.points for c in Credit.objects.filter(upload=upload, player=player)}
    assert credits == expected
    assert sum(credits.values()) == int(points.replace(".", ""))
    assert {colour: points for colour, points in upload.totals.items() if points} == expected


def test_staff_enter_an_intermediate_novice_championship_in_gold_and_red(
    settings, staff_client, club_a
):
    settings.MASTERPOINT_SCHEME = "acbl"
    player = PlayerFactory(home_club=club_a)

    # "33% gold, 67% red": 3.00 is 0.99 gold and 2.01 red.
    response = _enter(
        staff_client,
        "IN",
        [(player.abf_number, "3.00")],
        organiser="club",
        club_number=str(club_a.number),
    )
    upload = _credited(staff_client, response)

    credits = {c.colour: c.points for c in Credit.objects.filter(upload=upload)}
    assert credits == {"gold": 99, "red": 201}


def test_an_acbl_single_colour_club_game_stays_black(settings, client_a, club_a):
    settings.MASTERPOINT_SCHEME = "acbl"
    player = PlayerFactory(home_club=club_a)

    upload = _credited(client_a, _enter(client_a, "CO", [(player.abf_number, "0.90")]))

    assert list(Credit.objects.filter(upload=upload).values_list("colour", "points")) == [
        ("black", 90)
    ]


# -- who may enter which grade --


def test_an_nz_club_may_not_enter_a_region_s_tournament_s_a_points(settings, client_a, club_a):
    settings.MASTERPOINT_SCHEME = "nz"
    player = PlayerFactory(home_club=club_a)

    page = client_a.get(reverse("awards:sundry")).content.decode()
    response = _enter(client_a, "10A", [(player.abf_number, "3.00")])

    # Tournaments General 6: "each Club is entitled to conduct one Tournament for an award
    # of 3 or 5 A Points", and an Open B, a 5B and a 3B; not a 10A.
    assert 'value="club"' in page and 'value="5A"' in page and 'value="10A"' not in page
    assert response.status_code == 400
    text = response.content.decode()
    assert "status 10A" in text and "Issue of Master Points, rule 1(b)" in text
    assert not CreditUpload.objects.exists()


def test_an_nz_club_runs_one_3a_or_5a_tournament_a_calendar_year(settings, client_a, club_a):
    """Tournaments General 6: "each Club is entitled to conduct one Tournament for an award
    of 3 or 5 A Points during each calendar year"."""
    settings.MASTERPOINT_SCHEME = "nz"
    player = PlayerFactory(home_club=club_a)

    upload = _credited(
        client_a, _enter(client_a, "5A", [(player.abf_number, "3.00")], name="Club 5A Pairs")
    )
    assert list(Credit.objects.filter(upload=upload).values_list("colour", "points")) == [
        ("A", 300)
    ]
    second = _enter(client_a, "3A", [(player.abf_number, "2.00")], name="Club 3A Teams")
    junior = _enter(client_a, "3B", [(player.abf_number, "1.00")], name="Club Junior")

    assert second.status_code == 400
    assert "one Tournament for an award of 3 or 5 A Points" in second.content.decode()
    assert "(Tournaments General, rule 6)" in second.content.decode()
    assert junior.status_code == 302


def test_an_nz_region_enters_its_tournament_but_not_a_national_event(
    settings, state_client_a, club_a
):
    settings.MASTERPOINT_SCHEME = "nz"
    player = PlayerFactory(home_club=club_a)

    national = _enter(state_client_a, "IPC-OPEN", [(player.abf_number, "3.00")])
    assert national.status_code == 400
    assert "Tournaments General, rule 4" in national.content.decode()

    upload = _credited(state_client_a, _enter(state_client_a, "5A", [(player.abf_number, "3.00")]))
    assert list(Credit.objects.filter(upload=upload).values_list("colour", "points")) == [
        ("A", 300)
    ]


def test_an_acbl_club_may_not_enter_a_regional_or_sectional_award(settings, client_a, club_a):
    settings.MASTERPOINT_SCHEME = "acbl"
    player = PlayerFactory(home_club=club_a)

    page = client_a.get(reverse("awards:sundry")).content.decode()
    regional = _enter(client_a, "R", [(player.abf_number, "3.00")])
    sectional = _enter(client_a, "S", [(player.abf_number, "3.00")])

    assert 'value="CO"' in page and 'value="R"' not in page and 'value="NP"' not in page
    assert regional.status_code == 400 and sectional.status_code == 400
    assert "grade R (Regional tournament (red)) is a regional" in regional.content.decode()
    assert "the unit reports its awards" in sectional.content.decode()
    assert not CreditUpload.objects.exists()


def test_an_acbl_unit_enters_its_sectional_in_silver_but_not_a_club_game(
    settings, state_client_a, club_a
):
    settings.MASTERPOINT_SCHEME = "acbl"
    player = PlayerFactory(home_club=club_a)

    club_game = _enter(state_client_a, "CO", [(player.abf_number, "0.50")])
    assert club_game.status_code == 400
    assert "the club that ran it reports its awards" in club_game.content.decode()

    upload = _credited(state_client_a, _enter(state_client_a, "S", [(player.abf_number, "3.00")]))
    assert list(Credit.objects.filter(upload=upload).values_list("colour", "points")) == [
        ("silver", 300)
    ]


# -- entered awards against the most the event and its grade can pay --


def test_900_c_points_for_an_nz_club_session_are_refused_naming_the_rule(
    settings, client_a, club_a
):
    settings.MASTERPOINT_SCHEME = "nz"
    player = PlayerFactory(home_club=club_a)

    response = _enter(client_a, "club", [(player.abf_number, "900.00")])

    assert response.status_code == 400
    text = response.content.decode()
    assert f"{player.abf_number} {player.given_names} {player.family_name} is given 900.00" in text
    assert "more than any status club event can pay one player (40.00" in text
    assert "the top of the Basic Table of C Point Awards" in text
    assert not CreditUpload.objects.exists()


def test_staff_are_warned_of_900_c_points_for_an_nz_club_session(settings, staff_client, club_a):
    settings.MASTERPOINT_SCHEME = "nz"
    player = PlayerFactory(home_club=club_a)

    response = _enter(
        staff_client,
        "club",
        [(player.abf_number, "900.00")],
        organiser="club",
        club_number=str(club_a.number),
    )

    assert response.status_code == 302
    upload = CreditUpload.objects.get()
    assert any("more than any status club event" in w for w in upload.preview["warnings"])


def test_an_nz_club_session_award_above_its_winner_s_is_warned(settings, client_a, club_a):
    settings.MASTERPOINT_SCHEME = "nz"
    winner, other = PlayerFactory(home_club=club_a), PlayerFactory(home_club=club_a)

    # Nine tables of 24 deals: the winner's 40 C Points by the Basic Table.
    full = _enter(
        client_a,
        "club",
        [(winner.abf_number, "40.00"), (other.abf_number, "36.00")],
        tables="9",
        boards="24",
    )
    # 16 deals: a session of fewer than 20 deals pays half, 20 C Points to the winner.
    short = _enter(
        client_a,
        "club",
        [(winner.abf_number, "24.00"), (other.abf_number, "20.00")],
        tables="9",
        boards="16",
        name="Short",
    )

    assert full.status_code == 302 and short.status_code == 302
    assert CreditUpload.objects.get(event_details__name="Thursday pairs").preview["warnings"] == []
    warnings = CreditUpload.objects.get(event_details__name="Short").preview["warnings"]
    assert len(warnings) == 1
    assert warnings[0].startswith(f"Line 1: {winner.abf_number} ")
    assert "above the most this event can pay: 20.00" in warnings[0]
    assert "9 tables and 16 deals a session" in warnings[0]


def test_a_25a_award_above_its_winners_award_is_refused(settings, state_client_a, club_a):
    settings.MASTERPOINT_SCHEME = "nz"
    player = PlayerFactory(home_club=club_a)

    # 25 A Points for the winners and one for winning its one session.
    response = _enter(state_client_a, "25A", [(player.abf_number, "30.00")])

    assert response.status_code == 400
    assert "winners&#x27; award of 25 A Points" in response.content.decode()
    assert _enter(state_client_a, "25A", [(player.abf_number, "26.00")]).status_code == 302


def test_900_black_points_for_an_acbl_club_game_are_refused(settings, client_a, club_a):
    settings.MASTERPOINT_SCHEME = "acbl"
    player = PlayerFactory(home_club=club_a)

    response = _enter(client_a, "CO", [(player.abf_number, "900.00")])

    assert response.status_code == 400
    text = response.content.decode()
    assert "more than any grade CO event can pay one player (5.50" in text
    assert not CreditUpload.objects.exists()


def test_an_acbl_club_game_award_above_first_place_is_warned(settings, client_a, club_a):
    settings.MASTERPOINT_SCHEME = "acbl"
    player = PlayerFactory(home_club=club_a)

    # "Open games award .10 MP per table for first place in each group": 0.90 at 9 tables.
    response = _enter(client_a, "CO", [(player.abf_number, "1.00")], tables="9")

    assert response.status_code == 302
    warnings = CreditUpload.objects.get().preview["warnings"]
    assert len(warnings) == 1 and "above the most this event can pay: 0.90" in warnings[0]
