"""NZ Bridge's Player Status Report, a club's declarations of ineligibility, the Tournament
Grade Certificates and the office's grade decisions (seed 003: Definitions, Eligible Player;
Issue of Master Points 6; Overseas Master Points (d); Annual, Quarterly and Monthly
Processing), walked as a club's secretary and the NZ Bridge office would, each step twice."""

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.intake.models import CreditUpload
from players.models import Alternate, GradeDecision, Ineligibility, PlayerChange, PlayerGrade
from ranks.grading import grades_regrade
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()


@pytest.fixture
def nz(settings):
    settings.MASTERPOINT_SCHEME = "nz"


def _report(client, club):
    return client.get(reverse("players:status_report", args=[club.number]))


def _declare(client, player, action="declare", reason="Subscription unpaid"):
    return client.post(
        reverse("players:ineligibility", args=[player.abf_number]),
        {"action": action, "reason": reason},
        follow=True,
    )


def test_the_secretary_declares_a_member_ineligible_and_withdraws_it_each_once(
    nz, client_a, club_a
):
    """Issue of Master Points 6: "A Club has the right to declare a member ineligible to
    receive Master Points"."""
    member = PlayerFactory(home_club=club_a)

    menu = client_a.get(reverse("players:status_mine"), follow=True)
    assert menu.redirect_chain[-1][0] == reverse("players:status_report", args=[club_a.number])
    assert member.full_name in menu.content.decode()

    first = _declare(client_a, member)
    second = _declare(client_a, member)

    assert "declared ineligible to receive Master Points" in first.content.decode()
    assert "already declared ineligible" in second.content.decode()
    assert Ineligibility.objects.filter(player=member, ineligible=True).count() == 1
    row = Ineligibility.objects.get()
    assert (row.club, row.reason, row.by.club) == (club_a, "Subscription unpaid", club_a)
    page = _report(client_a, club_a).content.decode()
    assert "Ineligible: declared by" in page and "Subscription unpaid" in page
    assert "Withdraw the declaration" in page

    withdrawn = _declare(client_a, member, "withdraw", "Paid in full")
    again = _declare(client_a, member, "withdraw", "Paid in full")

    assert "eligible to receive Master Points again" in withdrawn.content.decode()
    assert "nothing to withdraw" in again.content.decode()
    assert list(Ineligibility.objects.order_by("at", "id").values_list("ineligible", "reason")) == [
        (True, "Subscription unpaid"),
        (False, "Paid in full"),
    ]
    assert PlayerChange.objects.filter(player=member, action__startswith="declared").count() == 2
    history = client_a.get(
        reverse("players:status_history", args=[club_a.number, member.abf_number])
    ).content.decode()
    assert "Declared ineligible" in history and "Declaration withdrawn" in history


def test_a_declaration_without_a_reason_is_refused_and_changes_nothing(nz, client_a, club_a):
    member = PlayerFactory(home_club=club_a)

    for _ in range(2):
        response = _declare(client_a, member, reason="  ")
        assert "Give the reason" in response.content.decode()
    assert not Ineligibility.objects.exists()


def test_another_club_neither_sees_the_report_nor_declares_a_member_it_does_not_have(
    nz, client_b, club_a
):
    member = PlayerFactory(home_club=club_a)

    assert _report(client_b, club_a).status_code == 404
    response = client_b.post(
        reverse("players:ineligibility", args=[member.abf_number]),
        {"action": "declare", "reason": "x"},
    )
    assert response.status_code == 404
    assert not Ineligibility.objects.exists()


def test_an_alternate_club_declares_too_and_the_home_club_sees_who_but_not_why(
    nz, client_a, client_b, club_a, club_b
):
    member = PlayerFactory(home_club=club_a)
    Alternate.objects.create(player=member, club=club_b)

    _declare(client_b, member, reason="Conduct at the table")

    page = _report(client_a, club_a).content.decode()
    assert f"Ineligible: declared by {club_b.name}" in page
    assert "Conduct at the table" not in page


def test_the_office_reads_every_club_s_report_and_declares_nothing(nz, staff_client, club_a):
    member = PlayerFactory(home_club=club_a)

    page = _report(staff_client, club_a)

    assert page.status_code == 200 and member.full_name in page.content.decode()
    assert "Declare ineligible" not in page.content.decode()
    assert _declare(staff_client, member).status_code == 403


def test_the_annual_run_issues_certificates_the_club_and_the_office_print(
    nz, client_a, client_b, staff_client, club_a
):
    """Annual, Quarterly and Monthly Processing: "The annual run, done at 31 December,
    includes the Tournament Grade Certificates"; Definitions: "Grading will take effect on 1
    February each year"."""
    player = PlayerFactory(home_club=club_a, given_names="Aroha", family_name="Ngata")
    totals_create(player=player, year=TODAY.year - 1, A_approved=2_00, B_approved=10_00)
    grades_regrade(year=TODAY.year)
    url = reverse("players:grade_certificate", args=[player.abf_number, TODAY.year])

    for _ in range(2):
        mine = client_a.get(url)
        assert mine.status_code == 200 and mine["Content-Type"] == "application/pdf"
    assert staff_client.get(url).status_code == 200
    assert client_b.get(url).status_code == 404
    missing = reverse("players:grade_certificate", args=[player.abf_number, TODAY.year - 1])
    assert client_a.get(missing).status_code == 404
    bundle = client_a.get(reverse("players:grade_certificates", args=[club_a.number, TODAY.year]))
    assert bundle.status_code == 200 and bundle.content.startswith(b"%PDF")
    page = _report(client_a, club_a).content.decode()
    assert "Junior" in page and "12.00" in page
    assert f"Tournament Grade Certificates {TODAY.year}" in page
    assert client_a.get(
        reverse("players:status_report_file", args=[club_a.number])
    ).content.startswith(b"%PDF")


