"""Points granted by the Masterpoint Centre rather than won in an event (1.3.3, 1.3.4 note 2,
1.3.5): a Grand Master ranking for overseas visitors with significant top-level experience,
the equivalent ranking of a new permanent resident (at most Grand Master, with at least one
gold point for each New Zealand A point), and retrospective points giving an immigrant with no
masterpoint history, or a player transferring in from a non-affiliated club, immediate
National, Life or Grand Master status.

Every grant is "the minimum points necessary" for the rank: what the player's lifetime totals
still lack, found with the rank's own minimums (1.8), in the highest colour the rank asks for
and no more: the gold it needs as gold, the red-and-gold it still needs as red, the rest of
its total as green.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from enum import StrEnum

from scheme.abf.ranks import RANKS, RANKS_BY_NAME, Rank, Totals


class GrantBasis(StrEnum):
    # 1.3.3: "Overseas visiting players with significant top level experience will be
    # allocated sufficient masterpoints to give them a Grand Master Ranking."
    VISITOR = "visitor"
    # 1.3.3, 1.3.4 note (1): a permanent resident's "similar ranking, with a maximum of Grand
    # Master, to that achieved in their home country"; New Zealand players at least one gold
    # point for each NZ A point.
    RESIDENT = "resident"
    # 1.3.4 note (2): immigrants with no masterpoint history, assessed by a nominated person
    # of the State Association: "immediate National Master, Life Master or Grand Master".
    RETROSPECTIVE = "retrospective"
    # 1.3.5: notes (1) and (2) of 1.3.4 also apply to players transferring in from
    # non-affiliated clubs.
    NON_AFFILIATED = "non_affiliated"


GRANT_BASIS_NAMES: dict[GrantBasis, str] = {
    GrantBasis.VISITOR: "Overseas visitor with top-level experience: Grand Master (1.3.3)",
    GrantBasis.RESIDENT: "New permanent resident: equivalent ranking (1.3.3, 1.3.4 note 1)",
    GrantBasis.RETROSPECTIVE: "Immigrant without a masterpoint history (1.3.4 note 2)",
    GrantBasis.NON_AFFILIATED: "Transferring in from a non-affiliated club (1.3.5)",
}

GRAND_MASTER = RANKS_BY_NAME["Grand Master"]
LIFE_MASTER = RANKS_BY_NAME["Life Master"]
NATIONAL_MASTER = RANKS_BY_NAME["National Master"]
# 1.3.4 note (2): "immediate National Master, Life Master or Grand Master status".
RETROSPECTIVE_RANKS = (NATIONAL_MASTER, LIFE_MASTER, GRAND_MASTER)


def grant_ranks(basis: GrantBasis) -> tuple[Rank, ...]:
    """The ranks a grant on this basis may give."""
    if basis is GrantBasis.VISITOR:
        return (GRAND_MASTER,)
    if basis is GrantBasis.RESIDENT:
        # 1.3.3: "with a maximum of Grand Master".
        return tuple(rank for rank in RANKS if rank.order <= GRAND_MASTER.order)
    return RETROSPECTIVE_RANKS


class GrantError(ValueError):
    """A grant the manual does not allow; `field` names what is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class GrantAward:
    """The points of a grant, in hundredths by colour, and the working that found them."""

    rank: Rank
    green: int
    red: int
    gold: int
    working: str

    @property
    def total(self) -> int:
        return self.green + self.red + self.gold


def _points(hundredths: int) -> str:
    return f"{Decimal(hundredths) / 100:.2f}"


def grant_award(
    *,
    basis: GrantBasis,
    rank_name: str,
    held: Totals,
    pre_1982_red: int = 0,
    nz_a_points: Decimal | None = None,
) -> GrantAward:
    """The least points that give a player holding `held` the rank `rank_name`.

    `nz_a_points`, for a New Zealand player taking up permanent residence (1.3.3, 1.3.4
    note 1): at least one gold point for each, even beyond what the rank needs.
    """
    rank = RANKS_BY_NAME.get(rank_name)
    allowed = grant_ranks(basis)
    if rank is None or rank not in allowed:
        names = ", ".join(r.name for r in allowed) if len(allowed) < 5 else "up to Grand Master"
        raise GrantError("rank", f"This grant gives {names}; not {rank_name or 'no rank'}.")
    if nz_a_points is not None:
        if basis is not GrantBasis.RESIDENT:
            raise GrantError(
                "nz_a_points", "NZ A points count only for a new resident's grant (1.3.3)."
            )
        if nz_a_points < 0:
            raise GrantError("nz_a_points", "NZ A points cannot be negative.")
    # 1.3.3: "a minimum of one Australian gold point for each New Zealand A point", as part
    # of their total: a fraction of an A point still earns its whole hundredth.
    nz_gold = (
        int((nz_a_points * 100).to_integral_value(rounding=ROUND_CEILING)) if nz_a_points else 0
    )
    short = rank.shortfall(held, pre_1982_red)
    gold = max(short.gold, nz_gold)
    after_gold = Totals(held.green, held.red, held.gold + gold)
    red = rank.shortfall(after_gold, pre_1982_red).red
    after_red = Totals(after_gold.green, after_gold.red + red, after_gold.gold)
    green = rank.shortfall(after_red, pre_1982_red).green
    if green == red == gold == 0:
        raise GrantError("rank", f"The player already holds the points of a {rank.name}.")
    lines = [
        f"{rank.name} needs {_points(rank.total)} in all, {_points(rank.red_and_gold)} red "
        f"and gold, {_points(rank.gold)} gold (1.8).",
        f"Held: {_points(held.green)} green, {_points(held.red)} red, {_points(held.gold)} gold.",
    ]
    if nz_gold:
        lines.append(f"{nz_a_points} NZ A points: at least {_points(nz_gold)} gold (1.3.3).")
    lines.append(
        f"Granted: {_points(gold)} gold, {_points(red)} red, {_points(green)} green = "
        f"{_points(green + red + gold)}."
    )
    return GrantAward(rank=rank, green=green, red=red, gold=gold, working=" ".join(lines))


def mccutcheon_excluded(*, group_order: int, overseas_order: int) -> bool:
    """1.7.3: "Players who have moved to Australia from overseas are not entitled to win
    McCutcheon awards for the rankings beneath Life Master if they have already achieved an
    equivalent or higher ranking in their former country": the group of rank `group_order`
    (0 the unranked) is closed to a player whose former country's ranking was of rank
    `overseas_order`."""
    return group_order < LIFE_MASTER.order and overseas_order >= group_order
