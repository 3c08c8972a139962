"""Scorekeeper's settings, all read from the environment.

| variable       | default                         | meaning                                        |
| -------------- | ------------------------------- | ---------------------------------------------- |
| DEBUG          | off                             | Django's debug pages; `1` only on a dev laptop |
| SECRET_KEY     | none (with DEBUG on: a dev key) | required with DEBUG off: a long random value   |
| DATABASE_URL   | sqlite:///<repo>/db.sqlite3     | `postgres://user@host:5432/name` for PostgreSQL |
| ALLOWED_HOSTS  | localhost,127.0.0.1             | comma-separated host names                     |
| HTTPS          | on unless DEBUG                 | secure cookies, HSTS and the redirect to https |
| SSL_REDIRECT   | as HTTPS                        | `0` when the reverse proxy redirects to https  |
| PROXY_SSL_HEADER | X-Forwarded-Proto when HTTPS  | the proxy's header saying "https"; `` = none   |
| STATIC_ROOT    | <repo>/staticfiles              | where `collectstatic` puts files               |
| SCOREKEEPER_PROXY_COUNT | 0                      | reverse proxies in front; the sign-in lock-out |
|                |                                 | reads the client from X-Forwarded-For then     |
| API_RATE_ANONYMOUS | 120/min                     | the API's public operations, per address;      |
|                |                                 | `N/s`, `/min`, `/hour`, `/day`, or `off`       |
| API_RATE_TOKEN | 600/min                         | the API, per token (HTTP Basic: per account)   |
| API_RATE_CACHE | local                           | where the counts are kept: `local` (each       |
|                |                                 | process), `database`, or a `redis://` URL      |
"""

import datetime
import importlib.util
import os
import re
import tempfile
from pathlib import Path
from typing import Any

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isascii() or not value.isdigit():
        raise ValueError(f"{name} should be a whole number from 0 up, not {value!r}")
    return int(value)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# A rate as DRF's throttles read it: requests per second, minute, hour or day.
RATE = re.compile(r"[1-9][0-9]{0,8}/(s|sec|second|m|min|minute|h|hour|d|day)")


def env_rate(name: str, default: str) -> str | None:
    """A rate limit from the environment (``120/min``), or None for ``off``."""
    value = os.environ.get(name, "").strip().lower() or default
    if value == "off":
        return None
    if not RATE.fullmatch(value):
        raise ValueError(
            f"{name} should be requests per s, min, hour or day (120/min), or off; not {value!r}"
        )
    return value


def rate_limit_cache(value: str) -> dict[str, Any]:
    """Where the API's rate limits keep their counts (``API_RATE_CACHE``)."""
    value = value.strip()
    # Room for many clients' counts (a count is a list of request times: about 5 KB for a
    # token at 600 a minute); a full cache forgets a third of them, which lets those through.
    options = {"MAX_ENTRIES": 10_000}
    if value in ("", "local"):
        # Each process counts on its own: with several gunicorn workers a client may get up to
        # that many times its rate (docs/api.md).
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "scorekeeper-rate-limits",
            "OPTIONS": options,
        }
    if value == "database":
        # Shared by every worker and server: the table `manage.py createcachetable` makes
        # (./dev serve runs it after migrate).
        return {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "scorekeeper_rate_limits",
            "OPTIONS": options,
        }
    if value.startswith(("redis://", "rediss://", "unix://")):
        if importlib.util.find_spec("redis") is None:
            raise ValueError(
                "API_RATE_CACHE names a Redis server, but the redis package is not installed "
                "(pip install redis), or set API_RATE_CACHE=database"
            )
        return {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": value,
            "KEY_PREFIX": "scorekeeper-rate-limits",
        }
    raise ValueError(f"API_RATE_CACHE should be local, database or a redis:// URL; not {value!r}")


DEBUG = env_bool("DEBUG", False)
DEV_SECRET_KEY = "django-insecure-scorekeeper-development-key-never-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY") or DEV_SECRET_KEY
# With DEBUG off the development key, or a weak one, is refused: scorekeeper/checks.py says why.
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

