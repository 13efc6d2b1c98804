"""The allowances counted and enforced where an event or an authorisation is made: B5i events
and the state's register (2.7; guide B3.2), Grade D Championships (2.3), B4s sessions
(6.2.1), B4c sessions at other times (2.6), congresses and Bridge Tours (5.1)."""

from datetime import UTC, date, datetime, timedelta

import pytest

from awards.authorisations.approvals.services import approval_cancel, approval_register
from awards.authorisations.models import Approval
from awards.authorisations.services.numbers import authorisation_issue
from awards.corrections.services.reversals import upload_reverse
from awards.errors import AwardsError, UploadRejected
from awards.intake.services.crediting import credit_upload_confirm
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.models import Event
from players.models import Player
from tests.awards.conftest import event, grn, upload_and_confirm, yesterday
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db

Kind = Approval.Kind


def day(n: int) -> date:
    """The n-th day of the current year (all before today)."""
    return date(yesterday().year, 1, 1) + timedelta(days=n)


def refusal(excinfo) -> str:
    return " ".join(p.message for p in excinfo.value.problems)


def b5i(by, club, other, n: int, sessions: int = 2) -> Approval:
    return approval_register(
        by=by,
        kind=Kind.B5I,
        name=f"Interclub {n}",
        starts_on=day(n),
        sessions=sessions,
        club=club,
        clubs=[other],
    )


@pytest.fixture
def neighbour(state_a):
    return ClubFactory(number=202, name="Neighbour", state=state_a)


# 2.7, guide B3.2


def test_a_club_takes_part_in_five_b5i_events_a_year_then_must_cancel_one(
    state_secretary_a, club_a, neighbour
):
    approvals = [b5i(state_secretary_a, club_a, neighbour, n) for n in range(5)]

    with pytest.raises(AwardsError) as refused:
        b5i(state_secretary_a, club_a, neighbour, 5)
    assert refused.value.message.startswith(
        f"Club 201 takes part in 5 B5i events in {day(0).year}, the most it may"
    )
    assert "Cancel a defunct event in the state's B5i register first" in refused.value.message
    assert list(refused.value.fields) == ["clubs"]

    approval_cancel(by=state_secretary_a, approval=approvals[0], reason="Defunct: not played")
    sixth = b5i(state_secretary_a, club_a, neighbour, 5)

    assert sixth.clubs.count() == 2
    assert Approval.objects.filter(kind=Kind.B5I).count() == 6  # the cancelled one is kept


def test_a_remote_club_takes_part_in_eight(state_secretary_a, club_a, neighbour):
    club_a.remote = True
    club_a.save()
    others = ClubFactory.create_batch(8, state=club_a.state)
    for n, other in enumerate(others[:8]):
        b5i(state_secretary_a, club_a, other, n)

    with pytest.raises(AwardsError) as refused:
        b5i(state_secretary_a, club_a, neighbour, 9)
    assert "takes part in 8 B5i events" in refused.value.message
    assert "(3 of them as a remote club)" in refused.value.message


def test_each_club_taking_part_is_counted(state_secretary_a, club_a, neighbour):
    # The neighbour takes part in five events organised by others: club A's sixth with it is
    # refused on the neighbour's count.
    for n in range(5):
        b5i(state_secretary_a, ClubFactory(state=club_a.state), neighbour, n)

    with pytest.raises(AwardsError) as refused:
        b5i(state_secretary_a, club_a, neighbour, 6)
    assert "Club 202 takes part in 5 B5i events" in refused.value.message


def test_a_b5i_event_has_one_to_four_sessions(state_secretary_a, club_a, neighbour):
    with pytest.raises(AwardsError) as refused:
        b5i(state_secretary_a, club_a, neighbour, 1, sessions=5)
    assert refused.value.message == "A B5i event has one to four sessions, not 5 (2.7)."
    assert list(refused.value.fields) == ["sessions"]


