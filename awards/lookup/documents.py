"""A player's awards statement (1.4.4) as CSV and PDF."""

from __future__ import annotations

from awards.ledger.selectors import player_totals
from awards.ledger.statements import StatementLine
from centre.documents import Document, TableSection, render_csv, render_pdf
from centre.schemes import current_scheme, kind_word, point_kind_codes
from players.models import Player
from players.selectors import player_rank_standing
from scheme.core.points import points_text

# Issue 25: what marks a line that corrects an earlier credit, on the CSV and the PDF as on
# the statement's page.
CORRECTION = "correction"


def is_correction(line: StatementLine) -> bool:
    """A line that corrects another, as the ledger tells (awards.ledger.statements.corrects);
    a line kept in the player page's cache from before the ledger told it is not marked."""
    return bool(line.get("correction"))


def _header(kinds: tuple[str, ...] | None = None) -> list[str]:
    """Date, event, grade, kind, points, status (provisional or approved), then a running
    balance for each kind."""
    scheme = current_scheme()
    kinds = point_kind_codes() if kinds is None else kinds
    return ["Date", "Event", "Grade", kind_word(), "Points", "Status"] + [
        scheme.point_kind(code).label for code in kinds
    ]


def _row(line: StatementLine, kinds: tuple[str, ...] | None = None) -> list[str]:
    # A correction says so before its event's name: the PDF has no room for a column more,
    # and the CSV's columns stay where programs read them.
    marked = f"[{CORRECTION}] " if is_correction(line) else ""
    return [
        line["day_shown"],
        marked + line["event_shown"],
        line["grade_shown"],
        line["colour"],
        line["points_shown"],
        line["state"],
        *(points_text(line["running"].get(c, 0)) for c in kinds or point_kind_codes()),
    ]


def _rank_line(player: Player) -> str:
    lifetime = player_totals(player=player).lifetime
    return player_rank_standing(player=player, lifetime=lifetime).summary()


def _balance(label: str, totals: dict[str, int], kinds: tuple[str, ...] | None = None) -> list[str]:
    return ["", label, "", "", "", ""] + [
        points_text(totals.get(c, 0)) for c in kinds or point_kind_codes()
    ]


def statement_csv(*, player: Player, opening: dict[str, int], lines: list[StatementLine]) -> str:
    return render_csv(_header(), [_balance("Opening balance", opening), *map(_row, lines)])


def statement_pdf(
    *,
    player: Player,
    opening: dict[str, int],
    lines: list[StatementLine],
    closing: dict[str, int],
    title: str,
) -> bytes:
    home = player.home_club.name if player.home_club else "no home club"
    kinds = point_kind_codes()
    if len(kinds) > 3:
        # Of a scheme with more kinds than three (the ACBL's six colours), the running
        # balances of those the player has.
        kinds = tuple(c for c in kinds if opening.get(c) or closing.get(c)) or kinds[:1]
    # An upright A4 page (180 mm between the margins) holds three running balances; more
    # (a player with four to six ACBL colours) turn the page sideways (267 mm), each balance
    # wide enough for "12345.67" and each word of a colour's name ("Unpigmented"), the
    # event's column giving up the rest.
    sideways = len(kinds) > 3
    if sideways:
        balance, colour = 23, 21
        fixed = (20, 0, 11, colour, 15, 20)
        event = 267 - sum(fixed) - balance * len(kinds)
    else:
        balance, colour, event = 15, 13, 180 - (20 + 11 + 13 + 15 + 20) - 15 * 3
    return render_pdf(
        Document(
            title=title,
            landscape=sideways,
            lines=[
                f"{player.abf_number} {player.full_name}, {home}",
                # 1.4.4: the rank as of the last close and what the next one still needs.
                _rank_line(player),
                "Provisional credits (in grey) await the month's approval (App. E).",
                *(
                    [
                        f"Lines marked [{CORRECTION}] correct an earlier credit: the Centre's "
                        "corrections and adjustments, never an edit of the credit."
                    ]
                    if any(map(is_correction, lines))
                    else []
                ),
            ],
            sections=[
                TableSection(
                    header=_header(kinds),
                    rows=[
                        _balance("Opening balance", opening, kinds),
                        *(_row(line, kinds) for line in lines),
                    ],
                    footer=_balance("Closing balance", closing, kinds),
                    numeric=(4, *range(6, 6 + len(kinds))),
                    widths=(20, event, 11, colour, 15, 20) + (balance,) * len(kinds),
                    # Row 0 is the opening balance.
                    muted=[
                        index for index, line in enumerate(lines, start=1) if line["provisional"]
                    ],
                )
            ],
        )
    )
