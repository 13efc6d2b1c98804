import pytest

from scheme.abf.grades import ABF_GRADES
from scheme.abf.issuers import (
    CLUB_GRADES,
    STATE_GRADES,
    grades_issuable_by,
    needs_authorisation,
    organisers_for,
)


def test_a_club_issues_green_club_grades_and_its_own_b4c_and_b5i():
    assert grades_issuable_by("club") == {"F", "E", "D", "B4c", "B5i"} == CLUB_GRADES


def test_a_state_issues_congress_and_state_grades_but_no_gold():
    assert grades_issuable_by("state") == STATE_GRADES
    assert not {"A", "A2"} & grades_issuable_by("state")


def test_staff_issue_every_grade_gold_included():
    assert grades_issuable_by("staff") == frozenset(ABF_GRADES)
    assert "A" in grades_issuable_by("staff")


def test_a_visitor_issues_nothing():
    assert grades_issuable_by(None) == frozenset()
    assert organisers_for(None) == ()


def test_an_unknown_role_is_named():
    with pytest.raises(ValueError, match="unknown role 'admin' \\(known: club, state, staff\\)"):
        grades_issuable_by("admin")


def test_organisers_by_role():
    assert organisers_for("staff") == ("club", "state", "congress", "national")
    assert organisers_for("state") == ("state", "congress")  # 5.4.1
    assert organisers_for("club") == ()


@pytest.mark.parametrize(("grade", "needed"), [("B4c", True), ("B5i", True), ("B4s", True),
                                              ("B4", False), ("E", False)])  # fmt: skip
def test_authorised_grades(grade, needed):
    assert needs_authorisation(grade) is needed
