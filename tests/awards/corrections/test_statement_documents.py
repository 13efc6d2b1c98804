"""Issue 25, section 1: "Every correction shows on the player's statement ... as a
correction": on the statement's CSV and PDF (1.4.4's Player Awards Statement) as on its page."""

import csv
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from awards.corrections.services.credits import credit_amount_correct
from awards.ledger.models import Credit

pytestmark = pytest.mark.django_db

# The running balances' columns (the ABF's kinds).
_KINDS = ["Green", "Red", "Gold"]


def _pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def _csv(client, player) -> list[list[str]]:
    response = client.get(reverse("awards:statement_csv", args=[player.abf_number]))
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode())))


@pytest.fixture
def corrected(monday, staff, players_a):
    """Club A's Monday pairs credited 1.50 to the first player; the Centre corrects it to
    1.00: a reversing credit of -1.50 and a new one of 1.00, each marked as a correction."""
    credit = Credit.objects.get(upload=monday, player=players_a[0])
    credit_amount_correct(credit=credit, points=100, reason="Scored wrongly", by=staff)
    return players_a[0]


def test_the_statement_csv_marks_each_correction_before_its_event(anonymous_client, corrected):
    # Read twice: the same statement both times, each correction marked once.
    for _ in range(2):
        rows = _csv(anonymous_client, corrected)

        header = rows[0]
        # The columns stay where programs read them.
        assert header == ["Date", "Event", "Grade", "Colour", "Points", "Status", *_KINDS]
        lines = [dict(zip(header, row, strict=True)) for row in rows[2:]]
        assert [(line["Points"], line["Event"].split(" (")[0]) for line in lines] == [
            ("1.50", "Monday pairs"),
            ("-1.50", "[correction] Monday pairs"),
            ("1.00", "[correction] Monday pairs"),
        ]
        # The running balance still follows every line.
        assert lines[-1]["Green"] == "1.00"


def test_the_statement_pdf_marks_each_correction(anonymous_client, corrected):
    for _ in range(2):
        response = anonymous_client.get(
            reverse("awards:statement_pdf", args=[corrected.abf_number])
        )

        text = _pdf_text(response.content)
        assert "Lines marked [correction] correct an earlier credit" in text
        # The note, then the two lines of the correction.
        assert text.count("[correction]") == 1 + 2


def test_a_statement_without_corrections_marks_none(anonymous_client, monday, players_a):
    rows = _csv(anonymous_client, players_a[1])

    assert [row[1] for row in rows[1:]] == ["Opening balance", "Monday pairs"]
    pdf = anonymous_client.get(reverse("awards:statement_pdf", args=[players_a[1].abf_number]))
    assert "[correction]" not in _pdf_text(pdf.content)


def test_the_statement_api_says_which_lines_are_corrections(corrected):
    for _ in range(2):
        body = (
            APIClient().get(reverse("masterpoints-statement", args=[corrected.abf_number])).json()
        )

        assert [(line["points"], line["correction"]) for line in body["lines"]] == [
            (1_50, False),
            (-1_50, True),
            (1_00, True),
        ]
