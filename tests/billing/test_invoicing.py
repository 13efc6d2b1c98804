"""Quarterly invoices reproduce the schedule of 8.3 and 8.4 to the cent."""

from datetime import date, datetime
from decimal import Decimal
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from awards.ledger.models import Credit, Event
from billing.models import Invoice
from billing.selectors import fee_schedule_in_force
from billing.services import (
    annual_capitation_issue,
    event_invoices_issue,
    invoice_issue,
    quarter_invoices_issue,
)
from centre.models import Period
from clubs.models import Club
from operations.services import month_close
from players.models import PlayerChange
from tests.factories import ClubFactory, PlayerFactory

SYDNEY = ZoneInfo("Australia/Sydney")


def credit(
    *,
    club=None,
    state=None,
    grade,
    points,
    month,
    by,
    organiser="club",
    ended=None,
    lodged: datetime | None = None,
):
    period, _ = Period.objects.get_or_create(year=month.year, month=month.month)
    event = Event.objects.create(
        organiser=organiser,
        club=club,
        state=state,
        name=f"{grade} event",
        starts_on=ended or month,
        ends_on=ended or month,
        grade=grade,
    )
    colour = {"E": "green", "D": "green", "B4c": "red", "B": "red"}[grade]
    player = PlayerFactory(home_club=club or ClubFactory())
    # A credit is never changed once written: one lodged earlier is written at that time.
    with mock.patch("django.utils.timezone.now", return_value=lodged or timezone.now()):
        return Credit.objects.create(
            player=player,
            event=event,
            colour=colour,
            points=points,
            source=Credit.Source.FILE,
            period=period,
            uploaded_by=by,
        )


def joined(club, action: str, on: date) -> None:
    player = PlayerFactory(home_club=club)
    change = PlayerChange.objects.create(player=player, club=club, action=action)
    at = datetime(on.year, on.month, on.day, 10, tzinfo=SYDNEY)
    PlayerChange.objects.filter(pk=change.pk).update(at=at)


@pytest.fixture
def established_club(state_a) -> Club:
    return ClubFactory(number=250, state=state_a, affiliated_since=date(1990, 1, 1))


def written(day: date) -> str:
    """A day as the ABF writes it ("1 September 2025"), as the invoice lines do."""
    return f"{day.day} {day:%B} {day.year:04d}"


def lines_of(invoice: Invoice) -> list[tuple[str, str]]:
    return [(line.description.split(" (")[0], str(line.amount)) for line in invoice.lines.all()]


def test_a_constructed_quarter_is_invoiced_to_the_cent(established_club, staff):
    club = established_club
    # 8.1: 123.45 green points in grade E events and 20.50 red in a B4c event.
    credit(club=club, grade="E", points=100_00, month=date(2025, 7, 1), by=staff)
    credit(club=club, grade="E", points=23_45, month=date(2025, 9, 1), by=staff)
    credit(club=club, grade="B4c", points=20_50, month=date(2025, 8, 1), by=staff)
    # Not this club's events, and not this quarter: not levied.
    credit(club=ClubFactory(), grade="E", points=50_00, month=date(2025, 8, 1), by=staff)
    credit(club=club, grade="E", points=77_00, month=date(2025, 10, 1), by=staff)
    # 8.2: two new players and one reactivation in July-September; a transfer costs nothing.
    joined(club, "register", date(2025, 7, 14))
    joined(club, "register", date(2025, 8, 30))
    joined(club, "reactivate", date(2025, 9, 30))
    joined(club, "transfer", date(2025, 8, 1))

    [invoice] = quarter_invoices_issue(
        year=2025, quarter=3, issued_on=date(2025, 10, 1), clubs=[club]
    )

    assert lines_of(invoice) == [
        # 123.45 x $2.53 = $312.3285
        ("Masterpoint levy, grades C, D, E, F", "312.33"),
        # 20.50 x $2.03 = $41.615: half a cent up
        ("Masterpoint levy, grades B4c, B4s, B5i", "41.62"),
        # 3 x $23.30
        ("Capitation, players joining 1 April - 30 September", "69.90"),
        # 2 x -$1.00
        ("Commission on new players registered", "-2.00"),
    ]
    assert invoice.total == Decimal("421.85")
    assert invoice.covers == "2025-Q3"
    assert invoice.due_on == date(2025, 10, 31)


