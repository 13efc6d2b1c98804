"""NZ Bridge: a player above a Tournament's grade, or declared ineligible by a club, receives
no Master Points, and the eligible players' awards are unchanged (seed 003, Issue of Master
Points 6, 7(c), 9). Entered as a club's secretary and a region's would, each twice."""

import copy
from datetime import date, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from players.abf_numbers import from_serial
from players.models import GradeDecision, PlayerGrade
from players.services.status import ineligibility_declare, ineligibility_withdraw
from scheme.nz.scheme import NZ_SCHEME
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

YESTERDAY = timezone.localdate() - timedelta(days=1)
# The certificates in force on the day played: set at 31 December, from 1 February.
CERTIFICATE_YEAR = YESTERDAY.year if date(YESTERDAY.year, 2, 1) <= YESTERDAY else YESTERDAY.year - 1


@pytest.fixture
def nz(settings):
    settings.MASTERPOINT_SCHEME = "nz"


def _graded(club, grade: str, rating: int):
    player = PlayerFactory(home_club=club)
    PlayerGrade.objects.create(player=player, year=CERTIFICATE_YEAR, rating=rating, grade=grade)
    return player


def _sundry(client, status: str, rows, name="Club Junior Pairs"):
    data = {
        "name": name,
        "starts_on": YESTERDAY.isoformat(),
        "grade": status,
        "kind": "pairs",
        "sessions": "2",
    }
    for index, (number, points) in enumerate(rows, start=1):
        data[f"abf-{index}"] = number
        data[f"points-{index}"] = points
    return client.post(reverse("awards:sundry"), data)


def test_an_open_player_s_line_in_a_junior_tournament_is_refused_naming_grade_and_rule(
    nz, client_a, club_a
):
    """Definitions: "Junior Tournament (3B) - A Tournament open to all Players who hold not
    more than 5 A Points and 30 Rating Points"; Issue of Master Points 6: "No Player, Pair or
    Team who plays in a grade of Tournament lower than any Player's official status ... will
    receive Master Points"."""
    junior = _graded(club_a, "Junior", 12_00)
    open_player = _graded(club_a, "Open", 140_00)

    for _ in range(2):  # sent again: refused again, nothing kept
        response = _sundry(
            client_a, "3B", [(junior.abf_number, "2.00"), (open_player.abf_number, "2.00")]
        )
        assert response.status_code == 400
        text = response.content.decode()
        assert (
            f"{open_player.abf_number} {open_player.full_name} is graded Open from 1 February"
            in text
        )
        assert "Junior Tournament (3B Points) is open to Junior players only" in text
        assert "partner or team mates receive" in text
        assert "(Issue of Master Points, rule 6)" in text
        assert junior.full_name + " is graded" not in text
    assert not CreditUpload.objects.exists()
    assert not Credit.objects.exists()


def test_an_intermediate_player_plays_a_5b_but_not_a_3b(nz, client_a, club_a):
    """Tournaments General 3(e): "(5B) with entry restricted to Intermediate and Junior
    players"."""
    intermediate = _graded(club_a, "Intermediate", 60_00)

    refused = _sundry(client_a, "3B", [(intermediate.abf_number, "1.00")])
    accepted = _sundry(
        client_a, "5B", [(intermediate.abf_number, "1.00")], name="Club Intermediate Pairs"
    )

    assert refused.status_code == 400
    assert "is graded Intermediate" in refused.content.decode()
    assert accepted.status_code == 302
    assert CreditUpload.objects.count() == 1


def test_an_open_tournament_and_a_club_session_take_every_grade(nz, client_a, club_a):
    """Open Tournaments (8B) "with entry unrestricted"; a club's sessions are the club's to
    grade (Issue of Master Points 7), not the portal's."""
    open_player = _graded(club_a, "Open", 300_00)

    assert (
        _sundry(client_a, "8B", [(open_player.abf_number, "1.00")], name="Open").status_code == 302
    )
    assert (
        _sundry(client_a, "club", [(open_player.abf_number, "0.40")], name="Tue").status_code == 302
    )


def test_an_overseas_visitor_is_open_and_refused_in_a_junior_tournament(
    nz, client_a, club_a, staff
):
    """Overseas Master Points (d): "All overseas Players, whether visitors or new residents,
    are graded as Open for Tournament play unless clear evidence to the contrary is
    provided"."""
    visitor = _graded(club_a, "Junior", 0)
    GradeDecision.objects.create(
        player=visitor, grade="Open", overseas=True, reason="Visitor from Fiji",
        starts_on=YESTERDAY - timedelta(days=30), by=staff,
    )  # fmt: skip

    response = _sundry(client_a, "3B", [(visitor.abf_number, "1.00")])

    assert response.status_code == 400
    assert "graded Open by decision of NZ Bridge" in response.content.decode()


def test_a_member_declared_ineligible_is_refused_until_the_club_withdraws_it(
    nz, client_a, club_a, secretary_a
):
    """Issue of Master Points 6: "A Club has the right to declare a member ineligible to
    receive Master Points"."""
    member = _graded(club_a, "Junior", 5_00)
    ineligibility_declare(player=member, club=club_a, reason="Unpaid subscription", by=secretary_a)

    for _ in range(2):
        response = _sundry(client_a, "club", [(member.abf_number, "0.40")], name="Wed")
        assert response.status_code == 400
        text = response.content.decode()
        assert "was declared ineligible to receive Master Points by" in text
        assert club_a.name in text and "(Issue of Master Points, rule 6)" in text
    assert not CreditUpload.objects.exists()

    ineligibility_withdraw(player=member, club=club_a, reason="Paid", by=secretary_a)
    assert _sundry(client_a, "club", [(member.abf_number, "0.40")], name="Wed").status_code == 302


