"""App. F: the national files, for scoring programs, in fixed-width text and CSV.

The real centre ships NATIONAL.TXT (players), NATIONAL.CLB (clubs), ALTERNAT.TXT (alternate
members), CLUBS.TXT (affiliated clubs), HISTORY.TXT (awards) with EVENTS.TXT (the events the
award codes name) and PRE82.TXT (December 1981 red point totals, 1.8 notes); NAT4WIN (App. G)
reads the first three to list a club's home and alternate members by ABF number. Each format
is described field by field on the portal's national files page, from the definitions below.

Only the portal's public data goes in them: what the masterpoint lookup shows (1.4.4) and the
clubs' public details. Never a player's email or birth year, never a secretary's contact.

Each file is produced row by row from chunked queries, so a national file is streamed and
never held in memory. Fixed-width lines are ASCII (accents folded, since a column is one
byte) and end in CRLF, as the DOS-era programs that read them expect (App. D).
"""

from __future__ import annotations

import io
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, QuerySet, Sum

from awards.ledger.models import Credit, Event, PlayerTotals
from centre.documents import CsvWriter
from clubs.models import Club
from players.models import Alternate, Player
from scheme.abf.ranks import RANKS

CHUNK = 2000


@dataclass(frozen=True)
class Field:
    name: str
    width: int
    meaning: str
    # "number": right-aligned, zero-filled; "signed": a sign then zero-filled digits;
    # "text": left-aligned, space-filled, cut to the width.
    kind: str = "text"


@dataclass(frozen=True)
class NationalFile:
    slug: str
    txt_name: str
    csv_name: str
    title: str
    description: str
    fields: tuple[Field, ...]
    rows: Callable[[], Iterator[dict[str, object]]]
    # Who may download it: "anyone", or "login" for a club, state or centre login or an API
    # token.
    audience: str = "anyone"

    @property
    def line_width(self) -> int:
        return sum(f.width for f in self.fields)

    def columns(self) -> list[tuple[Field, int, int]]:
        """Each field with its first and last column, counted from 1."""
        out, start = [], 1
        for f in self.fields:
            out.append((f, start, start + f.width - 1))
            start += f.width
        return out


def ascii_text(value: object) -> str:
    """Accents folded (Zoë -> Zoe); anything else outside ASCII becomes '?'."""
    text = unicodedata.normalize("NFKD", str(value))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.encode("ascii", "replace").decode("ascii").replace("\r", " ").replace("\n", " ")


def fixed_width(value: object, f: Field) -> str:
    if f.kind == "number":
        text = str(int(value or 0))
        if len(text) > f.width:
            raise ValueError(f"{f.name} {text} is wider than {f.width} columns")
        return text.zfill(f.width)
    if f.kind == "signed":
        number = int(value or 0)
        digits = str(abs(number)).zfill(f.width - 1)
        if len(digits) > f.width - 1:
            raise ValueError(f"{f.name} {number} is wider than {f.width} columns")
        return ("-" if number < 0 else "+") + digits
    return ascii_text(value if value is not None else "")[: f.width].ljust(f.width)


def txt_lines(national: NationalFile) -> Iterator[bytes]:
    for row in national.rows():
        yield ("".join(fixed_width(row[f.name], f) for f in national.fields) + "\r\n").encode(
            "ascii"
        )


def _csv_value(value: object, f: Field) -> object:
    if f.kind in ("number", "signed") and f.name in POINT_FIELDS:
        number = int(value or 0)
        sign = "-" if number < 0 else ""
        return f"{sign}{abs(number) // 100}.{abs(number) % 100:02d}"
    return "" if value is None else value


def csv_lines(national: NationalFile) -> Iterator[bytes]:
    out = io.StringIO()
    writer = CsvWriter(out)

    def flush() -> bytes:
        data = out.getvalue().encode("utf-8")
        out.seek(0)
        out.truncate()
        return data

    writer.writerow([f.name for f in national.fields])
    yield flush()
    for row in national.rows():
        writer.writerow([_csv_value(row[f.name], f) for f in national.fields])
        yield flush()