def test_october_joins_pay_half_and_january_joins_pay_nothing(established_club, staff):
    club = established_club
    joined(club, "register", date(2025, 10, 1))
    joined(club, "reactivate", date(2025, 12, 31))
    joined(club, "register", date(2026, 2, 1))

    quarter_invoices_issue(year=2025, quarter=4, issued_on=date(2026, 1, 1), clubs=[club])
    quarter_invoices_issue(year=2026, quarter=1, issued_on=date(2026, 4, 1), clubs=[club])

    q4 = Invoice.objects.get(club=club, covers="2025-Q4")
    q1 = Invoice.objects.get(club=club, covers="2026-Q1")
    assert lines_of(q4) == [
        ("Capitation, players joining 1 October - 31 December", "23.30"),
        ("Commission on new players registered", "-1.00"),
    ]
    assert lines_of(q1) == [
        ("Capitation, players joining 1 January - 31 March", "0.00"),
        ("Commission on new players registered", "-1.00"),
    ]


def test_a_newly_affiliated_club_pays_no_capitation_on_new_players_in_its_first_year(
    state_a, staff
):
    club = ClubFactory(state=state_a, affiliated_since=date(2025, 6, 1))
    joined(club, "register", date(2025, 8, 1))
    joined(club, "reactivate", date(2025, 8, 2))

    [invoice] = quarter_invoices_issue(
        year=2025, quarter=3, issued_on=date(2025, 10, 1), clubs=[club]
    )

    assert lines_of(invoice) == [
        ("Capitation, players joining 1 April - 30 September", "23.30"),
        (
            "Capitation waived: new players in the first registration year of a newly "
            "affiliated club",
            "0.00",
        ),
        ("Commission on new players registered", "-1.00"),
    ]


def test_special_clubs_pay_levies_but_no_capitation(staff):
    youth = ClubFactory(kind=Club.Kind.YOUTH, state=None)
    joined(youth, "register", date(2025, 8, 1))

    assert (
        quarter_invoices_issue(year=2025, quarter=3, issued_on=date(2025, 10, 1), clubs=[youth])
        == []
    )


def test_running_the_quarter_again_issues_the_same_invoices_not_new_ones(
    established_club, club_b, staff
):
    credit(club=established_club, grade="E", points=10_00, month=date(2025, 7, 1), by=staff)
    joined(club_b, "register", date(2025, 7, 2))
    clubs = [established_club, club_b]

    first = quarter_invoices_issue(year=2025, quarter=3, issued_on=date(2025, 10, 1), clubs=clubs)
    totals = sorted((i.club.number, i.total) for i in first)
    again = quarter_invoices_issue(year=2025, quarter=3, issued_on=date(2025, 10, 2), clubs=clubs)

    assert again == []
    assert Invoice.objects.count() == 2
    assert sorted((i.club.number, i.total) for i in Invoice.objects.all()) == totals


def test_a_run_stopped_halfway_finishes_with_the_result_of_one_clean_run(
    established_club, club_b, staff
):
    credit(club=established_club, grade="E", points=10_00, month=date(2025, 7, 1), by=staff)
    credit(club=club_b, grade="E", points=20_00, month=date(2025, 7, 1), by=staff)
    clubs = [established_club, club_b]

    def stop_after_the_first(club):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        quarter_invoices_issue(
            year=2025,
            quarter=3,
            issued_on=date(2025, 10, 1),
            clubs=clubs,
            progress=stop_after_the_first,
        )
    assert Invoice.objects.count() == 1
    quarter_invoices_issue(year=2025, quarter=3, issued_on=date(2025, 10, 1), clubs=clubs)

    assert sorted((i.club.number, str(i.total)) for i in Invoice.objects.all()) == [
        (established_club.number, "25.30"),
        (club_b.number, "50.60"),
    ]


