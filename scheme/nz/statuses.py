"""The status of an event: a Club session, or a Tournament of a grade (Tournaments General,
rule 3), with what each status awards.

- A Point Tournaments (A Point Tournaments, rules 1-4): 3A, 5A, 10A, 15A, 20A, 25A. A Points
  for the overall placings, one A Point to each session winner of a Pairs Tournament, C
  Points for session placings at the Basic Table x 2, 3, 4, 5 or 6 (rule 3), and A Points
  for match wins at the Basic A Point Table x 1-5 (rule 4).
- B Point Tournaments (B Point Tournaments, rules 1-4): 8B Open, 5B Intermediate, 3B Junior.
  B Points for overall placings, one B Point to each session winner of a Pairs Tournament,
  C Points for session placings at the Basic Table (3B, 5B) or x 2 (8B), C Points for
  match wins at the Basic Match Play Table (rule 4).
- Multigrade (8B, 3A, 5B) and Restricted (8B) Tournaments (rule 3(e), (f)) are Tournaments
  of those statuses: "the overall result only receives the Tournament award".
- A Club session (Club Sessions): C Points only, at the Basic Table.

The minimum deals of A Point Tournaments are A Point Tournaments rule 1(c); of B Point
Tournaments, B Point Tournaments rule 1 (48 deals each).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scheme.nz.kinds import A, B, C


@dataclass(frozen=True)
class Status:
    """One status of event and what it awards."""

    code: str
    description: str
    # The kind of the overall (top placings) and session-winner awards; C for a club session.
    kind: str
    # A Point Tournaments rule 3, B Point Tournaments rule 3: the factor on the Basic Table
    # of C Point Awards for session placings of pairs (and individual) play.
    c_factor: Fraction
    # A Point Tournaments rule 4: the factor on the Basic A Point Table for match wins; None
    # where match wins earn C Points at the Basic Match Play Table (B Tournaments, clubs).
    match_a_factor: Fraction | None
    # A Point Tournaments rule 1(c), B Point Tournaments rule 1: deals in circulation.
    minimum_deals: int | None
    # The points of the winners of the event (the maximum award allocated).
    winners_award: int | None = None
    # A/B Point Tournaments rule 3: one point to each session winner of a Pairs event
    # (not the Interprovincial events, whose page E48 names session C Points only).
    session_point: bool = True

    @property
    def is_tournament(self) -> bool:
        return self.kind != C

    @property
    def session_award_kind(self) -> str | None:
        """A/B Point Tournaments rule 3: the one point to each session winner of Pairs."""
        return self.kind if self.is_tournament and self.session_point else None


CLUB = "club"

STATUSES: dict[str, Status] = {
    status.code: status
    for status in (
        Status(CLUB, "Club session", C, Fraction(1), None, None),
        Status("3B", "Junior Tournament (3B Points)", B, Fraction(1), None, 48, 3),
        Status("5B", "Intermediate Tournament (5B Points)", B, Fraction(1), None, 48, 5),
        Status("8B", "Open Tournament (8B Points)", B, Fraction(2), None, 48, 8),
        Status("3A", "A Point Tournament (3A Points)", A, Fraction(2), Fraction(1), 48, 3),
        Status("5A", "A Point Tournament (5A Points)", A, Fraction(2), Fraction(1), 60, 5),
        Status("10A", "A Point Tournament (10A Points)", A, Fraction(3), Fraction(2), 72, 10),
        Status("15A", "A Point Tournament (15A Points)", A, Fraction(4), Fraction(3), 96, 15),
        # 1(c): "15A+ = 96 deals".
        Status("20A", "A Point Tournament (20A Points)", A, Fraction(5), Fraction(4), 96, 20),
        # Rule 3(e): the factor is lost in the scan ("??7?? X6"); x 6 continues 2-5 (NOTES.md).
        Status("25A", "A Point Tournament (25A Points)", A, Fraction(6), Fraction(5), 96, 25),
        # Page E48, Interprovincial Teams Trials (Pairs or Teams): session C Points at the
        # Basic Table x 2 (x 1 for Intermediate), match A Points at the Basic Table x 1, and
        # 1st-3rd overall; minimum deals 72 (Open, Women, Senior), 60 (Youth), 48
        # (Intermediate).
        Status("IPT-OPEN", "Interprovincial Trials, Open, Women or Senior (5A)", A,
               Fraction(2), Fraction(1), 72, 5, session_point=False),
        Status("IPT-YTH", "Interprovincial Trials, Youth (3A)", A,
               Fraction(2), Fraction(1), 60, 3, session_point=False),
        Status("IPT-INT", "Interprovincial Trials, Intermediate (5B)", B,
               Fraction(1), Fraction(1), 48, 5, session_point=False),
        # Page E48, Interprovincial Teams Championships (National events: "Tables are for
        # information only"): 1st-3rd overall; match A Points factored as the A Point
        # Tournament of the same winners' award (NOTES.md).
        Status("IPC-OPEN", "Interprovincial Teams Championship, Open (15A)", A,
               Fraction(4), Fraction(3), None, 15, session_point=False),
        Status("IPC-WS", "Interprovincial Teams Championship, Women or Senior (10A)", A,
               Fraction(3), Fraction(2), None, 10, session_point=False),
        Status("IPC-YTH", "Interprovincial Teams Championship, Youth (5A)", A,
               Fraction(2), Fraction(1), None, 5, session_point=False),
        Status("IPC-INT", "Interprovincial Teams Championship, Intermediate (5A)", A,
               Fraction(2), Fraction(1), None, 5, session_point=False),
    )
}  # fmt: skip
