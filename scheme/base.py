"""What every masterpoint scheme tells the registry: its kinds of point, grades, ranks,
editions of the award rules and credit file formats.

A scheme is one frozen `Scheme` value; the portal picks one by code (`get_scheme`). Totals
are a mapping of point-kind code to hundredths, so the same rank ladder interface serves the
ABF's colours, New Zealand's A, B and C points and the ACBL's black, silver, red, gold and
platinum points.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import Any
from zoneinfo import ZoneInfo

from scheme.core.fees import SchemeFees
from scheme.core.overseas import OverseasKind
from scheme.core.victories import RankVictory
from scheme.parts import (
    CreditFileFormat as CreditFileFormat,
    Demo as Demo,
    DemoLogin as DemoLogin,
    MembershipRules as MembershipRules,
    NextStar as NextStar,
    PlayerGrading as PlayerGrading,
    PointKind as PointKind,
    PointTotals as PointTotals,
    RankMeasure as RankMeasure,
    RankNeed as RankNeed,
    ResultsEvent as ResultsEvent,
    RuleSet as RuleSet,
    SchemeGrade as SchemeGrade,
    SchemeRank as SchemeRank,
    SessionAwards as SessionAwards,
)

# What a federation's registry does beyond the ledger, lookup, ranks and month close, which
# every scheme has. The portal shows a feature's pages, menus and jobs only under a scheme
# that names it in `Scheme.features`.
CREDIT_FILES = "credit_files"  # App. D credit files (.grn, .red, .gld, .mp?) uploaded
AUTHORISATIONS = "authorisations"  # 2.6, 2.7: B4c/B5i authorisations, entitlements, registers
LEVIES = "levies"  # 8: masterpoint levies, capitation, the fee schedule, quarterly invoices
STANDINGS = "standings"  # 1.7: the McCutcheon standings
NATIONAL_FILES = "national_files"  # App. F: the national players' and clubs' files
RECIPROCITY = "reciprocity"  # 1.3.4: points earned overseas converted to the scheme's
PRE_1982 = "pre_1982"  # 1.8 notes: red points won before 1982, kept on the player
GRANTS = "grants"  # 1.3.3-1.3.5: ranks granted by the Centre to visitors and new residents
ONE_THOUSAND_CLUB = "one_thousand_club"  # 1.9: players with 1,000 masterpoints, listed
# 5.3, 5.4.1: congresses, their organisers and conveners, a congress event graded by its place
# at the congress (championship, minor or walk-in, additional championship)
CONGRESSES = "congresses"
# 1.3.2, 1.4.2, guide F6.4: the membership year's rules (`Scheme.membership`): the yearly
# cancellations (their window, deadline and the day they take effect, the 1 April update),
# points won while inactive held and credited on renewal or forfeited, the Youth Players' Club
MEMBERSHIP_YEAR = "membership_year"
# The federation's fees on the points its clubs issue: the fee schedule page, the clubs'
# invoices each period, their statements and payments (the ABF's 8, NZ Bridge's rule 7);
# the rates and lines are the scheme's own (`Scheme.fees`) or, under LEVIES, the ABF's.
FEES = "fees"
FEATURES = frozenset(
    (
        FEES,
        CONGRESSES,
        MEMBERSHIP_YEAR,
        CREDIT_FILES,
        AUTHORISATIONS,
        LEVIES,
        STANDINGS,
        NATIONAL_FILES,
        RECIPROCITY,
        PRE_1982,
        GRANTS,
        ONE_THOUSAND_CLUB,
    )
)


# Who each role names as an event's organiser, under a scheme with no rule of its own.
_ORGANISERS: dict[str, tuple[str, ...]] = {
    "staff": ("club", "state", "national"),
    "state": ("state",),
    "organiser": ("state",),
}


@dataclass(frozen=True)
class Scheme:
    code: str
    name: str
    point_kinds: tuple[PointKind, ...]
    grades: tuple[SchemeGrade, ...]
    region_name: str
    ranks: tuple[SchemeRank, ...]  # lowest first
    editions: Mapping[str, RuleSet]
    default_edition: str
    # Tried in order: the first format whose extension matches a file's name is its format.
    credit_file_formats: tuple[CreditFileFormat, ...]
    compute: Callable[[Any], Any] = field(compare=False, repr=False)
    # NZ: stars within a rank for points beyond its total without the A points of the next
    # rank (unbounded, so not ladder steps). None for schemes without stars (ABF, ACBL).
    stars: Callable[[SchemeRank, PointTotals], int] | None = field(
        default=None, compare=False, repr=False
    )
    # The calculator's JSON (POST /api/v1/calculator/awards), for schemes whose rules are
    # not read by the ABF's serializer: `calculator_event` turns a request mapping into the
    # scheme's event (raising `RulesError` whose `field` names the offending key as the ABF does:
    # "sessions[0].tables"), `calculator_answer` turns its awards into the answer (the ABF's
    # shape: rules, contestants with their points by kind and total, players, working), and
    # `calculator_examples` are named example requests for the OpenAPI schema.
    calculator_event: Callable[[Mapping[str, Any]], Any] | None = field(
        default=None, compare=False, repr=False
    )
    calculator_answer: Callable[[Any], dict[str, Any]] | None = field(
        default=None, compare=False, repr=False
    )
    calculator_examples: Mapping[str, Mapping[str, Any]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # Results in: a scoring program's file (USEBIO or CSV) as the scheme's calculator request.
    # `results_request(read, grade=, event=)` takes what the file holds in the ABF
    # calculator's shape (kind, sessions of fields or matches, outright) at the grade given
    # and, for a scheme that lists `results_events`, the kind of event (blank: the grade's);
    # a `RulesError` names what its engine cannot read ("event", "sessions"). None: the
    # scheme's results are read by the ABF's serializer (the ABF), or it takes no files.
    results_request: Callable[..., dict[str, Any]] | None = field(
        default=None, compare=False, repr=False
    )
    results_events: tuple[ResultsEvent, ...] = field(default=(), compare=False, repr=False)
    # The rank calculator (GET /api/v1/ranks?scheme=...): query parameters, as strings, to
    # the rank, stars, grade and whatever else the scheme reports, and what the next rank
    # needs; raises `RulesError` naming the parameter. `rank_parameters` describe the
    # parameters it reads, (name, description), for the page's form and the OpenAPI schema.
    rank_calculator: Callable[[Mapping[str, str]], dict[str, Any]] | None = field(
        default=None, compare=False, repr=False
    )
    rank_parameters: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    # What a rank still needs: every requirement of the rank with what the totals lack of it
    # (0 when met), in the scheme's own terms. None: the scheme cannot say by how much, and
    # `needs` answers from `is_met` alone.
    rank_needs: Callable[[SchemeRank, PointTotals], tuple[RankNeed, ...]] | None = field(
        default=None, compare=False, repr=False
    )
    # NZ: the next star of a player of the rank who holds the next rank's aggregate but lacks
    # its A Points (None otherwise). None for schemes without stars.
    next_star: Callable[[SchemeRank, PointTotals], NextStar | None] | None = field(
        default=None, compare=False, repr=False
    )
    # A player's rank with the points kept on the player beside the ledger, for a scheme with
    # the PRE_1982 feature (the ABF's red points won before 1982, 1.8 notes): the kind of point
    # they count as ("" for none), and the rank the totals reach and what a rank needs, given
    # the totals with those points counted in their kind (`record_totals`) and the points
    # again, which may lower the minimums (the ABF's 20% and 40% allowances). None: `rank_for`
    # and `needs` over the totals alone. The apps ask `player_rank` and `player_needs`.
    pre_1982_kind: str = field(default="", compare=False)
    record_rank_for: Callable[[PointTotals, int], SchemeRank | None] | None = field(
        default=None, compare=False, repr=False
    )
    record_needs: Callable[[SchemeRank, PointTotals, int], tuple[RankNeed, ...]] | None = field(
        default=None, compare=False, repr=False
    )
    # The ladder in SQL, for promotions found set-based in the database: a CASE giving the
    # order of the rank `record_rank_for` gives (0 below the first) for the SQL expressions
    # of the totals by point-kind code (the pre-1982 points counted in their kind) and of the
    # pre-1982 points. None: the promotions try each player's totals with `player_rank`.
    rank_order_sql: Callable[[Mapping[str, str], str], str] | None = field(
        default=None, compare=False, repr=False
    )
    # 1.9: the lifetime total, in hundredths with the pre-1982 points, at which a player joins
    # the One Thousand Club, for a scheme with the ONE_THOUSAND_CLUB feature.
    one_thousand_club_total: int = field(default=0, compare=False)
    # The registry's features beyond the ledger (CREDIT_FILES, LEVIES, ... above) this scheme
    # has; none unless it says so.
    features: frozenset[str] = field(default=frozenset(), compare=False)
    # Words: what the federation calls the registry's number of a player ("ABF number"), and
    # what the pages call a kind of point (the ABF's and the ACBL's are colours).
    number_name: str = field(default="player number", compare=False)
    # What its people call the national body that runs the scheme ("ABF", "NZ Bridge").
    body_name: str = field(default="the national body", compare=False)
    # Points won under other federations that the scheme credits, at its rates (with the
    # RECIPROCITY feature: the ABF's 1.3.4, NZ Bridge's Overseas Master Points).
    overseas_kinds: tuple[OverseasKind, ...] = field(default=(), compare=False, repr=False)
    # An overseas rank recognised at the fewest points of each kind that reach the scheme's
    # equivalent rank (NZ's Overseas Master Points), or None where the scheme has no such rule.
    rank_recognition: Callable[[SchemeRank, PointTotals], dict[str, int]] | None = field(
        default=None, compare=False, repr=False
    )
    # The API's key for that number (centre.api_words): "abf_number", "nzb_number".
    number_key: str = field(default="number", compare=False)
    kind_word: str = field(default="Colour", compare=False)
    # How the pages write a day and a moment (Django's date format characters), one way for
    # the whole portal, as the federation's members write dates: "28 November 2026".
    date_format: str = field(default="j F Y", compare=False)
    # The federation's clock (an IANA zone): the month an award is credited in, the end of a
    # month and the scheme's deadlines are its days; the pages show times in it unless the
    # deployment sets TIME_ZONE.
    time_zone: str = field(default="UTC", compare=False)
    # What its people call that clock, after a time: "(Sydney time)".
    time_words: str = field(default="UTC", compare=False)
    # Whether each club keeps its own clock (Club.time_zone), which then decides the month of
    # its awards (the ACBL's clubs, across four time zones); otherwise the scheme's does.
    clubs_keep_own_time: bool = field(default=False, compare=False)
    datetime_format: str = field(default="j F Y, H:i", compare=False)
    # The books the pages cite are this scheme's: the ABF manual's clauses and the NSW
    # secretaries' guide, which the help page follows section by section. Under another
    # scheme the pages leave the citations out and the help is the portal's own account.
    cites_abf_manual: bool = field(default=False, compare=False)
    # NZ Outline rules 4, 6: players graded each year by their Rating Points (ranks.grading),
    # the grade in force shown with the player.
    grades_players: bool = field(default=False, compare=False)
    # Its yearly regrading of a player (NZ's Rating Points and grade, Outline rules 3, 4, 6):
    # (rating, grade) from the previous Rating Points, the points by kind of the year, held
    # before it and at its end, and the rank's order. None: the scheme grades no players.
    yearly_grade: Callable[..., tuple[int, str]] | None = field(
        default=None, compare=False, repr=False
    )
    # NZ's grades at work (Issue of Master Points 3, 6): who of a grade receives no points at
    # an event of a grade, overseas players' grade, a club's members declared ineligible, the
    # clubs' sessions a year; its pages exist only under a scheme that has it (centre.features).
    player_grading: PlayerGrading | None = field(default=None, compare=False, repr=False)
    # The kinds of club the scheme keeps beside its ordinary clubs, code -> label (the ABF's
    # special clubs, 1.3.3 and 1.3.6: Foreign, NZ and English Players, Youth Players); none
    # unless it says so.
    special_clubs: Mapping[str, str] = field(default_factory=dict, compare=False)
    # The membership year's rules, for a scheme with the MEMBERSHIP_YEAR feature (the ABF's
    # 1.3.2 cancellations and held points); None otherwise.
    membership: MembershipRules | None = field(default=None, compare=False, repr=False)
    # Who may issue which grades (as scheme.abf.issuers for the ABF): the grades a login of a
    # role ("club", "state" for the region's secretary, "staff", ...) may issue, and why it
    # may not issue a grade (naming the grade and the rule), or None when it may. None here:
    # every grade for every login.
    grades_issuable_by: Callable[[str | None], frozenset[str]] | None = field(
        default=None, compare=False, repr=False
    )
    grade_refusal: Callable[[str | None, str], str | None] | None = field(
        default=None, compare=False, repr=False
    )
    # Why a login of a role may not issue another event of a grade in the calendar year of an
    # event, given the grades of the events it already issued that year (NZ's clubs: one 3A
    # or 5A tournament a year, Tournaments General 6), or None when it may. None here: no limit.
    yearly_limit_refusal: Callable[[str | None, str, frozenset[str]], str | None] | None = field(
        default=None, compare=False, repr=False
    )
    # Who a login of a role may name as having run an event it uploads, by the ledger's
    # organiser codes (the ABF's 5.4.1, 7.5.1: scheme.abf.issuers). None here: the Centre's
    # staff any but a congress, a region's secretary and nominee their region, a club none.
    organisers_for: Callable[[str | None], tuple[str, ...]] | None = field(
        default=None, compare=False, repr=False
    )
    # The whole sentence refusing a login of a role the grade of a named event, or None when
    # it may issue it (the ABF's: who uploads the grade's colour, 1.6, 7.5.1, 7.5.7). None
    # here: `grade_refusal`'s reason in the portal's sentence.
    issue_refusal_text: Callable[[str | None, str, str], str | None] | None = field(
        default=None, compare=False, repr=False
    )
    # Whether the points of a grade and event uploaded by the Centre's staff wait for another
    # officer's approval before their month closes (the ABF's Goldpoint Coordinator, 7.5.1).
    # None here: none waits.
    needs_coordinator_approval: Callable[[str, str], bool] | None = field(
        default=None, compare=False, repr=False
    )
    # The scheme's word for an event's grade, in a sentence and as a field's label (NZ: the
    # event's "status"), and the label of a session's boards where it says deals (NZ).
    grade_word: str = field(default="grade", compare=False)
    grade_label: str = field(default="Grade", compare=False)
    deals_label: str = field(default="", compare=False)
    # Whether its events are typed and computed in the calculator's own shape, session by
    # session (fields of places or matches, an outright; scheme.abf.events), by the portal's
    # calculator form and serializer and the award checks built on them. Otherwise the scheme
    # reads its own requests (calculator_event) and gives its own ceilings.
    calculator_sessions: bool = field(default=False, compare=False)
    # An award entered for one player at an event of a grade, in hundredths, as its credits
    # by kind (the ACBL's split awards: one credit a colour, adding up to the award). None
    # here: the whole award in the grade's kind.
    award_parts: Callable[[str, int], Mapping[str, int]] | None = field(
        default=None, compare=False, repr=False
    )
    # The most one player may receive, in hundredths with how it was found: at the event as
    # described (grade, kind, sessions, tables, boards a session), by the scheme's engine,
    # or None when its size is not given or the engine cannot say; and at any event of the
    # grade (grade, kind, sessions), or None when the scheme sets no bound.
    event_ceiling: Callable[..., tuple[int, str] | None] | None = field(
        default=None, compare=False, repr=False
    )
    grade_limit: Callable[..., tuple[int, str] | None] | None = field(
        default=None, compare=False, repr=False
    )

    # 1.8: the figures a promotion was judged on beside its lifetime total, printed on its
    # certificate and the month's schedule of promotions (the ABF's red and gold, and gold).
    # Empty: the certificate lists the lifetime points by kind.
    rank_measures: tuple[RankMeasure, ...] = field(default=(), compare=False)
    # A victory a rank needs besides points (the ACBL's Grand Life Master: a win in an
    # eligible event), recorded with the credit that paid it (ranks.victories). None: no
    # rank of the scheme needs one.
    rank_victory: RankVictory | None = field(default=None, compare=False, repr=False)
    # Its own fees on the points its clubs issue, with the FEES feature (NZ Bridge's rule 7);
    # None: the ABF's levies and capitation (LEVIES, billing.FeeSchedule), or no fees.
    fees: SchemeFees | None = field(default=None, compare=False, repr=False)
    # What the demo data seeds under the scheme (operations.demo).
    demo: Demo = field(default=Demo(), compare=False, repr=False)

    def issue_refusal(self, role: str | None, grade: str, event_name: str = "") -> str | None:
        """The sentence refusing a login of `role` the points of `grade` for the event named,
        or None when it may issue them."""
        if self.issue_refusal_text is not None:
            return self.issue_refusal_text(role, grade, event_name)
        if self.grades_issuable_by is not None and grade in self.grades_issuable_by(role):
            return None
        why = self.grade_refusal(role, grade) if self.grade_refusal is not None else None
        return f"Your login may not issue these points: {why}." if why else None

    def coordinator_approval_needed(self, grade: str, event_name: str) -> bool:
        """Whether staff's upload of the grade's points waits for the coordinator (7.5.1)."""
        return self.needs_coordinator_approval is not None and self.needs_coordinator_approval(
            grade, event_name
        )

    @property
    def zone(self) -> ZoneInfo:
        """The federation's time zone (`time_zone`)."""
        return ZoneInfo(self.time_zone)

    def event_organisers(self, role: str | None) -> tuple[str, ...]:
        """Who a login of `role` may name as having run an event it uploads."""
        if self.organisers_for is not None:
            return self.organisers_for(role)
        return _ORGANISERS.get(role or "", ())

    def has(self, feature: str) -> bool:
        """Whether the scheme has one of the registry's optional features."""
        if feature not in FEATURES:
            raise KeyError(
                f"no registry feature {feature!r} (known: {', '.join(sorted(FEATURES))})"
            )
        return feature in self.features

    def credit_parts(self, grade: str, hundredths: int) -> Mapping[str, int]:
        """An entered award of a grade as its credits by kind (`award_parts`)."""
        if self.award_parts is not None:
            return self.award_parts(grade, hundredths)
        return {self.grade(grade).point_kind: hundredths}

    def compute_awards(self, event: Any) -> Any:
        """The awards of an event under the edition it names (or the default)."""
        return self.compute(event)

    def point_kind(self, code: str) -> PointKind:
        for kind in self.point_kinds:
            if kind.code == code:
                return kind
        known = ", ".join(k.code for k in self.point_kinds)
        raise KeyError(f"{self.code} has no point kind {code!r} (known: {known})")

    def grade(self, code: str) -> SchemeGrade:
        for grade in self.grades:
            if grade.code == code:
                return grade
        known = ", ".join(g.code for g in self.grades)
        raise KeyError(f"{self.code} has no grade {code!r} (known: {known})")

    def rank_for(self, totals: PointTotals) -> SchemeRank | None:
        """The highest rank whose requirements the totals meet (every rank is tried: a
        ladder need not be monotonic in each kind), or None below the first."""
        for rank in reversed(self.ranks):
            if rank.is_met(totals):
                return rank
        return None

    def stars_for(self, totals: PointTotals) -> int:
        rank = self.rank_for(totals)
        return 0 if rank is None or self.stars is None else self.stars(rank, totals)

    def needs(self, rank: SchemeRank, totals: PointTotals) -> tuple[RankNeed, ...]:
        """Every requirement of `rank` and what `totals` still lack of it (0 when met). A
        scheme that cannot say by how much answers one requirement, met or not, from
        `is_met`."""
        if self.rank_needs is not None:
            return self.rank_needs(rank, totals)
        if rank.is_met(totals):
            return ()
        return (RankNeed("requirements", f"the requirements of {rank.name}", points=False),)

    def needed(self, rank: SchemeRank, totals: PointTotals) -> dict[str, int]:
        """The points `totals` still lack for `rank`, by requirement, in hundredths (0 for a
        requirement met): {"aggregate": 477, "A": 0}."""
        return {need.key: need.hundredths for need in self.needs(rank, totals) if need.points}

    def next_star_for(self, rank: SchemeRank | None, totals: PointTotals) -> NextStar | None:
        """NZ: the next star within `rank` and the aggregate still needed for it, when the
        player holds the next rank's aggregate but lacks its A Points; else None."""
        if rank is None or self.next_star is None:
            return None
        return self.next_star(rank, totals)

    def record_totals(self, totals: PointTotals, pre_1982_red: int = 0) -> PointTotals:
        """A player's lifetime totals by kind with the pre-1982 points kept on the player
        counted in their kind (`pre_1982_kind`; 1.8 notes: the ABF's red)."""
        if not pre_1982_red or not self.pre_1982_kind:
            return totals
        counted = dict(totals)
        counted[self.pre_1982_kind] = counted.get(self.pre_1982_kind, 0) + pre_1982_red
        return counted

    def player_rank(
        self, totals: PointTotals, pre_1982_red: int = 0, *, won: bool = False
    ) -> SchemeRank | None:
        """The highest rank a player reaches with lifetime totals by kind from the ledger and
        the pre-1982 points kept on the player, or None below the first; `won`: the player
        holds the victory a rank needs (`rank_victory`)."""
        counted = self.record_totals(totals, pre_1982_red)
        if won and self.rank_victory is not None:
            return self.rank_victory.rank_for(counted)
        if self.record_rank_for is not None:
            return self.record_rank_for(counted, pre_1982_red)
        return self.rank_for(counted)

    def player_needs(
        self, rank: SchemeRank, totals: PointTotals, pre_1982_red: int = 0, *, won: bool = False
    ) -> tuple[RankNeed, ...]:
        """What `rank` still needs of a player with lifetime totals by kind from the ledger
        and the pre-1982 points kept on the player (`needs`, with those points); `won`: the
        player holds the victory a rank needs (`rank_victory`)."""
        counted = self.record_totals(totals, pre_1982_red)
        if won and self.rank_victory is not None:
            return self.rank_victory.needs(rank, counted)
        if self.record_needs is not None:
            return self.record_needs(rank, counted, pre_1982_red)
        return self.needs(rank, counted)

    def one_thousand_club_reached(self, totals: PointTotals, pre_1982_red: int = 0) -> bool:
        """1.9: whether a player with these lifetime totals by kind and pre-1982 points
        belongs in the One Thousand Club (never, under a scheme without it)."""
        return ONE_THOUSAND_CLUB in self.features and (
            sum(totals.values()) + pre_1982_red >= self.one_thousand_club_total
        )

    def next_rank(self, current: SchemeRank | None) -> SchemeRank | None:
        # The ladder's ranks are in order from 1 (the rank held is `ranks[rank_order - 1]`).
        index = 0 if current is None else current.order
        return self.ranks[index] if index < len(self.ranks) else None

    def credit_file_format(self, filename: str) -> CreditFileFormat | None:
        for fmt in self.credit_file_formats:
            if fmt.matches(filename):
                return fmt
        return None

    def calculator_points(self, request: Mapping[str, Any]) -> dict[str, dict[str, int]]:
        """The awards the scheme's calculator gives a request (POST /api/v1/calculator/awards),
        by contestant's label and point kind, in hundredths."""
        if self.calculator_event is None or self.calculator_answer is None:
            raise TypeError(f"{self.name} has no calculator request to answer")
        answer = self.calculator_answer(self.compute(self.calculator_event(request)))
        return {
            contestant["label"]: {
                code: int(Decimal(str(points)) * 100)
                for code, points in contestant["points"].items()
            }
            for contestant in answer["contestants"]
        }

    @cached_property
    def kinds_in_order(self) -> tuple[PointKind, ...]:
        """The kinds of point in the order pages, files, documents and the API give them
        (`PointKind.order`: the ABF's green, red, gold), whatever order they are declared in."""
        return tuple(sorted(self.point_kinds, key=lambda kind: kind.order))

    def point_kind_choices(self) -> list[tuple[str, str]]:
        return [(k.code, k.label) for k in self.kinds_in_order]

    def grade_choices(self) -> list[tuple[str, str]]:
        return [(g.code, f"{g.code} ({g.description})") for g in self.grades]

    def edition_choices(self) -> list[tuple[str, str]]:
        return [(name, rules.title) for name, rules in self.editions.items()]
