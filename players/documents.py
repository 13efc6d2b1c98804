"""The club's membership documents as PDF: the schedule of home members for the January
cancellations (App. C 7; guide F6.4) and the players' registration cards (1.4.1, 1.4.3)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import date

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from centre.dates import day_text
from centre.documents import Document, TableSection, render_pdf
from centre.schemes import has_feature, number_name
from clubs.models import Club
from players.models import Player
from scheme.base import LEVIES

# --- the schedule of members for cancellation ---------------------------------------------


def cancellation_schedule_pdf(
    *, club: Club, members: Sequence[Player], year: int, deadline_text: str
) -> bytes:
    """App. C 7, guide F6.4: "the Membership Declaration forms issued by the Centre at the
    beginning of the January quarter": every home member, alphabetically, with a box to mark
    those who have not renewed."""
    rows = [
        [
            "[ X ]" if player.cancellation_requested_at else "[   ]",
            player.abf_number,
            player.family_name,
            player.given_names,
            player.rank.name if player.rank else "",
        ]
        for player in members
    ]
    requested = sum(1 for player in members if player.cancellation_requested_at)
    return render_pdf(
        Document(
            title=f"Member cancellation {year}: {club.number} {club.name}",
            lines=[
                f"{len(members)} home members; {requested} cancellation(s) already requested "
                f"(marked X).",
                "Mark the home members who have not renewed and request their cancellation on "
                "the Player cancellations page."
                + (
                    " The club is charged the annual capitation fee for every home member still "
                    "registered on 1 April (guide F6.4, 8.2)."
                    if has_feature(LEVIES)
                    else ""
                ),
                f"Cancellations are accepted from 1 January until {deadline_text} (Sydney "
                f"time) and take effect in the 1 April update (1.3.2, 1.4.2). Deceased players "
                f"are recorded as deceased, never cancelled (App. C 6).",
            ],
            sections=[
                TableSection(
                    header=["Cancel", number_name(), "Family name", "Given names", "Rank"],
                    rows=rows,
                    widths=[18, 24, 50, 50, 38],
                )
            ],
        )
    )


# --- registration cards ---------------------------------------------------------------------

# A card the size of a bank card (ISO/IEC 7810 ID-1), two across and four down an A4 page.
CARD_WIDTH, CARD_HEIGHT = 85.6 * mm, 54 * mm
COLUMNS, ROWS = 2, 4
LEFT, TOP = 15 * mm, 15 * mm
GAP = 6 * mm


def registration_cards_pdf(
    *, club: Club, players: Sequence[Player], valid_from: date, valid_to: date, title: str
) -> bytes:
    """1.4.1, 1.4.3: a registration card per player, "valid for the current membership year
    only (April 1st to March 31st)": ABF number, name, home club, rank held and the year."""
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=A4)
    pdf.setTitle(title)
    pdf.setAuthor("Masterpoint Centre")
    _, height = A4
    if not players:
        pdf.setFont("Helvetica", 11)
        pdf.drawString(LEFT, height - TOP - 10 * mm, f"{title}: no cards to issue.")
    per_page = COLUMNS * ROWS
    for index, player in enumerate(players):
        if index and index % per_page == 0:
            pdf.showPage()
        slot = index % per_page
        x = LEFT + (slot % COLUMNS) * (CARD_WIDTH + GAP)
        y = height - TOP - (slot // COLUMNS + 1) * CARD_HEIGHT - (slot // COLUMNS) * GAP
        _card(pdf, x, y, club=club, player=player, valid_from=valid_from, valid_to=valid_to)
    pdf.showPage()
    pdf.save()
    return out.getvalue()


def _card(
    pdf: canvas.Canvas,
    x: float,
    y: float,
    *,
    club: Club,
    player: Player,
    valid_from: date,
    valid_to: date,
) -> None:
    pdf.setStrokeColor(colors.grey)
    pdf.roundRect(x, y, CARD_WIDTH, CARD_HEIGHT, 3 * mm)
    pdf.setFillColor(colors.black)
    pdf.setFont("Helvetica-Bold", 8)
    pdf.drawString(x + 5 * mm, y + CARD_HEIGHT - 8 * mm, "Masterpoint Scheme registration card")
    # The name as large as fits the card (13 pt, smaller for a long name).
    room = CARD_WIDTH - 10 * mm
    size = min(13.0, 13.0 * room / max(pdf.stringWidth(player.full_name, "Helvetica-Bold", 13), 1))
    pdf.setFont("Helvetica-Bold", size)
    pdf.drawString(x + 5 * mm, y + CARD_HEIGHT - 18 * mm, player.full_name)
    pdf.setFont("Helvetica", 9)
    lines = [
        f"{number_name()} {player.abf_number}",
        _fitted(pdf, f"Home club {club.number} {club.name}", CARD_WIDTH - 10 * mm),
        f"Rank {player.rank.name}" if player.rank else "Rank: not yet ranked",
        f"Valid {day_text(valid_from)} to {day_text(valid_to)}",
    ]
    for offset, line in enumerate(lines):
        pdf.drawString(x + 5 * mm, y + CARD_HEIGHT - (25 + 6 * offset) * mm, line)


def _fitted(pdf: canvas.Canvas, text: str, room: float) -> str:
    """The text, cut short with an ellipsis where it would overrun the card at 9 pt."""
    if pdf.stringWidth(text, "Helvetica", 9) <= room:
        return text
    while text and pdf.stringWidth(text + "…", "Helvetica", 9) > room:
        text = text[:-1]
    return text + "…"