def test_the_office_grades_an_overseas_visitor_open_once_and_a_3b_refuses_them(
    nz, staff_client, client_a, club_a
):
    """Overseas Master Points (d): "All overseas Players, whether visitors or new residents,
    are graded as Open for Tournament play unless clear evidence to the contrary is provided.
    Any review of grade is at the sole discretion of the NZ Bridge Board"."""
    visitor = PlayerFactory(home_club=club_a)
    form = {"number": visitor.abf_number, "grade": "", "overseas": "on", "reason": "From Fiji"}

    first = staff_client.post(reverse("players:grade_decisions"), form)
    second = staff_client.post(reverse("players:grade_decisions"), form)

    assert first.status_code == 302
    assert second.status_code == 400 and "already graded Open" in second.content.decode()
    assert list(GradeDecision.objects.values_list("grade", "overseas")) == [("Open", True)]
    refused = client_a.post(
        reverse("awards:sundry"),
        {
            "name": "Club Junior Pairs",
            "starts_on": TODAY.isoformat(),
            "grade": "3B",
            "kind": "pairs",
            "sessions": "2",
            "abf-1": visitor.abf_number,
            "points-1": "1.00",
        },
    )
    assert refused.status_code == 400
    assert "graded Open by decision of NZ Bridge" in refused.content.decode()
    assert not CreditUpload.objects.exists()

    # The Board's review on clear evidence: Junior, then back to the yearly grade.
    review = {**form, "grade": "Junior", "overseas": "", "reason": "Beginner, evidence seen"}
    assert staff_client.post(reverse("players:grade_decisions"), review).status_code == 302
    back = {"number": visitor.abf_number, "grade": "", "reason": "Now graded yearly"}
    assert staff_client.post(reverse("players:grade_decisions"), back).status_code == 302
    nothing = staff_client.post(reverse("players:grade_decisions"), back)
    assert nothing.status_code == 400 and "no decided grade" in nothing.content.decode()
    assert GradeDecision.objects.count() == 3


def test_a_decision_needs_a_reason_and_a_known_player(nz, staff_client, club_a):
    player = PlayerFactory(home_club=club_a)

    no_reason = staff_client.post(
        reverse("players:grade_decisions"), {"number": player.abf_number, "grade": "Open"}
    )
    unknown = staff_client.post(
        reverse("players:grade_decisions"),
        {"number": "9999999", "grade": "Open", "reason": "x"},
    )

    assert no_reason.status_code == 400 and unknown.status_code == 400
    assert "No player has the NZB number 9999999" in unknown.content.decode()
    assert not GradeDecision.objects.exists()


def test_a_club_may_not_decide_grades(nz, client_a):
    assert client_a.get(reverse("players:grade_decisions")).status_code in (302, 403)


@pytest.mark.parametrize("code", ["abf", "acbl"])
def test_no_other_scheme_has_these_pages_or_menus(settings, code, client_a, staff_client, club_a):
    settings.MASTERPOINT_SCHEME = code
    player = PlayerFactory(home_club=club_a)
    PlayerGrade.objects.create(player=player, year=TODAY.year, rating=0, grade="Junior")

    assert _report(client_a, club_a).status_code == 404
    assert staff_client.get(reverse("players:grade_decisions")).status_code == 404
    assert (
        client_a.get(
            reverse("players:grade_certificate", args=[player.abf_number, TODAY.year])
        ).status_code
        == 404
    )
    assert "Player status" not in client_a.get(reverse("home")).content.decode()
    assert "Grade decisions" not in staff_client.get(reverse("home")).content.decode()


def test_the_menus_offer_the_pages_under_nz(nz, client_a, staff_client):
    assert "Player status" in client_a.get(reverse("home")).content.decode()
    assert "Grade decisions" in staff_client.get(reverse("home")).content.decode()


def test_the_player_s_page_shows_the_decided_grade_without_its_reason(
    nz, staff, anonymous_client, club_a
):
    from players.services.status import grade_decide

    visitor = PlayerFactory(home_club=club_a)
    grade_decide(player=visitor, grade="", overseas=True, reason="Visiting from Perth", by=staff)

    page = anonymous_client.get(reverse("awards:player", args=[visitor.abf_number]))

    text = page.content.decode()
    assert "Grade: <strong>Open</strong>" in text
    assert "by decision of NZ Bridge for an overseas player" in text
    assert "Perth" not in text
