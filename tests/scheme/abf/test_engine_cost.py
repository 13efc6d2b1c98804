"""What a large event costs the award engine: no fraction per contestant, no working lines
unless asked for, and the bench's figures for the benchmark command."""

from fractions import Fraction

from bench.award_engine import build_event, measure
from scheme.abf import compute_awards


def test_a_large_event_makes_fractions_per_field_not_per_contestant(monkeypatch):
    event = build_event()  # 20 fields of 200 pairs and an outright of 400: 4,400 placings
    compute_awards(event, working=False)
    made = 0
    original = Fraction.__new__

    def counting(cls, *args, **kwargs):
        nonlocal made
        made += 1
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(Fraction, "__new__", staticmethod(counting))
    awards = compute_awards(event, working=False)
    monkeypatch.undo()
    assert len(awards.contestants) == 400
    # A handful a field (its winner's award and factors), none a placing.
    assert made < 400


def test_a_bulk_computation_writes_no_working_line_and_the_calculator_gets_them_all():
    event = build_event()
    bare = compute_awards(event, working=False)
    explained = compute_awards(event)
    assert bare.working == ()
    assert len(explained.working) == 43  # the grade, 2 lines a field, 2 for the outright
    assert bare.contestants == explained.contestants


def test_the_bench_gives_the_engine_time_and_its_baseline_in_milliseconds():
    figures = measure(3)
    assert set(figures) == {"engine_ms", "baseline_ms"}
    assert 0 < figures["baseline_ms"] < figures["engine_ms"]
    # CPU time of the same process: the engine does a few times the bare loop's work (it
    # did over a hundred times when every award was a reduced fraction).
    assert figures["engine_ms"] < 40 * figures["baseline_ms"]
