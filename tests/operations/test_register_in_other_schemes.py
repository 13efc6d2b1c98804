"""Switch-over day under New Zealand's and the ACBL's schemes (issue 29): the register in the
documented CSV layouts (clubs, players with their rank, alternates, totals by the scheme's
kinds), read by the same import, out and in again unchanged."""

import pytest

from awards.ledger.models import PlayerTotals
from awards.ledger.selectors import totals_disagreements
from centre.schemes import current_scheme
from clubs.models import Club, State
from players.models import Alternate, Player
from tests.factories import totals_create
from tests.operations.register_in import (
    NUMBERS,
    empty_portal,
    entries,
    run_import,
    staff_login,
    write_lines,
    write_register,
)


@pytest.fixture(params=["nz", "acbl"])
def scheme(request, settings):
    settings.MASTERPOINT_SCHEME = request.param
    yield current_scheme()
    settings.MASTERPOINT_SCHEME = "abf"


def _register(scheme) -> None:
    region = State.objects.create(code="AKL", name="Auckland")
    home = Club.objects.create(number=11, name="Auckland Bridge Club", state=region)
    other = Club.objects.create(number=12, name="Remuera Bridge Club", state=region)
    Club.objects.create(number=13, name="Closed Club", state=region, affiliated=False)
    kinds = [kind.code for kind in scheme.point_kinds]
    for index, number in enumerate(NUMBERS[:6]):
        player = Player.objects.create(
            abf_number=number,
            given_names="Aroha",
            family_name=f"Ngata{index}",
            home_club=home if index % 2 else other,
            rank_order=index % 3,
        )
        totals_create(
            player=player,
            year=2024,
            brought_forward=True,
            **{f"{kinds[index % len(kinds)]}_approved": 1_25 * (index + 1)},
        )
    Alternate.objects.create(player=Player.objects.get(abf_number=NUMBERS[1]), club=other)


@pytest.mark.django_db
def test_the_csv_layouts_out_into_an_empty_portal_and_out_again_are_the_same(scheme, tmp_path):
    _register(scheme)
    before = write_register(tmp_path / "out-1")
    assert {"clubs.csv", "players.csv", "alternates.csv", "totals.csv"} <= set(before)
    assert before["totals.csv"].startswith(
        ("number," + ",".join(k.code for k in scheme.point_kinds)).encode()
    )

    staff = empty_portal()
    result = run_import(tmp_path / "out-1", staff)

    assert result.report.refused == 0
    assert result.agrees
    after = write_register(tmp_path / "out-2")
    # Totals without their history come in as balances brought forward, which the history
    # written out then lists (test_register_in_history_csv.py: a history out and in again).
    for name in ("clubs.csv", "players.csv", "alternates.csv", "totals.csv"):
        assert after[name] == before[name], name
    assert set(PlayerTotals.objects.values_list("brought_forward", flat=True)) == {True}
    assert totals_disagreements() == []


@pytest.mark.django_db
def test_a_csv_line_that_does_not_add_up_or_names_no_player_is_refused(scheme, tmp_path):
    kinds = [kind.code for kind in scheme.point_kinds]
    first = scheme.ranks[0].name
    directory = write_lines(
        tmp_path / "in",
        {
            "clubs.csv": [b"club,name,region,kind,affiliated\r\n", b"11,Auckland,AKL,,Y\r\n"],
            "players.csv": [
                b"number,family_name,given_names,home_club,status,rank,rank_name\r\n",
                f"{NUMBERS[0]},Ngata,Aroha,11,A,1,{first}\r\n".encode(),
                f"{NUMBERS[1]},Smith,Jo,12,A,0,\r\n".encode(),
            ],
            "totals.csv": [
                f"number,{','.join(kinds)},total\r\n".encode(),
                f"{NUMBERS[0]},1.50{',0' * (len(kinds) - 1)},2.00\r\n".encode(),
                f"{NUMBERS[2]}{',0' * len(kinds)},0\r\n".encode(),
            ],
        },
    )

    result = run_import(directory, staff_login(), dry_run=True)

    assert entries(result, "players.csv", "refused") == [
        (3, f"unknown club 12: {NUMBERS[1]}'s home club is in no clubs' file")
    ]
    refused = entries(result, "totals.csv", "refused")
    assert [line for line, _ in refused] == [2, 3]
    assert refused[0][1].startswith("totals do not add up: 1.50 ")
    assert refused[1][1] == f"unknown player {NUMBERS[2]}: in neither players.csv nor the portal"