# --- the rows -----------------------------------------------------------------------------


def _in_chunks(queryset: QuerySet, fields: list[str]) -> Iterator[list[dict]]:
    """Rows of a queryset ordered by primary key, CHUNK at a time (keyset pagination)."""
    last = 0
    while True:
        chunk = list(queryset.filter(pk__gt=last).order_by("pk").values("pk", *fields)[:CHUNK])
        if not chunk:
            return
        yield chunk
        last = chunk[-1]["pk"]


def _approved_totals(player_ids: list[int]) -> dict[int, dict[str, int]]:
    totals: dict[int, dict[str, int]] = defaultdict(dict)
    for row in (
        PlayerTotals.objects.filter(player_id__in=player_ids)
        .values("player_id", "kind")
        .annotate(points=Sum("approved"))
    ):
        totals[row["player_id"]][row["kind"]] = row["points"]
    return totals


def player_rows() -> Iterator[dict[str, object]]:
    players = Player.objects.exclude(status=Player.Status.DECEASED)
    for chunk in _in_chunks(
        players,
        [
            "abf_number",
            "family_name",
            "given_names",
            "home_club__number",
            "status",
            "rank_order",
        ],
    ):
        totals = _approved_totals([row["pk"] for row in chunk])
        for row in chunk:
            colours = totals.get(row["pk"], {})
            green, red, gold = (colours.get(c) or 0 for c in ("green", "red", "gold"))
            yield {
                "abf_number": row["abf_number"],
                "family_name": row["family_name"],
                "given_names": row["given_names"],
                "home_club": row["home_club__number"] or 0,
                "status": "A" if row["status"] == Player.Status.ACTIVE else "I",
                "rank": row["rank_order"],
                "rank_name": RANKS[row["rank_order"] - 1].name if row["rank_order"] else "",
                "green": green,
                "red": red,
                "gold": gold,
                "total": green + red + gold,
            }


def club_rows() -> Iterator[dict[str, object]]:
    for chunk in _in_chunks(Club.objects.all(), ["number", "name", "state__code", "kind"]):
        for row in chunk:
            yield {
                "club": row["number"],
                "name": row["name"],
                "state": row["state__code"] or "",
                "kind": row["kind"],
            }


def affiliated_club_rows() -> Iterator[dict[str, object]]:
    for chunk in _in_chunks(
        Club.objects.filter(affiliated=True),
        [
            "number",
            "name",
            "state__code",
            "affiliated_since",
            "sessions_per_year",
            "remote",
            "founded_year",
        ],
    ):
        for row in chunk:
            since = row["affiliated_since"]
            yield {
                "club": row["number"],
                "name": row["name"],
                "state": row["state__code"] or "",
                "affiliated_since": since.strftime("%Y%m%d") if since else "",
                "sessions_per_year": row["sessions_per_year"],
                "remote": "Y" if row["remote"] else "N",
                "founded_year": row["founded_year"] or "",
            }


def alternate_rows() -> Iterator[dict[str, object]]:
    alternates = Alternate.objects.exclude(player__status=Player.Status.DECEASED)
    for chunk in _in_chunks(alternates, ["player__abf_number", "club__number"]):
        for row in chunk:
            yield {"abf_number": row["player__abf_number"], "club": row["club__number"]}


