"""Production settings: the base settings with every safety on.

Refuses to start without a real SECRET_KEY and ALLOWED_HOSTS.
"""

from django.core.exceptions import ImproperlyConfigured

from centre import env
from centre.settings import *  # noqa: F403
from centre.settings import DEVELOPMENT_SECRET_KEY, SECRET_KEY

if SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set in the environment in production")

DEBUG = env.boolean("DEBUG", False)
# seed_demo makes a superuser with a published password: never in production.
DEMO_DATA_ALLOWED = False
ALLOWED_HOSTS = env.string_list("ALLOWED_HOSTS", [])
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set in the environment in production")

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.boolean("SECURE_SSL_REDIRECT", True)
# /healthz is probed over plain HTTP from inside the network.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env.integer("SECURE_HSTS_SECONDS", 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
# Whitenoise's compressed files named by their hashes, each address kept once worked out.
STORAGES["staticfiles"]["BACKEND"] = "centre.static_files.StaticFilesStorage"  # noqa: F405
