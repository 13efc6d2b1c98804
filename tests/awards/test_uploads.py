"""Credit files through the two steps of App. E: check, then credit all or nothing."""

import pytest

from awards.authorisations.models import Authorisation
from awards.errors import Problem, UploadRejected
from awards.intake.models import CreditUpload
from awards.intake.services.crediting import credit_upload_cancel, credit_upload_confirm
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.models import Credit, HeldCredit
from awards.ledger.selectors import player_totals, totals_disagreements
from centre.errors import DomainError
from players.models import Player
from tests.awards.conftest import event, grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def messages(excinfo) -> list[tuple[int, str]]:
    return [(p.line, p.message) for p in excinfo.value.problems]


def test_check_shows_each_line_with_name_home_club_and_totals(secretary_a, players_a):
    p1, p2, _ = players_a
    upload = credit_upload_check(
        by=secretary_a,
        filename="monday.grn",
        content=grn((p1.abf_number, 42), (p2.abf_number, 145)),
        event=event("E"),
    )
    assert upload.status == CreditUpload.Status.CHECKED
    assert upload.preview["totals"] == {"green": 187, "red": 0, "gold": 0}
    first = upload.preview["lines"][0]
    assert first["abf_number"] == p1.abf_number
    assert first["name"] == f"{p1.given_names} {p1.family_name}"
    assert first["home_club"] == 201
    assert first["points"] == 42
    # Checking credits nothing.
    assert not Credit.objects.exists()


def test_confirm_credits_every_line_provisionally_and_updates_totals(secretary_a, players_a):
    p1, p2, _ = players_a
    upload = upload_and_confirm(
        secretary_a, "monday.grn", grn((p1.abf_number, 42), (p2.abf_number, 145))
    )
    assert upload.status == CreditUpload.Status.CREDITED
    credits = Credit.objects.order_by("player__abf_number")
    assert {(c.player_id, c.points, c.colour, c.state) for c in credits} == {
        (p1.pk, 42, "green", "provisional"),
        (p2.pk, 145, "green", "provisional"),
    }
    assert upload.event.club == secretary_a.club
    assert upload.event.grade == "E"
    totals = player_totals(player=p2)
    assert totals.provisional["green"] == 145
    assert totals.approved["green"] == 0
    assert totals.lifetime["green"] == 145
    assert totals_disagreements() == []


def test_file_with_errors_lists_every_bad_line_and_credits_nothing(secretary_a, players_a, club_a):
    p1, p2, _ = players_a
    dead = PlayerFactory(home_club=None, status=Player.Status.DECEASED)
    content = (
        grn((p1.abf_number, 42))
        + b"012345600004\r\n"  # wrong length
        + b"01234X6000042\r\n"  # not a digit
        + grn(("0000019", 10))  # a valid number nobody holds
        + grn((dead.abf_number, 10))
        + grn((p2.abf_number, 0))
        + grn((p1.abf_number, 5))  # twice
    )
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(by=secretary_a, filename="bad.grn", content=content, event=event())
    found = messages(excinfo)
    assert [line for line, _ in found] == [2, 3, 4, 5, 6, 7]
    assert "12 digits" in found[0][1]
    assert "not a digit" in found[1][1]
    assert found[2][1] == "0000019 is not a registered ABF number."
    assert "deceased" in found[3][1]
    assert "zero points" in found[4][1]
    assert "already credited on line 1" in found[5][1]
    assert not CreditUpload.objects.exists()
    assert not Credit.objects.exists()


def test_number_with_a_wrong_check_digit_is_named_as_such(secretary_a, players_a):
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(
            by=secretary_a, filename="x.grn", content=grn(("0123450", 10)), event=event()
        )
    assert "check digit" in messages(excinfo)[0][1]


def test_club_may_not_issue_red_points_of_a_congress_grade(secretary_a, players_a):
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(
            by=secretary_a,
            filename="congress.red",
            content=grn((players_a[0].abf_number, 100)),
            event=event("B4"),
        )
    assert "may not issue grade B4 (red)" in messages(excinfo)[0][1]


def test_club_may_not_issue_gold_points(secretary_a, players_a):
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(
            by=secretary_a,
            filename="x.gld",
            content=grn((players_a[0].abf_number, 100)),
            event=event("A"),
        )
    assert "uploaded by the Goldpoint Coordinator" in messages(excinfo)[0][1]


def test_green_file_for_a_red_grade_is_refused(secretary_a, players_a, state_a):
    state_a.requires_authorisation = False
    state_a.save()
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(
            by=secretary_a,
            filename="x.grn",
            content=grn((players_a[0].abf_number, 100)),
            event=event("B4c"),
        )
    assert "green points file" in messages(excinfo)[0][1]


