"""Switch-over day under New Zealand's and the ACBL's schemes (issue 29): their seeds give no
file layout, so the award history comes in the documented CSV layouts events.csv and
history.csv (docs/register_in.md), each credit by the scheme's own kind of point, read by the
same import: the months as the current register closed them (App. E's states, approved or
provisional), out and in again the same bytes, and running again changes nothing."""

from datetime import date

import pytest
from django.utils import timezone

from awards.ledger.models import Credit, Event
from awards.ledger.selectors import totals_disagreements
from centre.models import Period
from centre.schemes import current_scheme
from clubs.models import Club, State
from players.models import Player
from tests.operations.register_in import (
    NUMBERS,
    _month,
    _totals_from_ledger,
    empty_portal,
    entries,
    run_import,
    staff_login,
    table_counts,
    write_lines,
    write_register,
)


@pytest.fixture(params=["nz", "acbl"])
def scheme(request, settings):
    settings.MASTERPOINT_SCHEME = request.param
    yield current_scheme()
    settings.MASTERPOINT_SCHEME = "abf"


def _kinds(scheme) -> list[str]:
    return [kind.code for kind in scheme.kinds_in_order]


def _register_with_history(scheme) -> None:
    staff = staff_login("source")
    region = State.objects.create(code="AKL", name="Auckland")
    home = Club.objects.create(number=11, name="Auckland Bridge Club", state=region)
    players = [
        Player.objects.create(
            abf_number=number, given_names="Aroha", family_name=f"Ngata{index}", home_club=home
        )
        for index, number in enumerate(NUMBERS[:4])
    ]
    kinds = _kinds(scheme)
    closed_month, open_month = _month(2), _month(1)
    closed = Period.objects.create(
        year=closed_month[0],
        month=closed_month[1],
        status=Period.Status.CLOSED,
        closed_at=timezone.now(),
        closed_by=staff,
        close_step="closed",
    )
    still_open = Period.objects.create(year=open_month[0], month=open_month[1])
    grade = next(g.code for g in scheme.grades if g.point_kind == kinds[0])
    event = Event.objects.create(
        organiser=Event.Organiser.CLUB,
        club=home,
        state=region,
        name="Tuesday Pairs",
        starts_on=date(*closed_month, 3),
        ends_on=date(*closed_month, 3),
        grade=grade,
        created_by=staff,
    )

    def credit(player, kind, points, period, **extra):
        return Credit.objects.create(
            player=player,
            event=event,
            colour=kind,
            points=points,
            period=period,
            uploaded_by=staff,
            source=extra.pop("source", Credit.Source.FILE),
            state=extra.pop("state", Credit.State.APPROVED),
            **extra,
        )

    credit(players[0], kinds[0], 1_25, closed)
    credit(players[1], kinds[-1], 50, closed)
    credit(
        players[0],
        kinds[0],
        -25,
        still_open,
        source=Credit.Source.ADJUSTMENT,
        reason="scoring error",
        state=Credit.State.PROVISIONAL,
    )
    credit(players[2], kinds[0], 75, still_open, state=Credit.State.PROVISIONAL)
    _totals_from_ledger()


@pytest.mark.django_db
def test_the_history_in_csv_goes_out_into_an_empty_portal_and_out_again_the_same(scheme, tmp_path):
    _register_with_history(scheme)
    before = write_register(tmp_path / "out-1")
    assert before["history.csv"].startswith(b"number,event,kind,points,month,approved\r\n")
    assert b",-0.25," in before["history.csv"]
    assert before["events.csv"].startswith(b"event,name,organiser,club,region,")

    staff = empty_portal()
    result = run_import(tmp_path / "out-1", staff)

    assert result.report.refused == 0
    assert result.agrees, result.reconciliation_text
    assert write_register(tmp_path / "out-2") == before
    assert Credit.objects.count() == 4
    # App. E: the month with provisional lines stays open for its close here.
    open_month = _month(1)
    assert Period.objects.get(year=open_month[0], month=open_month[1]).status == "open"
    assert Credit.objects.filter(state=Credit.State.PROVISIONAL).count() == 2
    assert totals_disagreements() == []

    counts = table_counts()
    again = run_import(tmp_path / "out-1", staff)
    assert again.report.count("created") == 0
    assert table_counts() == counts


@pytest.mark.django_db
def test_a_history_line_of_no_kind_of_the_scheme_or_no_event_is_refused_and_nothing_written(
    scheme, tmp_path
):
    kinds = _kinds(scheme)
    month = "".join(f"{part:02d}" for part in _month(2))
    directory = write_lines(
        tmp_path / "in",
        {
            "clubs.csv": [b"club,name,region,kind,affiliated\r\n", b"11,Auckland,AKL,,Y\r\n"],
            "players.csv": [
                b"number,family_name,given_names,home_club,status,rank,rank_name\r\n",
                f"{NUMBERS[0]},Ngata,Aroha,11,A,0,\r\n".encode(),
            ],
            "history.csv": [
                b"number,event,kind,points,month,approved\r\n",
                f"{NUMBERS[0]},1,G,1.25,{month},A\r\n".encode(),
                f"{NUMBERS[0]},77,{kinds[0]},1.25,{month},A\r\n".encode(),
            ],
        },
    )

    result = run_import(directory, staff_login())

    refused = entries(result, "history.csv", "refused")
    assert refused == [
        (2, f"kind is one of {', '.join(kinds)}, not 'G'"),
        (3, "unknown event code 77: in neither events.csv nor the portal"),
    ]
    assert result.stopped_at == "history.csv"
    assert Player.objects.filter(abf_number=NUMBERS[0]).exists()  # the file before it is in
    assert not Credit.objects.exists()
