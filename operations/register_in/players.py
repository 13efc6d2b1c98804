"""The players (NATIONAL.TXT, or players.csv), their alternates (ALTERNAT.TXT) and their
red points won before 1982 (PRE82.TXT), each found by the player's number.

A player comes in with the names, home club, status and rank the file gives. The rank is kept
as the file says it, never lowered (a rank is held for life, 1.8); the next promotions run
from there. Each player created or changed has the line in their history that says so, by
the login that ran the import; no email is sent (a register moving in is not a change a club
asked for).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path

from centre.versions import PLAYERS, PRE_1982, data_changed
from clubs.models import Club
from operations.national_files import Field, ascii_text
from operations.register_in.bulk import objects_copy
from operations.register_in.context import CHUNK, Run, same_text
from operations.register_in.layouts import Source
from operations.register_in.reading import Line, read_lines
from operations.register_in.report import CHANGED, CREATED, REFUSED, UNCHANGED, FileReport
from players import abf_numbers
from players.models import Alternate, Player, PlayerChange

ACTION = "register_import"
STATUSES = {"A": Player.Status.ACTIVE, "I": Player.Status.INACTIVE}


def chunks(lines: Iterable[Line], size: int = CHUNK) -> Iterator[list[Line]]:
    iterator = iter(lines)
    while chunk := list(islice(iterator, size)):
        yield chunk


def number_of(line: Line) -> str:
    return str(line.values.get("abf_number") or line.values.get("number") or "")


def number_refusal(number: str) -> str:
    """Why a file's number is no player's number: its check digit, above all."""
    return abf_numbers.validation_error(number) or ""


def _field(source: Source, name: str):
    return next(f for f in source.fields if f.name == name)


def _rank_refusal(run: Run, values: dict[str, object], source: Source, form: str) -> str:
    order = int(values["rank"])
    ranks = run.scheme.ranks
    if not 0 <= order <= len(ranks):
        return f"rank {order:02d} is not in the ladder (1-{len(ranks)}, 0 for none)"
    named = str(values.get("rank_name") or "")
    expected = ranks[order - 1].name if order else ""
    if form == "txt":
        expected = ascii_text(expected)[: _field(source, "rank_name").width].strip()
    if named and named.lower() != expected.lower():
        return f"rank {order:02d} is {expected or 'no rank'} in the ladder, not {named!r}"
    return ""


def totals_refusal(run: Run, values: dict[str, object]) -> str:
    """Totals that do not add up: the kinds' points against the total the line gives."""
    kinds = [kind.code for kind in run.scheme.kinds_in_order]
    points = [int(values[kind]) for kind in kinds]
    if any(value < 0 for value in points):
        return "totals do not add up: a lifetime total is never below zero"
    if sum(points) != int(values["total"]):
        said = " + ".join(
            f"{value / 100:.2f} {kind}" for value, kind in zip(points, kinds, strict=True)
        )
        return (
            f"totals do not add up: {said} is {sum(points) / 100:.2f}, "
            f"not the {int(values['total']) / 100:.2f} given"
        )
    return ""


def _player_wanted(
    run: Run, line: Line, clubs: dict[int, int], source: Source, form: str
) -> tuple[str, dict[str, object]]:
    """A players' line as the player it gives, or why it is refused."""
    values, number = line.values, number_of(line)
    home = int(values["home_club"])
    status = STATUSES.get(str(values["status"]))
    refusal = number_refusal(number)
    if not refusal and number in run.players:
        refusal = f"duplicate number: {number} is also on line {run.players[number]:,}"
    if not refusal and not values["family_name"]:
        refusal = f"{number} has no family name"
    if not refusal and home and home not in clubs:
        refusal = f"unknown club {home}: {number}'s home club is in no clubs' file"
    if not refusal and status is None:
        refusal = f"{number}: status is A (active) or I (inactive), not {values['status']!r}"
    if not refusal and status == Player.Status.ACTIVE and not home:
        refusal = f"{number} is active and needs a home club"
    refusal = refusal or _rank_refusal(run, values, source, form)
    if not refusal and any(f.name == "total" for f in source.fields):
        refusal = totals_refusal(run, values)
    return refusal, {
        "family_name": values["family_name"],
        "given_names": values["given_names"],
        "home_club_id": clubs.get(home),
        "status": status,
        "rank_order": int(values["rank"]),
    }