def test_red_and_green_file_refuses_lines_of_the_other_colour(secretary_a, players_a):
    p1, p2, _ = players_a
    content = f"{p1.abf_number}000000000042\n{p2.abf_number}000010000000\n".encode()
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(by=secretary_a, filename="x.rag", content=content, event=event("E"))
    assert messages(excinfo)[0][0] == 2
    assert "may not issue red points" in messages(excinfo)[0][1]


def test_red_and_green_file_credits_its_green_column(secretary_a, players_a):
    p1, p2, _ = players_a
    content = f"{p1.abf_number}000000000042\r\n{p2.abf_number}000000000007\r\n".encode()
    upload_and_confirm(secretary_a, "x.mp5", content, grade="E")
    assert Credit.objects.filter(colour="green").count() == 2


def test_old_mp_file_takes_the_colour_of_its_event(staff, players_a):
    upload = upload_and_confirm(staff, "old.mp3", grn((players_a[0].abf_number, 300)), grade="A")
    assert upload.event.credits.get().colour == "gold"


def test_staff_may_upload_gold_points(staff, players_a):
    upload_and_confirm(staff, "gnot.gld", grn((players_a[0].abf_number, 300)), grade="A2")
    assert player_totals(player=players_a[0]).provisional["gold"] == 300


def test_state_secretary_uploads_congress_red_points(state_secretary_a, players_a, player_b):
    upload = upload_and_confirm(
        state_secretary_a,
        "congress.red",
        grn((players_a[0].abf_number, 250), (player_b.abf_number, 125)),
        grade="B4",
    )
    assert upload.event.state == state_secretary_a.state
    assert Credit.objects.filter(colour="red").count() == 2


def test_same_file_twice_is_refused_and_a_club_may_not_say_it_is_intended(secretary_a, players_a):
    content = grn((players_a[0].abf_number, 42))
    upload_and_confirm(secretary_a, "monday.grn", content, session=1)
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(by=secretary_a, filename="again.grn", content=content, event=event())
    assert "already uploaded" in messages(excinfo)[0][1]
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(
            by=secretary_a,
            filename="again.grn",
            content=content,
            event=event(),
            intended=True,
            intended_reason="again",
        )
    assert [p.field for p in excinfo.value.problems] == ["duplicate", "intended"]
    assert "only centre staff" in excinfo.value.problems[1].message
    assert player_totals(player=players_a[0]).lifetime["green"] == 42


def test_cancelled_upload_does_not_count_as_a_repeat(secretary_a, players_a):
    content = grn((players_a[0].abf_number, 42))
    upload = credit_upload_check(by=secretary_a, filename="m.grn", content=content, event=event())
    credit_upload_cancel(upload=upload, by=secretary_a)
    upload_and_confirm(secretary_a, "m.grn", content)
    assert Credit.objects.count() == 1


def test_upload_is_kept_until_confirmed_and_credited_only_once(secretary_a, players_a):
    upload = credit_upload_check(
        by=secretary_a,
        filename="m.grn",
        content=grn((players_a[0].abf_number, 42)),
        event=event(),
    )
    kept = CreditUpload.objects.get(pk=upload.pk)
    assert bytes(kept.content) == grn((players_a[0].abf_number, 42))
    credit_upload_confirm(upload=kept, by=secretary_a)
    with pytest.raises(Exception, match="already credited"):
        credit_upload_confirm(upload=kept, by=secretary_a)
    assert Credit.objects.count() == 1


def test_credited_upload_cannot_be_cancelled(secretary_a, players_a):
    upload = upload_and_confirm(secretary_a, "m.grn", grn((players_a[0].abf_number, 42)))
    with pytest.raises(Exception, match="only an upload waiting"):
        credit_upload_cancel(upload=upload, by=secretary_a)


def test_another_club_cannot_confirm_or_cancel_the_upload(secretary_a, secretary_b, players_a):
    upload = credit_upload_check(
        by=secretary_a,
        filename="m.grn",
        content=grn((players_a[0].abf_number, 42)),
        event=event(),
    )
    with pytest.raises(Exception, match="not yours"):
        credit_upload_confirm(upload=upload, by=secretary_b)
    with pytest.raises(Exception, match="not yours"):
        credit_upload_cancel(upload=upload, by=secretary_b)
    assert not Credit.objects.exists()


def test_player_who_died_between_check_and_confirm_stops_the_whole_upload(secretary_a, players_a):
    p1, p2, _ = players_a
    upload = credit_upload_check(
        by=secretary_a,
        filename="m.grn",
        content=grn((p1.abf_number, 42), (p2.abf_number, 10)),
        event=event(),
    )
    Player.objects.filter(pk=p2.pk).update(status=Player.Status.DECEASED, home_club=None)
    with pytest.raises(UploadRejected):
        credit_upload_confirm(upload=upload, by=secretary_a)
    assert not Credit.objects.exists()


