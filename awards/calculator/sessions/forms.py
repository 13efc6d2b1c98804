"""The award calculator's forms: an event, its sessions (fields or matches, places,
percentages) and the singles outright, typed on the page."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.forms import formset_factory

from scheme.abf import (
    ABF_2025,
    DEFAULT_RULES,
    RULE_SETS,
    Event,
    Field,
    Kind,
    Match,
    Movement,
    Outright,
    Session,
)
from scheme.abf.congress import (
    EXTRA_CHAMPIONSHIP_MIN_SESSIONS,
    extra_championships,
    walk_in_final_outright,
)
from scheme.abf.validation import MAX_SESSIONS, MAX_TABLES, event_within_limits
from scheme.core.errors import RulesError

RANKING_HELP = (
    "One place per line, best first. Contestants tied for a place go on one line, separated "
    'by "=" or commas, e.g. "5 = 6".'
)


MATCHES_HELP = 'One match per line: home, away, home IMPs, away IMPs, e.g. "T1, T2, 12, 9".'


PERCENTAGES_HELP = (
    "A congress, state or national event may give each pair's session award by its "
    "score instead of its place (4.2.2). One pair a line, its label and percentage, e.g. "
    '"N1 58.2"; leave empty for awards by the placings.'
)


MITCHELL = Movement.MITCHELL.value


MATCHES = "matches"


SESSION_KINDS = [
    (MITCHELL, "Mitchell (two winners: N-S and E-W)"),
    (Movement.HOWELL.value, "Howell (one winner)"),
    (Movement.ARROW_SWITCH.value, "Arrow-switch Mitchell (one winner)"),
    (Movement.INDIVIDUAL.value, "Individual"),
    (Movement.SHORT_MATCHES.value, "Teams: matches under 5 boards (one winner)"),
    (MATCHES, "Matches of 5 or more boards (teams, Butler or Swiss pairs)"),
]


def parse_ranking(text: str) -> list[list[str]]:
    """Places, one a line; tied contestants separated by '=' or ','."""
    ranking = []
    for line in text.splitlines():
        names = [name.strip() for name in re.split(r"[=,]", line)]
        names = [name for name in names if name]
        if names:
            ranking.append(names)
    return ranking


def parse_percentages(text: str) -> dict[str, Decimal]:
    """4.2.2: each pair's score, one a line: its label and percentage ("N1 58.2")."""
    scores: dict[str, Decimal] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        parts = line.replace(",", " ").replace("=", " ").split()
        if not parts:
            continue
        try:
            score = Decimal(parts[-1]) if len(parts) == 2 else None
        except ArithmeticError:
            score = None
        if score is None or not score.is_finite() or not 0 <= score <= 100:
            raise forms.ValidationError(
                f'Score line {number}: give the pair and its percentage, e.g. "N1 58.2".'
            )
        if parts[0] in scores:
            raise forms.ValidationError(f"Score line {number}: {parts[0]} has a score already.")
        scores[parts[0]] = score
    return scores


def parse_matches(text: str, boards: int) -> list[Match]:
    matches = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [part.strip() for part in line.split(",")]
        if len(parts) != 4:
            raise forms.ValidationError(
                f"Match line {number}: give home, away, home IMPs, away IMPs."
            )
        home, away, home_imps, away_imps = parts
        try:
            imps = Decimal(home_imps), Decimal(away_imps)
        except ArithmeticError:
            raise forms.ValidationError(f"Match line {number}: IMPs must be numbers.") from None
        matches.append(Match(boards, home, away, home_imps=imps[0], away_imps=imps[1]))
    return matches


