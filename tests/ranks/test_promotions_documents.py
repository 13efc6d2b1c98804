"""The month close's documents for the club: certificates (1.8), the monthly report (1.4.3),
their one email to the club's masterpoint secretary, and the documents page."""

import io

import pytest
from django.core import mail
from django.urls import reverse
from pypdf import PdfReader

from awards.ledger.models import Credit
from centre.models import Period
from operations.services import month_close
from ranks.emails import club_monthly_report_email_send
from ranks.models import ClubMonthlyReport, Promotion
from ranks.monthly_reports import club_monthly_reports_email
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def pdf_text(content: bytes) -> str:
    """The PDF's text with every run of spaces and line breaks as one space (cells wrap)."""
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


@pytest.fixture
def closed(
    staff,
    gold_coordinator,
    secretary_a,
    state_secretary_a,
    club_a,
    club_b,
    django_capture_on_commit_callbacks,
):
    """A month with a national, a state and a club event, closed with its post-close steps."""
    ada = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    alan = PlayerFactory(home_club=club_a, given_names="Alan", family_name="Turing")
    grace = PlayerFactory(home_club=club_b, given_names="Grace", family_name="Hopper")
    # A national event (gold), a state championship (red) and a club duplicate (green).
    # 7.5.1: the national event's gold points, issued by the Goldpoint Coordinator.
    upload_and_confirm(gold_coordinator, "national.gld", grn((ada.abf_number, 4_50)), grade="A")
    upload_and_confirm(
        state_secretary_a,
        "state.red",
        grn((ada.abf_number, 3_25), (alan.abf_number, 1_00), (grace.abf_number, 2_00)),
        grade="B",
    )
    upload_and_confirm(secretary_a, "club.grn", grn((alan.abf_number, 1_17)))
    period = Credit.objects.first().period
    with django_capture_on_commit_callbacks(execute=True):
        period = month_close(period=period, by=staff)
    return {"period": period, "ada": ada, "alan": alan, "grace": grace}


def test_the_close_issues_each_club_its_monthly_report_once(closed, club_a, club_b):
    reports = ClubMonthlyReport.objects.order_by("club__number")
    assert [r.club for r in reports] == [club_a, club_b]
    rows = reports[0].credits
    # Club events are not in it: only national, state and congress events (1.4.3).
    assert [(r["name"], r["grade"], r["colour"], r["points"]) for r in rows] == [
        ("Ada Lovelace", "A", "gold", 4_50),
        ("Ada Lovelace", "B", "red", 3_25),
        ("Alan Turing", "B", "red", 1_00),
    ]
    assert [r["name"] for r in reports[1].credits] == ["Grace Hopper"]


def test_the_club_is_emailed_its_report_and_certificates_once(
    closed, staff, club_a, django_capture_on_commit_callbacks
):
    to_club_a = [m for m in mail.outbox if m.to == [club_a.secretary_email]]
    assert len(to_club_a) == 1
    message = to_club_a[0]
    assert "monthly report" in message.subject
    assert closed["period"].label in message.subject
    names = [name for name, _content, _type in message.attachments]
    period = closed["period"]
    ada, alan = closed["ada"], closed["alan"]
    # Ada: 7.75 in all, Club Master; Alan: 2.17, Graduate Master.
    assert names == [
        f"monthly-report-201-{period.year}-{period.month:02d}.pdf",
        f"certificate-{ada.abf_number}-02.pdf",
        f"certificate-{alan.abf_number}-01.pdf",
    ]
    assert f"{ada.abf_number} Ada Lovelace: Club Master" in message.body
    assert not Promotion.objects.filter(club=club_a, certificate_emailed_at=None).exists()

    # A second close, a repeated task and the resend command send nothing more.
    sent = len(mail.outbox)
    with django_capture_on_commit_callbacks(execute=True):
        month_close(period=Period.objects.get(pk=period.pk), by=staff)
        club_monthly_reports_email(period=period)
    report = ClubMonthlyReport.objects.get(club=club_a)
    assert club_monthly_report_email_send(report_id=report.pk) is False
    assert len(mail.outbox) == sent


def test_the_monthly_report_pdf_lists_the_points_and_the_schedule_of_promotions(
    closed, client_a, club_a
):
    period = closed["period"]
    url = reverse("ranks:monthly_report_pdf", args=[club_a.number, period.year, period.month])
    response = client_a.get(url)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert f"Monthly report: 201 Club A, {period.label}" in text
    assert "Ada Lovelace" in text and closed["ada"].abf_number in text
    assert "4.50" in text and "3.25" in text and "1.00" in text
    assert "8.75" in text  # the month's total: 4.50 gold, 4.25 red
    assert "1.17" not in text  # the club's own event is not reported
    assert "Grace Hopper" not in text  # another club's home member
    assert "Schedule of promotions (1.8)" in text
    assert "Total Red and gold Gold" in text  # 1.8: the ABF's figures beside the total
    assert "Club Master" in text and "Graduate Master" in text


