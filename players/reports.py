"""The club report of its home members and alternates, as CSV and PDF."""

from centre.documents import Document, TableSection, render_csv, render_pdf
from clubs.models import Club
from players.selectors import ReportRow

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
    return render_csv(HEADER, map(_cells, rows))


def report_pdf(*, club: Club, rows: list[ReportRow]) -> bytes:
    home = sum(1 for r in rows if r.membership == "Home")
    return render_pdf(
        Document(
            title=f"{club.number} {club.name}: home members and alternates",
            lines=[f"{home} home members, {len(rows) - home} alternates"],
            sections=[TableSection(header=HEADER, rows=map(_cells, rows))],
        )
    )