HTTPS = env_bool("HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
# Behind a reverse proxy that ends TLS, Django sees plain http: trust the proxy's header (and
# only then: a client could send it itself to a server reached directly). PROXY_SSL_HEADER=""
# turns it off for a server that speaks TLS itself.
_proxy_header = os.environ.get("PROXY_SSL_HEADER", "X-Forwarded-Proto" if HTTPS else "").strip()
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_" + _proxy_header.upper().replace("-", "_"), "https") if _proxy_header else None
)
SECURE_CONTENT_TYPE_NOSNIFF = True
SESSION_COOKIE_HTTPONLY = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content Security Policy (Django's own, django.middleware.csp). Scripts and styles come only
# from this site's static files: no inline <script> or <style>, no style= attributes, no inline
# handlers (onclick=, hx-on), no eval; tests/scorekeeper/test_csp.py reads every template for
# that. The deal and desk forms show and hide their parts with static :has() rules in app.css,
# keyed by the position of each choice, not with <style> made per game: htmx swaps those forms
# in, where no nonce of the page could follow. (Setting element.style from a script, as the card
# picker does, is not an inline style: the CSSOM is not governed by style-src.)
SECURE_CSP: dict[str, list[str]] = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "manifest-src": [CSP.SELF],
    "worker-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",  # sign-in throttling and lock-out (pages, admin and HTTP Basic)
    "corsheaders",  # the API's CORS policy (CORS_ALLOWED_ORIGINS; none by default)
    "scorekeeper",
    "scorekeeper.pages",  # no models: its template tags
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # The API's CORS policy: before anything that may answer (a preflight is answered here).
    "corsheaders.middleware.CorsMiddleware",
    # The RateLimit headers on each API answer a rate limit counted (scorekeeper/api/ratelimit.py).
    "scorekeeper.api.ratelimit.RateLimitHeaders",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # No NUL in any query parameter (PostgreSQL refuses it): a 400 before anything reads them.
    "scorekeeper.web.query.QueryParametersMiddleware",
    # The scoreboard's "nothing changed" poll, answered before the heavier layers below
    # (scorekeeper/live/polling.py says why that is safe).
    "scorekeeper.live.polling.PollMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The language spoken: this phone's choice, the person's, the phone's own, English; the
    # API only what the request asks (scorekeeper/languages/choosing.py).
    "scorekeeper.languages.choosing.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A write that waited for the database's lock past its timeout: 503, Retry-After.
    "scorekeeper.web.busy.BusyMiddleware",
    # Last, as axes asks: turns a locked-out sign-in into scorekeeper.access.lockout's answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

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

# PostgreSQL in production; an embedded SQLite file otherwise. Each worker keeps its connection
# for a minute, on SQLite too: opening one (and setting its PRAGMAs) cost more than the
# unchanged poll's one query. Under gunicorn, bench/load.py measured that poll at 0.26 of the
# minimal view's throughput with a new connection per request, 0.63 with a kept one.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        # Two phones writing at once must wait for each other, not fail with "database is
        # locked": IMMEDIATE takes the write lock at BEGIN, so the timeout applies.
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        # WAL lets readers (the scoreboard polls) run while a deal is written; FULL keeps the
        # last commits through a power cut.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;",
    }
    # Tests use a file too, as production does: an in-memory database is one connection shared
    # by every thread, so concurrent requests to a live server would not be concurrent at all.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"scorekeeper-test-{os.getpid()}.sqlite3")
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A write waits for a row lock at most as long as SQLite's writers wait for theirs, then
    # fails with SQLSTATE 55P03, answered 503 with Retry-After (scorekeeper.web.busy); without it
    # a write would wait until gunicorn killed the worker (an HTML 500 at 30 s).
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c lock_timeout=20s"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Sign-in throttling (django-axes): 5 wrong passwords for one account from one address lock that
# pair out for 15 minutes, on the sign-in page, the admin and HTTP Basic alike. AxesBackend
# comes first: it refuses a locked-out pair before any password is checked (it checks none
# itself: ModelBackend does). It needs the request, which Django's sign-in forms and DRF's
# Basic pass.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True  # a right password (before the lock) forgets the earlier slips
# Guessing on during a lock-out does not push its end further away: the page's "15 minutes"
# stays true for the person who only mistyped.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "scorekeeper.access.lockout.lockout_response"
AXES_HTTP_RESPONSE_CODE = 429
# Behind a reverse proxy every request comes from the proxy's address: the client's is read
# from X-Forwarded-For, trusting as many hops from the right as there are proxies in front
# (scorekeeper.access.lockout.client_ip). 0 (the default) trusts none: the header is ignored.
SCOREKEEPER_PROXY_COUNT = env_int("SCOREKEEPER_PROXY_COUNT", 0)
AXES_CLIENT_IP_CALLABLE = "scorekeeper.access.lockout.client_ip"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# English (the source, and the API's default), and the languages of the Nordic games' tables:
# Swedish (Brus, Gotland), Danish (Voormsi, Greenland's second language), Icelandic (Alkort,
# Treikort). Each is named in itself, as the language switch shows it.
LANGUAGE_CODE = "en-gb"
LANGUAGES = [("en-gb", "English"), ("sv", "Svenska"), ("da", "Dansk"), ("is", "Íslenska")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
# A year on this phone; the language switch sets it (scorekeeper/pages/views/language.py).
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG and env_bool("MANIFEST_STATIC", True)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

REST_FRAMEWORK = {
    # Basic first: DRF answers a signed-out request with the first class's challenge, and only
    # Basic has one (401 with WWW-Authenticate; Session has none, which makes it a bare 403).
    # Each class only acts on its own credentials, so the order changes nothing else.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "scorekeeper.api.auth.ThrottledBasicAuthentication",  # through axes
        "scorekeeper.api.auth.TokenAuthentication",  # Authorization: Token <raw> (or Bearer)
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PARSER_CLASSES": [
        # JSON only (the pages have their own forms); refuses JSON nested too deeply.
        "scorekeeper.api.parsers.JSONParser",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "scorekeeper.api.schema.AutoSchema",
    "EXCEPTION_HANDLER": "scorekeeper.api.errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "scorekeeper.api.errors.ProblemJSONRenderer",  # Accept: application/problem+json
    ],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    # The rate limits: per address on the public operations, per token (scorekeeper/api/
    # ratelimit.py); a 429 with Retry-After past them, and the RateLimit headers on every answer
    # counted.
    "DEFAULT_THROTTLE_CLASSES": ["scorekeeper.api.ratelimit.RateLimit"],
}
# How many requests a minute (or s, hour, day) the API answers: without credentials on its
# public operations (the questions, the game types), per client address (read as the sign-in
# lock-out reads it: SCOREKEEPER_PROXY_COUNT); with an API token, per token (HTTP Basic: per
# account, at the token's rate). The pages' session is not counted. `off` turns one off.
# 120 a minute: two questions a second from one address, far past what a table asks (a question
# a deal), while a script hammering the engine's hardest questions is held to that. 600 a
# minute: ten a second for a token, the club night of bench/load.py (50 tables, a deal each
# every 30 s: 100 a minute) six times over, from one token.
API_RATE_ANONYMOUS = env_rate("API_RATE_ANONYMOUS", "120/min")
API_RATE_TOKEN = env_rate("API_RATE_TOKEN", "600/min")
CACHES = {
    # The kept scoreboards (scorekeeper/live/board_cache.py): each process its own, as Django's
    # default is.
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # The rate limits' counts, apart from the boards so that neither pushes the other out.
    "ratelimit": rate_limit_cache(os.environ.get("API_RATE_CACHE", "local")),
}
# CORS (django-cors-headers): which other origins' browser apps may call the API, by
# configuration: CORS_ALLOWED_ORIGINS="https://app.example.org,https://other.example" (none by
# default: only this site's own pages and scripts outside a browser call it). Only /api/v1/;
# never with the session's cookie (a browser app sends an API token), and the API's own
# headers allowed and shown.
CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS", "")
CORS_URLS_REGEX = r"^/api/v1/.*$"
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_HEADERS = (
    "accept",
    "accept-language",
    "authorization",
    "content-type",
    "idempotency-key",
    "if-match",
    "if-none-match",
)
CORS_EXPOSE_HEADERS = (
    "content-language",
    "etag",
    "idempotent-replayed",
    "location",
    "ratelimit",
    "ratelimit-policy",
    "retry-after",
)
CORS_PREFLIGHT_MAX_AGE = 3600

SPECTACULAR_SETTINGS = {
    "TITLE": "Scorekeeper API",
    "DESCRIPTION": "Record card games as they are played, and have them adjudicated by the written rules.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Each game's deal body as a component; request bodies refuse unknown fields (as the API does).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "scorekeeper.api.schema.postprocess",
    ],
    # <id:...> in the URLs (scorekeeper/web/converters.py): a row id.
    # A club member's role (issue 29), apart from a night's person's (recorder or viewer),
    # which keeps the name it had.
    "ENUM_NAME_OVERRIDES": {
        "ClubRoleEnum": "scorekeeper.models.Membership.Role",
        "RoleEnum": ["recorder", "viewer"],
    },
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "format": "int64", "minimum": 0, "maximum": 2**63 - 1}
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