def event_rows() -> Iterator[dict[str, object]]:
    events = Event.objects.filter(Exists(Credit.objects.filter(event=OuterRef("pk"))))
    for chunk in _in_chunks(
        events,
        [
            "name",
            "organiser",
            "club__number",
            "state__code",
            "starts_on",
            "ends_on",
            "grade",
            "kind",
            "sessions",
            "of_the_year",
        ],
    ):
        for row in chunk:
            yield {
                "event": row["pk"],
                "name": row["name"],
                "organiser": row["organiser"],
                "club": row["club__number"] or 0,
                "state": row["state__code"] or "",
                "starts_on": row["starts_on"].strftime("%Y%m%d"),
                "ends_on": row["ends_on"].strftime("%Y%m%d"),
                "grade": row["grade"],
                "kind": row["kind"],
                "sessions": row["sessions"],
                "of_the_year": "Y" if row["of_the_year"] else "N",
            }


COLOUR_CODES = {"green": "G", "red": "R", "gold": "Y"}


def history_rows() -> Iterator[dict[str, object]]:
    for chunk in _in_chunks(
        Credit.objects.all(),
        [
            "player__abf_number",
            "event_id",
            "colour",
            "points",
            "period__year",
            "period__month",
            "state",
        ],
    ):
        for row in chunk:
            yield {
                "abf_number": row["player__abf_number"],
                "event": row["event_id"],
                "colour": COLOUR_CODES[row["colour"]],
                "points": row["points"],
                "month": f"{row['period__year']}{row['period__month']:02d}",
                "approved": "A" if row["state"] == Credit.State.APPROVED else "P",
            }


def pre82_rows() -> Iterator[dict[str, object]]:
    players = Player.objects.filter(pre_1982_red__gt=0).exclude(status=Player.Status.DECEASED)
    for chunk in _in_chunks(players, ["abf_number", "pre_1982_red"]):
        for row in chunk:
            yield {"abf_number": row["abf_number"], "pre_1982_red": row["pre_1982_red"]}


# --- the files ----------------------------------------------------------------------------

ABF = Field("abf_number", 7, "ABF number, seven digits with its check digit", "number")
CLUB = Field("club", 5, "Club number, zero-filled", "number")
STATE = Field("state", 3, "State code (NSW, VIC, ...); blank for the special clubs")


def _points(name: str, what: str) -> Field:
    return Field(name, 9, f"{what}, in hundredths, zero-filled (001234 is 12.34)", "number")


POINT_FIELDS = {"green", "red", "gold", "total", "points", "pre_1982_red"}

