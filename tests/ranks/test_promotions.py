"""Promotions at the month close (1.4.4, 1.8) and the One Thousand Club (1.9), as recorded."""

import io
import itertools

import pytest
from django.core import mail
from django.core.exceptions import ValidationError

from awards.ledger.models import Credit
from awards.ledger.services.adjustments import credit_adjust
from centre.models import Period
from operations.services import month_close
from players.models import Player
from ranks.models import OneThousandClubMember, Promotion
from ranks.services import promotions_run
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

_files = itertools.count()
GRADES = {"green": ("E", "grn"), "red": ("B", "red"), "gold": ("A", "gld")}


def credit(by, player: Player, **points: int) -> None:
    """Credit `player` green, red and gold points (hundredths), one event per colour."""
    for colour, amount in points.items():
        grade, extension = GRADES[colour]
        upload_and_confirm(
            by,
            f"{colour}-{next(_files)}.{extension}",
            grn((player.abf_number, amount)),
            grade=grade,
        )


def close(staff) -> Period:
    """Close the open month that holds provisional credits, with its post-close steps."""
    period = Credit.objects.filter(state="provisional").latest("id").period
    return month_close(period=period, by=staff)


def test_a_player_is_promoted_only_when_the_month_closes(staff, club_a):
    player = PlayerFactory(home_club=club_a)
    credit(staff, player, green=5_00)
    player.refresh_from_db()
    assert player.rank is None
    assert not Promotion.objects.exists()

    period = close(staff)

    player.refresh_from_db()
    assert player.rank.name == "Club Master"
    promotion = Promotion.objects.get()
    assert (promotion.player, promotion.period, promotion.club) == (player, period, club_a)
    assert (promotion.rank_order, promotion.rank_name) == (2, "Club Master")


def test_a_player_who_passes_several_ranks_in_a_month_is_promoted_once_to_the_highest(
    staff, club_a
):
    player = PlayerFactory(home_club=club_a)
    # 150 in all with 50 red: past Graduate, Club, Local, ... Bronze Regional and State
    # Master, up to Bronze State Master (100 and 50); not National Master (150 and 75).
    credit(staff, player, green=100_00, red=50_00)
    close(staff)

    assert list(Promotion.objects.values_list("rank_name", flat=True)) == ["Bronze State Master"]
    player.refresh_from_db()
    assert player.rank_order == 9


def test_a_promotion_is_recorded_once_however_often_the_close_runs(staff, club_a):
    player = PlayerFactory(home_club=club_a)
    credit(staff, player, green=15_00)
    period = close(staff)
    month_close(period=period, by=staff)
    promotions_run(period=Period.objects.get(pk=period.pk))

    assert Promotion.objects.count() == 1
    assert Promotion.objects.get().rank_name == "Local Master"


def test_a_rank_held_below_its_promotion_is_raised_and_the_promotion_not_written_again(
    staff, club_a
):
    player = PlayerFactory(home_club=club_a)
    other = PlayerFactory(home_club=club_a)
    credit(staff, player, green=15_00)
    credit(staff, other, green=15_00)
    period = close(staff)
    recorded = Promotion.objects.get(player=player)
    # The rank held lowered below the promotion recorded (a row put right by hand), and the
    # other player's rank and promotion undone.
    Player.objects.filter(pk=player.pk).update(rank_order=1)
    Player.objects.filter(pk=other.pk).update(rank_order=0)
    Promotion.objects.filter(player=other).delete()

    run = promotions_run(period=Period.objects.get(pk=period.pk), everyone=True)

    assert run.promotions == 1
    assert list(Promotion.objects.filter(player=player)) == [recorded]
    assert Promotion.objects.get(player=other).rank_name == "Local Master"
    player.refresh_from_db()
    other.refresh_from_db()
    assert (player.rank_order, other.rank_order) == (3, 3)


def test_next_month_promotes_from_the_rank_held(staff, club_a):
    player = PlayerFactory(home_club=club_a)
    credit(staff, player, green=2_00)
    first = close(staff)
    credit(staff, player, green=3_00)
    second = close(staff)

    assert first != second
    assert list(Promotion.objects.order_by("rank_order").values_list("rank_name", "period")) == [
        ("Graduate Master", first.pk),
        ("Club Master", second.pk),
    ]


def test_a_rank_is_kept_when_an_adjustment_lowers_the_points(staff, club_a):
    player = PlayerFactory(home_club=club_a)
    credit(staff, player, green=5_00)
    close(staff)
    credit_adjust(credit=Credit.objects.get(), points=-4_00, reason="wrong event", by=staff)
    close(staff)

    player.refresh_from_db()
    assert player.rank.name == "Club Master"
    assert Promotion.objects.count() == 1


def test_provisional_points_of_an_open_month_do_not_count(staff, club_a):
    player = PlayerFactory(home_club=club_a)
    credit(staff, player, green=2_00)
    period = close(staff)
    credit(staff, player, green=100_00)  # next month, still provisional
    promotions_run(period=period)

    player.refresh_from_db()
    assert player.rank.name == "Graduate Master"


