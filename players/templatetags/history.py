"""A player's history as a volunteer reads it: the form's words, never the database's
(`register`, `home_club`), the scheme's name of the number, and clubs by number and name."""

from typing import Any

from django import template

from clubs.models import Club
from players.emails import ACTIONS, field_name, lines_shown, moment_shown
from players.models import PlayerChange

register = template.Library()

# The fields whose values are club numbers.
CLUB_FIELDS = ("home_club", "alternate_clubs")


@register.filter
def changed_field(field: str) -> str:
    """`abf_number` -> the scheme's name of the number ("NZB number"), `given_names` ->
    "Given names"."""
    if field == "pre_1982_red":
        return "Red points won before 1982"
    return field_name(field)


@register.filter
def action_label(action: str) -> str:
    """`register` -> "New player registered", as the confirmation emails say it."""
    return ACTIONS.get(action, action.replace("_", " ").capitalize())


def _club_numbers(value: Any) -> list[int]:
    values = value if isinstance(value, list) else [value]
    return [v for v in values if isinstance(v, int)]


@register.filter
def change_lines(change: PlayerChange) -> list[str]:
    """Each changed field as "Label: before → after"."""
    numbers = {
        number
        for field, values in change.changes.items()
        if field in CLUB_FIELDS
        for value in values
        for number in _club_numbers(value)
    }
    names = dict(Club.objects.filter(number__in=numbers).values_list("number", "name"))

    def shown(field: str, value: Any) -> str:
        if value in (None, "", []):
            return "(none)"
        if field in CLUB_FIELDS:
            values = value if isinstance(value, list) else [value]
            return ", ".join(f"{v} {names[v]}" if v in names else str(v) for v in values)
        if field == "pre_1982_red" and isinstance(value, int):
            return f"{value // 100}.{value % 100:02d}"
        if (moment := moment_shown(field, value)) is not None:
            return moment
        if (one_line := lines_shown(value)) is not None:
            return one_line
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        return str(value)

    return [
        f"{changed_field(field)}: {shown(field, old)} → {shown(field, new)}"
        for field, (old, new) in change.changes.items()
    ]
