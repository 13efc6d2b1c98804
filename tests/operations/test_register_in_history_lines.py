"""Switch-over day (issue 29): HISTORY.TXT is read in blocks, well-formed lines checked on
their texts and any other line field by field: both ways accept and refuse the same lines,
each refusal naming its line wherever it falls in a block, and the good lines around a bad
one are all staged (App. F's history; App. E's months)."""

import pytest

from operations.register_in import reading
from operations.register_in.services import register_import
from tests.operations.register_in import (
    club_line,
    entries,
    player_line,
    staff_login,
    txt_line,
    write_lines,
)

GOOD = "0748821"


class Said:
    """A progress bar that keeps what it is told."""

    def __init__(self) -> None:
        self.phases: list[str] = []

    def start(self, label: str, total: int) -> None:
        pass

    def advance(self, count: int) -> None:
        pass

    def finish(self) -> None:
        pass

    def phase(self, words: str) -> None:
        self.phases.append(words)


OTHER = "0000019"


def _month(back: int) -> str:
    from tests.operations.register_in import _month as month

    year, number = month(back)
    return f"{year}{number:02d}"


def _award(number=GOOD, points=1_00, month=None, colour="G", approved="A") -> bytes:
    return txt_line(
        "history",
        abf_number=number,
        event=7,
        colour=colour,
        points=points,
        month=month or _month(2),
        approved=approved,
    )


@pytest.mark.parametrize("block", [40, 1 << 20])
@pytest.mark.django_db
def test_each_bad_history_line_is_refused_by_its_number_in_any_block(tmp_path, monkeypatch, block):
    monkeypatch.setattr(reading, "BLOCK", block)  # a block of a line or two, or the whole file
    month = _month(2)
    event = txt_line(
        "events",
        event=7,
        name="Monday Pairs",
        organiser="club",
        club=201,
        state="NSW",
        starts_on=f"{month}01",
        ends_on=f"{month}01",
        grade="E",
        kind="pairs",
        sessions=1,
        of_the_year="Y",
    )
    history = [
        _award(points=1_00),
        _award(number="0748822"),  # line 2: the check digit is wrong
        _award(points=2_00),
        _award(points=0),  # line 4
        b"\r\n",  # line 5: blank, passed over
        _award(month=_month(-2)),  # line 6: a month to come
        _award(colour="Q"),  # line 7
        _award(points=-50, approved="P", month=_month(1)),
        _award(approved="X"),  # line 9
        _award(number=OTHER, points=3_00).rstrip(b"\r\n") + b"\n",  # a Unix line end
        b"\x1a",  # the DOS end-of-file mark
    ]
    directory = write_lines(
        tmp_path / "in",
        {
            "NATIONAL.CLB": [club_line()],
            "NATIONAL.TXT": [player_line(GOOD, "Good"), player_line(OTHER, "Other")],
            "EVENTS.TXT": [event],
            "HISTORY.TXT": history,
        },
    )

    progress = Said()
    result = register_import(
        directory=directory, by=staff_login(), dry_run=True, progress=progress, out=tmp_path / "o"
    )

    refused = entries(result, "HISTORY.TXT", "refused")
    assert [line for line, _ in refused] == [2, 4, 6, 7, 9]
    assert refused[0][1].startswith("0748822")
    assert refused[1][1] == "a line of no points"
    assert refused[2][1].endswith("has not begun")
    assert refused[3][1] == "colour is G, R or Y, not 'Q'"
    assert refused[4][1] == "approved is A or P, not 'X'"
    assert result.report.files["HISTORY.TXT"].counts["created"] == 4
    history_figures = {f.what: f for f in result.figures if "credited" in f.what}
    approved = history_figures["Green points credited, approved"]
    assert approved.in_files == approved.in_portal == 6_00
    # The run's page says what the history does once its lines are read.
    assert progress.phases == [
        "its lines read; matching them with the ledger",
        "writing 4 credits and the players' totals",
    ]
