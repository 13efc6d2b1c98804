"""1.4.3: "Reports from Congresses, State and National events as they are processed". A
state's or congress's report goes with its invoice (billing); a national event's, which is
not invoiced, is read by the Centre and the Goldpoint Coordinator who issued its points
(7.5.1), as PDF and CSV, and by no one else."""

import csv
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from awards.corrections.services.credits import credit_amount_correct
from awards.ledger.models import Credit
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _text(content: bytes) -> str:
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


@pytest.fixture
def national(gold_coordinator, club_a, club_b):
    """A national championship's gold points: 4.50 to Ada of club A, 2.25 to Bea of club B."""
    ada = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    bea = PlayerFactory(home_club=club_b, given_names="Bea", family_name="Bright")
    upload = upload_and_confirm(
        gold_coordinator, "national.gld", grn((ada.abf_number, 4_50), (bea.abf_number, 2_25)),
        grade="A",
    )  # fmt: skip
    return {"event": upload.event, "ada": ada, "bea": bea, "upload": upload}


def _pdf(client, event):
    return client.get(reverse("awards:result_event_report_pdf", args=[event.pk]))


def test_the_coordinator_and_staff_read_a_national_event_s_report(
    national, gold_client, staff_client
):
    event = national["event"]
    for client in (gold_client, staff_client, gold_client):
        response = _pdf(client, event)

        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        text = _text(response.content)
        assert f"Masterpoints processed: {event.name}" in text
        assert f"Processed by the Masterpoint Centre in {national['upload'].period.label}" in text
        assert "2 player(s); 6.75 gold" in text
        # Each player with the home club, the most first.
        assert text.index("Ada Lovelace") < text.index("Bea Bright")
        assert "201" in text and "301" in text


def test_the_report_csv_has_a_line_a_player_with_the_points_held_now(national, staff, staff_client):
    credit = Credit.objects.get(player=national["bea"])
    credit_amount_correct(credit=credit, points=2_00, reason="Scored wrongly", by=staff)

    for _ in range(2):
        response = staff_client.get(
            reverse("awards:result_event_report_csv", args=[national["event"].pk])
        )
        rows = list(csv.reader(io.StringIO(response.content.decode())))

        assert rows[0] == ["ABF number", "Player", "Home club", "Colour", "Points"]
        assert rows[1:] == [
            [national["ada"].abf_number, "Ada Lovelace", "201", "gold", "4.50"],
            [national["bea"].abf_number, "Bea Bright", "301", "gold", "2.00"],
        ]


def test_no_one_else_reads_a_national_event_s_report(
    national, anonymous_client, client_a, state_client_a, organiser_client_a
):
    event = national["event"]
    for client in (anonymous_client, client_a, state_client_a, organiser_client_a):
        assert _pdf(client, event).status_code == 404
        csv_url = reverse("awards:result_event_report_csv", args=[event.pk])
        assert client.get(csv_url).status_code == 404
    # The public page of the event links no report for them.
    page = anonymous_client.get(reverse("awards:result_event", args=[event.pk])).content.decode()
    assert "data-event-report" not in page


def test_the_results_link_the_report_for_those_who_read_it(national, gold_client):
    page = gold_client.get(reverse("awards:results")).content.decode()

    report = reverse("awards:result_event_report_pdf", args=[national["event"].pk])
    assert f'href="{report}" data-event-report' in page


def test_a_state_event_s_report_is_not_here_but_with_its_invoice(
    state_secretary_a, staff_client, club_a
):
    player = PlayerFactory(home_club=club_a)
    upload = upload_and_confirm(
        state_secretary_a, "state.red", grn((player.abf_number, 3_25)), grade="B"
    )

    assert _pdf(staff_client, upload.event).status_code == 404
