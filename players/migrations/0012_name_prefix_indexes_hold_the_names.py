"""The lookup's name indexes (migration 0008) holding the names themselves and the number, so
that a name's matches are counted from the index alone (awards.lookup.selectors).

The count reads up to 1,001 players of a name's range in the index's order. PostgreSQL reads
the columns of an expression's index only for that expression: `UPPER(family_name)` in the
index does not give it `family_name`, which the query names, so it visited each player's row
for it, a page of the table a player (1,013 pages for a common name at 400,000 players, where
the index holds them in about ten). Holding the names (`INCLUDE`), the count is an index-only
scan. SQLite keeps its own indexes on the names.
"""

from django.db import migrations

INDEXES = {
    "players_name_order_upper": (
        '(UPPER(family_name::text) COLLATE "C"), (UPPER(given_names::text) COLLATE "C"), '
        "abf_number",
        "family_name, given_names",
    ),
    "players_given_prefix_upper": (
        '(UPPER(given_names::text) COLLATE "C")',
        "given_names, abf_number",
    ),
}


def _create(schema_editor, *, held: bool) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, (columns, included) in INDEXES.items():
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
        include = f" INCLUDE ({included})" if held else ""
        schema_editor.execute(f"CREATE INDEX {name} ON players_player ({columns}){include}")


def hold_the_names(apps, schema_editor):
    _create(schema_editor, held=True)


def names_not_held(apps, schema_editor):
    _create(schema_editor, held=False)


class Migration(migrations.Migration):
    dependencies = [("players", "0011_grade_decisions_and_ineligibility")]

    operations = [migrations.RunPython(hold_the_names, names_not_held)]