def _junior_pairs() -> dict:
    """A 3B pairs session of nine tables a direction, as the calculator takes it."""
    results = copy.deepcopy(NZ_SCHEME.calculator_examples["A club pairs session (NZ)"])
    results["status"] = "3B"
    return results


def test_a_region_s_results_drop_the_open_player_s_pair_and_leave_the_others_unchanged(
    nz, state_secretary_a, club_a
):
    """Issue of Master Points 9: "The eligible Players must be awarded the same number of
    Master Points they would have received if all the place getters had been eligible";
    7(c): "The Player's partner must also be excluded"."""
    results = _junior_pairs()
    engine = NZ_SCHEME.calculator_points(results)
    labels = sorted(engine)
    players = {label: [_graded(club_a, "Junior", 10_00) for _ in range(2)] for label in labels}
    winners = max(labels, key=lambda label: sum(engine[label].values()))
    # One of the winning pair is graded Open.
    PlayerGrade.objects.filter(player=players[winners][0]).update(grade="Open", rating=150_00)
    client = APIClient()
    client.force_authenticate(state_secretary_a)
    body = {
        "name": "Junior pairs",
        "starts_on": YESTERDAY.isoformat(),
        "results": results,
        "players": {label: [p.abf_number for p in pair] for label, pair in players.items()},
    }

    response = client.post(reverse("upload-results"), body, format="json")

    assert response.status_code == 201, response.json()
    upload = CreditUpload.objects.get()
    kept = {
        (award["abf_number"], award["kind"]): award["points"]
        for award in upload.preview["results"]["awards"]
    }
    for label, pair in players.items():
        for player in pair:
            for kind, points in engine[label].items():
                if points and label == winners:
                    assert (player.abf_number, kind) not in kept
                elif points:
                    assert kept[(player.abf_number, kind)] == points
    withheld = " ".join(upload.preview["results"]["withheld"])
    assert f"{winners}: no Master Points." in withheld
    assert players[winners][0].abf_number in withheld and "graded Open" in withheld
    assert "(Issue of Master Points, rule 6)" in withheld
    assert withheld in " ".join(upload.preview["warnings"])

    again = client.post(reverse("upload-results"), body, format="json")
    assert again.status_code == 400 and CreditUpload.objects.count() == 1


N = [from_serial(serial) for serial in range(40_000, 40_012)]
CSV = (
    "session,section,direction,contestant,place,score,players,boards\n"
    f"1,A,NS,1,1,60.1,{N[0]} {N[1]},24\n"
    f"1,A,NS,2,2,50.0,{N[2]} {N[3]},\n"
    f"1,A,NS,3,3,45.0,{N[4]} {N[5]},\n"
    f"1,A,EW,1,2,49.0,{N[6]} {N[7]},\n"
    f"1,A,EW,2,1,55.0,{N[8]} {N[9]},\n"
    f"1,A,EW,3,3,40.0,{N[10]} {N[11]},\n"
)


def test_a_club_s_junior_results_file_withholds_the_intermediate_pair_on_the_upload_page(
    nz, client_a, club_a
):
    """Issue of Master Points 6, 7(c) and 9, on the upload page: the pair of a player above
    the Junior Tournament's grade receives nothing and the page says why; the others are
    awarded as if every place getter had been eligible."""
    for index, number in enumerate(N):
        grade = "Intermediate" if index == 0 else "Junior"
        player = PlayerFactory(abf_number=number, home_club=club_a)
        PlayerGrade.objects.create(player=player, year=CERTIFICATE_YEAR, rating=10_00, grade=grade)
    form = {
        "name": "Club Junior Pairs",
        "starts_on": YESTERDAY.isoformat(),
        "grade": "3B",
        "kind": "pairs",
        "sessions": "1",
    }

    response = client_a.post(
        reverse("awards:upload_new"),
        {"results": SimpleUploadedFile("junior.csv", CSV.encode()), **form},
    )

    assert response.status_code == 302, response.content.decode()[:3000]
    detail = client_a.get(response.url).content.decode()
    assert f"{N[0]}" in detail and "is graded Intermediate from 1 February" in detail
    assert "(Issue of Master Points, rule 6)" in detail
    upload = CreditUpload.objects.get()
    paid = {award["abf_number"] for award in upload.preview["results"]["awards"]}
    assert N[0] not in paid and N[1] not in paid
    assert {N[8], N[9]} <= paid  # the EW winners keep their points
    again = client_a.post(
        reverse("awards:upload_new"),
        {"results": SimpleUploadedFile("junior.csv", CSV.encode()), **form},
    )
    assert again.status_code == 400 and CreditUpload.objects.count() == 1


def test_the_cpar_page_refuses_the_member_declared_ineligible_on_their_row(
    nz, client_a, club_a, secretary_a
):
    """Issue of Master Points 6: "A Club has the right to declare a member ineligible to
    receive Master Points"; the other members' points go through once the row is left out."""
    barred = PlayerFactory(home_club=club_a, given_names="Rua", family_name="Kenana")
    other = PlayerFactory(home_club=club_a)
    ineligibility_declare(player=barred, club=club_a, reason="Suspended", by=secretary_a)
    form = {
        "name": "Friday pairs",
        "starts_on": YESTERDAY.isoformat(),
        "grade": "club",
        "kind": "pairs",
        "sessions": "1",
        f"points-{other.abf_number}": "0.40",
    }

    for _ in range(2):
        refused = client_a.post(
            reverse("awards:cpar"), {**form, f"points-{barred.abf_number}": "0.30"}
        )
        assert refused.status_code == 400
        assert "Rua Kenana was declared ineligible" in refused.content.decode()
    assert not CreditUpload.objects.exists()
    assert client_a.post(reverse("awards:cpar"), form).status_code == 302
