"""The lifetime totals (NATIONAL.TXT's green, red, gold and total, or totals.csv by the
scheme's kinds) as balances brought forward, and the players whose totals pass their rank.

What a player's lifetime totals hold beyond the approved credits the portal already has (the
history just brought in, when HISTORY.TXT came) is credited as a balance brought forward:
one approved credit a kind, of an event of the Centre that is not of the year
("Green points brought forward from the previous register", `Event.of_the_year` False), in
a closed month before the import's. It counts in the lifetime totals, the ranks and the
national position, never in a year's points or standings (1.7.2: `PlayerTotals.
brought_forward`). A total below what the portal already holds for the player does not add
up and is refused. Running the import again finds nothing to bring forward.

The rank is kept as the files give it (1.4.4: ranks move only at a month close). A player
whose totals already reach a higher rank is listed in the report, not promoted.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from pathlib import Path

from django.db.models import Sum

from awards.ledger.models import Credit, Event, PlayerTotals
from awards.ledger.services.totals import totals_add
from centre.models import Period
from operations.close_run import close_steps
from operations.register_in.context import Run
from operations.register_in.layouts import Source
from operations.register_in.players import chunks, number_of, number_refusal, totals_refusal
from operations.register_in.reading import Line, read_lines
from operations.register_in.report import CREATED, LISTED, REFUSED, UNCHANGED
from players.models import Player
from scheme.core.calendar import local_month

BROUGHT_FORWARD = "brought forward from the previous register"
# The statement shows no reason for it: the event's name already says it.
REASON = "Balance brought forward from the previous register"


def _kind_label(run: Run, code: str) -> str:
    label = run.scheme.point_kind(code).label
    return label if label.lower().endswith("points") else f"{label} points"


class Balances:
    """The events and the month the balances brought forward go to, found or made once."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.events: dict[str, Event] = {}
        self._period: Period | None = None

    def name(self, kind: str) -> str:
        return f"{_kind_label(self.run, kind)} {BROUGHT_FORWARD}"

    def period(self) -> Period:
        if self._period is None:
            self._period = self._found_period() or self._made_period()
        return self._period

    def _found_period(self) -> Period | None:
        names = [self.name(kind.code) for kind in self.run.scheme.point_kinds]
        credit = (
            Credit.objects.filter(event__name__in=names, event__of_the_year=False, reason=REASON)
            .select_related("period")
            .order_by("pk")
            .first()
        )
        return credit.period if credit is not None else None

    def _made_period(self) -> Period:
        """The last month before the import's that is not open here, closed if made now."""
        year, month = local_month(self.run.now, self.run.scheme.zone)
        while True:
            year, month = (year - 1, 12) if month == 1 else (year, month - 1)
            period = Period.objects.filter(year=year, month=month).first()
            if period is None:
                return Period.objects.create(
                    year=year,
                    month=month,
                    status=Period.Status.CLOSED,
                    closed_at=self.run.now,
                    closed_by=self.run.by,
                    close_step="closed",
                    close_steps_done=[name for name, _ in close_steps()],
                )
            if period.status == Period.Status.CLOSED:
                return period

    def event(self, kind: str) -> Event:
        if kind not in self.events:
            name = self.name(kind)
            event = Event.objects.filter(name=name, of_the_year=False).order_by("pk").first()
            if event is None:
                period = self.period()
                day = date(period.year, period.month, 1)
                # The grade only carries the kind (statements show a balance without it): the
                # one the scheme's demo names for it, else the first grade of that kind.
                grade = dict(self.run.scheme.demo.balances).get(kind) or next(
                    (g.code for g in self.run.scheme.grades if g.point_kind == kind), ""
                )
                event = Event.objects.create(
                    organiser=Event.Organiser.NATIONAL if grade else Event.Organiser.CENTRE,
                    name=name,
                    starts_on=day,
                    ends_on=day,
                    grade=grade,
                    created_by=self.run.by,
                    of_the_year=False,
                )
            self.events[kind] = event
        return self.events[kind]