def test_an_account_overdue_more_than_90_days_pays_ten_percent(established_club, staff):
    invoice_issue(
        club=established_club,
        kind=Invoice.Kind.QUARTERLY,
        covers="2025-Q1",
        issued_on=date(2025, 4, 1),
        lines=[("Levy", Decimal("100.00"), Decimal("2.53"))],
    )

    quarter_invoices_issue(
        year=2025, quarter=3, issued_on=date(2025, 10, 1), clubs=[established_club]
    )

    penalty = Invoice.objects.get(club=established_club, kind=Invoice.Kind.PENALTY)
    assert penalty.total == Decimal("25.30")
    assert "$253.00 overdue" in penalty.lines.get().description


def test_annual_capitation_charges_every_active_home_member_once(established_club, staff):
    PlayerFactory.create_batch(3, home_club=established_club)
    PlayerFactory(home_club=None, status="inactive")

    invoice, created = annual_capitation_issue(
        club=established_club, year=2026, issued_on=date(2026, 4, 2)
    )
    again, created_again = annual_capitation_issue(
        club=established_club, year=2026, issued_on=date(2026, 4, 3)
    )

    assert created and not created_again
    assert again == invoice
    assert invoice.total == Decimal("69.90")


def test_a_state_event_lodged_late_is_invoiced_with_the_4_percent_a_month_penalty(state_a, staff):
    late = credit(
        state=state_a,
        organiser="state",
        grade="B",
        points=100_00,
        month=date(2025, 9, 1),
        ended=date(2025, 7, 1),
        by=staff,
        # 76 days after: 46 late, 2 months
        lodged=datetime(2025, 9, 15, 12, tzinfo=SYDNEY),
    )

    assert event_invoices_issue(period=late.period) == 1
    assert event_invoices_issue(period=late.period) == 0

    invoice = Invoice.objects.get(state=state_a, kind=Invoice.Kind.EVENT)
    # 100 red points of grade B at $1.74, and 8% of that for two months late.
    assert [str(line.amount) for line in invoice.lines.all()] == ["174.00", "13.92"]
    assert invoice.total == Decimal("187.92")


def test_closing_a_month_invoices_its_state_events(state_a, staff):
    today = timezone.localdate()
    state_event = credit(
        state=state_a,
        organiser="state",
        grade="B",
        points=10_00,
        month=today.replace(day=1),
        ended=today,
        by=staff,
    )

    month_close(period=state_event.period, by=staff)
    month_close(period=state_event.period, by=staff)

    # Lodged the day the event ended: 10 red points of grade B at $1.74, no penalty.
    invoice = Invoice.objects.get(state=state_a, kind=Invoice.Kind.EVENT)
    assert invoice.total == Decimal("17.40")


