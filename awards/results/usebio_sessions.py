"""The sessions of a USEBIO file's event: the placed fields of a session's sections, the
event's final placings, and its matches (`usebio` reads the rest)."""

from __future__ import annotations

from xml.etree.ElementTree import Element

from awards.results.common import (
    Placed,
    decimal_of,
    place_of,
    ranking_of,
    tables_of,
)
from awards.results.usebio_parse import ELEMENT, NUMBER, text_of


class SessionReading:
    """A reader's sessions: fields placed, the event's placings and its matches."""

    def _placed(
        self, entry: Element, where: str, label: str, *, counted: bool = True
    ) -> Placed | None:
        place = place_of(text_of(entry, "PLACE"), where=f"{where}/PLACE", problems=self.problems)
        score_element = "PERCENTAGE" if text_of(entry, "PERCENTAGE") else "TOTAL_SCORE"
        number = self._number(entry)
        score = decimal_of(
            text_of(entry, score_element),
            where=f"{where}/{score_element}",
            problems=self.problems,
            whose=f"{ELEMENT[self.kind]} {number}" if number else "",
        )
        if place is None:
            return None
        return Placed(label=label, place=place, where=where, score=score, counted=counted)

    def _section_fields(
        self, participants: Element, *, where: str, section: str, session: int
    ) -> list[tuple[dict, dict[str, str]]]:
        """One field (Howell, teams, individual), or two for a Mitchell (4.2.1), each with
        its contestants' percentages (4.2.2)."""
        entries = self._entries(participants, where)
        if not entries:
            self.problems.add(where, f"no {ELEMENT[self.kind]}: no tables were played")
            return []
        by_field: dict[str, list[Placed]] = {}
        scores: dict[str, dict[str, str]] = {}
        seen: set[str] = set()
        # A contestant of no known field leaves a gap no order check could account for.
        whole = True
        for entry, entry_where in entries:
            number = self._number(entry)
            direction = text_of(entry, "DIRECTION").upper() if self.two_winners else ""
            if self.two_winners and direction not in ("NS", "EW"):
                self.problems.add(
                    f"{entry_where}/DIRECTION",
                    f"{direction or '(none)'}: a Mitchell (WINNER_TYPE 2) needs NS or EW",
                )
                whole = False
                continue
            label = f"{section}{number}"
            if direction and not number.upper().endswith(direction):
                label += direction
            contestant = self._contestant(entry, entry_where, label=label, session=session)
            if contestant is not None and contestant in seen:
                self.problems.add(entry_where, f"the same players as {contestant} in this section")
                contestant = None
            if contestant is not None:
                seen.add(contestant)
            # A refused contestant still holds its place, so the places after it read true.
            placed = self._placed(
                entry, entry_where, contestant or entry_where, counted=contestant is not None
            )
            if placed is not None:
                by_field.setdefault(direction, []).append(placed)
                if placed.counted and placed.score is not None and text_of(entry, "PERCENTAGE"):
                    scores.setdefault(direction, {})[placed.label] = str(placed.score)
        tables = tables_of(len(entries), self.kind)
        movement = {"pairs": "howell", "teams": "howell", "individual": "individual"}[self.kind]
        fields = []
        for direction, placed in sorted(by_field.items()):
            fields.append(
                (
                    {
                        "movement": "mitchell" if self.two_winners else movement,
                        "tables": str(tables),
                        "ranking": ranking_of(
                            placed, where=where, problems=self.problems, check_order=whole
                        ),
                        "name": " ".join(p for p in (section, direction) if p)[:40],
                    },
                    scores.get(direction, {}),
                )
            )
        return fields

    def _event_contestants(self, participants: Element) -> dict[str, str]:
        numbers: dict[str, str] = {}
        for entry, where in self._entries(participants, "EVENT/PARTICIPANTS"):
            number = self._number(entry)
            if not number:
                self.problems.add(where, f"no {NUMBER[self.kind]}")
                continue
            prefix = {"pairs": "", "teams": "T", "individual": "P"}[self.kind]
            label = self._contestant(entry, where, label=f"{prefix}{number}", session=0)
            if label is not None:
                numbers[number] = label
        return numbers

    def _placed_event(self, participants: Element) -> list[Placed]:
        placed = []
        for entry, where in self._entries(participants, "EVENT/PARTICIPANTS"):
            label = self._contestant(entry, where, label=self._number(entry), session=0)
            one = self._placed(entry, where, label or where, counted=label is not None)
            if one is not None:
                placed.append(one)
        return placed

    # -- matches ----------------------------------------------------------------------------

    def _matches(
        self, matches: list[Element], *, where: str, numbers: dict[str, str]
    ) -> list[dict]:
        result = []
        for position, match in enumerate(matches, start=1):
            match_where = f"{where}/MATCH[{position}]"
            boards = text_of(match, "BOARDS_PLAYED")
            if not (boards.isascii() and boards.isdigit() and 0 < int(boards) <= 1000):
                self.problems.add(
                    f"{match_where}/BOARDS_PLAYED",
                    f"{boards or '(none)'} is not a number of boards",
                )
                continue
            sides = {}
            for side in ("HOME", "AWAY"):
                element = match.find(side)
                side_where = f"{match_where}/{side}"
                if element is None:
                    self.problems.add(match_where, f"no {side}")
                    continue
                number = self._number(element)
                label = numbers.get(number)
                if label is None:
                    self.problems.add(
                        side_where,
                        f"{NUMBER[self.kind]} {number or '(none)'} is not a contestant of "
                        f"EVENT/PARTICIPANTS",
                    )
                    continue
                sides[side] = (
                    label,
                    decimal_of(
                        text_of(element, "IMPS"), where=f"{side_where}/IMPS", problems=self.problems
                    ),
                    decimal_of(
                        text_of(element, "VICTORY_POINTS"),
                        where=f"{side_where}/VICTORY_POINTS",
                        problems=self.problems,
                    ),
                )
            if len(sides) != 2:
                continue
            (home, home_imps, home_vps), (away, away_imps, away_vps) = sides["HOME"], sides["AWAY"]
            one: dict = {"boards": int(boards), "home": home, "away": away}
            if home_imps is not None and away_imps is not None:
                one.update(home_imps=str(home_imps), away_imps=str(away_imps))
            elif home_vps is not None and away_vps is not None:
                one.update(home_vps=str(home_vps), away_vps=str(away_vps))
            else:
                self.problems.add(match_where, "no IMPS or VICTORY_POINTS for both sides")
                continue
            result.append(one)
        if not result and not self.problems.found:
            self.problems.add(where, "no MATCH could be read")
        return result
