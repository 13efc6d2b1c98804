import pytest

from scheme.abf.grades import ABF_GRADES
from scheme.abf.issuers import (
    CLUB_GRADES,
    STATE_GRADES,
    grade_refusal,
    grades_issuable_by,
    needs_authorisation,
    organisers_for,
)


def test_a_club_issues_green_club_grades_and_its_own_b4c_and_b5i():
    assert grades_issuable_by("club") == {"F", "E", "D", "B4c", "B5i"} == CLUB_GRADES


def test_a_state_issues_congress_and_state_grades_and_gnot_qualifying_a2_but_no_grade_a():
    """5.4.1; 7.5.7: the GNOT qualifying rounds' A2 gold points are the state's."""
    assert grades_issuable_by("state") == STATE_GRADES
    assert "A2" in grades_issuable_by("state")
    assert "A" not in grades_issuable_by("state")


def test_staff_issue_every_grade_gold_included():
    assert grades_issuable_by("staff") == frozenset(ABF_GRADES)
    assert "A" in grades_issuable_by("staff")


def test_a_visitor_issues_nothing():
    assert grades_issuable_by(None) == frozenset()
    assert organisers_for(None) == ()


def test_an_unknown_role_is_named():
    with pytest.raises(
        ValueError,
        match="unknown role 'admin' \\(known: club, state, staff, gold, organiser, youth",
    ):
        grades_issuable_by("admin")


def test_organisers_by_role():
    assert organisers_for("staff") == ("club", "state", "congress", "national")
    assert organisers_for("state") == ("state", "congress")  # 5.4.1
    assert organisers_for("club") == ()


@pytest.mark.parametrize(("grade", "needed"), [("B4c", True), ("B5i", True), ("B4s", True),
                                              ("B4", False), ("E", False)])  # fmt: skip
def test_authorised_grades(grade, needed):
    assert needs_authorisation(grade) is needed


def test_1_6_an_organiser_issues_red_congress_and_state_grades_and_gnot_a2_only():
    """1.6: red points by state secretaries "or their nominees"; 5.4.1 the congresses'
    nominees; guide B4, D4: the GNOT's organiser. Not grade C (the secretary's, 1.6) nor the
    clubs' B4c and B5i sets (2.6, 2.7)."""
    assert grades_issuable_by("organiser") == {"B4s", "B5", "B4", "B3", "B", "A2"}
    assert organisers_for("organiser") == ("state", "congress")


def test_7_5_1_the_goldpoint_coordinator_issues_gold_of_national_events_and_a2_congresses():
    assert grades_issuable_by("gold") == {"A", "A2"}
    assert organisers_for("gold") == ("national", "congress")


def test_1_3_6_the_youth_coordinator_issues_nothing():
    assert grades_issuable_by("youth") == frozenset()
    assert organisers_for("youth") == ()


@pytest.mark.parametrize("role", ["state", "organiser"])
def test_7_5_7_a_state_issues_a2_for_the_gnot_qualifying_rounds_only(role):
    assert grade_refusal(role=role, grade="A2", event_name="GNOT qualifying, Region 3") is None
    assert grade_refusal(role=role, grade="A2", event_name="Grand National Open Teams") is None
    refusal = grade_refusal(role=role, grade="A2", event_name="Gold Coast Congress Teams")
    assert refusal is not None and "GNOT qualifying rounds only (7.5.7)" in refusal
    assert grade_refusal(role=role, grade="B4", event_name="Gold Coast Congress Teams") is None


def test_7_5_1_the_goldpoint_coordinator_issues_every_gold_point_but_the_gnot_qualifying():
    assert grade_refusal(role="gold", grade="A2", event_name="Gold Coast Congress Teams") is None
    assert grade_refusal(role="gold", grade="A", event_name="National Open Teams") is None
    refusal = grade_refusal(role="gold", grade="A2", event_name="GNOT club heat")
    assert refusal is not None and "7.5.7" in refusal
    assert grade_refusal(role="gold", grade="B4", event_name="Congress") is not None
    # Staff (the Masterpoint Unit) issue any.
    assert grade_refusal(role="staff", grade="A2", event_name="GNOT club heat") is None
