"""The events (EVENTS.TXT) whose codes HISTORY.TXT's awards name.

An event's code is the portal's own number for it: NATIONAL files out of the portal give its
database id, and an event comes in under the code its file gives, so that the history written
out again names the same codes (the round trip). A code the portal already gives another event
is refused: into an empty portal, or one that took the same files before, none is. Whether an
event counts towards its year is EVENTS.TXT's last column (N: a balance brought forward, kept
out of the year's points and standings, 1.7.2); a file without it is taken as Y.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from django.core.management.color import no_style
from django.db import connection

from awards.ledger.models import Event
from clubs.models import Club, State
from operations.register_in.context import Run, same_text
from operations.register_in.layouts import Source
from operations.register_in.players import chunks
from operations.register_in.reading import read_lines
from operations.register_in.report import CREATED, REFUSED, UNCHANGED

# 1.3.3, 1.3.4: the only events without a grade.
UNGRADED = (Event.Organiser.OVERSEAS, Event.Organiser.CENTRE)
COMPARED = (
    "organiser",
    "club_id",
    "state_id",
    "starts_on",
    "ends_on",
    "grade",
    "kind",
    "sessions",
    "of_the_year",
)


def _day(text: str) -> date | None:
    try:
        return date(int(text[:4]), int(text[4:6]), int(text[6:8])) if len(text) == 8 else None
    except ValueError:
        return None


def _event_wanted(run: Run, values: dict, clubs: dict, states: dict) -> tuple[str, dict]:
    code = int(values["event"])
    organiser, kind = str(values["organiser"]), str(values["kind"])
    # EVENTS.TXT's state, or events.csv's region (its region's or unit's code).
    club_number = int(values["club"])
    state_code = str(values["state"] if "state" in values else values.get("region") or "")
    starts_on, ends_on = _day(str(values["starts_on"])), _day(str(values["ends_on"]))
    grade, counts = str(values["grade"]), str(values.get("of_the_year") or "Y")
    grades = {grade.code for grade in run.scheme.grades}
    if code <= 0:
        return "an event code is 1 or more", {}
    if code in run.events:
        return f"duplicate code: event {code} is on an earlier line", {}
    if organiser not in Event.Organiser.values:
        return f"event {code}: {organiser!r} is not an organiser", {}
    if club_number and club_number not in clubs:
        return f"unknown club {club_number}: event {code}'s club is in no clubs' file", {}
    if organiser == Event.Organiser.CLUB and not club_number:
        return f"event {code} is a club's event and needs its club", {}
    if state_code and state_code not in states:
        return f"event {code}: unknown state {state_code}", {}
    if starts_on is None or ends_on is None or ends_on < starts_on:
        return f"event {code}: its days are not YYYYMMDD, the last on or after the first", {}
    if grade not in grades and not (not grade and organiser in UNGRADED):
        return f"event {code}: {grade!r} is not a grade of the scheme", {}
    if kind not in Event.Kind.values:
        return f"event {code}: {kind!r} is not pairs, teams or individual", {}
    if int(values["sessions"]) < 1:
        return f"event {code} has no session", {}
    if counts not in ("Y", "N"):
        return f"event {code}: of_the_year is Y or N, not {counts!r}", {}
    return "", {
        "name": values["name"],
        "organiser": organiser,
        "club_id": clubs.get(club_number),
        "state_id": states.get(state_code),
        "starts_on": starts_on,
        "ends_on": ends_on,
        "grade": grade,
        "kind": kind,
        "sessions": int(values["sessions"]),
        "of_the_year": counts == "Y",
    }


def events_import(run: Run, path: Path, source: Source, form: str) -> None:
    report = run.file(source.label)
    clubs = dict(Club.objects.values_list("number", "pk"))
    states = dict(State.objects.values_list("code", "pk"))
    name_field = next(f for f in source.fields if f.name == "name")
    created = 0
    for chunk in chunks(read_lines(path, source, form, run.progress.advance)):
        codes = [int(line.values["event"]) for line in chunk if not line.refusal]
        existing = {event.pk: event for event in Event.objects.filter(pk__in=codes)}
        new: list[tuple[int, Event]] = []
        for line in chunk:
            refusal, wanted = line.refusal, {}
            if not refusal:
                run.in_files["events"] += 1
                refusal, wanted = _event_wanted(run, line.values, clubs, states)
                run.events.add(int(line.values["event"]))
            code = int(line.values["event"]) if not line.refusal else 0
            event = existing.get(code)
            if not refusal and event is not None:
                differs = [name for name in COMPARED if getattr(event, name) != wanted[name]]
                if not same_text(event.name, str(wanted["name"]), name_field, form):
                    differs.insert(0, "name")
                if differs:
                    refusal = (
                        f"event code {code} is another event in the portal ({event.name}): "
                        f"its {', '.join(differs)} differ"
                    )
            if refusal:
                report.add(line.number, REFUSED, refusal)
            elif event is not None:
                report.add(line.number, UNCHANGED)
            else:
                new.append((line.number, Event(pk=code, created_by=run.by, **wanted)))
        Event.objects.bulk_create([event for _, event in new])
        for number, _ in new:
            report.add(number, CREATED)
        created += len(new)
    if created:
        run.written = True
        # The codes were given: the next event the portal makes takes the number after them.
        with connection.cursor() as cursor:
            for statement in connection.ops.sequence_reset_sql(no_style(), [Event]):
                cursor.execute(statement)
