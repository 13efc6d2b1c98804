"""The registry's rules, at the service layer: each refusal names its rule and changes nothing."""

from datetime import datetime

import pytest
from django.core import mail

from centre.errors import DomainError
from clubs.models import Club
from players import abf_numbers
from players.models import Alternate, Player, PlayerChange
from players.services import alternates, cancellations, lifecycle, registration, yearly
from scheme.core.calendar import SYDNEY as SCHEME_TZ
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db(transaction=False)


def sydney(*args: int) -> datetime:
    return datetime(*args, tzinfo=SCHEME_TZ)


def register(club, by, **overrides):
    data = {
        "given_names": "Jane",
        "family_name": "Newplayer",
        "birth_year": 1990,
        "email": "jane@example.org",
        "confirmed_never_registered": True,
    }
    data.update(overrides)
    return registration.player_register(club=club, by=by, **data)


def test_registration_issues_a_valid_number_and_confirms_it_to_the_club(
    club_a, secretary_a, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        player = register(club_a, secretary_a)

    assert abf_numbers.is_valid(player.abf_number)
    assert player.home_club == club_a
    assert player.status == Player.Status.ACTIVE
    change = player.changes.get()
    assert change.action == "register"
    assert change.by == secretary_a
    assert change.changes["abf_number"] == [None, player.abf_number]
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [club_a.secretary_email]
    assert player.abf_number in mail.outbox[0].body


def test_registration_without_confirmation_is_refused(club_a, secretary_a):
    with pytest.raises(DomainError) as refused:
        register(club_a, secretary_a, confirmed_never_registered=False)

    assert "confirm" in str(refused.value.fields["confirmed_never_registered"])
    assert not Player.objects.exists()


def test_registration_of_a_likely_duplicate_needs_review(club_a, club_b, secretary_a):
    existing = PlayerFactory(
        given_names="Jane", family_name="Newplayer", birth_year=1990, home_club=club_b
    )

    with pytest.raises(DomainError) as refused:
        register(club_a, secretary_a, given_names=" jane ", family_name="NEWPLAYER")

    assert existing.abf_number in str(refused.value.fields["duplicates_reviewed"])
    assert Player.objects.count() == 1

    player = register(club_a, secretary_a, duplicates_reviewed=True)
    assert player.abf_number != existing.abf_number


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("given_names", "   ", "Given names cannot be empty"),
        ("family_name", "", "Family name cannot be empty"),
        ("birth_year", 1850, "impossible"),
        ("birth_year", 2999, "impossible"),
        ("email", "not-an-email", "not an email address"),
    ],
)
def test_registration_with_bad_details_is_refused(club_a, secretary_a, field, value, expected):
    with pytest.raises(DomainError) as refused:
        register(club_a, secretary_a, **{field: value})

    assert expected in str(refused.value.fields[field])
    assert not Player.objects.exists()


def test_numbers_are_never_reissued_and_skip_existing_ones(club_a, secretary_a):
    first = register(club_a, secretary_a)
    second = register(club_a, secretary_a, given_names="John", duplicates_reviewed=True)

    assert first.abf_number != second.abf_number
    assert all(abf_numbers.is_valid(n) for n in (first.abf_number, second.abf_number))


def test_update_changes_details_and_records_old_and_new(club_a, secretary_a):
    player = PlayerFactory(home_club=club_a, family_name="Smyth")

    lifecycle.player_update(
        player=player, by=secretary_a, club=club_a, data={"family_name": "Smith"}
    )

    player.refresh_from_db()
    assert player.family_name == "Smith"
    assert player.changes.get().changes == {"family_name": ["Smyth", "Smith"]}


def test_update_of_the_abf_number_is_refused(club_a, secretary_a):
    player = PlayerFactory(home_club=club_a)
    number = player.abf_number

    with pytest.raises(DomainError, match="kept for life"):
        lifecycle.player_update(
            player=player, by=secretary_a, club=club_a, data={"abf_number": "0000000"}
        )

    player.refresh_from_db()
    assert player.abf_number == number