def players_import(run: Run, path: Path, source: Source, form: str) -> None:
    report = run.file(source.label)
    clubs = dict(Club.objects.values_list("number", "pk"))
    names = {f: _field(source, f) for f in ("family_name", "given_names")}
    for chunk in chunks(read_lines(path, source, form, run.progress.advance)):
        wanted: dict[str, tuple[int, dict[str, object]]] = {}
        for line in chunk:
            number, refusal, player = number_of(line), line.refusal, {}
            if not refusal:
                run.in_files["players"] += 1
                refusal, player = _player_wanted(run, line, clubs, source, form)
                run.players.setdefault(number, line.number)
            if refusal:
                report.add(line.number, REFUSED, refusal)
                run.lines_refused.add(line.number)
                if number:
                    run.players_refused.add(number)
                continue
            wanted[number] = (line.number, player)
        _players_write(run, report, wanted, names, form)


def _players_write(
    run: Run,
    report: FileReport,
    wanted: dict[str, tuple[int, dict[str, object]]],
    names: dict[str, Field],
    form: str,
) -> None:
    existing = {p.abf_number: p for p in Player.objects.filter(abf_number__in=list(wanted))}
    numbers = {pk: number for number, pk in Club.objects.values_list("number", "pk")}
    created: list[Player] = []
    changed: list[tuple[Player, dict[str, list[object]]]] = []
    lines = {}
    for number, (line, values) in wanted.items():
        lines[number] = line
        player = existing.get(number)
        if player is None:
            created.append(Player(abf_number=number, **values))
            continue
        if player.status == Player.Status.DECEASED:
            report.add(line, REFUSED, f"{number} is deceased in the portal")
            run.lines_refused.add(line)
            run.players_refused.add(number)
            continue
        changes: dict[str, list[object]] = {}
        for name in ("family_name", "given_names"):
            if not same_text(getattr(player, name), str(values[name]), names[name], form):
                changes[name] = [getattr(player, name), values[name]]
        if player.home_club_id != values["home_club_id"]:
            changes["home_club"] = [
                numbers.get(player.home_club_id),
                numbers.get(values["home_club_id"]),
            ]
        if player.status != values["status"]:
            changes["status"] = [player.status, values["status"]]
        # A rank is held for life (1.8): the file's rank is kept, never one lower.
        if int(values["rank_order"]) > player.rank_order:
            changes["rank_order"] = [player.rank_order, values["rank_order"]]
        if not changes:
            report.add(line, UNCHANGED)
            continue
        for name in changes:
            field = "home_club_id" if name == "home_club" else name
            setattr(player, field, values[field])
        if player.status != Player.Status.ACTIVE:
            player.cancellation_requested_at = None
        changed.append((player, changes))
    players_copy(created)
    objects_copy(
        PlayerChange,
        [
            PlayerChange(
                player=player,
                by=run.by,
                club_id=player.home_club_id,
                action=ACTION,
                changes={
                    "abf_number": [None, player.abf_number],
                    "given_names": [None, player.given_names],
                    "family_name": [None, player.family_name],
                    "home_club": [None, numbers.get(player.home_club_id)],
                    "status": [None, player.status],
                },
            )
            for player in created
        ],
    )
    for player in created:
        report.add(lines[player.abf_number], CREATED)
    if changed:
        Player.objects.bulk_update(
            [player for player, _ in changed],
            [
                "family_name",
                "given_names",
                "home_club",
                "status",
                "rank_order",
                "cancellation_requested_at",
            ],
            batch_size=CHUNK,
        )
        # A rank's rise is said by the report, not the history: promotions keep theirs.
        PlayerChange.objects.bulk_create(
            [
                PlayerChange(
                    player=player,
                    by=run.by,
                    club_id=player.home_club_id,
                    action=ACTION,
                    changes=kept,
                )
                for player, changes in changed
                if (kept := {k: v for k, v in changes.items() if k != "rank_order"})
            ],
            batch_size=CHUNK,
        )
        for player, changes in changed:
            said = "; ".join(f"{k.replace('_', ' ')} {a} -> {b}" for k, (a, b) in changes.items())
            report.add(lines[player.abf_number], CHANGED, f"{player.abf_number}: {said}")
    if created or changed:
        run.written = True
        data_changed(PLAYERS)


def players_copy(players: list[Player]) -> None:
    """New players written in one COPY (`bulk.objects_copy`), then their ids read back by
    number for the rows that name them (their history's lines)."""
    objects_copy(Player, players)
    missing = [player for player in players if player.pk is None]
    for part in range(0, len(missing), CHUNK):
        some = missing[part : part + CHUNK]
        ids = dict(
            Player.objects.filter(abf_number__in=[p.abf_number for p in some]).values_list(
                "abf_number", "pk"
            )
        )
        for player in some:
            player.pk = ids[player.abf_number]


def _players_by_number(numbers: list[str]) -> dict[str, tuple[int, str, int | None]]:
    return {
        number: (pk, status, home)
        for pk, number, status, home in Player.objects.filter(abf_number__in=numbers).values_list(
            "pk", "abf_number", "status", "home_club_id"
        )
    }


