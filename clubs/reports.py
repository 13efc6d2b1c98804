"""The club report as CSV and PDF."""

import csv
import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

from clubs.models import Club
from clubs.selectors import ReportRow

HEADER = ["ABF number", "Family name", "Given names", "Membership", "Status", "Home club"]


def _cells(row: ReportRow) -> list[str]:
    return [
        row.abf_number,
        row.family_name,
        row.given_names,
        row.membership,
        row.status,
        row.home_club,
    ]


def report_csv(rows: list[ReportRow]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADER)
    for row in rows:
        writer.writerow(_cells(row))
    return out.getvalue()


def report_pdf(*, club: Club, rows: list[ReportRow]) -> bytes:
    out = io.BytesIO()
    styles = getSampleStyleSheet()
    document = SimpleDocTemplate(out, pagesize=A4, title=f"{club.number} {club.name} members")
    table = Table([HEADER, *(_cells(r) for r in rows)], repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold"),
                ("FONTSIZE", (0, 0), (-1, -1), 8),
                ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
            ]
        )
    )
    home = sum(1 for r in rows if r.membership == "Home")
    document.build(
        [
            Paragraph(f"{club.number} {club.name}: home members and alternates", styles["Title"]),
            Paragraph(f"{home} home members, {len(rows) - home} alternates", styles["Normal"]),
            table,
        ]
    )
    return out.getvalue()