class CalculatorForm(forms.Form):
    rules = forms.ChoiceField(
        choices=[(name, rules.title) for name, rules in RULE_SETS.items()], initial=DEFAULT_RULES
    )
    grade = forms.ChoiceField(
        choices=[(code, f"{code}: {g.description}") for code, g in ABF_2025.grades.items()],
        initial="E",
    )
    kind = forms.ChoiceField(choices=[(k.value, k.value.capitalize()) for k in Kind])
    congress = forms.BooleanField(
        required=False, label="Congress championship (outright S + 1, 5.4.2)"
    )
    restricted = forms.BooleanField(
        required=False, label="Entry restricted by age or gender (grades A, A2, B: 4.4.10)"
    )
    outright_ranking = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Final placings (events of two or more sessions)",
        help_text=RANKING_HELP + " Leave empty for no outright awards.",
    )
    outright_tables = forms.DecimalField(
        required=False,
        min_value=Decimal("0.5"),
        decimal_places=1,
        label="Tables in the whole field",
        help_text="Leave empty to count them from the final placings.",
    )
    outright_sessions = forms.IntegerField(
        required=False,
        min_value=1,
        label="Sessions",
        help_text="Leave empty to count the sessions below.",
    )
    outright_boards = forms.IntegerField(
        required=False,
        min_value=1,
        label="Boards in the whole event",
        help_text="If sessions were under 24 boards (4.3.1).",
    )
    outright_walk_in_heats = forms.CharField(
        required=False,
        label="Walk-in final: tables of each heat",
        help_text="A final open only to the heats' place-getters (5.3.3). Type each heat's "
        'tables, e.g. "12, 10, 11": the outright is on their average and S=2, with no final '
        "premium; leave the tables, sessions and boards above empty.",
    )
    extra_championship = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=100,
        label="Additional championship of a large congress (its number)",
        help_text="The 1st, 2nd... minor championship the congress nominated; it is "
        "accelerated as the majors (5.3.3). Tick the congress box and give the table-sessions.",
    )
    congress_table_sessions = forms.DecimalField(
        required=False,
        min_value=0,
        max_digits=8,
        decimal_places=1,
        label="Table-sessions of the whole congress",
        help_text="The tables in play in each session of the congress, added up (App. A).",
    )

    def clean_outright_walk_in_heats(self) -> list[Decimal]:
        typed = self.cleaned_data.get("outright_walk_in_heats", "")
        heats = []
        for number, part in enumerate(re.split(r"[,\s]+", typed.strip()), start=1):
            if not part:
                continue
            try:
                tables = Decimal(part)
            except ArithmeticError:
                raise forms.ValidationError(f"Heat {number}: {part!r} is not a number.") from None
            if not tables.is_finite() or tables < Decimal("0.5") or tables > MAX_TABLES:
                raise forms.ValidationError(
                    f"Heat {number}: between 0.5 and {MAX_TABLES:,} tables."
                )
            heats.append(tables)
        if len(heats) > MAX_SESSIONS:
            raise forms.ValidationError(f"At most {MAX_SESSIONS} heats.")
        return heats

    def clean(self) -> dict:
        data = super().clean()
        if data.get("outright_walk_in_heats"):
            if not (data.get("outright_ranking") or "").strip():
                self.add_error("outright_ranking", "Type the walk-in final's placings.")
            for name in ("outright_tables", "outright_sessions", "outright_boards"):
                if data.get(name) is not None:
                    self.add_error(
                        name,
                        "A walk-in final's outright is on the heats' average tables "
                        "and S=2; leave this empty (5.3.3).",
                    )
        self._check_extra_championship(data)
        return data

    def _check_extra_championship(self, data: dict) -> None:
        """5.3.3: one additional championship of at least two sessions for every 100
        table-sessions over 100, once the congress's exceed 200."""
        number, counted = data.get("extra_championship"), data.get("congress_table_sessions")
        if number is None:
            if counted is not None:
                self.add_error(
                    "extra_championship", "Give the championship's number, or leave both empty."
                )
            return
        if counted is None:
            self.add_error(
                "congress_table_sessions",
                "Give the congress's table-sessions; they decide how many additional "
                "championships it may nominate (5.3.3).",
            )
            return
        if not data.get("congress"):
            self.add_error(
                "congress", "An additional championship is accelerated as a congress's (5.3.3)."
            )
        allowed = extra_championships(counted)
        if number > allowed:
            self.add_error(
                "extra_championship",
                f"A congress of {counted.normalize():f} table-sessions may nominate "
                f"{allowed} additional championship(s): one for every 100 table-sessions over "
                f"100, once over 200 (5.3.3).",
            )


PARTNERS_HELP = (
    "One player a line: the player, a colon, then the partner of each session played, e.g. "
    '"P1: Ann, Bob, Ann, Cy".'
)


class SinglesForm(forms.Form):
    """A Singles event (App. A; 4.3.1): its final placings and each player's partners."""

    rules = forms.ChoiceField(
        choices=[(name, rules.title) for name, rules in RULE_SETS.items()], initial=DEFAULT_RULES
    )
    grade = forms.ChoiceField(
        choices=[(code, f"{code}: {g.description}") for code, g in ABF_2025.grades.items()],
        initial="E",
    )
    ranking = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Final placings of the players",
        help_text=RANKING_HELP,
    )
    tables = forms.DecimalField(
        min_value=Decimal("0.5"),
        max_value=MAX_TABLES,
        decimal_places=1,
        label="Tables",
        help_text="The event's field (4.4.1: a half table counts as a table).",
    )
    sessions = forms.IntegerField(
        min_value=2, max_value=MAX_SESSIONS, label="Sessions", help_text="S of 4.3.1."
    )
    min_sessions = forms.IntegerField(
        min_value=1,
        max_value=MAX_SESSIONS,
        label="Sessions a player must play to be placed",
        help_text="A player needs partnerships in a third of them, rounded up (App. A).",
    )
    partners = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Each placed player's partners",
        help_text=PARTNERS_HELP,
    )
    other_outright_given = forms.BooleanField(
        required=False, label="Another outright award has been given in the event (4.3.1)"
    )

    def clean_ranking(self) -> list[list[str]]:
        ranking = parse_ranking(self.cleaned_data["ranking"])
        if not ranking:
            raise forms.ValidationError("Type the final placings, one place a line.")
        return ranking

    def clean_partners(self) -> dict[str, list[str]]:
        partners: dict[str, list[str]] = {}
        for number, line in enumerate(self.cleaned_data["partners"].splitlines(), start=1):
            if not line.strip():
                continue
            player, colon, rest = line.partition(":")
            names = [name.strip() for name in rest.split(",") if name.strip()]
            if not colon or not player.strip() or not names:
                raise forms.ValidationError(
                    f"Line {number}: give the player, a colon, then the partners."
                )
            if player.strip() in partners:
                raise forms.ValidationError(f"Line {number}: {player.strip()} is given twice.")
            if len(names) > MAX_SESSIONS:
                raise forms.ValidationError(f"Line {number}: at most {MAX_SESSIONS} sessions.")
            partners[player.strip()] = names
        return partners

    def clean(self) -> dict:
        data = super().clean()
        if data.get("other_outright_given"):
            self.add_error(
                "other_outright_given",
                "A Singles event's final place-getters receive outright awards only if "
                "no other outright awards have been given (4.3.1).",
            )
        return data


