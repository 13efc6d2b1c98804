"""Settings for the Masterpoint Centre.

Everything that differs between a laptop and production comes from the environment (see
README.md). With nothing set, the portal runs on a SQLite file with Celery tasks run eagerly
in-process and email written to files under var/mail.
"""

from datetime import timedelta
from pathlib import Path

from celery.schedules import crontab

from centre import env
from scheme import SCHEMES

BASE_DIR = Path(__file__).resolve().parent.parent

DEVELOPMENT_SECRET_KEY = "development-only-key-not-for-production"  # noqa: S105
SECRET_KEY = env.string("SECRET_KEY", DEVELOPMENT_SECRET_KEY)
# Off unless asked for: `make run` sets DEBUG=true for the laptop; a missing page never lists
# the URL patterns anywhere else.
DEBUG = env.boolean("DEBUG", False)
ALLOWED_HOSTS = env.string_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.string_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "centre",
    "clubs",
    "players",
    "awards",
    "ranks",
    "billing",
    "operations",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.forms",
    "rest_framework",
    "knox",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "centre.db_router.ReplicaReadsMiddleware",
    "centre.middleware.RequestLimitsMiddleware",
    "centre.features.SchemeFeaturesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "centre.middleware.PortalNotFoundMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: turns a locked-out login into the lockout answer.
    "axes.middleware.AxesMiddleware",
]

# Request sizes (README "Limits"). The largest credit file a national event sends is a few
# tens of thousands of lines (21 bytes each as .rag): 2 MB holds 95,000 such lines. Any other
# body, the calculator's JSON among them, stays under 1 MB: the largest congress event (15
# sessions of 300 tables) is about 150 kB. A body over its limit (a multipart upload: the file
# and 1 MB of fields) is refused with 413 before it is read (centre.middleware).
MAX_UPLOAD_FILE_BYTES = 2_000_000
DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000_000
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_UPLOAD_FILE_BYTES
MAX_REQUEST_BYTES = MAX_UPLOAD_FILE_BYTES + DATA_UPLOAD_MAX_MEMORY_SIZE

ROOT_URLCONF = "centre.urls"
WSGI_APPLICATION = "centre.wsgi.application"

# Every form is laid out by templates/_form.html (templates/django/forms/ overrides Django's).
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "centre.navigation.navigation",
                "centre.schemes.scheme_context",
            ],
            # Every page writes a day as the scheme's federation does ({{ when|day }}).
            "builtins": ["centre.templatetags.dates"],
        },
    },
]

