"""NZ Bridge's regrading on 1 February (Outline rules 4, 6): Rating Points are the previous
year's x 0.8 plus the year's A and B points (C points converted at 100 to 1), and the grade
they give shows on the player page; under any other scheme nothing is graded."""

from datetime import date

import pytest
from django.urls import reverse

from players.models import PlayerGrade
from players.selectors import player_grade_in_force
from ranks.grading import grades_regrade
from tests.factories import PlayerFactory, totals_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def nz(settings):
    settings.MASTERPOINT_SCHEME = "nz"


def test_rating_points_carry_four_fifths_and_add_the_year_s_a_and_b_points(nz, club_a):
    player = PlayerFactory(home_club=club_a)
    PlayerGrade.objects.create(player=player, year=2025, rating=50_00, grade="Intermediate")
    # 2025: 12 A, 8 B, and C points from 150.00 to 350.00 lifetime: 2 more B converted.
    totals_create(player=player, year=2024, C_approved=150_00)
    totals_create(player=player, year=2025, A_approved=12_00, B_approved=8_00, C_approved=200_00)
    # Points of 2026 count at the next regrading, not this one.
    totals_create(player=player, year=2026, A_approved=40_00)

    assert grades_regrade(year=2026) == 1

    graded = PlayerGrade.objects.get(player=player, year=2026)
    # 50.00 x 0.8 = 40.00, plus 12 + 8 + 2 = 62.00.
    assert graded.rating == 62_00
    assert graded.grade == "Intermediate"
    assert grades_regrade(year=2026) == 1  # run again: the same row, the same figures
    assert PlayerGrade.objects.get(player=player, year=2026).rating == 62_00


def test_a_newcomer_with_few_points_is_junior_and_the_page_shows_the_grade(
    nz, club_a, anonymous_client
):
    player = PlayerFactory(home_club=club_a)
    totals_create(player=player, year=2025, A_approved=2_00, C_approved=90_00)

    grades_regrade(year=2026)

    assert player_grade_in_force(player=player, on=date(2026, 2, 1)).grade == "Junior"
    assert player_grade_in_force(player=player, on=date(2026, 1, 31)) is None
    page = anonymous_client.get(reverse("awards:player", args=[player.abf_number]))
    text = page.content.decode()
    assert "Grade: <strong>Junior</strong>" in text and "2.00 rating points" in text


def test_no_scheme_but_new_zealand_s_grades_its_players(settings, club_a):
    settings.MASTERPOINT_SCHEME = "abf"
    player = PlayerFactory(home_club=club_a)
    totals_create(player=player, year=2025, green_approved=50_00)

    assert grades_regrade(year=2026) == 0
    assert not PlayerGrade.objects.exists()


def test_the_grade_is_set_from_the_rank_held_at_31_december_not_a_january_promotion(nz, club_a):
    """Outline rule 6: "The calculation is currently done at 31 December each year"; rule 5:
    "Once a Player has reached the rank of Provincial Master, it is not possible to be
    demoted to Intermediate or Junior"."""
    promoted_in_january = PlayerFactory(home_club=club_a, rank_order=4)
    totals_create(player=promoted_in_january, year=2025, A_approved=40_00, B_approved=50_00)
    totals_create(player=promoted_in_january, year=2026, A_approved=10_00)
    provincial_master = PlayerFactory(home_club=club_a, rank_order=4)
    totals_create(player=provincial_master, year=2020, brought_forward=True, A_approved=60_00,
                  B_approved=45_00)  # fmt: skip
    PlayerGrade.objects.create(player=provincial_master, year=2025, rating=20_00, grade="Open")

    for _ in range(2):
        grades_regrade(year=2026)

    # 90 Rating Points and below Provincial Master at 31 December 2025: Intermediate.
    assert PlayerGrade.objects.get(player=promoted_in_january, year=2026).grade == "Intermediate"
    # 16 Rating Points, but a Provincial Master: Open.
    assert PlayerGrade.objects.get(player=provincial_master, year=2026).grade == "Open"
