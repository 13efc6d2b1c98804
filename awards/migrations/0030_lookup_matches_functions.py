"""The lookup's statement of a name's matches as two functions, one for each of its forms
(awards.lookup.selectors.matches_sql: one word, two words), run on their generic plan.

A prepared statement of it was planned again at every lookup, PostgreSQL finding a plan for
the prefixes given cheaper than its generic one, and the planning took more than half of the
database's work of a lookup (its prefixes have several indexes to choose from): a function's
statement is prepared once a connection and `plan_cache_mode` keeps it on its generic plan,
which walks the same indexes. The bodies are the statement as the code wrote it when this
was made; a test compares them with the code's (tests/awards/test_lookup_functions.py), and a
change of the statement adds a migration that replaces them (dropping the old function first
when its parameters change: PostgreSQL keeps a function of other parameters beside it, and a
lookup's call would then match both). SQLite runs the statement itself.
"""

from django.db import migrations

ONE_WORD = (
    (
        'players_name_matches_one_word('
        'text, text, bigint, text, text, bigint, boolean, text, text, bigint, bigint, '
        'bigint, text, text, bigint, bigint, bigint, bigint)'
    ),
    (
        'WITH part0 AS (SELECT "abf_number" FROM "players_player" WHERE UPPER(family_name) '
        'COLLATE "C" >= $1 AND UPPER(family_name) COLLATE "C" < $2 ORDER BY UPPER(family_name) '
        'COLLATE "C" LIMIT $3), part1 AS (SELECT "abf_number" FROM "players_player" WHERE '
        'UPPER(given_names) COLLATE "C" >= $4 AND UPPER(given_names) COLLATE "C" < $5 ORDER BY '
        'UPPER(given_names) COLLATE "C" LIMIT $6) SELECT (SELECT COUNT(*) FROM part0) + (SELECT'
        ' COUNT(*) FROM part1 WHERE "abf_number" NOT IN (SELECT "abf_number" FROM part0)), '
        'page."id", page."abf_number", page."given_names", page."family_name", page."status", '
        'page."pre_1982_red", page."rank_order", page."home_club_id", club.number, club.name, '
        'CASE WHEN $7 THEN (SELECT json_object_agg(kind, json_build_array(approved, '
        'provisional))::text FROM (SELECT kind, SUM(approved) AS approved, SUM(provisional) AS '
        'provisional FROM "awards_playertotals" WHERE player_id = page.id GROUP BY kind) AS '
        'kinds) END FROM (SELECT 1 AS one) AS found LEFT JOIN (SELECT * FROM (SELECT * FROM '
        '(SELECT UPPER(family_name) COLLATE "C" AS family_key, UPPER(given_names) COLLATE "C" '
        'AS given_key, "id", "abf_number", "given_names", "family_name", "status", '
        '"pre_1982_red", "rank_order", "home_club_id" FROM "players_player" WHERE '
        'UPPER(family_name) COLLATE "C" >= $8 AND UPPER(family_name) COLLATE "C" < $9 ORDER BY '
        'family_key, given_key, "abf_number" LIMIT $10) AS walked0 UNION SELECT * FROM (SELECT '
        'UPPER(family_name) COLLATE "C" AS family_key, UPPER(given_names) COLLATE "C" AS '
        'given_key, "id", "abf_number", "given_names", "family_name", "status", "pre_1982_red",'
        ' "rank_order", "home_club_id" FROM "players_player" WHERE "abf_number" IN (SELECT '
        '"abf_number" FROM part1) AND (SELECT COUNT(*) FROM part1) < $11 ORDER BY family_key, '
        'given_key, "abf_number" LIMIT $12) AS whole1 UNION SELECT * FROM (SELECT '
        'UPPER(family_name) COLLATE "C" AS family_key, UPPER(given_names) COLLATE "C" AS '
        'given_key, "id", "abf_number", "given_names", "family_name", "status", "pre_1982_red",'
        ' "rank_order", "home_club_id" FROM "players_player" WHERE UPPER(given_names) COLLATE '
        '"C" >= $13 AND UPPER(given_names) COLLATE "C" < $14 AND NOT (SELECT COUNT(*) FROM '
        'part1) < $15 ORDER BY family_key, given_key, "abf_number" LIMIT $16) AS walked1) AS '
        'matches ORDER BY family_key, given_key, "abf_number" LIMIT $17 OFFSET $18) AS page ON '
        '1 = 1 LEFT JOIN "clubs_club" AS club ON club.id = page.home_club_id ORDER BY '
        'page.family_key, page.given_key, page."abf_number"'
    ),
)

