"""The scheme a database was made under, kept in it (centre.models.Deployment), so that the
register never runs under another.

A register keeps its points by the scheme's kinds (the ABF's green, red and gold, New
Zealand's A, B and C) and its ranks by the scheme's ladder: read under another scheme they
mean nothing, and every player page would fail. The first seeding or start records
`MASTERPOINT_SCHEME`; from then on the portal (centre.wsgi), the Celery worker
(centre.celery), `seed_demo`, `migrate` and `manage.py check --database default` refuse
any other, saying what to do.
"""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.core.exceptions import ImproperlyConfigured
from django.db import DatabaseError, transaction

from centre.models import Deployment
from scheme import SCHEMES


class SchemeMismatch(ImproperlyConfigured):
    """The database was made under another scheme than the one configured."""


def recorded_scheme() -> str | None:
    """The scheme the database records, or None: none yet, or not migrated yet."""
    try:
        return Deployment.objects.filter(pk=1).values_list("scheme", flat=True).first()
    except DatabaseError:
        return None


def mismatch_text(recorded: str, running: str) -> str:
    made = SCHEMES[recorded].name if recorded in SCHEMES else recorded
    return (
        f"This database holds a register made under the {made} (MASTERPOINT_SCHEME={recorded}), "
        f"but MASTERPOINT_SCHEME is {running!r}. Its points and ranks are that scheme's and "
        f"cannot be read under another. Set MASTERPOINT_SCHEME={recorded} to run it, or point "
        f"DATABASE_URL at another database (an empty one, migrated) to run {running}."
    )


def scheme_check() -> None:
    """Refuse to go on under another scheme than the database's; record the configured one
    when the database records none yet (its first start or seeding)."""
    running = settings.MASTERPOINT_SCHEME
    recorded = recorded_scheme()
    if recorded is None:
        try:
            with transaction.atomic():
                Deployment.objects.get_or_create(pk=1, defaults={"scheme": running})
        except DatabaseError:
            return  # not migrated yet: `migrate` comes first, the next start records it
        recorded = recorded_scheme() or running
    if recorded != running:
        raise SchemeMismatch(mismatch_text(recorded, running))


@register(Tags.database)
def scheme_matches_database(app_configs, databases=None, **kwargs) -> list[Error]:
    """`manage.py migrate` and `manage.py check --database default`: the database's scheme is
    the one configured (nothing is written here). A check of the database: the others, which
    Celery's worker also runs, do not reach it."""
    if not databases:
        return []
    recorded = recorded_scheme()
    if recorded is None or recorded == settings.MASTERPOINT_SCHEME:
        return []
    return [
        Error(
            mismatch_text(recorded, settings.MASTERPOINT_SCHEME),
            id="centre.E001",
        )
    ]
