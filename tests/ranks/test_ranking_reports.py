"""1.4.3: each club's quarterly player ranking report, read back from its PDF, CSV and email."""

import csv
import io
from datetime import date

import pytest
from django.core import mail
from django.core.management import call_command
from pypdf import PdfReader

from awards.ledger.models import Credit, Event
from centre.models import Period
from players.models import Alternate, Player
from ranks.emails import ranking_report_email_send
from ranks.models import RankingReport
from ranks.ranking_reports import ranking_reports_issue
from tests.factories import PlayerFactory, totals_create


def pdf_text(content: bytes) -> str:
    """The PDF's words, one space apart: table cells wrap their words onto lines."""
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def credit(player, *, points, colour="green", on=date(2025, 8, 4), club=None, approved=True):
    """A credit in the month of `on`, with the player's kept totals as the services keep them."""
    period, _ = Period.objects.get_or_create(year=on.year, month=on.month)
    event = Event.objects.create(
        organiser="club" if club else "state",
        club=club,
        state=None if club else player.home_club.state,
        name="Pairs",
        starts_on=on,
        ends_on=on,
        grade={"green": "E", "red": "B4c" if club else "B", "gold": "A"}[colour],
    )
    state = "approved" if approved else "provisional"
    Credit.objects.create(
        player=player,
        event=event,
        colour=colour,
        points=points,
        source=Credit.Source.FILE,
        period=period,
        state=state,
        uploaded_by=_centre_user(),
    )
    totals_create(player=player, year=on.year, **{f"{colour}_{state}": points})


def _centre_user():
    from centre.models import User
    from tests.factories import StaffFactory

    return User.objects.filter(role="staff").first() or StaffFactory(username="uploader")


@pytest.fixture
def quarter_of_club_a(club_a, club_b):
    """Club A's players and the points of July to September 2025."""
    home = PlayerFactory(home_club=club_a, given_names="Helen", family_name="Homer")
    credit(home, points=40_00, on=date(2024, 3, 1), club=club_a)  # earlier years count
    credit(home, points=12_34, on=date(2025, 8, 4), club=club_a)
    credit(home, points=5_00, on=date(2025, 9, 9), club=club_a, approved=False)  # provisional
    credit(home, points=9_00, on=date(2025, 10, 2), club=club_a)  # after the quarter
    alternate = PlayerFactory(home_club=club_b, given_names="Alan", family_name="Alterman")
    Alternate.objects.create(player=alternate, club=club_a)
    credit(alternate, points=30_00, colour="red", on=date(2025, 2, 1))
    visitor = PlayerFactory(home_club=club_b, given_names="Vera", family_name="Visconti")
    credit(visitor, points=2_50, on=date(2025, 7, 15), club=club_a)
    gone = PlayerFactory(home_club=None, status=Player.Status.DECEASED, family_name="Gonzalez")
    Alternate.objects.create(player=gone, club=club_a)
    PlayerFactory(home_club=club_b, family_name="Stranger")  # nothing to do with club A
    return home, alternate, visitor


def test_the_ranking_report_lists_home_members_alternates_and_visitors_with_totals_and_ranks(
    quarter_of_club_a, club_a, client_a
):
    call_command("ranking_reports", year=2025, quarter=3, stdout=io.StringIO())

    response = client_a.get(f"/awards/reports/{club_a.number}/2025-Q3.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert f"Player ranking report: {club_a.number} {club_a.name}" in text
    assert "July to September 2025" in text
    # 40.00 + 12.34 approved green: Regional Master (50 in all); the provisional 5.00 and
    # October's 9.00 are not counted.
    assert "Homer, Helen" in text
    assert "52.34" in text
    assert "Regional Master" in text
    assert "57.34" not in text and "61.34" not in text
    # The alternate's 30 red points: Bronze Local Master (25); the visitor's 2.50 at the club.
    assert "Alterman, Alan" in text
    assert "Bronze Local Master" in text
    assert "Visconti, Vera" in text
    assert "Graduate Master" in text
    assert "Gonzalez" not in text
    assert "Stranger" not in text


def test_the_csv_has_one_line_per_player_with_exact_figures(quarter_of_club_a, club_a, client_a):
    ranking_reports_issue(year=2025, quarter=3, clubs=[club_a])

    response = client_a.get(f"/awards/reports/{club_a.number}/2025-Q3.csv")

    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["Family name"], r["Membership"]) for r in rows] == [
        ("Homer", "Home"),
        ("Alterman", "Alternate"),
        ("Visconti", "Visitor"),
    ]
    homer, alterman, visconti = rows
    assert (homer["Green"], homer["Total"], homer["Rank"]) == ("52.34", "52.34", "Regional Master")
    assert homer["Points at the club this quarter"] == "17.34"  # 12.34 approved + 5.00 provisional
    assert (alterman["Red"], alterman["Rank"]) == ("30.00", "Bronze Local Master")
    assert (visconti["Green"], visconti["Points at the club this quarter"]) == ("2.50", "2.50")


