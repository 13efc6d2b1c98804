"""The promotions found in the database give each player the rank of the per-player rule of
1.8 (scheme.abf.ranks.rank_for over the approved lifetime totals, pre-1982 red included),
for players drawn at random around every boundary of the table; and so do the promotions
found player by player, as under a scheme with no ladder in SQL."""

import math
import random
from dataclasses import astuple, dataclass, replace

import pytest
from django.utils import timezone

from centre.models import Period
from players.models import Player
from ranks.models import OneThousandClubMember, Promotion
from ranks.services import promotions_run
from scheme.abf.ranks import RANKS, Totals, is_one_thousand_club, rank_for
from scheme.abf.scheme import ABF_SCHEME
from scheme.registry import SCHEMES
from tests.factories import ClubFactory, PlayerFactory, totals_create

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True, params=["in SQL", "player by player"])
def ladder(request, monkeypatch) -> str:
    """The ABF's ladder tried in the database (Scheme.rank_order_sql), or each player's
    totals through Scheme.player_rank, as for a scheme that gives no ladder in SQL."""
    if request.param == "player by player":
        monkeypatch.setitem(SCHEMES, "abf", replace(ABF_SCHEME, rank_order_sql=None))
    return request.param


@dataclass
class Drawn:
    green: int
    red: int
    gold: int
    pre_1982_red: int
    held: int
    member: bool


def _near(rng: random.Random, value: int) -> int:
    """A whole number of hundredths on, just below or just above `value`, or anywhere."""
    choice = rng.random()
    if choice < 0.25:
        return max(0, value)
    if choice < 0.5:
        return max(0, value - 1)
    if choice < 0.75:
        return max(0, value + 1)
    return max(0, value + rng.randint(-500_00, 500_00))


def draw(rng: random.Random) -> Drawn:
    """A player just on, under or over one rank's minimums, often with pre-1982 red points
    large enough to lower the Life and Grand minimums."""
    rank = rng.choice(RANKS)
    pre = rng.choice([0, 0, rng.randint(1, 99), rng.randint(1_00, 3000_00)])
    allowance = rank.pre_1982_allowance * pre
    gold_needed = math.ceil(rank.gold - allowance)
    red_and_gold_needed = math.ceil(rank.red_and_gold - allowance)
    gold = _near(rng, gold_needed)
    red = _near(rng, red_and_gold_needed - pre - gold)
    green = _near(rng, rank.total - pre - red - gold)
    if rng.random() < 0.1:
        green = red = gold = 0
    return Drawn(
        green=green,
        red=red,
        gold=gold,
        pre_1982_red=pre,
        held=rng.choice([0, 0, 0, rng.randint(0, len(RANKS))]),
        member=rng.random() < 0.05,
    )


def judged(drawn: Drawn) -> Totals:
    """The lifetime points a rank is judged on: the red points won before 1982, kept on the
    player, are red points (1.8 notes); their allowance is rank_for's."""
    return Totals(green=drawn.green, red=drawn.red + drawn.pre_1982_red, gold=drawn.gold)


def expected_order(drawn: Drawn) -> int:
    totals = judged(drawn)
    rank = rank_for(totals, drawn.pre_1982_red)
    return rank.order if rank is not None else 0


def register(rng: random.Random, count: int, period: Period) -> list[tuple[Player, Drawn]]:
    club = ClubFactory()
    players = []
    for _ in range(count):
        drawn = draw(rng)
        player = PlayerFactory(
            home_club=club, pre_1982_red=drawn.pre_1982_red, rank_order=drawn.held
        )
        # The approved points spread over two years, with provisional points beside them
        # that must not count: only approved points promote (1.4.4).
        earlier = [rng.randint(0, v) if rng.random() < 0.7 else 0 for v in astuple(drawn)[:3]]
        later = [v - e for v, e in zip(astuple(drawn)[:3], earlier, strict=False)]
        for year, (green, red, gold) in ((2024, earlier), (2025, later)):
            totals_create(
                player=player,
                year=year,
                green_approved=green,
                red_approved=red,
                gold_approved=gold,
                green_provisional=rng.randint(0, 2000_00),
                red_provisional=rng.randint(0, 2000_00),
            )
        if drawn.member:
            OneThousandClubMember.objects.create(
                player=player, period=period, club=club, total=1, joined_at=period.closed_at
            )
        players.append((player, drawn))
    return players


def closed_period() -> Period:
    return Period.objects.create(
        year=2025, month=6, status=Period.Status.CLOSED, closed_at=timezone.now()
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_everyone_is_given_the_rank_of_the_per_player_rule(seed):
    rng = random.Random(seed)
    period = closed_period()
    players = register(rng, 150, period)

    run = promotions_run(period=period, everyone=True, chunk_size=40)

    promotions = {p.player_id: p for p in Promotion.objects.all()}
    members = {m.player_id: m for m in OneThousandClubMember.objects.all()}
    promoted = 0
    for player, drawn in players:
        order = expected_order(drawn)
        player.refresh_from_db()
        assert player.rank_order == max(drawn.held, order), (drawn, order)
        if order > drawn.held:
            promoted += 1
            promotion = promotions[player.pk]
            assert (promotion.rank_order, promotion.rank_name) == (order, RANKS[order - 1].name)
            assert tuple(promotion.totals[c] for c in ("green", "red", "gold")) == (
                drawn.green,
                drawn.red,
                drawn.gold,
            )
            assert promotion.pre_1982_red == drawn.pre_1982_red
            assert (promotion.period, promotion.club_id) == (period, player.home_club_id)
        else:
            assert player.pk not in promotions, (drawn, order)
        totals = judged(drawn)
        if drawn.member:
            assert members[player.pk].total == 1  # joined before: kept as it was
        elif is_one_thousand_club(totals):
            assert members[player.pk].total == totals.total
            assert members[player.pk].period == period
        else:
            assert player.pk not in members
    assert (run.players, run.promotions) == (len(players), promoted)
    assert promoted > len(players) // 3  # the draw does promote, at many ranks
    assert len({p.rank_order for p in promotions.values()}) > 10

    again = promotions_run(period=period, everyone=True)
    assert (again.promotions, again.one_thousand_club) == (0, 0)
    assert Promotion.objects.count() == promoted


def test_the_allowance_is_exact_to_the_hundredth():
    """Life Master needs 180 red and gold, lowered by 20% of the pre-1982 red: with 0.07
    pre-1982 points the lowered minimum is 179.986, met by 179.99, not by 179.98."""
    period = closed_period()
    club = ClubFactory()
    met, short = (
        PlayerFactory(home_club=club, pre_1982_red=7),
        PlayerFactory(home_club=club, pre_1982_red=7),
    )
    # Total 300, gold 30; red and gold with the pre-1982 points: 179.99 and 179.98.
    for player, red in ((met, 149_92), (short, 149_91)):
        totals_create(
            player=player,
            year=2025,
            green_approved=300_00 - 7 - red - 30_00,
            red_approved=red,
            gold_approved=30_00,
        )

    promotions_run(period=period, everyone=True)

    met.refresh_from_db()
    short.refresh_from_db()
    assert met.rank.name == "Life Master"
    assert short.rank.name == "Silver National Master"