def test_update_of_another_clubs_player_is_refused(club_a, club_b, secretary_a):
    player = PlayerFactory(home_club=club_b, family_name="Other")

    with pytest.raises(DomainError, match="not a home member"):
        lifecycle.player_update(
            player=player, by=secretary_a, club=club_a, data={"family_name": "Mine"}
        )

    player.refresh_from_db()
    assert player.family_name == "Other"


def test_transfer_moves_an_active_player_and_drops_the_alternate(club_a, club_b, secretary_a):
    player = PlayerFactory(home_club=club_b)
    Alternate.objects.create(player=player, club=club_a)

    lifecycle.player_transfer(player=player, club=club_a, by=secretary_a)

    player.refresh_from_db()
    assert player.home_club == club_a
    assert not Alternate.objects.filter(player=player).exists()
    assert player.changes.get().changes["home_club"] == [club_b.number, club_a.number]


@pytest.mark.parametrize("status", [Player.Status.INACTIVE, Player.Status.DECEASED])
def test_transfer_of_inactive_or_deceased_player_is_refused(club_a, secretary_a, status):
    player = PlayerFactory(home_club=None, status=status)

    with pytest.raises(DomainError, match="only an active player can be transferred"):
        lifecycle.player_transfer(player=player, club=club_a, by=secretary_a)

    player.refresh_from_db()
    assert player.status == status
    assert player.home_club is None
    assert not PlayerChange.objects.exists()


def test_reactivation_makes_the_club_home(club_a, secretary_a):
    player = PlayerFactory(home_club=None, status=Player.Status.INACTIVE)

    lifecycle.player_reactivate(player=player, club=club_a, by=secretary_a)

    player.refresh_from_db()
    assert (player.status, player.home_club) == (Player.Status.ACTIVE, club_a)


def test_reactivation_of_an_active_player_is_refused(club_a, club_b, secretary_a):
    player = PlayerFactory(home_club=club_b)

    with pytest.raises(DomainError, match="only an inactive player can be reactivated"):
        lifecycle.player_reactivate(player=player, club=club_a, by=secretary_a)

    player.refresh_from_db()
    assert player.home_club == club_b


def test_deceased_only_for_the_clubs_own_home_members(club_a, club_b, secretary_a):
    other = PlayerFactory(home_club=club_b)
    own = PlayerFactory(home_club=club_a)

    with pytest.raises(DomainError, match="not a home member"):
        lifecycle.player_mark_deceased(player=other, by=secretary_a, club=club_a)
    lifecycle.player_mark_deceased(player=own, by=secretary_a, club=club_a)

    other.refresh_from_db()
    own.refresh_from_db()
    assert other.status == Player.Status.ACTIVE
    assert (own.status, own.home_club) == (Player.Status.DECEASED, None)


def test_alternates_add_and_remove(club_a, club_b, secretary_a):
    player = PlayerFactory(home_club=club_b)

    alternates.alternate_add(player=player, club=club_a, by=secretary_a)
    assert list(player.alternate_clubs.all()) == [club_a]
    with pytest.raises(DomainError, match="already an alternate"):
        alternates.alternate_add(player=player, club=club_a, by=secretary_a)

    alternates.alternate_remove(player=player, club=club_a, by=secretary_a)
    assert not player.alternate_clubs.exists()
    with pytest.raises(DomainError, match="not an alternate"):
        alternates.alternate_remove(player=player, club=club_a, by=secretary_a)


def test_home_member_cannot_be_the_clubs_alternate(club_a, secretary_a):
    player = PlayerFactory(home_club=club_a)

    with pytest.raises(DomainError, match="home members cannot also be its alternates"):
        alternates.alternate_add(player=player, club=club_a, by=secretary_a)

    assert not Alternate.objects.exists()