def test_the_pre_1982_allowance_lowers_the_life_master_minimums(staff, club_a):
    # 1.8 note (1): 175 red points won before 1982 lower the red-and-gold and gold minimums of
    # the Life ranks by 35. With 125 green credited, the player has 300 in all, 175 red and
    # no gold: Life Master needs 145 red and gold and no gold after the allowance.
    veteran = PlayerFactory(home_club=club_a, pre_1982_red=175_00)
    # The same points won since, with no pre-1982 red: 180 red and gold and 30 gold needed.
    modern = PlayerFactory(home_club=club_a)
    credit(staff, veteran, green=125_00)
    credit(staff, modern, green=125_00, red=175_00)
    close(staff)

    veteran.refresh_from_db()
    modern.refresh_from_db()
    assert veteran.rank.name == "Life Master"
    assert modern.rank.name == "Silver National Master"
    promotion = Promotion.objects.get(player=veteran)
    assert promotion.pre_1982_red == 175_00
    assert promotion.total == 125_00  # what the registry credited; the 175 are kept apart


def test_pre_1982_points_alone_rank_a_player_when_everyone_is_ranked(staff, club_a):
    veteran = PlayerFactory(home_club=club_a, pre_1982_red=60_00)
    newcomer = PlayerFactory(home_club=club_a)
    credit(staff, newcomer, green=2_00)
    period = close(staff)
    veteran.refresh_from_db()
    assert veteran.rank is None  # not credited this month: not looked at

    run = promotions_run(period=period, everyone=True)

    veteran.refresh_from_db()
    # 60 red points are 60 in all and 60 red and gold: State Master (50, 25).
    assert veteran.rank.name == "State Master"
    assert run.promotions == 1  # the newcomer already holds Graduate Master


def test_the_one_thousand_club_is_joined_once(staff, club_a):
    player = PlayerFactory(home_club=club_a)
    credit(staff, player, green=600_00, red=399_99)
    close(staff)
    assert not OneThousandClubMember.objects.exists()

    credit(staff, player, green=1)
    reached = close(staff)
    credit(staff, player, green=50_00)
    close(staff)

    member = OneThousandClubMember.objects.get()
    assert (member.player, member.period, member.total) == (player, reached, 1000_00)


def test_promotions_wait_for_the_close(staff, club_a):
    player = PlayerFactory(home_club=club_a)
    credit(staff, player, green=5_00)
    period = Credit.objects.get().period

    with pytest.raises(ValidationError, match="not closed"):
        promotions_run(period=period)
    assert not Promotion.objects.exists()


def test_promotions_are_worked_in_chunks_and_a_second_run_adds_nothing(staff, club_a):
    players = PlayerFactory.create_batch(7, home_club=club_a)
    upload_and_confirm(staff, "many.grn", grn(*[(p.abf_number, 15_00) for p in players]))
    period = month_close(period=Credit.objects.first().period, by=staff)
    # Undo what the close's own step did, to promote again by hand in chunks of 3.
    Promotion.objects.all().delete()
    Player.objects.update(rank_order=0)

    seen: list[int] = []
    run = promotions_run(period=period, chunk_size=3, progress=seen.append)
    again = promotions_run(period=period, chunk_size=3)

    assert seen == [3, 3, 1]
    assert (run.players, run.promotions) == (7, 7)
    assert (again.players, again.promotions) == (7, 0)
    assert Promotion.objects.filter(rank_name="Local Master").count() == 7


def test_the_commands_rank_a_closed_month_and_refuse_an_open_one(
    staff, club_a, django_capture_on_commit_callbacks
):
    from django.core.management import CommandError, call_command

    veteran = PlayerFactory(home_club=club_a, pre_1982_red=2_00)
    player = PlayerFactory(home_club=club_a)
    credit(staff, player, green=5_00)
    period = close(staff)
    out = io.StringIO()

    call_command("promotions_run", "--everyone", stdout=out)

    veteran.refresh_from_db()
    assert veteran.rank.name == "Graduate Master"
    assert f"{period.label}: 2 player(s) looked at, 1 promoted" in out.getvalue()
    with pytest.raises(CommandError, match="not a closed month"):
        call_command("promotions_run", "--period", "2001-01")
    # The close's email never went (no commit in this test): the command sends it, once.
    with django_capture_on_commit_callbacks(execute=True):
        call_command("monthly_reports", "--period", str(period), stdout=out)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("monthly_reports", stdout=out)
    assert f"{period.label}: 1 club report(s); 1 email(s) queued." in out.getvalue()
    assert f"{period.label}: 1 club report(s); 0 email(s) queued." in out.getvalue()
    assert len(mail.outbox) == 1
    assert len(mail.outbox[0].attachments) == 3  # the report and two certificates