def test_a_b5i_upload_needs_its_approval_in_the_register(
    secretary_a, state_secretary_a, club_a, neighbour, players_a
):
    content = grn((players_a[0].abf_number, 200))
    with pytest.raises(UploadRejected) as refused:
        credit_upload_check(
            by=secretary_a, filename="b5i.red", content=content, event=event("B5i", sessions=2)
        )
    assert "Club 201 has no approval for" in refusal(refused)
    assert "(it takes part in 0 of its 5 B5i events" in refusal(refused)

    approval_register(
        by=state_secretary_a,
        kind=Kind.B5I,
        name="Interclub teams",
        starts_on=yesterday(),
        sessions=2,
        club=club_a,
        clubs=[neighbour],
    )
    club_a.state.requires_authorisation = False
    club_a.state.save()
    upload = upload_and_confirm(secretary_a, "b5i.red", content, grade="B5i")
    assert upload.event.grade == "B5i"


def test_an_authorisation_for_a_b5i_event_not_in_the_register_is_refused(
    state_secretary_a, club_a, neighbour
):
    with pytest.raises(AwardsError) as refused:
        authorisation_issue(
            by=state_secretary_a, club=club_a, event_name="Interclub", grade="B5i", amount=500
        )
    assert refused.value.message.startswith("Club 201 has no B5i event approved")
    assert refused.value.message.endswith("approves it first (2.7; guide B3.2).")

    b5i(state_secretary_a, club_a, neighbour, 1)
    issued = authorisation_issue(
        by=state_secretary_a, club=club_a, event_name="Interclub", grade="B5i", amount=500
    )
    assert issued.grade == "B5i"


# 2.3


def test_a_grade_d_championship_has_two_to_ten_sessions(secretary_a, players_a):
    content = grn((players_a[0].abf_number, 100))
    for sessions in (1, 11):
        with pytest.raises(UploadRejected) as refused:
            credit_upload_check(
                by=secretary_a,
                filename="d.grn",
                content=content,
                event=event("D", sessions=sessions),
            )
        assert refusal(refused) == (
            "A Grade D Championship is of not less than 2 and no more than 10 sessions, "
            f"not {sessions} (2.3)."
        )
        assert refused.value.problems[0].field == "event.sessions"


def test_a_club_holds_six_grade_d_championships_a_year(secretary_a, players_a, staff, club_a):
    for n in range(6):
        upload = credit_upload_check(
            by=secretary_a,
            filename=f"d{n}.grn",
            content=grn((players_a[0].abf_number, 100 + n)),
            event=event("D", name=f"Championship {n}", sessions=3, starts_on=day(n)),
        )
        credit_upload_confirm(upload=upload, by=secretary_a)
    # The same championship credited again on purpose (a correction by the Centre, the only
    # way an event is credited twice) is not a seventh.
    again = credit_upload_check(
        by=staff,
        filename="d0-more.grn",
        content=grn((players_a[1].abf_number, 100)),
        event=event(
            "D", name="Championship 0", sessions=3, starts_on=day(0), club=club_a, organiser="club"
        ),
        intended=True,
        intended_reason="A pair left out of the first file.",
    )
    assert again.pk

    with pytest.raises(UploadRejected) as refused:
        credit_upload_check(
            by=secretary_a,
            filename="d7.grn",
            content=grn((players_a[2].abf_number, 100)),
            event=event("D", name="Championship 7", sessions=3, starts_on=day(8)),
        )
    assert refusal(refused) == (
        f"Club 201 has held 6 Grade D Championships in {day(0).year}; a club may run up "
        "to 6 each year (2.3)."
    )
    assert refused.value.problems[0].field == "event.grade"
    assert Event.objects.filter(grade="D").count() == 6