def test_the_report_is_emailed_once_to_the_masterpoint_secretary(quarter_of_club_a, club_a):
    call_command("ranking_reports", year=2025, quarter=3, stdout=io.StringIO())
    call_command("ranking_reports", year=2025, quarter=3, stdout=io.StringIO())
    report = RankingReport.objects.get(club=club_a, year=2025, quarter=3)
    assert ranking_report_email_send(report_id=report.pk) is False

    to_club_a = [m for m in mail.outbox if m.to == [club_a.secretary_email]]
    assert len(to_club_a) == 1
    message = to_club_a[0]
    assert "Player ranking report 2025-Q3" in message.subject
    names = [name for name, _, _ in message.attachments]
    assert names == [f"ranking-{club_a.number}-2025-Q3.pdf", f"ranking-{club_a.number}-2025-Q3.csv"]
    assert "Homer, Helen" in pdf_text(message.attachments[0][1])
    report.refresh_from_db()
    assert report.emailed_at is not None


def test_running_the_quarter_again_issues_no_new_report_and_keeps_the_first(
    quarter_of_club_a, club_a
):
    [first] = ranking_reports_issue(year=2025, quarter=3, clubs=[club_a])
    home = quarter_of_club_a[0]
    credit(home, points=100_00, on=date(2025, 9, 1), club=club_a)  # a late approval

    assert ranking_reports_issue(year=2025, quarter=3, clubs=[club_a]) == []
    assert RankingReport.objects.filter(club=club_a).count() == 1
    first.refresh_from_db()
    [homer] = [r for r in first.rows if r["family_name"] == "Homer"]
    assert homer["green"] == 52_34


def test_the_documents_page_lists_the_clubs_reports_by_quarter(
    quarter_of_club_a, club_a, club_b, client_a, client_b
):
    ranking_reports_issue(year=2025, quarter=2, clubs=[club_a])
    ranking_reports_issue(year=2025, quarter=3, clubs=[club_a, club_b])

    page = client_a.get("/club/documents/").content.decode()
    assert "2025-Q3" in page and "2025-Q2" in page
    assert page.index("2025-Q3") < page.index("2025-Q2")
    assert f"/awards/reports/{club_a.number}/2025-Q3.pdf" in page
    other = client_b.get("/club/documents/").content.decode()
    assert f"/awards/reports/{club_b.number}/2025-Q3.pdf" in other
    assert f"/awards/reports/{club_a.number}/" not in other
    assert "2025-Q2" not in other


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        ("client_a", 200),
        ("state_client_a", 200),
        ("staff_client", 200),
        ("client_b", 404),
        ("state_client_b", 404),
    ],
)
def test_only_the_club_its_state_and_the_centre_read_a_clubs_report(
    request, who, expected, quarter_of_club_a, club_a
):
    ranking_reports_issue(year=2025, quarter=3, clubs=[club_a])
    client = request.getfixturevalue(who)

    for extension in ("pdf", "csv"):
        response = client.get(f"/awards/reports/{club_a.number}/2025-Q3.{extension}")
        assert response.status_code == expected


def test_anonymous_visitors_are_sent_to_log_in_for_reports_and_documents(
    quarter_of_club_a, club_a, anonymous_client
):
    ranking_reports_issue(year=2025, quarter=3, clubs=[club_a])

    for url in (f"/awards/reports/{club_a.number}/2025-Q3.pdf", "/club/documents/"):
        response = anonymous_client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")


def test_a_quarter_not_yet_issued_is_not_found(club_a, client_a):
    assert client_a.get(f"/awards/reports/{club_a.number}/2025-Q1.pdf").status_code == 404


def test_the_quarter_task_on_beat_issues_and_emails_the_reports(quarter_of_club_a, club_a):
    from ranks.tasks import ranking_reports

    assert ranking_reports.delay(2025, 3).get(timeout=5) == 2  # clubs A and B
    assert ranking_reports.delay(2025, 3).get(timeout=5) == 0

    assert RankingReport.objects.filter(year=2025, quarter=3).count() == 2
    assert len([m for m in mail.outbox if m.to == [club_a.secretary_email]]) == 1


def test_the_ranking_report_counts_the_red_points_won_before_1982_in_the_rank(club_a):
    # 1.8 notes: 10.00 green and 19.33 red points won before 1982 are 29.33 in all: a Bronze
    # Local Master (25), not the Club Master (5) of the 10.00 in the ledger alone.
    veteran = PlayerFactory(
        home_club=club_a, given_names="Vic", family_name="Veteran", pre_1982_red=19_33
    )
    credit(veteran, points=10_00, on=date(2025, 8, 4), club=club_a)
    ranking_reports_issue(year=2025, quarter=3, clubs=[club_a])

    report = RankingReport.objects.get(club=club_a)
    assert [row["rank"] for row in report.rows] == ["Bronze Local Master"]
