"""On-screen entry (App. E): the rows of a CPAR or Sundry entry, a number and points each."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django import forms

from awards.entries.services.entries import Entry
from awards.intake.lines import MAX_LINE_POINTS
from centre.schemes import number_name, with_clause
from players import abf_numbers
from players.models import Player
from scheme.core.points import PointsError, parse_points, points_text


def points_error(typed: str) -> str | None:
    """Why typed points cannot be credited, in words; None when they can."""
    try:
        hundredths = parse_points(typed, allow_negative=True)
    except PointsError:
        if re.fullmatch(r"[+-]?\d*\.\d{3,}", typed.strip()):
            # The clause is the ABF manual's: under another scheme, the words alone.
            return with_clause("points have at most two decimals, e.g. 0.42", "4.4.2")
        return f"“{typed}” is not a number of points: type digits such as 0.42"
    if hundredths <= 0:
        return "points must be more than 0"
    if hundredths > MAX_LINE_POINTS:
        return f"points are at most {points_text(MAX_LINE_POINTS)} on one line"
    return None


def abf_number_error(typed: str) -> str | None:
    """Why a typed ABF number is not one, in words; None when it is (zeros may be left out)."""
    number = abf_numbers.normalise(typed)
    if not (number.isascii() and number.isdigit()):
        return f"“{typed}” is not an {number_name()}: an {number_name()} is digits only"
    if len(number) != 7:
        return f"“{typed}” is not an {number_name()}: an {number_name()} has 7 digits"
    if not abf_numbers.is_valid(number):
        return f"{number} is not an {number_name()}: the {number_name()}'s check digit is wrong"
    return None


@dataclass
class EntryRow:
    """One row of an entry page as the secretary sees it: its number on the page, how the
    page names it, its fields (kept as typed) and its errors."""

    number: int
    name: str
    points: forms.BoundField
    abf: forms.BoundField | None = None
    player: str = ""  # CPAR: the row's player, ABF number and name
    player_name: str = ""

    @property
    def errors(self) -> list[str]:
        return [*(self.abf.errors if self.abf else []), *self.points.errors]

    @property
    def error_id(self) -> str:
        return f"{self.points.auto_id}-error"

    @property
    def first_field(self) -> forms.BoundField:
        """The field the row's error links to: the first of the row with an error."""
        if self.abf is not None and (self.abf.errors or not self.points.errors):
            return self.abf
        return self.points


class EntryRowsForm(forms.Form):
    """Rows of typed awards (App. E). Every value stays as typed when the page comes back;
    a bad row is marked in place, with the reason beside it, and named as the page shows it.
    """

    def rows(self) -> list[EntryRow]:
        raise NotImplementedError

    def _typed(self, field: forms.BoundField) -> str:
        return (field.value() or "").strip() if self.is_bound else ""

    def _filled(self) -> list[EntryRow]:
        return [row for row in self.rows() if self._row_filled(row)]

    def _row_filled(self, row: EntryRow) -> bool:
        return bool(self._typed(row.points) or (row.abf is not None and self._typed(row.abf)))

    def clean(self) -> dict:
        typed_numbers: dict[str, list[EntryRow]] = {}
        for row in self._filled():
            typed = self._typed(row.points)
            if row.abf is not None:
                number = self._typed(row.abf)
                if not number:
                    self.add_error(row.abf.name, f"give the player's {number_name()}")
                elif error := abf_number_error(number):
                    self.add_error(row.abf.name, error)
                else:
                    typed_numbers.setdefault(abf_numbers.normalise(number), []).append(row)
            if not typed:
                self.add_error(row.points.name, "give the points")
            elif error := points_error(typed):
                self.add_error(row.points.name, error)
        # Every row's refusal at once: the numbers no player has, before the file's checks.
        known = set(
            Player.objects.filter(abf_number__in=list(typed_numbers)).values_list(
                "abf_number", flat=True
            )
        )
        for number, rows in typed_numbers.items():
            if number not in known:
                for row in rows:
                    self.add_error(row.abf.name, f"no player has the {number_name()} {number}")
        return self.cleaned_data

    def entries(self) -> list[Entry]:
        """The filled rows as entries, in the page's order (entry n is `entry_rows()[n-1]`)."""
        return [
            Entry(
                abf_number=abf_numbers.normalise(self._typed(row.abf)) if row.abf else row.player,
                points=parse_points(self._typed(row.points)),
            )
            for row in self._filled()
        ]

    def entry_rows(self) -> list[EntryRow]:
        return self._filled()

    def add_entry_error(self, entry: int, message: str) -> None:
        """A refusal of the n-th entry (a checked file's line n) marked on its own row."""
        row = self._filled()[entry - 1]
        self.add_error(row.abf.name if row.abf is not None else row.points.name, message)

    def summary(self) -> list[tuple[str, str, str]]:
        """Each error as (the field's id, where it is on the page, what is wrong)."""
        listed = [("", "", error) for error in self.non_field_errors()]
        for row in self.rows():
            for error in row.errors:
                listed.append((row.first_field.auto_id, row.name, error))
        return listed

    def _mark(self, rows: list[EntryRow]) -> list[EntryRow]:
        # The rows show their fields under the table's headings, with no <label>: each field
        # is named to a screen reader by its own label ("Points, row 3").
        for row in rows:
            for field in (row.abf, row.points):
                if field is not None:
                    field.field.widget.attrs["aria-label"] = field.label
        # The reason is read out with the field it concerns (aria-invalid is Django's own).
        for row in rows:
            if row.errors:
                for field in (row.abf, row.points):
                    if field is not None:
                        field.field.widget.attrs["aria-describedby"] = row.error_id
        return rows


class CparForm(EntryRowsForm):
    """App. E: a points box for each of the club's home members and alternates."""

    def __init__(self, *args, members: list, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.members = members
        for player in members:
            self.fields[f"points-{player.abf_number}"] = forms.CharField(
                label=f"Points for {player.given_names} {player.family_name}",
                required=False,
                widget=forms.TextInput(attrs={"inputmode": "decimal", "size": 8}),
            )

    def rows(self) -> list[EntryRow]:
        return self._mark(
            [
                EntryRow(
                    number=index,
                    name=f"{player.given_names} {player.family_name} ({player.abf_number})",
                    points=self[f"points-{player.abf_number}"],
                    player=player.abf_number,
                    player_name=f"{player.given_names} {player.family_name}",
                )
                for index, player in enumerate(self.members, start=1)
            ]
        )


class SundryForm(EntryRowsForm):
    """App. E: an ABF number and points on each row, for players not on the CPAR page."""

    ROWS = 15

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, self.ROWS + 1):
            self.fields[f"abf-{i}"] = forms.CharField(
                label=f"{number_name()}, row {i}",
                required=False,
                widget=forms.TextInput(
                    attrs={
                        "inputmode": "numeric",
                        "size": 9,
                        "maxlength": 7,
                        "data-abf": i,
                        "autocomplete": "off",
                    }
                ),
            )
            self.fields[f"points-{i}"] = forms.CharField(
                label=f"Points, row {i}",
                required=False,
                widget=forms.TextInput(attrs={"inputmode": "decimal", "size": 8}),
            )

    def rows(self) -> list[EntryRow]:
        rows = []
        for i in range(1, self.ROWS + 1):
            abf, points = self[f"abf-{i}"], self[f"points-{i}"]
            number = abf_numbers.normalise(self._typed(abf))
            rows.append(
                EntryRow(
                    number=i,
                    name=f"Row {i}" + (f" ({number_name()} {number})" if number else ""),
                    points=points,
                    abf=abf,
                )
            )
        return self._mark(rows)