def test_a_grade_d_championship_reversed_no_longer_counts_among_the_six(
    secretary_a, players_a, staff
):
    def championship(n: int, player: Player, on: date):
        upload = credit_upload_check(
            by=secretary_a,
            filename=f"d{n}.grn",
            content=grn((player.abf_number, 100 + n)),
            event=event("D", name=f"Championship {n}", sessions=3, starts_on=on),
        )
        return credit_upload_confirm(upload=upload, by=secretary_a)

    uploads = [championship(n, players_a[0], day(n)) for n in range(6)]
    # The Centre reverses one: the club's pairs, sent as a championship by mistake.
    upload_reverse(upload=uploads[2], reason="Not a championship.", by=staff)

    # The club has held five: a sixth is credited, and only a seventh refused.
    championship(6, players_a[1], day(7))
    with pytest.raises(UploadRejected) as refused:
        championship(7, players_a[2], day(8))
    assert refusal(refused) == (
        f"Club 201 has held 6 Grade D Championships in {day(0).year}; a club may run up "
        "to 6 each year (2.3)."
    )


# 6.2.1


def test_a_state_runs_ten_b4s_sessions_plus_one_for_each_500_members(state_secretary_a, club_a):
    # 501 members registered before 30 September last year: 10 + 2 = 12 sessions.
    PlayerFactory.create_batch(501, home_club=club_a)
    Player.objects.update(registered_at=datetime(day(0).year - 2, 1, 1, tzinfo=UTC))
    for n, sessions in enumerate((4, 4, 3)):
        approval_register(
            by=state_secretary_a, kind=Kind.B4S, name=f"State event {n}", starts_on=day(n),
            sessions=sessions,
        )  # fmt: skip

    with pytest.raises(AwardsError) as refused:
        approval_register(
            by=state_secretary_a, kind=Kind.B4S, name="One too many", starts_on=day(5),
            sessions=2,
        )  # fmt: skip
    assert refused.value.message == (
        f"NSW may run 12 B4s sessions in {day(0).year} (10, plus 1 for each 500 of its "
        f"501 members at 30 September {day(0).year - 1}); 11 sessions approved already, these "
        "2 would make 13 (6.2.1)."
    )
    approval_register(
        by=state_secretary_a, kind=Kind.B4S, name="The last", starts_on=day(5), sessions=1
    )


def test_a_b4s_upload_needs_the_state_secretarys_prior_approval(state_secretary_a, players_a):
    content = grn((players_a[0].abf_number, 250))
    with pytest.raises(UploadRejected) as refused:
        credit_upload_check(
            by=state_secretary_a,
            filename="b4s.red",
            content=content,
            event=event("B4s", name="State-wide pairs"),
        )
    assert refusal(refused).startswith("NSW has no approval for")
    assert "(0 of its 10 B4s sessions of" in refusal(refused)

    approval_register(
        by=state_secretary_a, kind=Kind.B4S, name="State-wide pairs", starts_on=yesterday(),
        sessions=1,
    )  # fmt: skip
    upload = credit_upload_check(
        by=state_secretary_a,
        filename="b4s.red",
        content=content,
        event=event("B4s", name="State-wide pairs"),
    )
    assert upload.pk


# 2.6


def test_two_b4c_sessions_at_other_times_a_year(state_secretary_a, club_a):
    for n in range(2):
        approval_register(
            by=state_secretary_a, kind=Kind.B4C_OUT_OF_HOURS, name=f"Christmas {n}",
            starts_on=day(n), sessions=1, club=club_a,
        )  # fmt: skip

    with pytest.raises(AwardsError) as refused:
        approval_register(
            by=state_secretary_a, kind=Kind.B4C_OUT_OF_HOURS, name="100th birthday",
            starts_on=day(3), sessions=1, club=club_a,
        )  # fmt: skip
    assert refused.value.message == (
        f"Club 201 has 2 B4c sessions at other times approved in {day(0).year}; a club "
        "may conduct up to 2 (2.6)."
    )
    with pytest.raises(AwardsError) as refused:
        approval_register(
            by=state_secretary_a, kind=Kind.B4C_OUT_OF_HOURS, name="Two sessions",
            starts_on=day(3), sessions=2, club=ClubFactory(state=club_a.state),
        )  # fmt: skip
    assert "single session competition" in refused.value.message


