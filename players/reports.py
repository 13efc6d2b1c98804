"""The club report of its home members and alternates, as CSV and PDF."""

from centre.documents import Document, TableSection, render_csv, render_pdf
from centre.schemes import number_name
from clubs.models import Club
from players.selectors import ReportRow


def _header() -> list[str]:
    return [number_name(), "Family name", "Given names", "Membership", "Status", "Home club"]


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
    return render_csv(_header(), map(_cells, rows))


def report_pdf(*, club: Club, rows: list[ReportRow]) -> bytes:
    home = sum(1 for r in rows if r.membership == "Home")
    return render_pdf(
        Document(
            title=f"{club.number} {club.name}: home members and alternates",
            lines=[f"{home} home members, {len(rows) - home} alternates"],
            sections=[TableSection(header=_header(), rows=map(_cells, rows))],
        )
    )