def test_the_certificate_names_the_player_rank_month_and_home_club(closed, client_a, club_a):
    ada = closed["ada"]
    promotion = Promotion.objects.get(player=ada)
    response = client_a.get(reverse("ranks:certificate_pdf", args=[club_a.number, promotion.pk]))

    assert response.status_code == 200
    text = pdf_text(response.content)
    assert "Certificate of Promotion" in text
    assert "Ada Lovelace" in text
    assert f"ABF number {ada.abf_number}" in text
    assert "Club Master" in text
    assert closed["period"].label in text
    assert "Home club: 201 Club A" in text


def test_the_documents_page_lists_the_months_report_and_certificates(closed, client_a, club_a):
    page = client_a.get(reverse("billing:documents")).content.decode()
    period = closed["period"]
    assert period.label in page
    assert reverse("ranks:monthly_report_pdf", args=[201, period.year, period.month]) in page
    for player in (closed["ada"], closed["alan"]):
        promotion = Promotion.objects.get(player=player)
        assert reverse("ranks:certificate_pdf", args=[201, promotion.pk]) in page
    assert "Grace Hopper" not in page


def test_a_certificate_counts_the_red_points_won_before_1982(
    staff, club_a, client_a, django_capture_on_commit_callbacks
):
    veteran = PlayerFactory(home_club=club_a, pre_1982_red=175_00)
    upload_and_confirm(staff, "veteran.grn", grn((veteran.abf_number, 125_00)))
    month_close(period=Credit.objects.get().period, by=staff)
    promotion = Promotion.objects.get(player=veteran)

    url = reverse("ranks:certificate_pdf", args=[club_a.number, promotion.pk])
    text = pdf_text(client_a.get(url).content)
    assert "Life Master" in text
    assert "300.00 masterpoints (175.00 red and gold, 0.00 gold)" in text


def test_another_club_cannot_read_the_clubs_report_or_certificates(
    closed, client_b, state_client_b, anonymous_client, club_a
):
    period = closed["period"]
    promotion = Promotion.objects.get(player=closed["ada"])
    report = reverse("ranks:monthly_report_pdf", args=[club_a.number, period.year, period.month])
    certificate = reverse("ranks:certificate_pdf", args=[club_a.number, promotion.pk])
    # Club B's own number with club A's certificate id is not a way in either.
    crossed = reverse("ranks:certificate_pdf", args=[301, promotion.pk])

    for url in (report, certificate):
        assert client_b.get(url).status_code == 404
        assert state_client_b.get(url).status_code == 404
        assert anonymous_client.get(url).status_code == 302  # to the login page
    assert client_b.get(crossed).status_code == 404
    assert "Ada Lovelace" not in client_b.get(reverse("billing:documents")).content.decode()


def test_staff_and_the_clubs_state_secretary_read_the_clubs_documents(
    closed, staff_client, state_client_a, club_a
):
    period = closed["period"]
    url = reverse("ranks:monthly_report_pdf", args=[club_a.number, period.year, period.month])
    assert staff_client.get(url).status_code == 200
    assert state_client_a.get(url).status_code == 200


def test_a_month_with_no_report_for_the_club_is_not_found(closed, client_a, club_a):
    url = reverse("ranks:monthly_report_pdf", args=[club_a.number, 2001, 1])
    assert client_a.get(url).status_code == 404


def test_a_club_without_an_email_address_keeps_its_report_unsent(
    staff, state_secretary_a, club_a, django_capture_on_commit_callbacks
):
    club_a.secretary_email = ""
    club_a.save()
    player = PlayerFactory(home_club=club_a)
    upload_and_confirm(state_secretary_a, "state.red", grn((player.abf_number, 2_00)), grade="B")
    with django_capture_on_commit_callbacks(execute=True):
        month_close(period=Credit.objects.get().period, by=staff)

    report = ClubMonthlyReport.objects.get()
    assert report.emailed_at is None
    # Only the state's report of its event goes (5.4.1); nothing goes to the club.
    assert [(m.to, m.subject.split(":")[0]) for m in mail.outbox] == [
        ([state_secretary_a.email], "Masterpoints processed")
    ]
