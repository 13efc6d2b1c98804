"""centre.access: the one answer to which clubs a login may see and act for."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from centre.access import acting_club, club_for, clubs_visible_to


def test_a_club_secretary_sees_and_acts_for_the_club_and_no_other(secretary_a, club_a, club_b):
    assert club_for(secretary_a, 201) == club_a
    assert club_for(secretary_a, "201", acting=True) == club_a
    with pytest.raises(Http404):
        club_for(secretary_a, club_b.number)
    assert list(clubs_visible_to(user=secretary_a)) == [club_a]
    assert acting_club(secretary_a) == club_a


def test_a_state_secretary_sees_the_states_clubs_and_acts_for_none(
    state_secretary_a, club_a, club_b
):
    assert club_for(state_secretary_a, club_a.number) == club_a
    with pytest.raises(Http404):
        club_for(state_secretary_a, club_b.number)
    with pytest.raises(Http404):
        club_for(state_secretary_a, club_a.number, acting=True)


def test_staff_see_and_act_for_every_club_and_as_the_centre(staff, club_a, club_b):
    assert club_for(staff, club_b.number, acting=True) == club_b
    assert set(clubs_visible_to(user=staff)) == {club_a, club_b}
    assert acting_club(staff) is None


def test_a_missing_club_and_a_hidden_one_answer_alike(secretary_a, club_b):
    with pytest.raises(Http404) as missing:
        club_for(secretary_a, 999)
    with pytest.raises(Http404) as hidden:
        club_for(secretary_a, club_b.number)
    assert str(missing.value) == str(hidden.value) == "No such club."
    with pytest.raises(Http404):
        club_for(secretary_a, "not a number")


def test_an_anonymous_visitor_sees_no_club(db, club_a):
    assert not clubs_visible_to(user=AnonymousUser()).exists()
    with pytest.raises(Http404):
        club_for(AnonymousUser(), club_a.number)
