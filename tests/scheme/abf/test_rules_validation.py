"""Input the rules cannot award is refused with one exception that names the field."""

import pytest

from scheme.abf import Event, Field, Match, Outright, RulesError, Session, compute_awards


def _pairs(prefix: str, count: int) -> list[list[str]]:
    return [[f"{prefix}{n}"] for n in range(1, count + 1)]


def _event(**changes) -> Event:
    base = {
        "grade": "E",
        "kind": "pairs",
        "sessions": [Session(fields=[Field("howell", 5, _pairs("P", 10))])],
    }
    return Event(**{**base, **changes})


def _refused(event: Event) -> RulesError:
    with pytest.raises(RulesError) as caught:
        compute_awards(event)
    return caught.value


@pytest.mark.parametrize(
    ("event", "field", "words"),
    [
        (_event(rules="NZ-1990"), "rules", "unknown rule set"),
        (_event(grade="Z"), "grade", "1.5.1"),
        (_event(kind="quartets"), "kind", "unknown value"),
        (_event(sessions=[]), "sessions", "at least one session"),
        (_event(sessions=[Session()]), "sessions[0]", "either fields or matches"),
        (
            _event(sessions=[Session(fields=[Field("mitchell", 3, _pairs("P", 3))])]),
            "sessions[0].fields[0].tables",
            "Mitchell pairs fields need at least 4 tables (4.4.3)",
        ),
        (
            _event(sessions=[Session(fields=[Field("howell", "1.5", _pairs("P", 3))])]),
            "sessions[0].fields[0].tables",
            "Howell fields need at least 2 full tables (4.4.3)",
        ),
        (
            _event(sessions=[Session(fields=[Field("howell", "5.25", _pairs("P", 10))])]),
            "sessions[0].fields[0].tables",
            "whole or half tables",
        ),
        (
            _event(sessions=[Session(fields=[Field("waltz", 5, _pairs("P", 10))])]),
            "sessions[0].fields[0].movement",
            "unknown value",
        ),
        (
            _event(sessions=[Session(fields=[Field("howell", 5, [["A"], ["B", "A"]])])]),
            "sessions[0].fields[0].ranking[1]",
            "listed twice",
        ),
        (
            _event(
                sessions=[
                    Session(
                        fields=[
                            Field("mitchell", 4, [["A"], ["B"]]),
                            Field("mitchell", 4, [["C"], ["A"]]),
                        ]
                    )
                ]
            ),
            "sessions[0].fields[1].ranking[1]",
            "listed twice",
        ),
        (
            _event(sessions=[Session(fields=[Field("howell", 5, _pairs("P", 11))])]),
            "sessions[0].fields[0].ranking",
            "do not fit",
        ),
        (
            _event(kind="teams", sessions=[Session(matches=[Match(4, "A", "B", 5, 0)])]),
            "sessions[0].matches[0].boards",
            "4.2.3",
        ),
        (
            _event(kind="teams", sessions=[Session(matches=[Match(8, "A", "B")])]),
            "sessions[0].matches[0]",
            "give the IMPs",
        ),
        (
            _event(kind="teams", sessions=[Session(matches=[Match(8, "A", "A", 1, 0)])]),
            "sessions[0].matches[0].away",
            "cannot play itself",
        ),
        (_event(restricted=True), "restricted", "4.4.10"),
        (_event(team_sizes={"P1": 5}), "team_sizes", "4.1.2"),
        (
            _event(
                sessions=[
                    Session(
                        fields=[
                            Field("howell", 5, _pairs("P", 10), stage="consolation", consolation=1)
                        ]
                    )
                ]
            ),
            "consolations",
            "4.2.5",
        ),
        (
            _event(sessions=[Session(fields=[Field("howell", 5, _pairs("P", 10), stage="final")])]),
            "entry_tables",
            "4.2.5",
        ),
        (_event(outright=Outright(ranking=_pairs("P", 10))), "outright.sessions", "4.3.1"),
        (
            _event(outright=Outright(ranking=[["P1"], ["P1"]], sessions=2)),
            "outright.ranking[1]",
            "listed twice",
        ),
    ],
)
def test_bad_input_is_refused_naming_the_field_and_the_rule(event, field, words):
    error = _refused(event)
    assert error.field == field
    assert words in error.message


def test_teams_of_more_than_six_are_refused():
    event = _event(
        kind="teams",
        sessions=[Session(matches=[Match(8, "A", "B", 5, 0)])],
        team_sizes={"A": 7},
    )
    assert _refused(event).field == "team_sizes[A]"


def test_a_finals_premium_for_more_than_four_teams_is_refused():
    matches = [
        Match(8, "A", "B", 5, 0, stage="final"),
        Match(8, "C", "D", 5, 0, stage="final"),
        Match(8, "E", "F", 5, 0, stage="final"),
    ]
    event = _event(kind="teams", sessions=[Session(matches=matches)])
    assert "4.2.4" in _refused(event).message


def test_tables_given_as_a_float_are_read_through_their_text():
    event = _event(sessions=[Session(fields=[Field("howell", 7.5, _pairs("P", 15))])])
    assert (
        compute_awards(event)["P1"].total
        == compute_awards(
            _event(sessions=[Session(fields=[Field("howell", "7.5", _pairs("P", 15))])])
        )["P1"].total
    )
