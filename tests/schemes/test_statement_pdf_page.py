"""The statement PDF keeps to its A4 page: upright with three running balances (the ABF's
colours, NZ's A, B and C Points), sideways for a player holding four to six ACBL colours;
every word printed lies between the page's margins, however large the balances."""

import io
from datetime import date

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from awards.ledger.statements import statement_line
from awards.lookup.documents import statement_pdf
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

MARGIN = 15 * mm


def _printed(content: bytes) -> tuple[float, list[tuple[str, float, float]]]:
    """The page's width and each piece of text with where it starts and ends (points)."""
    page = PdfReader(io.BytesIO(content)).pages[0]
    pieces: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font, size) -> None:
        if not text.strip():
            return
        x = tm[4] * cm[0] + cm[4]
        name = str(font.get("/BaseFont", "/Helvetica")).lstrip("/") if font else "Helvetica"
        pieces.append((text, x, x + stringWidth(text.strip(), name, size * tm[0] * cm[0])))

    page.extract_text(visitor_text=visit)
    return float(page.mediabox.width), pieces


def _statement(scheme, player) -> bytes:
    kinds = [k.code for k in scheme.kinds_in_order]
    big = dict.fromkeys(kinds, 12345_67)
    lines = [
        statement_line(
            day=date(2026, 10, 3),
            event="Autumn Congress Open Pairs, second qualifying session (re-scored after appeal)",
            grade=scheme.grades[0].code,
            of_the_year=True,
            colour=kind,
            points=99_99,
            state="provisional",
            source="file",
            reason="",
            conversion="",
            running=big,
        )
        for kind in kinds
    ]
    return statement_pdf(
        player=player, opening=big, lines=lines, closing=big, title="Player Awards Statement"
    )


def test_the_statement_keeps_between_the_margins_of_its_a4_page(scheme, club_a):
    player = PlayerFactory(home_club=club_a)

    width, pieces = _printed(_statement(scheme, player))

    sideways = len(scheme.point_kinds) > 3
    assert round(width / mm) == (297 if sideways else 210)
    assert pieces
    for text, start, end in pieces:
        assert start >= MARGIN - 1, (text, start / mm)
        assert end <= width - MARGIN + 1, (text, end / mm, width / mm)
    printed = " ".join(text for text, _, _ in pieces)
    for kind in scheme.point_kinds:
        # Each word of each kind's name whole (a heading of several words wraps between them).
        for word in kind.label.split():
            assert f" {word}\n" in printed, word
    assert " Grade\n" in printed
