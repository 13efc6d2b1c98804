"""Settings for the test suite: the base settings, made fast and quiet.

DATABASE_URL, CELERY_BROKER_URL and REDIS_URL still come from the environment, so the same
suite runs on SQLite alone and against PostgreSQL and Redis in CI.
"""

from centre.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Tasks run in the test's own process; the one test of the real broker starts a worker.
CELERY_TASK_ALWAYS_EAGER = True
STORAGES["staticfiles"]["BACKEND"] = (  # noqa: F405
    "django.contrib.staticfiles.storage.StaticFilesStorage"
)
LOGGING = {"version": 1, "disable_existing_loggers": False}
# Each request of the live server (browser tests) closes its connection when it ends, so the
# test database can be dropped at the end of the run.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
# Between transactional tests the suite empties every table with TRUNCATE, which the ledger's
# and the issued invoices' guards refuse (awards and billing migrations) unless the session
# allows it: the suite's own connections do, from their start; no deployment does.
if DATABASES["default"]["ENGINE"].endswith("postgresql"):  # noqa: F405
    _options = DATABASES["default"].setdefault("OPTIONS", {})  # noqa: F405
    _options["options"] = f"{_options.get('options', '')} -c masterpoints.allow_truncate=on".strip()