def test_an_event_with_the_longest_name_the_api_accepts_is_invoiced_and_its_month_closes(
    state_a, state_secretary_a, staff
):
    # 8.1: the state's event, named with all 160 characters the upload API accepts.
    name = "State Open Teams " + "Championship of the Greater Metropolitan Region " * 3
    name = name[:160]
    players = PlayerFactory.create_batch(2, home_club=ClubFactory(state=state_a))
    program = APIClient()
    program.force_authenticate(state_secretary_a)
    checked = program.post(
        reverse("upload-check"),
        {
            "file": SimpleUploadedFile(
                "teams.red", "".join(f"{p.abf_number}001000\r\n" for p in players).encode()
            ),
            "name": name,
            "starts_on": timezone.localdate().isoformat(),
            "grade": "B",
        },
        format="multipart",
    )
    assert checked.status_code == 201, checked.json()
    assert program.post(reverse("upload-confirm", args=[checked.json()["id"]])).status_code == 200
    period = Credit.objects.get(player=players[0]).period

    period = month_close(period=period, by=staff)

    invoice = Invoice.objects.get(state=state_a, kind=Invoice.Kind.EVENT)
    [line] = invoice.lines.all()
    assert len(line.description) <= 200
    # The organiser's name is shortened, visibly; the Centre's own words are all there.
    assert line.description.startswith("Masterpoint levy, State Open Teams Championship")
    assert "…" in line.description
    assert line.description.endswith(
        f"(B, ended {written(timezone.localdate())}), grades A, A2, B (8.1)"
    )
    assert invoice.total == Decimal("34.80")
    assert set(period.close_steps_done) == {
        "b4c_lists",
        "event_invoices",
        "event_reports",
        "promotions",
        "club_monthly_reports",
        "standings",
    }


def test_a_short_event_name_is_quoted_whole_on_its_invoice(state_a, staff):
    event_credit = credit(
        state=state_a,
        organiser="state",
        grade="B",
        points=10_00,
        month=date(2025, 9, 1),
        ended=date(2025, 9, 1),
        by=staff,
        lodged=datetime(2025, 9, 2, 12, tzinfo=SYDNEY),
    )
    event_invoices_issue(period=event_credit.period)
    [line] = Invoice.objects.get(state=state_a).lines.all()
    assert line.description == (
        "Masterpoint levy, B event (B, ended 1 September 2025), grades A, A2, B (8.1)"
    )


def test_an_invoice_line_longer_than_its_column_is_refused_on_every_database(state_a):
    with pytest.raises(ValueError, match="longer than 200"):
        invoice_issue(
            state=state_a,
            kind=Invoice.Kind.FEE,
            covers="fee:1",
            issued_on=date(2025, 9, 1),
            lines=[("x" * 201, Decimal("1"), Decimal("10.00"))],
        )
    assert not Invoice.objects.exists()


@pytest.mark.parametrize("ended", [date(1, 1, 1), date(1900, 1, 1)])
def test_an_event_that_ended_before_any_fee_schedule_is_invoiced_and_its_month_closes(
    state_a, state_secretary_a, staff, ended
):
    # An event kept from before dates were held to the register's range: the close invoices
    # it at the fees in force when it is invoiced, and every step after it runs.
    players = PlayerFactory.create_batch(2, home_club=ClubFactory(state=state_a))
    program = APIClient()
    program.force_authenticate(state_secretary_a)
    checked = program.post(
        reverse("upload-check"),
        {
            "file": SimpleUploadedFile(
                "teams.red", "".join(f"{p.abf_number}001000\r\n" for p in players).encode()
            ),
            "name": "State Open Teams",
            "starts_on": timezone.localdate().isoformat(),
            "grade": "B",
        },
        format="multipart",
    )
    assert program.post(reverse("upload-confirm", args=[checked.json()["id"]])).status_code == 200
    Event.objects.update(starts_on=ended, ends_on=ended)
    period = Credit.objects.get(player=players[0]).period

    period = month_close(period=period, by=staff)

    invoice = Invoice.objects.get(state=state_a, kind=Invoice.Kind.EVENT)
    levy, late = invoice.lines.order_by("pk")
    assert invoice.fee_schedule == fee_schedule_in_force(on=timezone.localdate())
    assert levy.description.startswith(
        f"Masterpoint levy, State Open Teams (B, ended {written(ended)})"
    )
    assert levy.quantity * levy.rate == Decimal("34.80")
    assert late.description.startswith("Late lodgement")  # 8.4, lodged long after it ended
    assert set(period.close_steps_done) == {
        "b4c_lists",
        "event_invoices",
        "event_reports",
        "promotions",
        "club_monthly_reports",
        "standings",
    }
