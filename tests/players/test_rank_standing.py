"""A player's rank at the last close and what the next needs (players.selectors.ranks), asked
of the scheme (`Scheme.player_rank`, `Scheme.player_needs`): with the ABF's pre-1982 red
points, and naming the rank the next close will give when the points awaiting approval pass
more than one (1.4.4), under every scheme."""

import pytest

from players.selectors import player_rank_standing
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_abf_the_next_rank_counts_the_pre_1982_red_and_its_allowance(club_a):
    # Life Master (1.8: 300 in all, 180 red and gold, 30 gold), lowered by 20% of 50 pre-1982
    # red: 170 red and gold, 20 gold. 100 red credited and 50 before 1982 make 150 red.
    player = PlayerFactory(home_club=club_a, rank_order=12, pre_1982_red=50_00)

    standing = player_rank_standing(
        player=player, lifetime={"green": 140_00, "red": 100_00, "gold": 10_00}
    )

    assert (standing.rank.name, standing.next_rank.name) == (
        "Silver National Master",
        "Life Master",
    )
    assert {need.key: need.hundredths for need in standing.needs} == {
        "total": 0,
        "red_and_gold": 10_00,
        "gold": 10_00,
    }


def test_abf_points_awaiting_approval_past_the_next_rank_name_the_rank_the_close_gives(club_a):
    player = PlayerFactory(home_club=club_a, rank_order=1)

    standing = player_rank_standing(player=player, lifetime={"green": 120_00})

    assert standing.next_rank.name == "Bronze Regional Master"
    assert standing.next_is_met


@pytest.mark.parametrize(
    ("code", "held", "lifetime", "reached"),
    [
        # Rule 5: Local Master at 50 aggregate, Provincial Master at 100 with 50 A Points.
        ("nz", 2, {"A": 60_00, "B": 45_00}, "Provincial Master"),
        (
            "acbl",
            2,
            {"black": 60_00, "silver": 30_00, "red": 30_00, "gold": 30_00},
            "Regional Master",
        ),
    ],
)
def test_points_awaiting_approval_past_the_next_rank_name_the_rank_the_close_gives(
    code, held, lifetime, reached, settings, club_a
):
    settings.MASTERPOINT_SCHEME = code
    player = PlayerFactory(home_club=club_a, rank_order=held)

    standing = player_rank_standing(player=player, lifetime=lifetime)

    assert standing.next_rank.name == reached
    assert standing.next_rank.order > held + 1
    assert standing.next_is_met
    assert f"{reached} is reached with the points awaiting approval" in standing.summary()


def test_a_standing_asked_again_follows_the_points_the_rank_held_and_the_scheme(settings, club_a):
    # The standings are kept for the process under what they follow (the lookup asks the
    # same players again and again): asked again with any of it changed, it answers anew.
    player = PlayerFactory(home_club=club_a, rank_order=12, pre_1982_red=0)
    points = {"green": 140_00, "red": 100_00, "gold": 10_00}

    def needs() -> dict[str, int]:
        standing = player_rank_standing(player=player, lifetime=points)
        return {need.key: need.hundredths for need in standing.needs}

    # Life Master: 300 in all, 180 red and gold, 30 gold (1.8).
    assert needs() == {"total": 50_00, "red_and_gold": 70_00, "gold": 20_00}
    player.pre_1982_red = 50_00
    assert needs() == {"total": 0, "red_and_gold": 10_00, "gold": 10_00}
    points = {**points, "red": 140_00}
    assert needs() == {"total": 0, "red_and_gold": 0, "gold": 10_00}
    # Life Master held: Bronze Life Master next (400, 240 and 40, lowered by the allowance).
    player.rank_order = 13
    assert player_rank_standing(player=player, lifetime=points).next_rank.name == (
        "Bronze Life Master"
    )

    held = PlayerFactory(home_club=club_a, rank_order=2)
    nz_points = {"A": 60_00, "B": 45_00}
    settings.MASTERPOINT_SCHEME = "nz"
    assert player_rank_standing(player=held, lifetime=nz_points).next_rank.name == (
        "Provincial Master"
    )
    settings.MASTERPOINT_SCHEME = "abf"
    assert player_rank_standing(player=held, lifetime=nz_points).next_rank.order == 3
