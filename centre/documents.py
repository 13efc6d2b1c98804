"""PDF and CSV documents: reports, statements, invoices and certificates share one layout.

A document is a title, a few lines under it, and sections of tables or paragraphs. Numbers are
passed in already formatted (two decimals, Decimal or hundredths turned to text by the
caller), so nothing here does arithmetic.
"""

import csv
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

FOOTER = "Masterpoint Centre"


@dataclass
class TableSection:
    header: Sequence[str]
    rows: Iterable[Sequence[object]]
    heading: str = ""
    footer: Sequence[object] | None = None
    # Indexes of the columns that hold numbers: right-aligned.
    numeric: Sequence[int] = ()
    # Column widths in millimetres; None lets the table size itself.
    widths: Sequence[float] | None = None
    # Indexes of body rows printed in grey (provisional lines, for instance).
    muted: Sequence[int] = ()


@dataclass
class TextSection:
    paragraphs: Sequence[str]
    heading: str = ""
    style: str = "Normal"


@dataclass
class Document:
    title: str
    lines: Sequence[str] = ()
    sections: list[TableSection | TextSection] = field(default_factory=list)
    # A4 turned sideways, for a table too wide for the upright page.
    landscape: bool = False

    @property
    def pagesize(self) -> tuple[float, float]:
        return landscape(A4) if self.landscape else A4


# Room a table cell leaves on each side of its text (reportlab's default padding).
CELL_PADDING = 6


def _escape(value: object) -> str:
    return str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _table(section: TableSection, styles) -> Table:
    # Text cells wrap within their column; numbers stay on one line, right-aligned.
    cell = ParagraphStyle("cell", parent=styles["BodyText"], fontSize=8, leading=10)
    muted_cell = ParagraphStyle("muted", parent=cell, textColor=colors.grey)
    muted = set(section.muted)
    body = [
        [
            str(value)
            if column in section.numeric
            else Paragraph(_escape(value), muted_cell if index in muted else cell)
            for column, value in enumerate(row)
        ]
        for index, row in enumerate(section.rows)
    ]
    widths = [w * mm for w in section.widths] if section.widths else None
    heading = ParagraphStyle("heading", parent=cell, fontName="Helvetica-Bold")
    # A heading of several words wider than its column wraps within it rather than running
    # over its neighbour ("Unpigmented (online)"); one word stays whole.
    header = [
        Paragraph(_escape(text), heading)
        if widths
        and " " in str(text)
        and stringWidth(str(text), "Helvetica-Bold", 8) > widths[i] - 2 * CELL_PADDING
        else text
        for i, text in enumerate(section.header)
    ]
    data = [header, *body]
    if section.footer is not None:
        data.append(list(section.footer))
    table = Table(data, repeatRows=1, hAlign="LEFT", colWidths=widths)
    commands = [
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8),
        ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]
    for column in section.numeric:
        commands.append(("ALIGN", (column, 0), (column, -1), "RIGHT"))
    for row in section.muted:
        commands.append(("TEXTCOLOR", (0, row + 1), (-1, row + 1), colors.grey))
    if section.footer is not None:
        commands += [
            ("LINEABOVE", (0, -1), (-1, -1), 0.5, colors.black),
            ("FONT", (0, -1), (-1, -1), "Helvetica-Bold", 8),
        ]
    table.setStyle(TableStyle(commands))
    return table


def _footer(canvas, document) -> None:
    canvas.saveState()
    canvas.setFont("Helvetica", 7)
    canvas.drawString(15 * mm, 10 * mm, f"{FOOTER} · {document.title}")
    canvas.drawRightString(document.pagesize[0] - 15 * mm, 10 * mm, f"Page {document.page}")
    canvas.restoreState()


def render_pdf(document: Document) -> bytes:
    out = io.BytesIO()
    styles = getSampleStyleSheet()
    pdf = SimpleDocTemplate(
        out,
        pagesize=document.pagesize,
        title=document.title,
        author=FOOTER,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=18 * mm,
    )
    story: list[Flowable] = [Paragraph(_escape(document.title), styles["Title"])]
    story += [Paragraph(_escape(line), styles["Normal"]) for line in document.lines]
    for section in document.sections:
        story.append(Spacer(1, 4 * mm))
        if section.heading:
            story.append(Paragraph(_escape(section.heading), styles["Heading2"]))
        if isinstance(section, TableSection):
            story.append(_table(section, styles))
        else:
            story += [Paragraph(_escape(p), styles[section.style]) for p in section.paragraphs]
    pdf.build(story, onFirstPage=_footer, onLaterPages=_footer)
    return out.getvalue()


# --- CSV ----------------------------------------------------------------------------------
#
# A spreadsheet program opening a CSV runs a cell that starts with "=", "+", "-", "@", a tab or
# a carriage return as a formula, so a player's name or an event's name could carry one into
# the reader's spreadsheet. Every CSV the portal writes goes through `CsvWriter`, whose rule is:
# - a number (int, Decimal) and a text that is exactly a number in ASCII digits ("-1.50",
#   "+3", "0123456") are written as they are, and stay numbers in the spreadsheet;
# - any other text that starts with one of those characters is written with an apostrophe
#   before it ("'=HYPERLINK(...)"), which spreadsheets show as text and never run.

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def csv_cell(value: object) -> object:
    """The value as the CSV writes it: text that a spreadsheet would run is made inert."""
    if value is None:
        return ""
    if isinstance(value, int | Decimal):  # bool is an int: written True/False
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


class CsvWriter:
    """`csv.writer` with every cell through `csv_cell`."""

    def __init__(self, out: io.StringIO) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([csv_cell(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


def render_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = CsvWriter(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()
