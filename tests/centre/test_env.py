import pytest
from django.core.exceptions import ImproperlyConfigured

from centre import env


def test_a_bad_boolean_stops_start_up_naming_the_variable(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")

    with pytest.raises(ImproperlyConfigured, match="DEBUG"):
        env.boolean("DEBUG", False)


def test_a_bad_integer_names_the_variable(monkeypatch):
    monkeypatch.setenv("EMAIL_PORT", "twenty-five")

    with pytest.raises(ImproperlyConfigured, match="EMAIL_PORT"):
        env.integer("EMAIL_PORT", 25)


def test_a_database_url_of_an_unsupported_kind_is_refused(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "mysql://root@127.0.0.1/test")

    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        env.database("DATABASE_URL", "sqlite:///db.sqlite3")


def test_a_broker_that_is_not_a_url_is_refused(monkeypatch):
    monkeypatch.setenv("CELERY_BROKER_URL", "localhost")

    with pytest.raises(ImproperlyConfigured, match="CELERY_BROKER_URL"):
        env.url("CELERY_BROKER_URL")


def test_unset_variables_take_their_defaults(monkeypatch):
    monkeypatch.delenv("ALLOWED_HOSTS", raising=False)

    assert env.string_list("ALLOWED_HOSTS", ["a"]) == ["a"]
    assert env.database("NO_SUCH_URL", "sqlite:///x.sqlite3")["ENGINE"].endswith("sqlite3")


def test_postgresql_statements_are_prepared_unless_turned_off(monkeypatch):
    url = "postgres://centre@db.example.org:5432/masterpoints"
    monkeypatch.delenv("DATABASE_PREPARED_STATEMENTS", raising=False)
    options = env.database("NO_SUCH_URL", url)["OPTIONS"]
    assert options["server_side_binding"] is True
    assert options["prepare_threshold"] == env.PREPARE_THRESHOLD

    # Behind a PgBouncer that does not keep prepared statements.
    monkeypatch.setenv("DATABASE_PREPARED_STATEMENTS", "false")
    options = env.database("NO_SUCH_URL", url).get("OPTIONS", {})
    assert "server_side_binding" not in options and "prepare_threshold" not in options


def test_a_postgresql_connection_prepares_what_it_runs_again(db):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's: set DATABASE_URL=postgres://...")
    statement = "SELECT COUNT(*) FROM centre_user WHERE id > %s"
    with connection.cursor() as cursor:
        for _ in range(env.PREPARE_THRESHOLD + 1):
            cursor.execute(statement, [0])
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any("centre_user WHERE id > $1" in text for text in prepared), prepared


def _production_settings(monkeypatch, **environment) -> None:
    import importlib
    import sys

    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    for name in ("centre.settings_production", "centre.settings"):
        sys.modules.pop(name, None)
    try:
        importlib.import_module("centre.settings_production")
    finally:
        for name in ("centre.settings_production", "centre.settings"):
            sys.modules.pop(name, None)
        importlib.import_module("centre.settings")


def test_production_settings_refuse_to_start_without_a_secret_key(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)

    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        _production_settings(monkeypatch, ALLOWED_HOSTS="masterpoints.example.org")


def test_production_settings_refuse_to_start_without_allowed_hosts(monkeypatch):
    monkeypatch.delenv("ALLOWED_HOSTS", raising=False)

    with pytest.raises(ImproperlyConfigured, match="ALLOWED_HOSTS"):
        _production_settings(monkeypatch, SECRET_KEY="x" * 60)


def test_the_scheme_is_chosen_by_masterpoint_scheme_and_a_wrong_one_is_named(monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    from centre import env

    monkeypatch.setenv("MASTERPOINT_SCHEME", "ABF")
    assert env.choice("MASTERPOINT_SCHEME", "abf", choices=["abf"]) == "abf"
    monkeypatch.setenv("MASTERPOINT_SCHEME", "xyz")
    with pytest.raises(ImproperlyConfigured, match="MASTERPOINT_SCHEME='xyz': must be one of abf"):
        env.choice("MASTERPOINT_SCHEME", "abf", choices=["abf"])


def test_the_portal_runs_the_abf_scheme_by_default(settings):
    from centre.schemes import current_scheme, point_kind_choices

    assert settings.MASTERPOINT_SCHEME == "abf"
    assert current_scheme().code == "abf"
    assert [code for code, _ in point_kind_choices()] == ["green", "red", "gold"]


def test_the_ledger_takes_its_point_kinds_and_grades_from_the_scheme_in_force(
    settings, monkeypatch
):
    from dataclasses import replace

    from awards.ledger.models import Credit, Event
    from scheme import PointKind, registry
    from scheme.abf.scheme import ABF_SCHEME

    other = replace(
        ABF_SCHEME,
        code="other",
        point_kinds=(PointKind("a", "A", "#000000", 1), PointKind("b", "B", "#ffffff", 2)),
    )
    monkeypatch.setitem(registry.SCHEMES, "other", other)

    assert [code for code, _ in Credit._meta.get_field("colour").choices] == [
        "green",
        "red",
        "gold",
    ]
    settings.MASTERPOINT_SCHEME = "other"
    assert [code for code, _ in Credit._meta.get_field("colour").choices] == ["a", "b"]
    assert [code for code, _ in Event._meta.get_field("grade").choices] == [
        grade.code for grade in other.grades
    ]