def alternates_import(run: Run, path: Path, source: Source, form: str) -> None:
    """ALTERNAT.TXT: each player a club lists besides its home members (guide F6.3)."""
    report = run.file(source.label)
    clubs = dict(Club.objects.values_list("number", "pk"))
    numbers = {pk: number for number, pk in clubs.items()}
    for chunk in chunks(read_lines(path, source, form, run.progress.advance)):
        players = _players_by_number([number_of(line) for line in chunk if not line.refusal])
        pairs = set(
            Alternate.objects.filter(player_id__in=[p for p, _, _ in players.values()]).values_list(
                "player_id", "club_id"
            )
        )
        new: list[tuple[int, Alternate]] = []
        for line in chunk:
            refusal = line.refusal
            if not refusal:
                number, club = number_of(line), int(line.values["club"])
                run.in_files["alternates"] += 1
                refusal = number_refusal(number)
                player = players.get(number)
                if not refusal and (number, club) in run.alternates:
                    refusal = f"duplicate: {number} at club {club} is on an earlier line"
                run.alternates.add((number, club))
                if not refusal and player is None:
                    refusal = f"unknown player {number}: in neither NATIONAL.TXT nor the portal"
                if not refusal and club not in clubs:
                    refusal = f"unknown club {club}"
                if not refusal and player[1] == Player.Status.DECEASED:
                    refusal = f"{number} is deceased and cannot be an alternate"
                if not refusal and player[2] == clubs[club]:
                    refusal = f"{number} is a home member of club {club}, not its alternate"
            if refusal:
                report.add(line.number, REFUSED, refusal)
            elif (player[0], clubs[club]) in pairs:
                report.add(line.number, UNCHANGED)
            else:
                pairs.add((player[0], clubs[club]))
                new.append((line.number, Alternate(player_id=player[0], club_id=clubs[club])))
        Alternate.objects.bulk_create([alternate for _, alternate in new], batch_size=CHUNK)
        PlayerChange.objects.bulk_create(
            [
                PlayerChange(
                    player_id=alternate.player_id,
                    by=run.by,
                    club_id=alternate.club_id,
                    action=ACTION,
                    changes={"alternate_clubs": [None, numbers[alternate.club_id]]},
                )
                for _, alternate in new
            ],
            batch_size=CHUNK,
        )
        for number, _ in new:
            report.add(number, CREATED)
        if new:
            run.written = True
            data_changed(PLAYERS)


def pre82_import(run: Run, path: Path, source: Source, form: str) -> None:
    """PRE82.TXT: each player's red points won before 1982, kept on the player (1.8 notes)."""
    report = run.file(source.label)
    for chunk in chunks(read_lines(path, source, form, run.progress.advance)):
        numbers = [number_of(line) for line in chunk if not line.refusal]
        players = {p.abf_number: p for p in Player.objects.filter(abf_number__in=numbers)}
        changed: list[tuple[int, Player, int, int]] = []
        for line in chunk:
            refusal = line.refusal
            if not refusal:
                number, points = number_of(line), int(line.values["pre_1982_red"])
                run.in_files["pre82"] += points
                run.in_files["pre82 lines"] += 1
                refusal = number_refusal(number)
                if not refusal and number in run.pre82:
                    refusal = f"duplicate number: {number} is on an earlier line"
                run.pre82.add(number)
                if not refusal and number not in players:
                    refusal = f"unknown player {number}: in neither NATIONAL.TXT nor the portal"
                if not refusal and points < 0:
                    refusal = f"{number}: red points won before 1982 are never below zero"
            if refusal:
                report.add(line.number, REFUSED, refusal)
            elif players[number].pre_1982_red == points:
                report.add(line.number, UNCHANGED)
            else:
                player = players[number]
                changed.append((line.number, player, player.pre_1982_red, points))
        for line_number, player, before, points in changed:
            player.pre_1982_red = points
            report.add(
                line_number,
                CHANGED if before else CREATED,
                f"{player.abf_number}: {before / 100:.2f} -> {points / 100:.2f}" if before else "",
            )
        Player.objects.bulk_update(
            [player for _, player, _, _ in changed], ["pre_1982_red"], batch_size=CHUNK
        )
        PlayerChange.objects.bulk_create(
            [
                PlayerChange(
                    player=player,
                    by=run.by,
                    club_id=player.home_club_id,
                    action=ACTION,
                    changes={"pre_1982_red": [before, points]},
                )
                for _, player, before, points in changed
            ],
            batch_size=CHUNK,
        )
        if changed:
            run.written = True
            data_changed(PLAYERS, PRE_1982)
