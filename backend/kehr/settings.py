"""Django settings for Kehr — every value comes from the environment.

See docs/configuration.md for the list of variables. The embedded default
(no variables set) is SQLite and a filesystem Celery broker under var/, so a
first run needs no server; production sets DATABASE_URL and CELERY_BROKER_URL.

Importing this module only reads: the folders under var/ and the secret key file are
made by ``python manage.py init_instance`` (kehr/instance.py), and a missing key stops
start-up with a message naming that command.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp import constants as csp

from kehr import instance
from kehr.env import (
    ConfigurationError,
    env_bool,
    env_choice,
    env_int,
    env_list,
    env_parsed,
    env_rate,
    env_str,
)
from kehr.ids import MAX_ID

BASE_DIR = Path(__file__).resolve().parent.parent  # backend/
REPO_DIR = BASE_DIR.parent
VAR_DIR = instance.var_dir()

SECRET_KEY = instance.read_secret_key(VAR_DIR)
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    # Failed-login limits for the API and admin logins (accounts/login_limits.py).
    "axes",
    "accounts",
    "corpora",
    "annotations",
    "gold",
    "tutorial",
    "comparison",
    "archive",
    "harvest",
    "crosspage",
    "learning",
    "annotator",
    "api",
    # manage.py import_krdwrd: the 2008 KrdWrd data into corpora, gold and tutorial.
    "krdwrd_import",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # After WhiteNoise: static files need no policy; every page rendered here gets one.
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Turns a login that django-axes refused into accounts.login_limits.lockout_response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "kehr.urls"
WSGI_APPLICATION = "kehr.wsgi.application"

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
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------
DEFAULT_SQLITE_URL = f"sqlite:///{VAR_DIR / 'kehr.sqlite3'}"
_db = env_parsed(
    "DATABASE_URL",
    DEFAULT_SQLITE_URL,
    lambda url: dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True),
    "a database URL (sqlite:///path or postgresql://user:password@host:port/name)",
)
if _db["ENGINE"] == "django.db.backends.sqlite3":
    # Many gunicorn workers and a Celery worker write to one file: WAL lets readers go on
    # while one writes, IMMEDIATE takes the write lock at BEGIN (no deadlock-prone upgrade),
    # and the timeout makes writers queue instead of failing with "database is locked".
    _db["CONN_MAX_AGE"] = 0
    _db["CONN_HEALTH_CHECKS"] = False
    _db["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 30,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not :memory:, so that a Celery worker process can open the test database.
    _db["TEST"] = {"NAME": str(VAR_DIR / "test-kehr.sqlite3")}
elif _db["ENGINE"] in ("django.db.backends.postgresql",):
    pass
else:
    raise ConfigurationError(
        f"DATABASE_URL uses {_db['ENGINE']}: Kehr supports SQLite and PostgreSQL only."
    )
DATABASES = {"default": _db}
# After how many runs on one connection PostgreSQL keeps a hot-path statement prepared
# (kehr.rows.cursor: token lookup, next-page pick, submit); 0 turns it off, e.g. behind
# a PgBouncer older than 1.21 in transaction mode. The ORM's other statements are never
# prepared (Django binds their parameters client-side).
KEHR_DB_PREPARE_THRESHOLD = env_int("KEHR_DB_PREPARE_THRESHOLD", 5, minimum=0)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {
    # Shared by every process (the registration rate must count across gunicorn workers).
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "kehr_cache",
    }
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = instance.static_dir(VAR_DIR)
LOGIN_URL = "/admin/login/"

# --- Content-Security-Policy (django-csp) ------------------------------------------
# Every page Kehr renders (admin, staff pages, API docs, landing and install pages) may
# load scripts, styles, images and fonts from this origin only. Inline <script> and
# <style> elements run only with the request's nonce ({{ request.csp_nonce }}); style
# *attributes* are allowed (style-src-attr): the admin and DRF's browsable API use them
# for layout, and they cannot run code. Archived documents and visual diffs set their
# own sandbox policy (api.views.pages.DOCUMENT_HEADERS), which the middleware keeps.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp.SELF],
        "script-src": [csp.SELF, csp.NONCE],
        "style-src": [csp.SELF, csp.NONCE],
        "style-src-attr": [csp.UNSAFE_INLINE],
        "img-src": [csp.SELF, "data:"],
        "font-src": [csp.SELF, "data:"],
        "connect-src": [csp.SELF],
        "object-src": [csp.NONE],
        "base-uri": [csp.SELF],
        "form-action": [csp.SELF],
        "frame-ancestors": [csp.NONE],
    }
}

# --- REST API -----------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ClientTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # Error answers (400, 401, 403, 404, 413, 429) are documented per operation.
    "DEFAULT_SCHEMA_CLASS": "api.schema.AutoSchema",
    # Bad ?limit=/?offset= are a 400, not silently ignored.
    "DEFAULT_PAGINATION_CLASS": "api.pagination.StrictLimitOffsetPagination",
    "PAGE_SIZE": 50,
    # JSON nested deeper than api.parsers.MAX_JSON_DEPTH is a 400, not a RecursionError.
    "DEFAULT_PARSER_CLASSES": [
        "api.parsers.DepthLimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "api.parsers.SizeLimitedMultiPartParser",
    ],
    # A body over DATA_UPLOAD_MAX_MEMORY_SIZE is a JSON 413, not Django's HTML 400.
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "register": env_rate("KEHR_REGISTER_RATE", "20/hour"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Kehr API",
    "DESCRIPTION": "Corpora, pages and label vectors for boilerplate annotation.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Served from our own static files: the docs page works offline and on intranets.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # <id:…> in a path (kehr.ids.IdConverter): the same range as api.ids.ID_SCHEMA.
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 1, "maximum": MAX_ID}},
}

# --- Celery --------------------------------------------------------------------
# Time limits (seconds). The soft limit raises SoftTimeLimitExceeded inside the task (its
# open transaction rolls back; a merge leaves its pages dirty for the next run), the hard
# limit kills the pool process. A task that may run longer than the default is listed in
# LONG_TASK_TIME_LIMITS, not only in its decorator: the Redis visibility timeout below
# is derived from the longest limit (tests/test_broker_settings.py checks every task).
CELERY_TASK_TIME_LIMIT = 60 * 60
TIME_LIMIT_GRACE = 5 * 60  # between the soft and the hard limit: time to roll back
CELERY_TASK_SOFT_TIME_LIMIT = CELERY_TASK_TIME_LIMIT - TIME_LIMIT_GRACE
LONG_TASK_TIME_LIMITS = {
    # A first merge of a corpus of a million pages takes about 20 minutes (docs/merging.md).
    "gold.tasks.merge_dirty_pages": 3 * 60 * 60,
    "gold.tasks.merge_corpus": 3 * 60 * 60,
    "gold.tasks.merge_all_corpora": 3 * 60 * 60,
    # Training and classifying a large corpus, or evaluation (it trains k models).
    "learning.tasks.train": 3 * 60 * 60,
    # The template methods over a whole corpus or imported archive (docs/methods.md).
    "crosspage.tasks.urltree": 3 * 60 * 60,
    "crosspage.tasks.dbce": 3 * 60 * 60,
    "crosspage.tasks.dbce_part": 3 * 60 * 60,
    "crosspage.tasks.urltree_arrivals": 3 * 60 * 60,
    "learning.tasks.evaluate": 3 * 60 * 60,
    "learning.tasks.classify": 3 * 60 * 60,
    # Retraining trains, cross-validates and may classify the corpus, one after another.
    "learning.tasks.retrain": 6 * 60 * 60,
}
CELERY_TASK_ANNOTATIONS = {
    name: {"time_limit": hard, "soft_time_limit": hard - TIME_LIMIT_GRACE}
    for name, hard in LONG_TASK_TIME_LIMITS.items()
}
LONGEST_TASK_SECONDS = max(CELERY_TASK_TIME_LIMIT, *LONG_TASK_TIME_LIMITS.values())

BROKER_DIR = instance.broker_dir(VAR_DIR)
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
if CELERY_BROKER_URL.startswith("filesystem://"):
    # kombu's filesystem transport: a real broker with no server, for the first run. Its
    # folders (instance.BROKER_FOLDERS) are made by manage.py init_instance.
    # Our subclass writes each message file atomically and keeps a fetched message until
    # it is acknowledged, redelivering it when its worker dies (kehr/filesystem_broker.py).
    CELERY_BROKER_TRANSPORT = "kehr.filesystem_broker:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "unacked_folder": str(BROKER_DIR / "unacked"),
        # How often a consuming worker looks for messages of dead workers to requeue
        # (every worker also does at start).
        "recover_interval": 10.0,
        "processed_folder": str(BROKER_DIR / "processed"),
        "store_processed": False,
        # Broadcast/control messages (worker ping, shutdown) also go under var/, not the cwd.
        "control_folder": str(BROKER_DIR / "control"),
        # How often an idle worker looks for new files: short enough that tests and the
        # first run feel immediate, long enough to be idle on a laptop.
        "polling_interval": 0.2,
    }
elif CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # Redis hands an unacknowledged message to another worker once it has been out for
    # the visibility timeout, whether its worker died or is still running it: so it must
    # exceed the longest task, or long tasks would run twice. A killed worker's tasks
    # thus come back after that long (the filesystem broker requeues them at once).
    # Any process consuming from Redis restores messages, so every process derives the
    # same value here. Lower it only for tests (docs/configuration.md).
    BROKER_VISIBILITY_TIMEOUT = env_int(
        "KEHR_BROKER_VISIBILITY_TIMEOUT_SECONDS", LONGEST_TASK_SECONDS + 10 * 60, minimum=1
    )
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": BROKER_VISIBILITY_TIMEOUT,
        # Look for timed-out messages every quarter of the timeout (1 s to 1 min) instead
        # of kombu's default of every 100 s, so a short test timeout is honoured too.
        "unacked_restore_interval": max(1, min(60, BROKER_VISIBILITY_TIMEOUT // 4)),
        "unacked_restore_throttle": 1,
    }
elif not CELERY_BROKER_URL.startswith("amqp://"):
    raise ConfigurationError(
        f"CELERY_BROKER_URL={CELERY_BROKER_URL!r}: use filesystem://, redis://host:port/db "
        "or amqp://…"
    )
CELERY_TASK_ACKS_LATE = True  # a worker killed mid-task leaves the task for another one
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_IGNORE_RESULT = True
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    "check-submission-counters": {
        "task": "annotations.tasks.check_submission_counters",
        "schedule": float(env_int("KEHR_COUNTER_CHECK_SECONDS", 6 * 3600, minimum=60)),
    },
    # Gold standard (docs/merging.md): pages marked dirty by submissions, exclusions and
    # staff decisions are merged within a minute; stale corpus statistics are recomputed
    # less often (they read every submission); a sweep re-checks every page's inputs.
    "merge-dirty-pages": {
        "task": "gold.tasks.merge_dirty_pages",
        "schedule": float(env_int("KEHR_MERGE_INTERVAL_SECONDS", 60, minimum=5)),
    },
    "refresh-gold-stats": {
        "task": "gold.tasks.refresh_stale_stats",
        "schedule": float(env_int("KEHR_STATS_INTERVAL_SECONDS", 300, minimum=10)),
    },
    "merge-sweep": {
        "task": "gold.tasks.merge_all_corpora",
        "schedule": float(env_int("KEHR_MERGE_SWEEP_SECONDS", 6 * 3600, minimum=60)),
    },
    # Classifier (docs/engine.md, "Retraining"): corpora whose settings ask for it get a
    # new model once enough pages were merged since their last one.
    "retrain-due-models": {
        "task": "learning.tasks.retrain_due",
        "schedule": float(env_int("KEHR_RETRAIN_CHECK_SECONDS", 3600, minimum=60)),
    },
}


def _tolerance(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:  # also refuses nan
        raise ValueError("it must be from 0 to 1 (a difference of macro F1)")
    return value


# Retraining makes a candidate current when the lower bound of the 95 % interval of
# mean(candidate - current) per-page F1 is at least -this (learning.retraining.decide).
KEHR_RETRAIN_TOLERANCE = env_parsed(
    "KEHR_RETRAIN_TOLERANCE", "0.01", _tolerance, "a number from 0 to 1"
)

# --- Kehr ------------------------------------------------------------------------
KEHR_ADMIN_USERNAME = env_str("KEHR_ADMIN_USERNAME", "admin")

# --- Signing the annotator add-on on addons.mozilla.org (annotator/signing.py) -------
# The deployer's AMO API keys (https://addons.mozilla.org/developers/addon/api/key/):
# empty until ``manage.py addon sign`` needs them, which then says how to get them.
_AMO_LOOPBACK = {"127.0.0.1", "::1", "localhost"}


def _amo_base_url(text: str) -> str:
    parts = urlsplit(text)
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise ValueError("use the API's address, e.g. https://addons.mozilla.org/api/v5/")
    if parts.scheme == "http" and parts.hostname not in _AMO_LOOPBACK:
        # The API keys travel in every request: plain http only to a fake service on loopback.
        raise ValueError("plain http is only allowed on loopback (a test's fake service)")
    return text.rstrip("/") + "/"


def _amo_issuer(text: str) -> str:
    if text and not re.fullmatch(r"user:\d+:\d+", text):
        raise ValueError("AMO's JWT issuer looks like user:12345:67 (the API key's 'JWT issuer')")
    return text


KEHR_AMO_BASE_URL = env_parsed(
    "KEHR_AMO_BASE_URL", "https://addons.mozilla.org/api/v5/", _amo_base_url, "an API address"
)
KEHR_AMO_JWT_ISSUER = env_parsed("KEHR_AMO_JWT_ISSUER", "", _amo_issuer, "an AMO JWT issuer")
KEHR_AMO_JWT_SECRET = env_str("KEHR_AMO_JWT_SECRET", "")


def _addon_id(text: str) -> str:
    # Firefox's add-on ids: name@domain, or a GUID in braces.
    if text and not re.fullmatch(r"[A-Za-z0-9._-]*@[A-Za-z0-9._-]+|\{[0-9a-fA-F-]{36}\}", text):
        raise ValueError("use name@domain, e.g. annotator@kehr.example.org")
    return text


# The id the signed add-on gets (empty: the one signed before, else annotator@SERVER-HOST).
KEHR_ADDON_ID = env_parsed("KEHR_ADDON_ID", "", _addon_id, "an add-on id")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {
        "handlers": ["console"],
        "level": env_choice("LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR")),
    },
}
# --- Failed-login limits (django-axes; accounts/login_limits.py says how they count) ----
KEHR_LOGIN_MAX_FAILURES = env_int("KEHR_LOGIN_MAX_FAILURES", 10, minimum=1)
KEHR_LOGIN_MAX_FAILURES_PER_ADDRESS = env_int("KEHR_LOGIN_MAX_FAILURES_PER_ADDRESS", 100, minimum=1)
KEHR_LOGIN_WINDOW_SECONDS = env_int("KEHR_LOGIN_WINDOW_SECONDS", 900, minimum=10)
# API tokens one user may hold; logging in past it revokes the longest-unused ones.
KEHR_MAX_CLIENT_TOKENS = env_int("KEHR_MAX_CLIENT_TOKENS", 50, minimum=1)
# Bulk account imports (accounts/passwords.py): PBKDF2 iterations for *generated*
# passwords (72 random bits; Django re-hashes them at the full default at the first
# login), and how long the admin's import may hash before it refuses (gunicorn's worker
# timeout is 30 s; manage.py create_annotators has no limit).
KEHR_GENERATED_PASSWORD_ITERATIONS = env_int(
    "KEHR_GENERATED_PASSWORD_ITERATIONS", 100_000, minimum=10_000
)
KEHR_ADMIN_IMPORT_SECONDS = env_int("KEHR_ADMIN_IMPORT_SECONDS", 20, minimum=1)
# Reverse proxies in front of Kehr that append to X-Forwarded-For (0: the header is ignored).
KEHR_TRUSTED_PROXY_COUNT = env_int("KEHR_TRUSTED_PROXY_COUNT", 0, minimum=0)
AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out login before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "accounts.login_limits.LoginFailureHandler"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_FAILURE_LIMIT = "accounts.login_limits.failure_limit"
AXES_COOLOFF_TIME = "accounts.login_limits.cool_off"
AXES_CLIENT_IP_CALLABLE = "accounts.login_limits.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.login_limits.lockout_response"
# A success must not wipe the per-address count: anyone with one account could reset it.
AXES_RESET_ON_SUCCESS = False
AXES_VERBOSE = False  # no start-up banner on every manage.py command
# Successful logins are not logged: only failures are needed, and they are personal data.
AXES_DISABLE_ACCESS_LOG = True

# --- Served over HTTPS (production; docs/admin-guide.md, "Production") ---------------
# KEHR_HTTPS=true says browsers reach Kehr over HTTPS only: cookies are sent over HTTPS
# only, plain-HTTP requests are redirected, and browsers are told (HSTS) to use HTTPS for
# KEHR_HSTS_SECONDS. `manage.py check --deploy` is clean with it (tests/test_deploy_settings.py).
KEHR_HTTPS = env_bool("KEHR_HTTPS", False)
# Read (and checked) even over plain HTTP, so a typo shows before HTTPS is switched on.
_hsts_seconds = env_int("KEHR_HSTS_SECONDS", 365 * 24 * 3600, minimum=0)
_hsts_subdomains = env_bool("KEHR_HSTS_INCLUDE_SUBDOMAINS", True)
_hsts_preload = env_bool("KEHR_HSTS_PRELOAD", False)
if KEHR_HTTPS:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    # The container health check calls http://127.0.0.1:8000/healthz/ past the proxy.
    SECURE_REDIRECT_EXEMPT = [r"^healthz/$"]
    SECURE_HSTS_SECONDS = _hsts_seconds
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _hsts_subdomains
    SECURE_HSTS_PRELOAD = _hsts_preload
    if not SECURE_HSTS_PRELOAD:
        # security.W021 asks for the HSTS "preload" flag. It is a promise to browser
        # vendors about the whole registered domain (hstspreload.org), which only its
        # owner can make: an installation at kehr.university.example cannot. Opt in with
        # KEHR_HSTS_PRELOAD=true.
        SILENCED_SYSTEM_CHECKS = ["security.W021"]
    if KEHR_TRUSTED_PROXY_COUNT > 0:
        # TLS ends at the reverse proxy, which talks plain HTTP to gunicorn and says
        # X-Forwarded-Proto: https. Trusted only when a proxy is declared: without one a
        # client could send the header itself. The proxy must set (replace) the header.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
