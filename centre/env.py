"""Strict reading of the environment.

Every setting that comes from the environment is read through these functions, so that a bad
value stops start-up with a message naming the variable instead of being quietly taken as a
default.
"""

import os
from collections.abc import Callable
from typing import TypeVar

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

T = TypeVar("T")

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _read(name: str, default: T, parse: Callable[[str], T]) -> T:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return parse(raw.strip())
    except (ValueError, TypeError) as error:
        raise ImproperlyConfigured(f"Environment variable {name}={raw!r}: {error}") from error


def _bool(raw: str) -> bool:
    if raw.lower() in _TRUE:
        return True
    if raw.lower() in _FALSE:
        return False
    raise ValueError("expected one of true/false, yes/no, on/off, 1/0")


def _list(raw: str) -> list[str]:
    return [item.strip() for item in raw.split(",") if item.strip()]


def _url(raw: str) -> str:
    if "://" not in raw:
        raise ValueError("expected a URL such as redis://127.0.0.1:6379/0")
    return raw


def string(name: str, default: str = "") -> str:
    return _read(name, default, str)


def choice(name: str, default: str, *, choices: list[str]) -> str:
    """One of `choices`, compared without case."""

    def parse(raw: str) -> str:
        value = raw.lower()
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}")
        return value

    return _read(name, default, parse)


def boolean(name: str, default: bool) -> bool:
    return _read(name, default, _bool)


def integer(name: str, default: int) -> int:
    return _read(name, default, int)


def string_list(name: str, default: list[str]) -> list[str]:
    return _read(name, default, _list)


def url(name: str, default: str = "") -> str:
    return _read(name, default, _url)


def database(name: str, default: str) -> dict:
    raw = url(name, default)
    try:
        config = dj_database_url.parse(raw, conn_max_age=60, conn_health_checks=True)
    except ValueError as error:
        raise ImproperlyConfigured(f"Environment variable {name}: {error}") from error
    if config["ENGINE"] not in {
        "django.db.backends.sqlite3",
        "django.db.backends.postgresql",
    }:
        raise ImproperlyConfigured(
            f"Environment variable {name}: only sqlite:// and postgres:// databases are supported"
        )
    if config["ENGINE"] == "django.db.backends.postgresql" and boolean(
        "DATABASE_PREPARED_STATEMENTS", True
    ):
        # The parameters sent apart from the statement, so that psycopg prepares a statement
        # a connection has run PREPARE_THRESHOLD times: PostgreSQL then plans it once, not at
        # every request (planning cost the public reads about as much as running them).
        # Behind PgBouncer in transaction mode: version 1.21 or later with
        # max_prepared_statements, or DATABASE_PREPARED_STATEMENTS=false (docs/scaling.md).
        config.setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=PREPARE_THRESHOLD
        )
    return config


# psycopg's own default: a statement run this many times on a connection is prepared.
PREPARE_THRESHOLD = 5