DATABASES = {"default": env.database("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
# The public reads of anonymous visitors from a streaming replica, when one is configured.
if env.url("DATABASE_REPLICA_URL"):
    DATABASES["replica"] = env.database("DATABASE_REPLICA_URL", "")
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
DATABASE_ROUTERS = ["centre.db_router.ReplicaRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.url("REDIS_URL")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "centre.cache.RedisCache",
            "LOCATION": REDIS_URL,
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_USER_MODEL = "centre.User"
# django-axes first: a login (page or API token endpoint) is refused while its account or its
# address is locked out (centre.auth).
AUTHENTICATION_BACKENDS = [
    "centre.auth.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "home"

# Login throttling (django-axes): 5 failed passwords for one account from anywhere, or from
# one address for any accounts, lock that account or address out for 15 minutes after the
# last failure. A successful login (page or token endpoint) clears that account's own failures,
# never those of another account tried from the same address (centre.auth.LoginAttemptsHandler).
# Every failure and lockout is kept (admin: Axes) and a lockout is logged by the
# "centre.security" logger.
AXES_FAILURE_LIMIT = env.integer("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env.integer("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_HANDLER = "centre.auth.LoginAttemptsHandler"
AXES_LOCKOUT_CALLABLE = "centre.auth.lockout_response"
# Behind reverse proxies, how many: the visitor's address is then read from the right of
# X-Forwarded-For, as the outermost proxy saw it (centre.auth.visitor_address). 0: the peer's.
TRUSTED_PROXY_COUNT = env.integer("TRUSTED_PROXY_COUNT", 0)
AXES_CLIENT_IP_CALLABLE = "centre.auth.visitor_address"
# Password reset by email: at most 5 requests an hour from one address and 3 an hour for one
# email address (centre.auth); the answer never says whether an account exists.
PASSWORD_RESET_LIMITS = {"address": (5, 3600), "email": (3, 3600)}
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24

# API tokens (django-rest-knox, centre.tokens): kept as SHA-512 digests, each with a name, an
# expiry and its last use; `Authorization: Token <key>`.
KNOX_TOKEN_MODEL = "centre.ApiToken"  # noqa: S105
# Knox's own token model is swapped for ours; its migrations would still make its table.
MIGRATION_MODULES = {"knox": None}
REST_KNOX = {
    "AUTH_HEADER_PREFIX": "Token",
    "TOKEN_TTL": timedelta(days=90),
    "AUTO_REFRESH": False,
}
# The lifetimes a token may be given, in days, and the default.
API_TOKEN_DAYS = (30, 90, 365)

# The masterpoint scheme this deployment runs (scheme/registry.py): its point kinds, grades,
# ranks, award rules and credit files. ABF is the only complete scheme so far.
MASTERPOINT_SCHEME = env.choice("MASTERPOINT_SCHEME", "abf", choices=sorted(SCHEMES))

# The scheme's months, quarters and deadlines are in its time zone (Scheme.time_zone: the
# ABF's Sydney, NZ's Auckland, the ACBL's Chicago), and the pages' times by default too.
LANGUAGE_CODE = "en-au"
TIME_ZONE = env.string("TIME_ZONE", SCHEMES[MASTERPOINT_SCHEME].time_zone)
# The portal is written in one language, with no translations: Django's translation machinery
# is left out (each of its lookups of the active language reads a context-local, two dozen a
# player page). Numbers and the days a form reads keep the formats of LANGUAGE_CODE.
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env.string("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
MEDIA_ROOT = Path(env.string("MEDIA_ROOT", str(BASE_DIR / "var" / "media")))

# The supplier printed on every tax invoice (GST law: its name and ABN). The defaults are the
# demo's: a federation sets its own legal name and ABN before it invoices.
CENTRE_SUPPLIER_NAME = env.string(
    "CENTRE_SUPPLIER_NAME", "Australian Bridge Federation, Masterpoint Centre"
)
CENTRE_ABN = env.string("CENTRE_ABN", "70 053 651 666")

# Email: SMTP when EMAIL_HOST is set, otherwise one file per message under var/mail.
DEFAULT_FROM_EMAIL = env.string("DEFAULT_FROM_EMAIL", "Masterpoint Centre <centre@example.org>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_HOST = env.string("EMAIL_HOST")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env.integer("EMAIL_PORT", 587)
    EMAIL_HOST_USER = env.string("EMAIL_HOST_USER")
    EMAIL_HOST_PASSWORD = env.string("EMAIL_HOST_PASSWORD")
    EMAIL_USE_TLS = env.boolean("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = Path(env.string("EMAIL_FILE_PATH", str(BASE_DIR / "var" / "mail")))

# Celery: with no broker configured, tasks run eagerly in the calling process.
CELERY_BROKER_URL = env.url("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env.url("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or "cache+memory://")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Tasks are acknowledged when done, so the broker gives a lost worker's task to another once
# its visibility timeout passes. Kombu's default is an hour; 15 minutes brings a killed month
# close or email back soon, and is longer than the longest wait before a retry (10 minutes,
# centre.mail.EMAIL_RETRY) so that a task waiting for its retry is not handed out twice. A
# close still running when it passes is safe to run twice (operations.services).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.integer("CELERY_VISIBILITY_TIMEOUT", 15 * 60),
}
# The centre's calendar; each app adds its jobs here.
CELERY_BEAT_SCHEDULE: dict[str, dict] = {
    "heartbeat": {"task": "centre.tasks.heartbeat", "schedule": crontab(minute="*/15")},
    # App. E: a month close, or its emails, left undone by a lost worker is resumed.
    "operations-month-closes-resume": {
        "task": "operations.tasks.month_closes_resume",
        "schedule": crontab(minute="7,22,37,52"),
    },
    # 1.3.2: the 1 April update makes the requested cancellations take effect.
    "players-cancellations-apply": {
        "task": "players.tasks.cancellations_apply",
        "schedule": crontab(minute=5, hour=0, day_of_month=1, month_of_year=4),
    },
    # 1.4.3 "Daily": yesterday's registration cards to each club with new or changed players.
    "players-registration-cards": {
        "task": "players.tasks.registration_cards_daily",
        "schedule": crontab(minute=30, hour=6),
    },
    # 1.3.6: on 1 January the Youth Players' Club loses its members now 26 or older.
    "players-youth-age-out": {
        "task": "players.tasks.youth_age_out",
        "schedule": crontab(minute=5, hour=0, day_of_month=1, month_of_year=1),
    },
    # 1.4.3, 8.1, 8.2: on the first day of each quarter, invoice the quarter just ended.
    "billing-quarter-invoices": {
        "task": "billing.tasks.quarter_invoices",
        "schedule": crontab(minute=0, hour=3, day_of_month=1, month_of_year="1,4,7,10"),
    },
    # 1.4.3: each club's player ranking report for the quarter just ended, after the invoices.
    "ranks-ranking-reports": {
        "task": "ranks.tasks.ranking_reports",
        "schedule": crontab(minute=30, hour=3, day_of_month=1, month_of_year="1,4,7,10"),
    },
    # 2.6: "Clubs will be advised in October of their entitlement for the next calendar
    # year"; mid-October, once the September quarter's green points are in (guide B3.1).
    "clubs-b4c-entitlements": {
        "task": "awards.authorisations.b4c.tasks.b4c_entitlements",
        "schedule": crontab(minute=0, hour=2, day_of_month=15, month_of_year=10),
    },
    # 8.2: the annual capitation, the day after the 1 April update.
    "billing-annual-capitation": {
        "task": "billing.tasks.annual_capitation",
        "schedule": crontab(minute=0, hour=4, day_of_month=2, month_of_year=4),
    },
    # 1.3.2: points held for inactive players are forfeited once their window has passed.
    "awards-held-credits-forfeit": {
        "task": "awards.tasks.held_credits_forfeit_expired",
        "schedule": crontab(minute=30, hour=1),
    },
    # NZ Bridge (Outline rules 4, 6): Rating Points and grades come into effect on 1 February.
    "ranks-grades-regrade": {
        "task": "ranks.tasks.grades_regrade",
        "schedule": crontab(minute=0, hour=1, day_of_month=1, month_of_year=2),
    },
}
# A job of a registry feature the scheme does not have (scheme.base) is not scheduled, nor
# the yearly regrading under a scheme that does not grade its players (NZ grades them).
_SCHEDULED_FEATURES = {
    "billing-quarter-invoices": "fees",
    "billing-annual-capitation": "levies",
    "clubs-b4c-entitlements": "authorisations",
    # 1.3.2, 1.3.6, 1.4.3: the 1 April update, the Youth Players' Club's 1 January, the
    # points held for inactive players forfeited, and the registration cards of the year.
    "players-cancellations-apply": "membership_year",
    "players-youth-age-out": "membership_year",
    "awards-held-credits-forfeit": "membership_year",
    "players-registration-cards": "membership_year",
}
_RUNNING_SCHEME = SCHEMES[MASTERPOINT_SCHEME]
for _entry, _feature in _SCHEDULED_FEATURES.items():
    if _feature not in _RUNNING_SCHEME.features:
        CELERY_BEAT_SCHEDULE.pop(_entry, None)
if not _RUNNING_SCHEME.grades_players:
    CELERY_BEAT_SCHEDULE.pop("ranks-grades-regrade")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "centre.tokens.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "centre.api.exception_handler",
    # A player's number under the scheme's own key (centre.api_words).
    "DEFAULT_RENDERER_CLASSES": [
        "centre.api_words.SchemeJSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "centre.api_words.SchemeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 100,
    "DEFAULT_THROTTLE_CLASSES": [
        "centre.throttling.AnonRateThrottle",
        "centre.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.string("API_ANON_RATE", "120/min"),
        "user": env.string("API_USER_RATE", "1200/min"),
        "calculator": env.string("API_CALCULATOR_RATE", "60/min"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Masterpoint Centre API",
    "DESCRIPTION": (
        "The national registry of masterpoints. [Back to the Masterpoint Centre](/)\n\n"
        "## Getting started\n\n"
        "**Your first call.** The lookup, the standings and the calculators are open to "
        "anyone: `GET /api/v1/masterpoints/lookup?q=smith` answers the first 25 players "
        "named Smith, with their totals and ranks.\n\n"
        "**A token.** Everything else needs a login. Programs authenticate with a token "
        "(`Authorization: Token <key>`); the browser uses its session. "
        "A secretary or staff member makes tokens on the portal's *API tokens* page "
        "(`/accounts/tokens/`), or with `POST /api/v1/auth/token` (username and password; "
        "failed attempts count towards the login lockout). Each token has a name and an "
        "expiry (30, 90 or 365 days), is shown once when made and stored only as a SHA-512 "
        "digest; the page shows its last use and revokes it. An unknown, expired or revoked "
        "token answers 401 in the usual error shape. Then, for example, "
        "`GET /api/v1/clubs/{number}/members` with the token lists a club's home members.\n\n"
        "**Errors.** Every error, whatever its status, answers in one shape: "
        '`{"error": {"status": 400, "code": "invalid", "message": "...", '
        '"fields": {"sessions.0.tables": ["..."]}}}`; `fields` (dotted paths to the fields '
        "refused) only when the request's data is refused. An address under `/api/` that is "
        "no operation answers 404 (`not_found`), a method an operation lacks 405 "
        "(`method_not_allowed`, with `Allow`), too many requests 429 (with `Retry-After`).\n\n"
        "**Pages.** The lookup answers in pages: `count`, `next` and `previous` (links to the "
        "pages beside, or null) and `results`, 25 to a page (at most 100 with `limit`). Ask "
        "by `offset` (from 0) or by `page` (from 1); `next` and `previous` follow the style "
        "asked. Follow `next` until it is null.\n\n"
        "**Addresses.** Each operation is listed without a trailing slash and answers with "
        "one too, by any method, with no redirect."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The operations by area, in this order on the docs page (centre.api_schema).
    "TAGS": [
        {"name": "masterpoints", "description": "The public lookup: players, totals, statements."},
        {"name": "standings", "description": "Top lists, the McCutcheon, the One Thousand Club."},
        {"name": "calculator", "description": "Awards of an event, and the rank points reach."},
        {"name": "tokens", "description": "Make and revoke API tokens."},
        {"name": "clubs", "description": "States and clubs."},
        {"name": "players", "description": "Players, a club's members, alternates, cancellations."},
        {"name": "uploads", "description": "Credit files and results in, checked, then credited."},
        {"name": "credits", "description": "Adjustments of credits made."},
        {"name": "grants", "description": "Points granted to reach a rank (staff)."},
        {"name": "authorisations", "description": "Authorisation numbers, requests, B4c."},
    ],
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "centre.api_schema.tag_by_area",
        "centre.api_words.schema_in_scheme_words",
    ],
    # The operations of features the deployment's scheme lacks are not listed (they answer 404).
    "PREPROCESSING_HOOKS": ["centre.features.schema_endpoints"],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Choice sets that share a field name get names of their own in the schema.
    "ENUM_NAME_OVERRIDES": {
        "ClubKindEnum": "clubs.models.Club.Kind",
        "EventKindEnum": "awards.models.Event.Kind",
        "ContestantKindEnum": [(kind, kind) for kind in ("pairs", "teams", "individual")],
        "AuthorisedGradeEnum": "awards.models.AUTHORISED_GRADES",
        "GradeEnum": "scheme.abf.grades.ABF_GRADES",
        "AuthorisationRequestGradeEnum": "awards.models.AuthorisationRequest.GRADES",
        "AuthorisationRequestStatusEnum": "awards.models.AuthorisationRequest.Status",
        # The calculator's `rules`: each scheme's editions (ABFRulesEnum, NZRulesEnum...).
        **{
            f"{code.upper()}RulesEnum": [(name, name) for name in scheme.editions]
            for code, scheme in SCHEMES.items()
        },
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.string("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}
