"""The award rules of the ABF Masterpoint Scheme, as plain Python.

An `Event` goes in, `EventAwards` come out: each contestant's session awards, match awards,
outright award and total, in hundredths of a masterpoint, and the working that shows which
clause, table, weight and factor gave each number::

    from scheme.abf import Event, Field, Session, compute_awards

    awards = compute_awards(
        Event(grade="E", kind="pairs", sessions=[
            Session(boards=24, fields=[Field("mitchell", "8.5", [["N1"], ["N2"], ["N3"]])]),
        ])
    )
    awards["N1"].total  # Decimal("0.27"): 4.4.1, 8 1/2 tables count as 9

The working lines are written for the calculator; a bulk caller (a results upload) asks
for none with `compute_awards(event, working=False)`, which is several times faster.

Nothing here imports Django: the rules can be read, tested and reused alone.
"""

from scheme.abf.editions import (
    ABF_2025,
    ABF_LEGACY,
    RULE_SETS,
    RuleSet,
    compute_awards,
    get_rule_set,
)
from scheme.abf.events import (
    DEFAULT_RULES,
    ConsolationOutright,
    Event,
    Field,
    Match,
    Movement,
    Outright,
    Player,
    Session,
    Stage,
    WalkIn,
)
from scheme.abf.factors import MasterFactor, MasterFactorMethod
from scheme.abf.grades import Colour, Grade, Kind
from scheme.abf.results import ContestantAwards, EventAwards, PlayerAwards
from scheme.core.arithmetic import Rounding
from scheme.core.errors import RulesError

__all__ = [
    "ABF_2025",
    "ABF_LEGACY",
    "DEFAULT_RULES",
    "RULE_SETS",
    "Colour",
    "ConsolationOutright",
    "ContestantAwards",
    "Event",
    "EventAwards",
    "Field",
    "Grade",
    "Kind",
    "MasterFactor",
    "MasterFactorMethod",
    "Match",
    "Movement",
    "Outright",
    "Player",
    "PlayerAwards",
    "Rounding",
    "RuleSet",
    "RulesError",
    "Session",
    "Stage",
    "WalkIn",
    "compute_awards",
    "get_rule_set",
]
