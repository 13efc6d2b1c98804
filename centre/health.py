"""What /healthz checks: the database, and the cache and broker where configured."""

from django.conf import settings
from django.core.cache import cache
from django.db import connection

from centre.celery import app


def check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_cache() -> None:
    cache.set("healthz", "ok", 10)
    if cache.get("healthz") != "ok":
        raise RuntimeError("the cache did not return what was written")


def check_broker() -> None:
    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)


def report() -> dict[str, str]:
    checks = {"database": check_database}
    if settings.REDIS_URL:
        checks["cache"] = check_cache
    if settings.CELERY_BROKER_URL:
        checks["broker"] = check_broker
    results: dict[str, str] = {}
    for name, check in checks.items():
        try:
            check()
        except Exception as error:
            results[name] = f"down: {error.__class__.__name__}"
        else:
            results[name] = "ok"
    return results
