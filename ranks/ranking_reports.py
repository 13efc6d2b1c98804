"""1.4.3: each club's quarterly player ranking report, issued once, emailed once.

The report lists the club's home members and alternates (guide F6.3: "Home Club Members and
Alternates appear on all regular club reports"), and the other players who earned points at
the club in the quarter ("other players will appear on a club's report only when they have
played and earned masterpoints in that club during the reporting period"), each with the
lifetime approved totals by colour and the rank (1.8) they give at the end of the quarter.
Deceased players are left out (guide F6.1, App. C 6).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict

from django.db import IntegrityError, transaction
from django.db.models import QuerySet, Sum

from awards.ledger.models import Credit, PlayerTotals
from centre.access import clubs_visible_to
from centre.models import User
from centre.schemes import current_scheme, point_kind_codes
from clubs.models import Club
from players.models import Alternate, Player
from ranks import emails
from ranks.documents import RankingRow
from ranks.models import RankingReport
from ranks.victories import players_with_wins
from scheme.core.calendar import quarter_months

CHUNK = 2000
MEMBERSHIP_ORDER = {"Home": 0, "Alternate": 1, "Visitor": 2}


def _chunks(ids: Sequence[int]) -> Iterable[Sequence[int]]:
    for start in range(0, len(ids), CHUNK):
        yield ids[start : start + CHUNK]


def approved_totals_at(
    *, player_ids: Sequence[int], year: int, month: int
) -> dict[int, dict[str, int]]:
    """Each player's approved points by colour up to the end of a month (hundredths).

    Whole years come from the kept totals (PlayerTotals), the months of the last year from
    the ledger, so the figure is what the month closes had approved by then.
    """
    totals: dict[int, dict[str, int]] = defaultdict(lambda: dict.fromkeys(point_kind_codes(), 0))
    for ids in _chunks(list(player_ids)):
        for row in (
            PlayerTotals.objects.filter(player_id__in=ids, year__lt=year)
            .values("player_id", "kind")
            .annotate(points=Sum("approved"))
        ):
            totals[row["player_id"]][row["kind"]] = totals[row["player_id"]].get(row["kind"], 0) + (
                row["points"] or 0
            )
        for row in (
            Credit.objects.filter(
                player_id__in=ids,
                state=Credit.State.APPROVED,
                period__year=year,
                period__month__lte=month,
            )
            .values("player_id", "colour")
            .annotate(points=Sum("points"))
        ):
            totals[row["player_id"]][row["colour"]] = totals[row["player_id"]].get(
                row["colour"], 0
            ) + (row["points"] or 0)
    return totals


def ranking_rows(*, club: Club, year: int, quarter: int) -> list[RankingRow]:
    """The rows of a club's ranking report for a quarter, as they stand now."""
    months = [month for _, month in quarter_months(year, quarter)]
    at_club: dict[int, int] = {
        row["player_id"]: row["points"]
        for row in Credit.objects.filter(
            event__organiser="club",
            event__club=club,
            period__year=year,
            period__month__in=months,
        )
        .values("player_id")
        .annotate(points=Sum("points"))
    }
    membership: dict[int, str] = {}
    for player_id in Player.objects.filter(home_club=club, status=Player.Status.ACTIVE).values_list(
        "pk", flat=True
    ):
        membership[player_id] = "Home"
    for player_id in (
        Alternate.objects.filter(club=club)
        .exclude(player__status=Player.Status.DECEASED)
        .values_list("player_id", flat=True)
    ):
        membership.setdefault(player_id, "Alternate")
    for player_id in at_club:
        membership.setdefault(player_id, "Visitor")
    ids = sorted(membership)
    totals = approved_totals_at(player_ids=ids, year=year, month=months[-1])
    scheme = current_scheme()
    # The ACBL's Grand Life Master: the players who hold a recorded win (ranks.victories).
    won = players_with_wins(ids) if scheme.rank_victory is not None else set()
    rows: list[RankingRow] = []
    for chunk in _chunks(ids):
        players = Player.objects.filter(pk__in=chunk).exclude(status=Player.Status.DECEASED)
        for player in players.select_related("home_club"):
            colours = totals[player.pk]
            # 1.8 notes: a scheme that keeps points won before its ledger on the player (the
            # ABF's red points won before 1982) ranks with them.
            rank = scheme.player_rank(colours, player.pre_1982_red, won=player.pk in won)
            rows.append(
                RankingRow(
                    abf_number=player.abf_number,
                    family_name=player.family_name,
                    given_names=player.given_names,
                    membership=membership[player.pk],
                    home_club=player.home_club.number if player.home_club else None,
                    green=colours.get("green", 0),
                    red=colours.get("red", 0),
                    gold=colours.get("gold", 0),
                    rank=rank.name if rank else "",
                    at_club=at_club.get(player.pk, 0),
                    points=dict(colours),
                )
            )
    rows.sort(
        key=lambda r: (MEMBERSHIP_ORDER[r.membership], -r.total, r.family_name, r.given_names)
    )
    return rows


# --- issuing and emailing (the writes) ----------------------------------------------------


def ranking_report_issue(*, club: Club, year: int, quarter: int) -> tuple[RankingReport, bool]:
    """Issue a club's report for a quarter once: returns (report, created).

    Issuing again returns the report already issued, unchanged, so the quarter's job can be
    run twice or resumed after it stopped halfway.
    """
    existing = RankingReport.objects.filter(club=club, year=year, quarter=quarter).first()
    if existing is not None:
        return existing, False
    rows = [asdict(row) for row in ranking_rows(club=club, year=year, quarter=quarter)]
    try:
        with transaction.atomic():
            report = RankingReport.objects.create(club=club, year=year, quarter=quarter, rows=rows)
    except IntegrityError:  # issued meanwhile by another worker
        return RankingReport.objects.get(club=club, year=year, quarter=quarter), False
    return report, True


def reporting_clubs() -> QuerySet[Club]:
    """The clubs that get a ranking report: the affiliated ordinary clubs (1.4.3)."""
    return Club.objects.filter(affiliated=True, kind=Club.Kind.ORDINARY).order_by("number")


def ranking_reports_issue(
    *,
    year: int,
    quarter: int,
    clubs: Iterable[Club] | None = None,
    progress: Callable[[Club], object] | None = None,
) -> list[RankingReport]:
    """Issue every club's report for a quarter; each club in its own transaction."""
    if quarter not in (1, 2, 3, 4):
        raise ValueError(f"A quarter is 1 to 4, not {quarter}.")
    issued = []
    for club in reporting_clubs() if clubs is None else clubs:
        report, created = ranking_report_issue(club=club, year=year, quarter=quarter)
        if created:
            issued.append(report)
        if progress is not None:
            progress(club)
    return issued


def ranking_reports_email(*, year: int, quarter: int) -> int:
    """Queue the email of every report of the quarter not yet sent; returns how many."""
    pending = list(
        RankingReport.objects.filter(year=year, quarter=quarter, emailed_at=None)
        .exclude(club__secretary_email="")
        .values_list("pk", flat=True)
    )
    for report_id in pending:
        emails.ranking_report_email.delay(report_id)
    return len(pending)


# --- reading them -------------------------------------------------------------------------


def reports_visible_to(*, user: User) -> QuerySet[RankingReport]:
    """A club sees its own reports, a state secretary those of the state's clubs, staff all."""
    return RankingReport.objects.filter(club__in=clubs_visible_to(user=user)).select_related("club")