class SessionForm(forms.Form):
    # An empty first choice, so that a session form left blank is skipped.
    movement = forms.ChoiceField(
        choices=[("", "Choose the movement"), *SESSION_KINDS], label="Movement"
    )
    boards = forms.IntegerField(
        min_value=1,
        label="Boards",
        help_text="Boards in the session; for matches, boards in each match.",
    )
    tables = forms.DecimalField(
        required=False,
        min_value=Decimal("0.5"),
        decimal_places=1,
        label="Tables",
        help_text="Half tables allowed, e.g. 7.5. For teams: the number of teams.",
    )
    ranking = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Ranking (N-S for a Mitchell)",
        help_text=RANKING_HELP,
    )
    ranking_ew = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="E-W ranking (Mitchell only)",
    )
    matches = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Matches",
        help_text=MATCHES_HELP,
    )
    percentages = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label="Scores in percent (4.2.2)",
        help_text=PERCENTAGES_HELP,
    )

    def clean(self) -> dict:
        data = super().clean()
        movement = data.get("movement")
        if movement is None or data.get("boards") is None:
            return data
        if movement == MATCHES:
            data["session"] = Session(
                matches=parse_matches(data.get("matches", ""), data["boards"])
            )
            if not data["session"].matches:
                raise forms.ValidationError("Type the session's matches, one a line.")
            return data
        if data.get("tables") is None:
            raise forms.ValidationError("Give the number of tables.")
        ranking = parse_ranking(data.get("ranking", ""))
        if not ranking:
            raise forms.ValidationError("Type the session's ranking, one place a line.")
        rankings = [(ranking, "N-S" if movement == MITCHELL else "")]
        if movement == MITCHELL:
            east_west = parse_ranking(data.get("ranking_ew", ""))
            if not east_west:
                raise forms.ValidationError("Type the E-W ranking of the Mitchell.")
            rankings.append((east_west, "E-W"))
        scores = parse_percentages(data.get("percentages", ""))
        placed = {label for one, _ in rankings for group in one for label in group}
        unplaced = sorted(set(scores) - placed)
        if unplaced:
            raise forms.ValidationError(f"Scores: {unplaced[0]} is in no ranking of the session.")
        # 4.2.2: each field's pairs' scores; the award engine checks the grade and the kind.
        fields = [
            Field(
                movement,
                data["tables"],
                one,
                name=name,
                percentages={
                    label: scores[label] for group in one for label in group if label in scores
                }
                if scores
                else None,
            )
            for one, name in rankings
        ]
        data["session"] = Session(boards=data["boards"], fields=fields)
        return data


# The formset never builds more forms than the largest event has sessions, whatever
# TOTAL_FORMS says (scheme.abf.validation.MAX_SESSIONS).
SessionFormSet = formset_factory(
    SessionForm,
    extra=1,
    min_num=1,
    validate_min=True,
    max_num=MAX_SESSIONS,
    validate_max=True,
    absolute_max=MAX_SESSIONS,
)


def build_event(form: CalculatorForm, sessions: list[Session]) -> Event:
    """The event the two forms describe; RulesError naming the field when it is larger than any
    real event."""
    data = form.cleaned_data
    outright = None
    ranking = parse_ranking(data.get("outright_ranking", ""))
    if ranking and data.get("outright_walk_in_heats"):
        # 5.3.3: the heats' average tables and S=2; the final's sessions take no premium.
        outright = walk_in_final_outright(ranking, data["outright_walk_in_heats"])
    elif ranking:
        boards = data.get("outright_boards")
        outright = Outright(
            ranking=ranking,
            tables=data.get("outright_tables"),
            sessions=data.get("outright_sessions") or (None if boards else len(sessions)),
            boards=boards,
        )
    event = Event(
        rules=data["rules"],
        grade=data["grade"],
        kind=data["kind"],
        sessions=sessions,
        outright=outright,
        congress=data["congress"],
        restricted=data["restricted"],
    )
    if data.get("extra_championship") is not None:
        played = outright.sessions if outright and outright.sessions else len(sessions)
        if played < EXTRA_CHAMPIONSHIP_MIN_SESSIONS:
            raise RulesError(
                "extra_championship",
                "An additional championship has at least two sessions (5.3.3).",
            )
    event_within_limits(event)
    return event