@pytest.mark.parametrize(
    "now",
    [sydney(2027, 1, 1, 0, 0), sydney(2027, 2, 14, 9, 0), sydney(2027, 3, 31, 11, 59)],
)
def test_cancellation_can_be_requested_and_withdrawn_inside_the_window(club_a, secretary_a, now):
    player = PlayerFactory(home_club=club_a)

    cancellations.cancellation_request(player=player, club=club_a, by=secretary_a, now=now)
    player.refresh_from_db()
    assert player.cancellation_requested_at == now

    cancellations.cancellation_withdraw(player=player, club=club_a, by=secretary_a, now=now)
    player.refresh_from_db()
    assert player.cancellation_requested_at is None


@pytest.mark.parametrize(
    "now",
    [sydney(2027, 3, 31, 12, 0), sydney(2027, 4, 1, 9, 0), sydney(2026, 12, 31, 23, 59)],
)
def test_cancellation_outside_the_window_is_refused(club_a, secretary_a, now):
    player = PlayerFactory(home_club=club_a)

    with pytest.raises(DomainError, match="midday 31 March"):
        cancellations.cancellation_request(player=player, club=club_a, by=secretary_a, now=now)

    player.refresh_from_db()
    assert player.cancellation_requested_at is None


def test_cancellation_of_another_clubs_player_is_refused(club_a, club_b, secretary_a):
    player = PlayerFactory(home_club=club_b)

    with pytest.raises(DomainError, match="not a home member"):
        cancellations.cancellation_request(
            player=player, club=club_a, by=secretary_a, now=sydney(2027, 2, 1, 10, 0)
        )


def test_april_update_makes_requested_players_inactive_once(
    club_a, secretary_a, django_capture_on_commit_callbacks
):
    leaving = PlayerFactory(home_club=club_a, family_name="Leaving")
    staying = PlayerFactory(home_club=club_a, family_name="Staying")
    cancellations.cancellation_request(
        player=leaving, club=club_a, by=secretary_a, now=sydney(2027, 3, 1, 10, 0)
    )
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        applied = yearly.cancellations_apply(now=sydney(2027, 4, 1, 0, 5))
    again = yearly.cancellations_apply(now=sydney(2027, 4, 1, 0, 6))

    leaving.refresh_from_db()
    staying.refresh_from_db()
    assert applied == [leaving]
    assert again == []
    assert (leaving.status, leaving.home_club, leaving.cancellation_requested_at) == (
        Player.Status.INACTIVE,
        None,
        None,
    )
    assert staying.status == Player.Status.ACTIVE
    assert len(mail.outbox) == 1
    assert leaving.abf_number in mail.outbox[0].body
    assert staying.abf_number not in mail.outbox[0].body


def test_april_update_before_the_deadline_is_refused(club_a, secretary_a):
    player = PlayerFactory(home_club=club_a)
    cancellations.cancellation_request(
        player=player, club=club_a, by=secretary_a, now=sydney(2027, 3, 1, 10, 0)
    )

    with pytest.raises(DomainError, match="after the cancellation deadline"):
        yearly.cancellations_apply(now=sydney(2027, 3, 31, 11, 0))

    player.refresh_from_db()
    assert player.status == Player.Status.ACTIVE


def test_youth_players_26_or_older_on_1_january_become_inactive_once(state_a):
    youth = ClubFactory(number=994, kind=Club.Kind.YOUTH, state=None)
    turned_26_last_year = PlayerFactory(home_club=youth, birth_year=2000)
    turns_26_this_year = PlayerFactory(home_club=youth, birth_year=2001)
    unknown_age = PlayerFactory(home_club=youth, birth_year=None)
    elsewhere = PlayerFactory(birth_year=1950, home_club=ClubFactory(state=state_a))

    moved = yearly.youth_age_out(now=sydney(2027, 1, 1, 0, 5))
    again = yearly.youth_age_out(now=sydney(2027, 1, 1, 0, 6))

    assert moved == [turned_26_last_year]
    assert again == []
    for player in (turns_26_this_year, unknown_age, elsewhere):
        player.refresh_from_db()
        assert player.status == Player.Status.ACTIVE
    assert turned_26_last_year.changes.get().action == "youth_age_out"