def test_an_out_of_hours_b4c_authorisation_needs_its_approval(state_secretary_a, club_a):
    with pytest.raises(AwardsError) as refused:
        authorisation_issue(
            by=state_secretary_a, club=club_a, event_name="Christmas party", grade="B4c",
            amount=500, starts_on=yesterday(), out_of_hours=True,
        )  # fmt: skip
    assert refused.value.message.startswith(
        f"Club 201 has no approval for {yesterday().day} {yesterday():%B %Y} in the state's "
        f"register "
        f"(it has 0 of its 2 B4c sessions at other times approved"
    )
    approval_register(
        by=state_secretary_a, kind=Kind.B4C_OUT_OF_HOURS, name="Christmas party",
        starts_on=yesterday(), sessions=1, club=club_a,
    )  # fmt: skip
    issued = authorisation_issue(
        by=state_secretary_a, club=club_a, event_name="Christmas party", grade="B4c",
        amount=500, starts_on=yesterday(), out_of_hours=True,
    )  # fmt: skip
    assert issued.amount == 500


# 5.1


def test_a_congress_upload_needs_the_states_approval(state_secretary_a, players_a):
    content = grn((players_a[0].abf_number, 250))
    with pytest.raises(UploadRejected) as refused:
        credit_upload_check(
            by=state_secretary_a,
            filename="c.red",
            content=content,
            event=event("B4", name="Congress Pairs", organiser="congress"),
        )
    assert refusal(refused).startswith(
        f"No congress or Bridge Tour of NSW is approved for {yesterday().day} {yesterday():%B %Y} "
        "in the state's register (5.1)"
    )
    with pytest.raises(AwardsError) as refused:
        approval_register(
            by=state_secretary_a, kind=Kind.CONGRESS, name="One-session congress",
            starts_on=yesterday(), sessions=1,
        )  # fmt: skip
    assert refused.value.message == "A congress is played over a minimum of two sessions (5.1.1)."


def test_a_bridge_tour_gives_the_b4_rate_to_one_major_event_only(state_secretary_a, players_a):
    approval_register(
        by=state_secretary_a, kind=Kind.BRIDGE_TOUR, name="Island cruise",
        starts_on=yesterday() - timedelta(days=3), ends_on=yesterday(), sessions=8,
        convener="J. Smith",
    )  # fmt: skip
    first = credit_upload_check(
        by=state_secretary_a,
        filename="pairs.red",
        content=grn((players_a[0].abf_number, 250)),
        event=event(
            "B4", name="Tour Pairs Championship", organiser="congress", director_level="club"
        ),
    )
    credit_upload_confirm(upload=first, by=state_secretary_a)

    with pytest.raises(UploadRejected) as refused:
        credit_upload_check(
            by=state_secretary_a,
            filename="teams.red",
            content=grn((players_a[1].abf_number, 250)),
            event=event(
                "B4", name="Tour Teams Championship", organiser="congress", director_level="club"
            ),
        )
    assert refusal(refused).startswith(
        "Of a Bridge Tour's major events one only receives the B4 rate, the others B5"
    )
    # The others at the B5 rate are taken.
    assert credit_upload_check(
        by=state_secretary_a,
        filename="teams.red",
        content=grn((players_a[1].abf_number, 200)),
        event=event(
            "B5", name="Tour Teams Championship", organiser="congress", director_level="club"
        ),
    ).pk


def test_a_cancelled_approval_no_longer_covers_an_upload(
    state_secretary_a, club_a, neighbour, secretary_a, players_a
):
    approval = approval_register(
        by=state_secretary_a, kind=Kind.B5I, name="Interclub", starts_on=yesterday(),
        sessions=1, club=club_a, clubs=[neighbour],
    )  # fmt: skip
    club_a.state.requires_authorisation = False
    club_a.state.save()
    checked = credit_upload_check(
        by=secretary_a,
        filename="b5i.red",
        content=grn((players_a[0].abf_number, 200)),
        event=event("B5i"),
    )
    approval_cancel(by=state_secretary_a, approval=approval, reason="Defunct")

    with pytest.raises(UploadRejected) as refused:
        credit_upload_confirm(upload=checked, by=secretary_a)
    assert "Club 201 has no approval for" in refusal(refused)
