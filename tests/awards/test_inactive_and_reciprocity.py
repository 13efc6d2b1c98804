"""1.3.2 held points of inactive players; 1.3.4 reciprocity rates; adjustments."""

from datetime import date
from decimal import Decimal

import pytest

from awards.errors import AwardsError
from awards.grants.services.reciprocity import credit_reciprocity
from awards.ledger.models import Credit, HeldCredit
from awards.ledger.selectors import player_totals, totals_disagreements
from awards.ledger.services.adjustments import credit_adjust
from awards.ledger.services.held import held_credits_forfeit_expired, held_credits_release
from centre.models import Period
from operations.services import month_close
from players.models import Player
from scheme.abf.reciprocity import reciprocity_convert
from tests.awards.conftest import event, grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def hold(secretary, player, played_on: date, points: int = 40) -> HeldCredit:
    from awards.intake.services.crediting import credit_upload_confirm
    from awards.intake.services.uploads import credit_upload_check

    upload = credit_upload_check(
        by=secretary,
        filename=f"{played_on}.grn",
        content=grn((player.abf_number, points)),
        event=event("E", starts_on=played_on),
    )
    credit_upload_confirm(upload=upload, by=secretary)
    return HeldCredit.objects.get(upload=upload)


@pytest.fixture
def inactive(db):
    return PlayerFactory(status=Player.Status.INACTIVE, home_club=None)


def test_points_of_the_renewal_quarter_and_the_one_before_are_credited(secretary_a, inactive):
    in_previous = hold(secretary_a, inactive, date(2026, 2, 10), 40)  # Q1
    in_renewal = hold(secretary_a, inactive, date(2026, 5, 2), 25)  # Q2
    too_old = hold(secretary_a, inactive, date(2025, 12, 30), 70)  # Q4 of 2025
    credited = held_credits_release(player=inactive, reactivated_on=date(2026, 6, 30))
    assert sorted(c.points for c in credited) == [25, 40]
    for held, status in [
        (in_previous, HeldCredit.Status.CREDITED),
        (in_renewal, HeldCredit.Status.CREDITED),
        (too_old, HeldCredit.Status.FORFEITED),
    ]:
        held.refresh_from_db()
        assert held.status == status
    assert player_totals(player=inactive).lifetime["green"] == 65
    assert totals_disagreements() == []


def test_points_held_past_the_next_quarter_are_recorded_as_forfeited(secretary_a, inactive):
    held = hold(secretary_a, inactive, date(2026, 1, 15))  # Q1
    assert held_credits_forfeit_expired(today=date(2026, 6, 30)) == 0  # Q2: still in time
    assert held_credits_forfeit_expired(today=date(2026, 7, 1)) == 1  # Q3: too late
    held.refresh_from_db()
    assert held.status == HeldCredit.Status.FORFEITED
    assert held_credits_release(player=inactive, reactivated_on=date(2026, 7, 2)) == []


@pytest.mark.parametrize(
    ("scheme", "kind", "amount", "colour", "hundredths"),
    [
        ("nz", "A", "3", "gold", 300),
        ("nz", "B", "12.5", "red", 1250),
        ("nz", "C", "250", "green", 250),
        ("uk", "local", "75", "green", 75),
        ("uk", "blue", "2", "red", 200),
        ("uk", "green", "3", "gold", 750),
        ("uk", "green", "0.33", "gold", 83),  # 0.825, rounded to the hundredth
    ],
)
def test_reciprocity_rates_of_the_manual(scheme, kind, amount, colour, hundredths):
    got_colour, got, note = reciprocity_convert(scheme=scheme, kind=kind, amount=Decimal(amount))
    assert (got_colour, got) == (colour, hundredths)
    assert amount in note


def test_staff_credit_reciprocity_points_with_what_was_converted(staff, club_a):
    player = PlayerFactory(home_club=club_a)
    credit = credit_reciprocity(
        by=staff,
        player=player,
        kind="uk:green",
        amount=Decimal("2"),
        event_name="Brighton Swiss Teams",
        won_on=date(2026, 8, 10),
    )
    assert (credit.colour, credit.points, credit.source) == ("gold", 500, "reciprocity")
    assert credit.conversion == "2 UK green points at 2.5 gold each = 5"
    assert player_totals(player=player).provisional["gold"] == 500


def test_only_staff_credit_reciprocity(secretary_a, club_a):
    with pytest.raises(AwardsError):
        credit_reciprocity(
            by=secretary_a,
            player=PlayerFactory(home_club=club_a),
            kind="nz:A",
            amount=Decimal(1),
            event_name="x",
            won_on=date(2026, 1, 1),
        )


def test_correction_is_an_adjusting_credit_and_the_original_is_unchanged(
    staff, secretary_a, club_a
):
    player = PlayerFactory(home_club=club_a)
    upload_and_confirm(secretary_a, "m.grn", grn((player.abf_number, 100)))
    original = Credit.objects.get()
    adjustment = credit_adjust(credit=original, points=-30, reason="Wrong board scored", by=staff)
    original.refresh_from_db()
    assert original.points == 100
    assert (adjustment.points, adjustment.source, adjustment.adjusts) == (
        -30,
        "adjustment",
        original,
    )
    assert player_totals(player=player).lifetime["green"] == 70
    with pytest.raises(AwardsError, match="cannot take more"):
        credit_adjust(credit=original, points=-71, reason="again", by=staff)


def test_club_adjusts_its_own_credit_only_before_its_month_closes(
    staff, secretary_a, secretary_b, club_a
):
    player = PlayerFactory(home_club=club_a)
    upload_and_confirm(secretary_a, "m.grn", grn((player.abf_number, 100)))
    original = Credit.objects.get()
    with pytest.raises(AwardsError):
        credit_adjust(credit=original, points=-10, reason="typo", by=secretary_b)
    credit_adjust(credit=original, points=-10, reason="typo", by=secretary_a)
    month_close(period=Period.objects.get(pk=original.period_id), by=staff)
    with pytest.raises(AwardsError, match="is closed"):
        credit_adjust(credit=original, points=-10, reason="typo", by=secretary_a)
    assert player_totals(player=player).approved["green"] == 90


def test_reactivating_a_player_credits_the_points_held_for_them(secretary_a, club_a):
    from datetime import timedelta

    from django.utils import timezone

    from players.services.lifecycle import player_reactivate

    inactive = PlayerFactory(status=Player.Status.INACTIVE, home_club=None)
    recent = hold(secretary_a, inactive, timezone.localdate() - timedelta(days=1), 35)
    player_reactivate(player=inactive, club=club_a, by=secretary_a)
    recent.refresh_from_db()
    assert recent.status == HeldCredit.Status.CREDITED
    assert Credit.objects.get(player=inactive).points == 35
    assert player_totals(player=inactive).provisional["green"] == 35
