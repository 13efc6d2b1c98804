"""The production settings as `make bench` serves them under gunicorn: DEBUG off, the same
middleware, cache and static files storage, with the static files collected into the
scratch folder named by BENCH_STATIC_ROOT rather than into the checkout."""

from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from centre import env
from centre.settings_production import *  # noqa: F403

if not env.string("BENCH_STATIC_ROOT"):
    raise ImproperlyConfigured("BENCH_STATIC_ROOT must name the benchmark's static folder")
STATIC_ROOT = Path(env.string("BENCH_STATIC_ROOT"))
# bench/instructions.py: each counted run's cache empty, its keys under a prefix of its own.
CACHES["default"]["KEY_PREFIX"] = env.string("BENCH_CACHE_PREFIX", "")  # noqa: F405
