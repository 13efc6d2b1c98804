"""A player's rank as of the last month close and what the next one still needs (1.8; the
scheme's ladder), and a player's grade in force."""

import functools
from collections.abc import Mapping
from datetime import date
from typing import NamedTuple

from django.utils import timezone

from centre.schemes import current_scheme
from players.models import Player, PlayerGrade
from players.selectors.status import GradeInForce, grade_in_force
from scheme.base import NextStar, RankNeed, Scheme, SchemeRank
from scheme.core.points import points_text


class RankStanding(NamedTuple):
    """What the lookup shows (1.4.4): the rank at the last close and what the next needs (a
    named tuple: one for each player the lookup lists)."""

    rank: SchemeRank | None
    next_rank: SchemeRank | None
    # Every requirement of the next rank with what is still lacking (0 when met), in the
    # scheme's terms (`Scheme.needs`): the ABF's three minimums of 1.8, NZ's aggregate and A
    # Points, the ACBL's total and colour groups.
    needs: tuple[RankNeed, ...] = ()
    # NZ: the stars within the rank, from the points credited so far, and the next star when
    # the player holds the next rank's aggregate without its A Points.
    stars: int = 0
    next_star: NextStar | None = None

    @property
    def next_is_met(self) -> bool:
        """The points credited so far already meet the next rank: promoted at the next close."""
        return self.next_rank is not None and all(need.met for need in self.needs)

    def needed(self) -> list[RankNeed]:
        """The requirements of the next rank not yet met."""
        return [need for need in self.needs if not need.met]

    def summary(self) -> str:
        """One sentence for statements: the rank, and what the next one still needs."""
        held = self.rank.name if self.rank else "not yet ranked"
        if self.rank and self.stars:
            held += " " + "*" * self.stars
        text = f"Rank as of the last month close: {held}."
        if self.next_rank is None:
            return text
        if self.next_is_met:
            return (
                f"{text} {self.next_rank.name} is reached with the points awaiting approval, "
                "at the month's close."
            )
        needed = "; ".join(need.text() for need in self.needed())
        text = f"{text} Still needed for {self.next_rank.name}: {needed}."
        if self.next_star is not None:
            text += (
                f" Star {self.next_star.stars} comes with "
                f"{points_text(self.next_star.hundredths)} more A and B Points."
            )
        return text

    def as_json(self) -> dict:
        answer = {
            "rank": self.rank.name if self.rank else None,
            "rank_order": self.rank.order if self.rank else 0,
            "next_rank": self.next_rank.name if self.next_rank else None,
            "next_rank_reached": self.next_is_met,
            # Every points requirement of the next rank, 0 when met.
            "needed_for_next_rank": None
            if self.next_rank is None
            else {need.key: need.hundredths for need in self.needs if need.points},
        }
        if current_scheme().stars is not None:
            answer["stars"] = self.stars
            answer["next_star"] = (
                None
                if self.next_star is None
                else {
                    "stars": self.next_star.stars,
                    "aggregate_needed": self.next_star.hundredths,
                }
            )
        return answer


def player_rank_standing(
    *, player: Player, lifetime: Mapping[str, int], won: bool = False
) -> RankStanding:
    """The rank held as of the last month close, and what the next one still needs.

    `lifetime` is the player's points by kind as the lookup shows them (approved and
    provisional): the provisional ones count at the next close, so the shortfall is what is
    still needed after them. `won`: the player holds the win a rank needs (the ACBL's Grand
    Life Master: `Scheme.rank_victory`), as the ranks app records it.

    The standing follows from the scheme, the rank held, the pre-1982 red points (1.8 notes:
    the player's record, not a total of the ledger), the points and the win alone, so it is
    kept for the process under them (`_standing`): the lookup answers 25 players a page, and
    the same names are asked again and again.
    """
    return _standing(
        _SchemeKey(current_scheme()),
        player.rank,
        player.pre_1982_red,
        tuple(lifetime.items()),
        won,
    )


class _SchemeKey:
    """A scheme as a key of `_standing`: itself, by identity (it holds dicts, so has no hash),
    kept alive by the cache while a standing is kept under it."""

    __slots__ = ("scheme",)

    def __init__(self, scheme: Scheme) -> None:
        self.scheme = scheme

    def __hash__(self) -> int:
        return id(self.scheme)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _SchemeKey) and other.scheme is self.scheme


@functools.lru_cache(maxsize=4096)
def _standing(
    key: _SchemeKey,
    current: SchemeRank | None,
    pre_1982_red: int,
    points: tuple[tuple[str, int], ...],
    won: bool,
) -> RankStanding:
    scheme, lifetime = key.scheme, dict(points)
    following = scheme.next_rank(current)
    stars = scheme.stars(current, lifetime) if scheme.stars and current else 0
    if following is None:
        return RankStanding(current, None, stars=stars)
    reached = scheme.player_rank(lifetime, pre_1982_red, won=won)
    if reached is not None and reached.order > following.order:
        # The points awaiting approval reach past the next rank (a grant, a big event): name
        # the rank the close will give (1.4.4), not the one just above.
        following = scheme.ranks[reached.order - 1]
    return RankStanding(
        current,
        following,
        scheme.player_needs(following, lifetime, pre_1982_red, won=won),
        stars,
        scheme.next_star_for(current, lifetime),
    )


def player_grade_in_force(
    *, player: Player, on: date | None = None
) -> PlayerGrade | GradeInForce | None:
    """NZ: the grade and Rating Points in force on a day (the latest regrading on or before
    it; from 1 February of its year), or None under a scheme that does not grade players or
    before the player's first regrading."""
    if not current_scheme().grades_players:
        return None
    on = on or timezone.localdate()
    if current_scheme().player_grading is not None:
        # Overseas Master Points (d): the office's decision stands over the yearly grade.
        decided = grade_in_force(player=player, on=on)
        if decided.decision is not None:
            return decided
    year = on.year if (on.month, on.day) >= (2, 1) else on.year - 1
    return PlayerGrade.objects.filter(player=player, year__lte=year).order_by("-year").first()
