"""Every line of an upload held against the most its event can pay one player, and the most
any event of its grade could (awards.calculator.ceilings), before it is kept."""

from __future__ import annotations

from awards.calculator.ceilings import Ceiling, results_ceiling, scheme_ceilings
from awards.calculator.sessions.ceilings import sessions_ceilings
from awards.errors import Problem
from awards.ledger.services.events import EventDetails
from centre.models import User
from centre.schemes import current_scheme
from scheme.core.points import points_text


def award_lines_check(
    *,
    by: User,
    lines: list[dict],
    warnings: list[str],
    event: EventDetails,
    expected: dict[str, int] | None = None,
) -> tuple[list[Problem], dict | None]:
    """Hold each player's points against the most the event can pay.

    Above what any event of the grade could pay: a problem on each of the player's lines,
    for a secretary; centre staff, who also credit what no award table gives (the national
    files, corrections of the registry), are warned instead. Above what the event described
    (or its results) can pay: each line keeps a warning saying the most and how it was
    found, and the upload's warnings list it. Returns the problems and the ceiling (as the
    preview keeps it), or None if none was found.
    """
    scheme = current_scheme()
    grade_word = scheme.grade_word
    limit: Ceiling | None
    ceiling: Ceiling | None
    problems: list[Problem]
    if scheme.calculator_sessions:
        # Its award engine sizes the event (awards.calculator.sessions.ceilings).
        found = sessions_ceilings(event=event, expected=expected)
        if found is None:
            return [], None
        ceiling, limit, problems = found
    else:
        ceiling, limit = scheme_ceilings(event=event)
        problems = []
        if expected is not None:
            ceiling = results_ceiling(expected)
    if ceiling is None and limit is None:
        return problems, None
    # A player's points over the upload's lines (an award of a split grade is one line a
    # colour of the same row: its parts add up to the award entered).
    given: dict[str, int] = {}
    for line in lines:
        given[line["abf_number"]] = given.get(line["abf_number"], 0) + line["points"]
    most = ceiling.points if ceiling else None
    # No line of a player given at most this needs a word: the most the event can pay, or
    # any event of the grade if that is all there is.
    allowed = min(c.points for c in (ceiling, limit) if c is not None)
    rows: dict[str, set[int]] | None = None
    said: set[tuple[int, str]] = set()
    for line in lines:
        line["most"] = most
        total = given[line["abf_number"]]
        if total <= allowed or (line["line"], line["abf_number"]) in said:
            continue
        said.add((line["line"], line["abf_number"]))
        if rows is None:
            rows = {}
            for each in lines:
                rows.setdefault(each["abf_number"], set()).add(each["line"])
        whose = f"{line['abf_number']} {line['name']}"
        several = len(rows[line["abf_number"]]) > 1
        amount = points_text(total) + (" over the file's lines" if several else "")
        beyond = (
            f"more than any {grade_word} {event.grade} event can pay one player "
            f"({points_text(limit.points)}, {limit.how})"
            if limit is not None
            else ""
        )
        if limit is not None and total > limit.points and not by.is_centre_staff:
            problems.append(Problem(line["line"], f"{whose} is given {amount}, {beyond}."))
        elif limit is not None and total > limit.points:
            # What the preview flags in a word, and holds for a tick before crediting.
            line["above"] = {"most": limit.points, "of": "grade"}
            line["warning"] = "; ".join(part for part in (line.get("warning"), beyond) if part)
            warnings.append(f"Line {line['line']}: {whose} is given {amount}, {beyond}.")
        elif ceiling is not None and total > ceiling.points:
            text = (
                f"above the most this event can pay: {points_text(ceiling.points)} ({ceiling.how})"
            )
            line["above"] = {"most": ceiling.points, "of": "event"}
            line["warning"] = "; ".join(part for part in (line.get("warning"), text) if part)
            warnings.append(f"Line {line['line']}: {whose} is given {amount}, {text}.")
    return problems, ceiling.as_json() if ceiling else None
