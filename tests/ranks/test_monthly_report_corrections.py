"""Issue 25, section 1: "Every correction shows ... on the club's monthly report as a
correction" (1.4.3's monthly report): the month's corrections of the club's home members and
of its own events, each marked, and never another club's."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from awards.corrections.services.credits import credit_amount_correct, credit_move
from awards.ledger.models import Credit
from operations.services import month_close
from ranks.models import ClubMonthlyReport, Promotion
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _text(content: bytes) -> str:
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


@pytest.fixture
def corrected(
    staff, secretary_a, secretary_b, state_secretary_a, club_a, club_b,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    """A month in which: club A's own pairs paid Ada 1.50, corrected to 1.25; club B's own
    pairs paid Bea 2.00, corrected to 0.50; a state event paid Grace of club B 3.25, moved to
    Ada of club A (a wrong number), and Hal of club B 1.00. Then the month is closed and its
    reports issued (each club has its members' state points to report)."""
    ada = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    bea = PlayerFactory(home_club=club_b, given_names="Bea", family_name="Bright")
    grace = PlayerFactory(home_club=club_b, given_names="Grace", family_name="Hopper")
    hal = PlayerFactory(home_club=club_b, given_names="Hal", family_name="Abelson")
    own_a = upload_and_confirm(secretary_a, "a.grn", grn((ada.abf_number, 1_50)))
    own_b = upload_and_confirm(secretary_b, "b.grn", grn((bea.abf_number, 2_00)))
    state = upload_and_confirm(
        state_secretary_a,
        "state.red",
        grn((grace.abf_number, 3_25), (hal.abf_number, 1_00)),
        grade="B",
    )
    credit_amount_correct(
        credit=Credit.objects.get(upload=own_a), points=1_25, reason="Ada's score", by=staff
    )
    credit_amount_correct(
        credit=Credit.objects.get(upload=own_b), points=50, reason="Bea's score", by=staff
    )
    move = credit_move(
        credit=Credit.objects.get(upload=state, player=grace),
        to_player=ada,
        reason="Misread",
        by=staff,
    )
    with django_capture_on_commit_callbacks(execute=True):
        period = month_close(period=Credit.objects.first().period, by=staff)
    return {"period": period, "move": move}


def _report(client, club, period) -> str:
    url = reverse("ranks:monthly_report_pdf", args=[club.number, period.year, period.month])
    response = client.get(url)
    assert response.status_code == 200
    return _text(response.content)


def test_the_monthly_report_lists_the_club_s_corrections_marked_as_such(
    corrected, client_a, club_a
):
    # Read twice: the same report, each correction once.
    for _ in range(2):
        text = _report(client_a, club_a, corrected["period"])

        assert "Corrections credited this month" in text
        # Ada's own club event: the reversing credit and the right amount, with the reason.
        assert "Amount corrected" in text and "Ada's score" in text
        assert "-1.50" in text and "1.25" in text
        # The state event's points moved to Ada: the new credit is club A's.
        assert f"{corrected['move'].pk}: Credit moved to the right player" in text
        assert "Misread" in text


def test_another_club_s_corrections_are_not_on_the_club_s_report(
    corrected, client_a, client_b, club_a, club_b
):
    text_a = _report(client_a, club_a, corrected["period"])
    text_b = _report(client_b, club_b, corrected["period"])

    # Club B's own event and members: on B's report only.
    assert "Bea's score" not in text_a and "Bea Bright" not in text_a
    assert "Grace Hopper" not in text_a
    assert "Bea's score" in text_b and "-2.00" in text_b
    # The move took Grace's (club B's) points back: B's report shows that reversing credit,
    # and not Ada's new one nor Ada's own correction.
    assert "Grace Hopper" in text_b and "-3.25" in text_b
    assert "Ada Lovelace" not in text_b and "Ada's score" not in text_b


def test_a_club_cannot_read_another_club_s_report(corrected, client_a, club_b):
    period = corrected["period"]
    url = reverse("ranks:monthly_report_pdf", args=[club_b.number, period.year, period.month])

    assert client_a.get(url).status_code == 404


def test_a_month_without_corrections_says_so(
    staff, state_secretary_a, client_a, club_a, django_capture_on_commit_callbacks
):
    ada = PlayerFactory(home_club=club_a)
    upload_and_confirm(state_secretary_a, "state.red", grn((ada.abf_number, 3_25)), grade="B")
    with django_capture_on_commit_callbacks(execute=True):
        period = month_close(period=Credit.objects.first().period, by=staff)

    text = _report(client_a, club_a, period)

    assert "No correction of your members' or your events' credits this month." in text


def test_a_club_whose_only_news_is_a_correction_gets_its_report_once(
    staff, secretary_b, client_b, club_b, mailoutbox, django_capture_on_commit_callbacks
):
    # Club B's month: its own pairs (a club event, not on the report) paid Bea 0.50, which
    # the Centre corrected to 0.25; nothing else, and no promotion.
    bea = PlayerFactory(home_club=club_b, given_names="Bea", family_name="Bright")
    own = upload_and_confirm(secretary_b, "b.grn", grn((bea.abf_number, 50)))
    credit_amount_correct(
        credit=Credit.objects.get(upload=own), points=25, reason="Bea's score", by=staff
    )
    period = Credit.objects.first().period
    for _ in range(2):  # the close run again issues and sends nothing more
        with django_capture_on_commit_callbacks(execute=True):
            period = month_close(period=period, by=staff)

    assert not Promotion.objects.filter(club=club_b).exists()
    report = ClubMonthlyReport.objects.get(club=club_b, period=period)
    assert report.credits == []
    text = _report(client_b, club_b, period)
    assert "Amount corrected" in text and "Bea's score" in text
    assert "-0.50" in text and "0.25" in text
    to_club_b = [m for m in mailoutbox if m.to == [club_b.secretary_email]]
    assert len(to_club_b) == 1
    assert "corrections credited in the month" in to_club_b[0].body