def _approved(player_ids: list[int]) -> dict[tuple[int, str], int]:
    return {
        (row["player_id"], row["kind"]): row["points"] or 0
        for row in PlayerTotals.objects.filter(player_id__in=player_ids)
        .values("player_id", "kind")
        .annotate(points=Sum("approved"))
    }


def totals_import(run: Run, path: Path, source: Source, form: str) -> None:
    report = run.file(source.label)
    kinds = [kind.code for kind in run.scheme.kinds_in_order]
    # NATIONAL.TXT's lines were read for the players: their refusals are said there.
    players_file = any(f.name == "family_name" for f in source.fields)
    balances = Balances(run)
    for chunk in chunks(read_lines(path, source, form, run.progress.advance)):
        if players_file:
            chunk = [line for line in chunk if line.number not in run.lines_refused]
        numbers = [number_of(line) for line in chunk if not line.refusal]
        players = {
            row[0]: row[1:]
            for row in Player.objects.filter(abf_number__in=numbers).values_list(
                "abf_number", "pk", "rank_order", "pre_1982_red"
            )
        }
        approved = _approved([pk for pk, _, _ in players.values()])
        credits: list[Credit] = []
        amounts: dict[int, list[tuple[int, str, int]]] = defaultdict(list)
        for line in chunk:
            refusal = line.refusal or _line_refusal(run, line, players, kinds, players_file)
            if refusal:
                report.add(line.number, REFUSED, refusal)
                continue
            number = number_of(line)
            pk, held, pre_1982_red = players[number]
            totals = {kind: int(line.values[kind]) for kind in kinds}
            more = {kind: totals[kind] - approved.get((pk, kind), 0) for kind in kinds}
            short = [kind for kind in kinds if more[kind] < 0]
            if short:
                kind = short[0]
                report.add(
                    line.number,
                    REFUSED,
                    f"totals do not add up: the portal holds {approved[(pk, kind)] / 100:.2f} "
                    f"{kind} approved for {number} (its history), more than the "
                    f"{totals[kind] / 100:.2f} given",
                )
                continue
            for kind in kinds:
                if more[kind]:
                    credits.append(_balance(run, balances, pk, kind, more[kind]))
                    amounts[balances.period().year].append((pk, kind, more[kind]))
            report.add(line.number, CREATED if any(more.values()) else UNCHANGED)
            reached = run.scheme.player_rank(totals, pre_1982_red)
            if reached is not None and reached.order > held:
                ranks = run.scheme.ranks
                holds = ranks[held - 1].name if 0 < held <= len(ranks) else "no rank"
                report.add(
                    line.number,
                    LISTED,
                    f"{number} holds {holds} and the totals reach {reached.name}: kept, "
                    "not promoted; the next promotions run from it",
                )
        Credit.objects.bulk_create(credits, batch_size=5000)
        for year, rows in amounts.items():
            totals_add(year=year, amounts=rows, state=Credit.State.APPROVED, brought_forward=True)
        if credits:
            run.written = True


def _line_refusal(run: Run, line: Line, players: dict, kinds: list[str], players_file: bool) -> str:
    number = number_of(line)
    for kind in kinds:
        run.in_files[f"total {kind}"] += int(line.values[kind])
    run.in_files["total"] += int(line.values["total"])
    run.in_files["totals"] += 1
    if players_file:
        run.totals_players.add(number)
        return "" if number in players else f"unknown player {number}"
    refusal = number_refusal(number)
    if not refusal and number in run.totals_players:
        refusal = f"duplicate number: {number} is on an earlier line"
    run.totals_players.add(number)
    if not refusal and number not in players:
        refusal = f"unknown player {number}: in neither players.csv nor the portal"
    return refusal or totals_refusal(run, line.values)


def _balance(run: Run, balances: Balances, player_id: int, kind: str, points: int) -> Credit:
    return Credit(
        player_id=player_id,
        event=balances.event(kind),
        colour=kind,
        points=points,
        source=Credit.Source.ADJUSTMENT,
        reason=REASON,
        period=balances.period(),
        state=Credit.State.APPROVED,
        uploaded_by=run.by,
    )