FILES: tuple[NationalFile, ...] = (
    NationalFile(
        slug="players",
        txt_name="NATIONAL.TXT",
        csv_name="national.csv",
        title="Players",
        description=(
            "Every registered player, active and inactive (deceased players are left out), "
            "with their home club, rank and lifetime points approved at the last month close "
            "(1.4.4). What scoring programs and NAT4WIN (App. G) need to turn ABF numbers into "
            "names."
        ),
        fields=(
            ABF,
            Field("family_name", 30, "Family name"),
            Field("given_names", 30, "Given names"),
            Field("home_club", 5, "Home club number; 00000 for an inactive player", "number"),
            Field("status", 1, "A active, I inactive (1.3.2)"),
            Field("rank", 2, "Master rank held at the last close, 01-21 (1.8); 00 none", "number"),
            Field("rank_name", 22, "The rank's name, e.g. Bronze Life Master"),
            _points("green", "Green points"),
            _points("red", "Red points"),
            _points("gold", "Gold points"),
            _points("total", "Total points"),
        ),
        rows=player_rows,
    ),
    NationalFile(
        slug="clubs",
        txt_name="NATIONAL.CLB",
        csv_name="national-clubs.csv",
        title="Clubs",
        description="Every club by number, affiliated or not, with the special clubs (1.3.3).",
        fields=(
            CLUB,
            Field("name", 50, "Club name"),
            STATE,
            Field("kind", 8, "ordinary, foreign, nz, english or youth (1.3.3, 1.3.6)"),
        ),
        rows=club_rows,
    ),
    NationalFile(
        slug="alternates",
        txt_name="ALTERNAT.TXT",
        csv_name="alternates.csv",
        title="Alternate members",
        description=(
            "Each alternate membership: a player a club lists besides its home members "
            "(guide F6.3). With NATIONAL.TXT it gives a club's full list for its reports."
        ),
        fields=(ABF, CLUB),
        rows=alternate_rows,
    ),
    NationalFile(
        slug="affiliated-clubs",
        txt_name="CLUBS.TXT",
        csv_name="clubs.csv",
        title="Affiliated clubs",
        description=(
            "The clubs affiliated now, with the details of the Affiliated Bridge Clubs "
            "Directory the scheme uses (2.6). The masterpoint secretary's contact details are "
            "not published."
        ),
        fields=(
            CLUB,
            Field("name", 50, "Club name"),
            STATE,
            Field("affiliated_since", 8, "Date of affiliation, YYYYMMDD; blank if not recorded"),
            Field("sessions_per_year", 4, "Sessions scheduled in the year", "number"),
            Field("remote", 1, "Y: more than 40 km from the nearest affiliated club (2.6)"),
            Field("founded_year", 4, "Year founded; blank if not recorded"),
        ),
        rows=affiliated_club_rows,
    ),
    NationalFile(
        slug="events",
        txt_name="EVENTS.TXT",
        csv_name="events.csv",
        title="Events",
        description=(
            "The real names of the events whose codes HISTORY.TXT gives, and whether each "
            "counts towards its year (a balance brought forward does not)."
        ),
        fields=(
            Field("event", 8, "Event code, as in HISTORY.TXT", "number"),
            Field("name", 60, "Event name"),
            Field("organiser", 8, "club, state, congress, national or overseas (1.3.4)"),
            Field("club", 5, "The organising club's number; 00000 if not a club event", "number"),
            STATE,
            Field("starts_on", 8, "First day, YYYYMMDD"),
            Field("ends_on", 8, "Last day, YYYYMMDD"),
            Field("grade", 3, "Grade (1.5.1): A, A2, B, B3, B4, B5, B4s, B5i, B4c, C, D, E, F"),
            Field("kind", 10, "pairs, teams or individual"),
            Field("sessions", 2, "Sessions", "number"),
            Field(
                "of_the_year",
                1,
                "Y (or blank): awards of the year, in its points and standings (1.7.2); N: a "
                "balance brought forward, points won in earlier years",
            ),
        ),
        rows=event_rows,
    ),
    NationalFile(
        slug="history",
        txt_name="HISTORY.TXT",
        csv_name="history.csv",
        title="Awards history",
        description=(
            "Every credit of the ledger: one line per player per event per colour, and the "
            "adjusting entries (negative points). The largest file: for logged-in clubs, "
            "states and programs with an API token."
        ),
        fields=(
            ABF,
            Field("event", 8, "Event code (EVENTS.TXT)", "number"),
            Field("colour", 1, "G green, R red, Y gold"),
            Field(
                "points",
                9,
                "Points in hundredths with a sign: +00001234 is 12.34, a correction is -",
                "signed",
            ),
            Field("month", 6, "The month it was credited in, YYYYMM (App. E)"),
            Field("approved", 1, "A approved at the month close, P still provisional"),
        ),
        rows=history_rows,
        audience="login",
    ),
    NationalFile(
        slug="pre82",
        txt_name="PRE82.TXT",
        csv_name="pre82.csv",
        title="Pre-1982 red points",
        description=(
            "Each player's red points won before 1982; 20% (Life ranks) or 40% "
            "(Grand ranks) of them lower the red-and-gold and gold minimums, never the total "
            "(1.8 notes)."
        ),
        fields=(ABF, _points("pre_1982_red", "Red points won before 1982")),
        rows=pre82_rows,
    ),
)

BY_SLUG = {national.slug: national for national in FILES}


def national_file(slug: str) -> NationalFile | None:
    return BY_SLUG.get(slug)


def stream(national: NationalFile, form: str) -> Iterable[bytes]:
    return txt_lines(national) if form == "txt" else csv_lines(national)