def test_inactive_players_points_are_held_not_credited(secretary_a, players_a):
    inactive = PlayerFactory(status=Player.Status.INACTIVE, home_club=None)
    upload = credit_upload_check(
        by=secretary_a,
        filename="m.grn",
        content=grn((players_a[0].abf_number, 42), (inactive.abf_number, 30)),
        event=event(),
    )
    assert any("inactive" in w for w in upload.preview["warnings"])
    credit_upload_confirm(upload=upload, by=secretary_a)
    assert not Credit.objects.filter(player=inactive).exists()
    held = HeldCredit.objects.get(player=inactive)
    assert (held.points, held.status) == (30, HeldCredit.Status.HELD)


# --- authorisations (2.6) -----------------------------------------------------------------


@pytest.fixture
def authorisation(state_secretary_a, club_a):
    from awards.authorisations.services.numbers import authorisation_issue

    return authorisation_issue(
        by=state_secretary_a, club=club_a, event_name="Red point pairs", grade="B4c", amount=500
    )


def test_b4c_upload_needs_an_authorisation_number(secretary_a, players_a):
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(
            by=secretary_a,
            filename="b4c.red",
            content=grn((players_a[0].abf_number, 100)),
            event=event("B4c"),
        )
    assert "authorisation number" in messages(excinfo)[0][1]


def test_state_not_taking_part_needs_no_authorisation(secretary_a, players_a, state_a):
    state_a.requires_authorisation = False
    state_a.save()
    upload_and_confirm(secretary_a, "b4c.red", grn((players_a[0].abf_number, 100)), grade="B4c")
    assert Credit.objects.get().colour == "red"


def test_upload_within_the_authorisation_is_credited_and_counted(
    secretary_a, players_a, authorisation
):
    p1, p2, _ = players_a
    upload_and_confirm(
        secretary_a,
        "b4c.red",
        grn((p1.abf_number, 250), (p2.abf_number, 250)),
        grade="B4c",
        authorisation_number=authorisation.number,
    )
    authorisation.refresh_from_db()
    assert authorisation.credited == 500


def test_upload_over_the_authorisation_is_refused(secretary_a, players_a, authorisation):
    p1, p2, _ = players_a
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(
            by=secretary_a,
            filename="b4c.red",
            content=grn((p1.abf_number, 250), (p2.abf_number, 251)),
            event=event("B4c"),
            authorisation_number=authorisation.number,
        )
    assert "5.01 red points" in messages(excinfo)[0][1]
    assert "5.00 of 5.00 left" in messages(excinfo)[0][1]


def test_second_upload_under_a_spent_authorisation_is_refused_at_confirmation(
    secretary_a, players_a, authorisation
):
    p1, p2, _ = players_a
    first = credit_upload_check(
        by=secretary_a,
        filename="a.red",
        content=grn((p1.abf_number, 300)),
        event=event("B4c"),
        authorisation_number=authorisation.number,
    )
    second = credit_upload_check(
        by=secretary_a,
        filename="b.red",
        content=grn((p2.abf_number, 300)),
        event=event("B4c", name="Tuesday red pairs"),
        authorisation_number=authorisation.number,
    )
    credit_upload_confirm(upload=first, by=secretary_a)
    with pytest.raises(UploadRejected):
        credit_upload_confirm(upload=second, by=secretary_a)
    assert Authorisation.objects.get().credited == 300
    assert Credit.objects.count() == 1


def test_another_clubs_authorisation_cannot_be_quoted(secretary_b, player_b, authorisation):
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(
            by=secretary_b,
            filename="b4c.red",
            content=grn((player_b.abf_number, 100)),
            event=event("B4c"),
            authorisation_number=authorisation.number,
        )
    assert "not an authorisation issued to your club" in messages(excinfo)[0][1]


def test_state_secretary_cannot_authorise_another_states_club(state_secretary_b, club_a):
    from awards.authorisations.services.numbers import authorisation_issue
    from awards.errors import AwardsError

    with pytest.raises(AwardsError, match="not a club of your state"):
        authorisation_issue(
            by=state_secretary_b, club=club_a, event_name="x", grade="B4c", amount=100
        )


def test_a_rejected_upload_files_each_problem_under_its_line_or_field():
    rejected = UploadRejected(
        [
            Problem(2, "bad digits"),
            Problem(2, "bad number"),
            Problem(0, "not a credit file"),
            Problem(0, "give a name", "event.name"),
        ]
    )
    assert isinstance(rejected, DomainError)
    assert rejected.fields == {
        "lines.2": ["bad digits", "bad number"],
        "file": ["not a credit file"],
        "event.name": ["give a name"],
    }
