"""Ranks under every scheme, asked of the `Scheme` (issue 27): the month's promotions under a
scheme with no ladder in SQL (NZ, the ACBL) rank each player by its own rules (1.4.4); the
shared rank modules import no scheme's rules; the standings' ladder in SQL is the scheme's."""

import ast
from pathlib import Path

import pytest
from django.utils import timezone

from centre.models import Period
from centre.schemes import current_scheme
from players.models import RANK_COUNT
from ranks.ladder import rank_order_sql
from ranks.models import OneThousandClubMember, Promotion
from ranks.services import promotions_run
from scheme import SCHEMES
from scheme.abf.ladder import rank_order_case
from tests.factories import ClubFactory, PlayerFactory, totals_create

ROOT = Path(__file__).resolve().parents[2]

# The modules every scheme runs through for its ranks.
SHARED = (
    "players/models.py",
    "players/selectors/ranks.py",
    "ranks/ladder.py",
    "ranks/ranking_reports.py",
    "ranks/services.py",
)

# Approved totals by kind reaching a rank two or more above the first, and that rank.
REACHED = {
    # Rule 5: Provincial Master at 100 A and B Points, 50 of them A.
    "nz": ({"A": 60_00, "B": 45_00}, "Provincial Master"),
    "acbl": ({"black": 60_00, "silver": 30_00, "red": 30_00, "gold": 30_00}, "Regional Master"),
}


def _imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("name", SHARED)
def test_a_shared_rank_module_imports_no_scheme_s_own_rules(name):
    own = [f"scheme.{code}" for code in SCHEMES]

    imported = _imported(ROOT / name)

    assert not [
        module for module in imported for rules in own if f"{module}.".startswith(f"{rules}.")
    ]


def test_a_rank_held_fits_the_longest_ladder_of_the_schemes():
    assert RANK_COUNT == max(len(scheme.ranks) for scheme in SCHEMES.values()) == 21


@pytest.mark.django_db
@pytest.mark.parametrize("code", sorted(REACHED))
def test_the_month_s_promotions_rank_each_player_by_the_scheme_s_own_ladder(code, settings):
    settings.MASTERPOINT_SCHEME = code
    scheme = current_scheme()
    assert scheme.rank_order_sql is None
    totals, name = REACHED[code]
    club = ClubFactory()
    player = PlayerFactory(home_club=club, rank_order=1)
    # Points awaiting approval do not promote (1.4.4).
    totals_create(
        player=player,
        year=2025,
        **{f"{kind}_approved": points for kind, points in totals.items()},
        **{f"{kind}_provisional": 5000_00 for kind in totals},
    )
    held = PlayerFactory(home_club=club, rank_order=len(scheme.ranks))
    totals_create(player=held, year=2025, **{f"{kind}_approved": 1_00 for kind in totals})
    period = Period.objects.create(
        year=2025, month=6, status=Period.Status.CLOSED, closed_at=timezone.now()
    )

    run = promotions_run(period=period, everyone=True)

    player.refresh_from_db()
    held.refresh_from_db()
    assert player.rank.name == name == scheme.rank_for(totals).name
    assert player.rank.order > 2
    assert held.rank_order == len(scheme.ranks)  # ranks never go down
    promotion = Promotion.objects.get()
    assert (promotion.player, promotion.rank_name, promotion.totals) == (player, name, totals)
    assert (run.players, run.promotions, run.one_thousand_club) == (2, 1, 0)
    assert not OneThousandClubMember.objects.exists()

    again = promotions_run(period=period, everyone=True)

    assert (again.promotions, Promotion.objects.count()) == (0, 1)


def test_the_standings_ladder_in_sql_is_the_scheme_s(settings):
    settings.MASTERPOINT_SCHEME = "abf"
    columns = {"green": "b.green", "red": "b.red", "gold": "b.gold", "pre_1982_red": "p.pre"}

    assert rank_order_sql(**columns) == rank_order_case(**columns)

    settings.MASTERPOINT_SCHEME = "nz"
    with pytest.raises(TypeError, match="no ladder in SQL"):
        rank_order_sql(**columns)
