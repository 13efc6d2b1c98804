"""The clubs (NATIONAL.CLB, or clubs.csv) with their states, and the affiliated clubs'
details (CLUBS.TXT).

A club is found by its number. A state (a region, a unit) the files name by a code the portal
does not know yet is created with its code for a name: the files carry no state's name, and
staff name it on the admin pages. Under the ABF a club of NATIONAL.CLB is affiliated when
CLUBS.TXT lists it (that file being every club affiliated now); in clubs.csv its own column
says so.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from clubs.models import Club, ClubChange, State
from clubs.services import club_creation_record
from operations.register_in.context import Run, same_text
from operations.register_in.layouts import Source
from operations.register_in.reading import read_lines
from operations.register_in.report import CHANGED, CREATED, REFUSED, UNCHANGED

ACTION = "register_import"


def _field(source: Source, name: str):
    return next(f for f in source.fields if f.name == name)


def _shown(value: object) -> object:
    if isinstance(value, State):
        return value.code
    if isinstance(value, date):
        return value.isoformat()
    return value


def _differences(club: Club, wanted: dict[str, object]) -> dict[str, list[object]]:
    return {
        name: [_shown(getattr(club, name)), _shown(value)]
        for name, value in wanted.items()
        if getattr(club, name) != value
    }


def clubs_numbers_affiliated(path: Path, source: Source, form: str) -> set[int]:
    """The club numbers CLUBS.TXT lists, read ahead so that NATIONAL.CLB's clubs are created
    affiliated or not as they are."""
    return {
        int(line.values["club"])
        for line in read_lines(path, source, form)
        if not line.refusal and line.values.get("club")
    }


def clubs_import(run: Run, path: Path, source: Source, form: str) -> None:
    """Each club of the file: created, brought up to date, or refused."""
    report = run.file(source.label)
    states = {state.code: state for state in State.objects.all()}
    clubs = {club.number: club for club in Club.objects.select_related("state")}
    special = set(run.scheme.special_clubs)
    kinds = {Club.Kind.ORDINARY.value, *special}
    region = "region" if any(f.name == "region" for f in source.fields) else "state"
    name_field = _field(source, "name")
    seen: dict[int, int] = {}
    for line in read_lines(path, source, form, run.progress.advance):
        values = line.values
        if line.refusal:
            report.add(line.number, REFUSED, line.refusal)
            continue
        number = int(values["club"])
        run.in_files["clubs"] += 1
        run.clubs.add(number)
        kind = str(values["kind"] or Club.Kind.ORDINARY)
        code = str(values[region])
        refusal = ""
        if number <= 0:
            refusal = "a club number is 1 or more"
        elif number in seen:
            refusal = f"duplicate number: club {number} is also on line {seen[number]}"
        elif not values["name"]:
            refusal = f"club {number} has no name"
        elif kind not in kinds:
            refusal = (
                f"club {number}: {kind!r} is not a kind of club here ({', '.join(sorted(kinds))})"
            )
        elif kind == Club.Kind.ORDINARY and not code:
            refusal = f"club {number} is an ordinary club and needs its {run.scheme.region_name}"
        elif str(values.get("affiliated", "")) not in ("", "Y", "N"):
            refusal = f"club {number}: affiliated is Y or N, not {values['affiliated']!r}"
        seen.setdefault(number, line.number)
        if refusal:
            report.add(line.number, REFUSED, refusal)
            continue
        state = None
        if code:
            state = states.get(code)
            if state is None:
                state = State.objects.create(code=code, name=code)
                states[code] = state
                report.notes.append(
                    f"{run.scheme.region_name.capitalize()} {code} created (line {line.number:,}), "
                    "named by its code until staff name it"
                )
        # None: the files do not say (NATIONAL.CLB without CLUBS.TXT), and a club keeps its own.
        affiliated: bool | None = None
        if "affiliated" in values:
            affiliated = values["affiliated"] != "N"
        elif run.affiliated is not None:
            affiliated = number in run.affiliated
        club = clubs.get(number)
        if club is None:
            club = Club.objects.create(
                number=number,
                name=values["name"],
                state=state,
                kind=kind,
                affiliated=affiliated is not False,
            )
            club_creation_record(
                club=club, by=run.by, fields=("number", "name", "state", "kind", "affiliated")
            )
            clubs[number] = club
            run.clubs_created.add(number)
            report.add(line.number, CREATED)
            continue
        wanted: dict[str, object] = {"state": state, "kind": kind}
        if affiliated is not None:
            wanted["affiliated"] = affiliated
        if not same_text(club.name, str(values["name"]), name_field, form):
            wanted["name"] = values["name"]
        changes = _differences(club, wanted)
        if not changes:
            report.add(line.number, UNCHANGED)
            continue
        for name in changes:
            setattr(club, name, wanted[name])
        club.save(update_fields=list(changes))
        ClubChange.objects.create(club=club, by=run.by, action=ACTION, changes=changes)
        report.add(line.number, CHANGED, _changes_text(number, changes))


def _changes_text(number: int, changes: dict[str, list[object]]) -> str:
    said = "; ".join(
        f"{name.replace('_', ' ')} {before or '(none)'} -> {after or '(none)'}"
        for name, (before, after) in changes.items()
    )
    return f"club {number}: {said}"


def _day(text: str) -> date | None:
    return date(int(text[:4]), int(text[4:6]), int(text[6:8]))


def affiliated_import(run: Run, path: Path, source: Source, form: str) -> None:
    """CLUBS.TXT: the affiliated clubs' details (2.6: sessions, remote; the directory's
    affiliation day and founding year). Its name and state must be NATIONAL.CLB's."""
    report = run.file(source.label)
    clubs = {club.number: club for club in Club.objects.select_related("state")}
    name_field = _field(source, "name")
    seen: dict[int, int] = {}
    for line in read_lines(path, source, form, run.progress.advance):
        values = line.values
        if line.refusal:
            report.add(line.number, REFUSED, line.refusal)
            continue
        number = int(values["club"])
        run.in_files["affiliated"] += 1
        club = clubs.get(number)
        refusal, wanted = _affiliated_details(values)
        if number in seen:
            refusal = f"duplicate number: club {number} is also on line {seen[number]}"
        elif club is None:
            refusal = f"unknown club {number}: in neither NATIONAL.CLB nor the portal"
        elif not refusal and not same_text(club.name, str(values["name"]), name_field, form):
            refusal = f"club {number} is {club.name!r} in NATIONAL.CLB, {values['name']!r} here"
        elif not refusal and (club.state.code if club.state else "") != values["state"]:
            refusal = f"club {number}'s state is not the one NATIONAL.CLB gives"
        seen.setdefault(number, line.number)
        if refusal:
            report.add(line.number, REFUSED, refusal)
            continue
        assert club is not None
        changes = _differences(club, wanted)
        if changes:
            for name in changes:
                setattr(club, name, wanted[name])
            club.save(update_fields=list(changes))
        if number in run.clubs_created:
            report.add(line.number, CREATED)
        elif changes:
            ClubChange.objects.create(club=club, by=run.by, action=ACTION, changes=changes)
            report.add(line.number, CHANGED, _changes_text(number, changes))
        else:
            report.add(line.number, UNCHANGED)


def _affiliated_details(values: dict[str, object]) -> tuple[str, dict[str, object]]:
    since, founded = str(values["affiliated_since"]), str(values["founded_year"])
    remote = str(values["remote"])
    try:
        day = _day(since) if since else None
    except ValueError:
        return f"affiliated_since {since!r} is not a day (YYYYMMDD)", {}
    if founded and not (founded.isdigit() and len(founded) == 4):
        return f"founded_year {founded!r} is not a year", {}
    if remote not in ("Y", "N"):
        return f"remote is Y or N, not {remote!r}", {}
    return "", {
        "affiliated": True,
        "affiliated_since": day,
        "sessions_per_year": int(values["sessions_per_year"]),
        "remote": remote == "Y",
        "founded_year": int(founded) if founded else None,
    }
