"""A player's awards statement (1.4.4) as CSV and PDF, and the chart of points over time."""

from __future__ import annotations

import csv
import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from awards.selectors import COLOURS, StatementLine
from awards.services import points_text
from players.models import Player

HEADER = ["Date", "Event", "Grade", "Colour", "Points", "State", "Green", "Red", "Gold"]


def _row(line: StatementLine) -> list[str]:
    credit = line.credit
    event = credit.event
    name = event.name
    if credit.reason:
        name += f" (adjustment: {credit.reason})"
    if credit.conversion:
        name += f" ({credit.conversion})"
    return [
        event.ends_on.strftime("%d/%m/%Y"),
        name,
        event.grade,
        credit.colour,
        points_text(credit.points),
        credit.state,
        *(points_text(line.running[c]) for c in COLOURS),
    ]


def _rank_line(player: Player) -> str:
    from awards.selectors import player_totals
    from players.selectors import player_rank_standing

    lifetime = player_totals(player=player).lifetime
    return player_rank_standing(player=player, **lifetime).summary()


def statement_csv(*, player: Player, opening: dict[str, int], lines: list[StatementLine]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADER)
    writer.writerow(
        ["", "Opening balance", "", "", "", "", *(points_text(opening[c]) for c in COLOURS)]
    )
    for line in lines:
        writer.writerow(_row(line))
    return out.getvalue()


def statement_pdf(
    *,
    player: Player,
    opening: dict[str, int],
    lines: list[StatementLine],
    closing: dict[str, int],
    title: str,
) -> bytes:
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer, pagesize=A4, leftMargin=12 * mm, rightMargin=12 * mm, title=title
    )
    styles = getSampleStyleSheet()
    home = player.home_club.name if player.home_club else "no home club"
    story = [
        Paragraph(title, styles["Title"]),
        Paragraph(f"{player.abf_number} {player.full_name}, {home}", styles["Normal"]),
        # 1.4.4: the rank as of the last close and what the next one still needs.
        Paragraph(_rank_line(player), styles["Normal"]),
        Paragraph("Provisional credits await the month's approval (App. E).", styles["Italic"]),
        Spacer(1, 4 * mm),
    ]
    rows = [
        HEADER,
        ["", "Opening balance", "", "", "", "", *(points_text(opening[c]) for c in COLOURS)],
    ]
    rows += [_row(line) for line in lines]
    rows.append(
        ["", "Closing balance", "", "", "", "", *(points_text(closing[c]) for c in COLOURS)]
    )
    table = Table(
        rows,
        repeatRows=1,
        colWidths=[20 * mm, 62 * mm, 11 * mm, 13 * mm, 15 * mm, 20 * mm, 15 * mm, 15 * mm, 15 * mm],
    )
    style = [
        ("FONTSIZE", (0, 0), (-1, -1), 7),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
        ("ALIGN", (4, 0), (4, -1), "RIGHT"),
        ("ALIGN", (6, 0), (-1, -1), "RIGHT"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
    ]
    for index, line in enumerate(lines, start=2):
        if line.credit.state == "provisional":
            style.append(("TEXTCOLOR", (0, index), (-1, index), colors.grey))
    table.setStyle(TableStyle(style))
    story.append(table)
    document.build(story)
    return buffer.getvalue()


def chart_lines(series: list[dict], width: int = 600, height: int = 200) -> dict:
    """SVG polylines of cumulative points by colour over the months (no JavaScript)."""
    if not series:
        return {"width": width, "height": height, "lines": [], "top": 0}
    top = max(max(row[c] for c in COLOURS) for row in series) or 1
    step = width / max(len(series) - 1, 1)
    lines = []
    for colour in COLOURS:
        points = " ".join(
            f"{index * step:.1f},{height - row[colour] * height / top:.1f}"
            for index, row in enumerate(series)
        )
        lines.append({"colour": colour, "points": points, "last": series[-1][colour]})
    return {
        "width": width,
        "height": height,
        "lines": lines,
        "top": top,
        "first": series[0]["month"],
        "last": series[-1]["month"],
    }