TWO_WORDS = (
    (
        'players_name_matches_two_words('
        'text, text, text, text, bigint, text, text, text, text, bigint, boolean, bigint,'
        ' bigint, bigint, text, text, text, text, bigint, bigint, bigint, bigint, text, '
        'text, text, text, bigint, bigint, bigint, bigint)'
    ),
    (
        'WITH part0 AS (SELECT UPPER(family_name) COLLATE "C" AS family_key, UPPER(given_names)'
        ' COLLATE "C" AS given_key, "abf_number" FROM "players_player" WHERE UPPER(family_name)'
        ' COLLATE "C" >= $1 AND UPPER(family_name) COLLATE "C" < $2 AND UPPER(given_names) '
        'COLLATE "C" >= $3 AND UPPER(given_names) COLLATE "C" < $4 ORDER BY UPPER(family_name) '
        'COLLATE "C" LIMIT $5), part1 AS (SELECT "abf_number" FROM "players_player" WHERE '
        'UPPER(family_name) COLLATE "C" >= $6 AND UPPER(family_name) COLLATE "C" < $7 AND '
        'UPPER(given_names) COLLATE "C" >= $8 AND UPPER(given_names) COLLATE "C" < $9 ORDER BY '
        'UPPER(given_names) COLLATE "C" LIMIT $10) SELECT (SELECT COUNT(*) FROM part0) + '
        '(SELECT COUNT(*) FROM part1 WHERE "abf_number" NOT IN (SELECT "abf_number" FROM '
        'part0)), page."id", page."abf_number", page."given_names", page."family_name", '
        'page."status", page."pre_1982_red", page."rank_order", page."home_club_id", '
        'club.number, club.name, CASE WHEN $11 THEN (SELECT json_object_agg(kind, '
        'json_build_array(approved, provisional))::text FROM (SELECT kind, SUM(approved) AS '
        'approved, SUM(provisional) AS provisional FROM "awards_playertotals" WHERE player_id ='
        ' page.id GROUP BY kind) AS kinds) END FROM (SELECT 1 AS one) AS found LEFT JOIN '
        '(SELECT * FROM (SELECT * FROM (SELECT UPPER(family_name) COLLATE "C" AS family_key, '
        'UPPER(given_names) COLLATE "C" AS given_key, "id", "abf_number", "given_names", '
        '"family_name", "status", "pre_1982_red", "rank_order", "home_club_id" FROM '
        '"players_player" WHERE "abf_number" IN (SELECT "abf_number" FROM (SELECT * FROM part0 '
        'ORDER BY family_key, given_key, "abf_number" LIMIT $12) AS first0) AND (SELECT '
        'COUNT(*) FROM part0) < $13 ORDER BY family_key, given_key, "abf_number" LIMIT $14) AS '
        'whole0 UNION SELECT * FROM (SELECT UPPER(family_name) COLLATE "C" AS family_key, '
        'UPPER(given_names) COLLATE "C" AS given_key, "id", "abf_number", "given_names", '
        '"family_name", "status", "pre_1982_red", "rank_order", "home_club_id" FROM '
        '"players_player" WHERE UPPER(family_name) COLLATE "C" >= $15 AND UPPER(family_name) '
        'COLLATE "C" < $16 AND UPPER(given_names) COLLATE "C" >= $17 AND UPPER(given_names) '
        'COLLATE "C" < $18 AND NOT (SELECT COUNT(*) FROM part0) < $19 ORDER BY family_key, '
        'given_key, "abf_number" LIMIT $20) AS walked0 UNION SELECT * FROM (SELECT '
        'UPPER(family_name) COLLATE "C" AS family_key, UPPER(given_names) COLLATE "C" AS '
        'given_key, "id", "abf_number", "given_names", "family_name", "status", "pre_1982_red",'
        ' "rank_order", "home_club_id" FROM "players_player" WHERE "abf_number" IN (SELECT '
        '"abf_number" FROM part1) AND (SELECT COUNT(*) FROM part1) < $21 ORDER BY family_key, '
        'given_key, "abf_number" LIMIT $22) AS whole1 UNION SELECT * FROM (SELECT '
        'UPPER(family_name) COLLATE "C" AS family_key, UPPER(given_names) COLLATE "C" AS '
        'given_key, "id", "abf_number", "given_names", "family_name", "status", "pre_1982_red",'
        ' "rank_order", "home_club_id" FROM "players_player" WHERE UPPER(family_name) COLLATE '
        '"C" >= $23 AND UPPER(family_name) COLLATE "C" < $24 AND UPPER(given_names) COLLATE "C"'
        ' >= $25 AND UPPER(given_names) COLLATE "C" < $26 AND NOT (SELECT COUNT(*) FROM part1) '
        '< $27 ORDER BY family_key, given_key, "abf_number" LIMIT $28) AS walked1) AS matches '
        'ORDER BY family_key, given_key, "abf_number" LIMIT $29 OFFSET $30) AS page ON 1 = 1 '
        'LEFT JOIN "clubs_club" AS club ON club.id = page.home_club_id ORDER BY '
        'page.family_key, page.given_key, page."abf_number"'
    ),
)


def _create(signature: str, body: str) -> str:
    name = signature.split("(")[0]
    return (
        f"CREATE OR REPLACE FUNCTION {signature} RETURNS TABLE ("
        "matched bigint, id players_player.id%TYPE, abf_number players_player.abf_number%TYPE, "
        "given_names players_player.given_names%TYPE, "
        "family_name players_player.family_name%TYPE, status players_player.status%TYPE, "
        "pre_1982_red players_player.pre_1982_red%TYPE, "
        "rank_order players_player.rank_order%TYPE, "
        "home_club_id players_player.home_club_id%TYPE, club_number clubs_club.number%TYPE, "
        "club_name clubs_club.name%TYPE, kinds text) "
        "LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan "
        f"AS $function$\n#variable_conflict use_column\nBEGIN\nRETURN QUERY {body};\nEND\n"
        f"$function$;\nCOMMENT ON FUNCTION {signature} IS "
        f"'The lookup''s matches of a name (awards.lookup.selectors), {name}.'"
    )


def forwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        for signature, body in (ONE_WORD, TWO_WORDS):
            schema_editor.execute(_create(signature, body), params=None)


def backwards(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        for signature, _ in (ONE_WORD, TWO_WORDS):
            schema_editor.execute(f"DROP FUNCTION IF EXISTS {signature}")


class Migration(migrations.Migration):
    dependencies = [
        ("awards", "0029_retired_record_checked_after_the_update"),
        ("players", "0012_name_prefix_indexes_hold_the_names"),
        ("clubs", "0005_club_time_zone"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
