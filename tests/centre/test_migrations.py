"""A database migrated before the apps were layered migrates forward with its data intact.

The ranks app took over four models whose tables were made by the players and awards apps;
the tables keep their names and rows, and the admin's content types follow the models.
"""

from datetime import UTC, datetime

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# The last migrations before the ranks app existed.
BEFORE = [
    ("centre", "0002_period"),
    ("clubs", "0002_b4c_entitlements"),
    ("players", "0004_clubmonthlyreport_onethousandclubmember_promotion_and_more"),
    ("awards", "0002_ranking_reports"),
]


def migrate_back(targets) -> object:
    """Unapply everything after `targets` (the ranks app entirely); the models as they were."""
    executor = MigrationExecutor(connection)
    executor.migrate([*targets, ("ranks", None)])
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_promotions_reports_and_the_one_thousand_club_survive_the_move_to_ranks():
    old = migrate_back(BEFORE)
    at = datetime(2026, 10, 31, 13, 0, tzinfo=UTC)
    state = old.get_model("clubs", "State").objects.create(code="NSW", name="New South Wales")
    club = old.get_model("clubs", "Club").objects.create(number=201, name="Club A", state=state)
    player = old.get_model("players", "Player").objects.create(
        abf_number="0123456", given_names="Helen", family_name="Homer", home_club=club
    )
    period = old.get_model("centre", "Period").objects.create(
        year=2026, month=10, status="closed", closed_at=at
    )
    old.get_model("players", "Promotion").objects.create(
        player=player,
        rank_order=3,
        rank_name="Regional Master",
        period=period,
        club=club,
        green=12000,
        red=800,
        gold=0,
        promoted_at=at,
    )
    old.get_model("players", "OneThousandClubMember").objects.create(
        player=player, period=period, club=club, total=100_000, joined_at=at
    )
    old.get_model("players", "ClubMonthlyReport").objects.create(
        club=club, period=period, credits=[{"abf_number": "0123456", "points": 125}]
    )
    old.get_model("awards", "RankingReport").objects.create(
        club=club, year=2026, quarter=3, rows=[{"abf_number": "0123456"}], emailed_at=at
    )
    content_types = old.get_model("contenttypes", "ContentType")
    content_types.objects.get_or_create(app_label="players", model="promotion")

    call_command("migrate", verbosity=0)

    from ranks.models import ClubMonthlyReport, OneThousandClubMember, Promotion, RankingReport

    promotion = Promotion.objects.get()
    assert (promotion.player.abf_number, promotion.rank_name, promotion.club.number) == (
        "0123456",
        "Regional Master",
        201,
    )
    assert promotion.total == 12800
    assert OneThousandClubMember.objects.get().total == 100_000
    assert ClubMonthlyReport.objects.get().credits == [{"abf_number": "0123456", "points": 125}]
    report = RankingReport.objects.get()
    assert (report.covers, report.emailed_at) == ("2026-Q3", at)
    from django.contrib.contenttypes.models import ContentType

    assert ContentType.objects.get_for_model(Promotion).app_label == "ranks"
    assert not ContentType.objects.filter(app_label="players", model="promotion").exists()
