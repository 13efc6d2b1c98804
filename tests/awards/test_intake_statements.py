"""A credit file, its month close and the promotions that follow are written in a fixed
number of statements whatever their size: set-based SQL, not a statement per player or per
chunk of players. The points come out the same (tests/awards/test_totals_check.py and
tests/ranks/test_promotions*.py hold the answers); these hold the shape of the work."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from awards.intake.services.crediting import credit_upload_confirm
from awards.intake.services.uploads import CHUNK, credit_upload_check
from awards.ledger.models import Credit, PlayerTotals
from operations.services import month_close
from players import abf_numbers
from players.models import Player
from ranks.models import Promotion
from tests.awards.conftest import event, grn

pytestmark = pytest.mark.django_db


def register(club, count: int) -> list[Player]:
    numbers: list[str] = []
    serial = 500000
    while len(numbers) < count:
        number = abf_numbers.from_serial(serial)
        serial += 1
        if number:
            numbers.append(number)
    return Player.objects.bulk_create(
        Player(abf_number=n, given_names="Given", family_name=f"Family{i}", home_club=club)
        for i, n in enumerate(numbers)
    )


def writes(queries: CaptureQueriesContext, table: str) -> list[str]:
    """The statements that insert into or update `table`."""
    written = re.compile(rf'(INSERT (OR \w+ )?INTO|UPDATE) "?{table}"?\s')
    return [q["sql"] for q in queries.captured_queries if written.search(q["sql"])]


def test_crediting_a_file_adds_to_the_totals_in_one_statement(staff, club_a):
    players = register(club_a, 300)
    upload = credit_upload_check(
        by=staff,
        filename="pairs.red",
        content=grn(*((p.abf_number, 1_00 + i) for i, p in enumerate(players))),
        event=event("B"),
    )

    with CaptureQueriesContext(connection) as queries:
        credit_upload_confirm(upload=upload, by=staff)

    assert len(writes(queries, "awards_playertotals")) == 1
    totals = {t.player_id: t for t in PlayerTotals.objects.all()}
    assert len(totals) == 300
    for i, player in enumerate(players):
        assert (totals[player.pk].kind, totals[player.pk].provisional) == ("red", 1_00 + i)
        assert totals[player.pk].approved == 0


def test_a_month_close_moves_the_points_to_approved_in_a_fixed_number_of_statements(
    secretary_a, staff, club_a
):
    players = register(club_a, 120)
    upload = credit_upload_check(
        by=secretary_a,
        filename="pairs.grn",
        # 2.00 to 61.50 points: Graduate Master up to Regional Master, six ranks.
        content=grn(*((p.abf_number, 2_00 + i * 50) for i, p in enumerate(players))),
        event=event(),
    )
    upload = credit_upload_confirm(upload=upload, by=secretary_a)

    with CaptureQueriesContext(connection) as queries:
        month_close(period=upload.period, by=staff, chunk_size=50)

    # Three chunks of approvals and the empty fourth: at most one write of the totals each.
    assert len(writes(queries, "awards_playertotals")) <= 4
    # The promotions of 120 players to six ranks: one statement for the promotions and one
    # for the ranks held, not one per rank or per player.
    assert len(writes(queries, "players_promotion")) == 1
    assert len(writes(queries, "players_player")) == 1
    assert Credit.objects.filter(state="approved").count() == 120
    assert Promotion.objects.count() == 120
    assert Promotion.objects.values("rank_order").distinct().count() == 6
    for i, player in enumerate(players):
        totals = PlayerTotals.objects.get(player=player, kind="green")
        assert (totals.provisional, totals.approved) == (0, 2_00 + i * 50)


@pytest.mark.postgres
def test_checking_a_long_file_reads_its_players_in_one_query(secretary_a, club_a):
    if connection.vendor != "postgresql":
        pytest.skip("one array parameter is PostgreSQL's: set DATABASE_URL=postgres://...")
    players = register(club_a, CHUNK + 10)
    content = grn(*((p.abf_number, 1_00) for p in players))

    with CaptureQueriesContext(connection) as queries:
        upload = credit_upload_check(
            by=secretary_a, filename="long.grn", content=content, event=event()
        )

    reads = [q["sql"] for q in queries.captured_queries if 'FROM "players_player"' in q["sql"]]
    assert len(reads) == 1, reads
    assert upload.line_count == CHUNK + 10
    line = upload.preview["lines"][0]
    assert (line["abf_number"], line["home_club"]) == (players[0].abf_number, club_a.number)
