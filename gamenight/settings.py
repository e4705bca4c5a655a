"""Django settings for gamenight.

Every setting that differs between a laptop and production comes from an
environment variable, read through the small typed helpers below. With no
variables set at all, the app is safe to serve to the home network (what
`make run` does): DEBUG off, a secret key generated once under var/, only this
machine's names and addresses allowed, on SQLite with an embedded (filesystem)
Celery broker. `make dev` sets DEBUG=1 for debug pages and autoreload on
127.0.0.1 only.
"""

from __future__ import annotations

import datetime
import os
import secrets
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

# Django's classes that django-stubs declares generic (ModelAdmin, ModelForm,
# QuerySet...) become subscriptable at run time too, so code can say
# `admin.ModelAdmin[Night]` as mypy sees it.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off", ""})


def envstr(name: str, default: str = "") -> str:
    """Return the environment variable `name`, or `default` when it is unset."""
    return os.environ.get(name, default)


def envbool(name: str, default: bool = False) -> bool:
    """Return a boolean environment variable (1/0, true/false, yes/no, on/off)."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no)")


def envint(name: str, default: int) -> int:
    """Return an integer environment variable, or `default` when it is unset or empty."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from None


def envlist(name: str, default: str = "") -> list[str]:
    """Return a comma-separated environment variable as a list of non-empty items."""
    return [item.strip() for item in envstr(name, default).split(",") if item.strip()]


def secret_key_file(path: Path) -> str:
    """The key in ``path``, made on first use (mode 0600, readable by this user only).

    The web workers and the Celery worker may start at the same moment: the key
    is written to a temporary file and linked into place, so exactly one key
    wins and nobody reads a half-written file.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(secrets.token_urlsafe(50))
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process made it first: use theirs
        finally:
            temporary.unlink()
    key = path.read_text().strip()
    if len(key) < 50:
        raise ImproperlyConfigured(f"{path} holds no usable secret key: delete it to make one")
    return key


# ------------------------------------------------------------------ core
# Off unless asked for: a debug page shows every variable of a hand (every
# hole card) and the settings to whoever triggers an error. `make dev` sets DEBUG=1.
DEBUG = envbool("DEBUG", False)

# Local state of this checkout: the generated secret key, Celery's filesystem broker.
VAR_DIR = Path(envstr("VAR_DIR") or BASE_DIR / "var")

# SECRET_KEY from the environment (production), else one made on first start
# and kept in var/secret_key, so sessions survive a restart of `make run`.
SECRET_KEY = envstr("SECRET_KEY") or secret_key_file(VAR_DIR / "secret_key")

# The names and addresses the phones on the home network use for this machine
# (gamenight/lan.py finds them without network traffic), or ALLOWED_HOSTS.
if os.environ.get("ALLOWED_HOSTS") is not None:
    ALLOWED_HOSTS = envlist("ALLOWED_HOSTS")
else:
    from gamenight.lan import machine_hosts

    ALLOWED_HOSTS = machine_hosts()
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")

# Behind a TLS-terminating proxy: secure cookies, trust X-Forwarded-Proto,
# redirect plain HTTP and tell browsers to use HTTPS only (HSTS).
HTTPS = envbool("HTTPS", False)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    # The container's health check talks plain HTTP to the app directly.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = envint("HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = envbool("HSTS_PRELOAD", True)
else:
    # Plain HTTP on the home network (`make run`): there is no TLS to redirect
    # to, a Secure cookie would never be sent back and HSTS would lock the
    # phones out of http://. `check --deploy` warns about exactly these four;
    # each is switched on with HTTPS=1 (docker-compose.yml behind its proxy).
    SILENCED_SYSTEM_CHECKS = [
        "security.W004",  # SECURE_HSTS_SECONDS
        "security.W008",  # SECURE_SSL_REDIRECT
        "security.W012",  # SESSION_COOKIE_SECURE
        "security.W016",  # CSRF_COOKIE_SECURE
    ]

# Sent by SecurityMiddleware; the Content-Security-Policy comes from
# gamenight.middleware.SecurityHeadersMiddleware.
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    # For the admin only (its checks admin.E404/E406/E409 need the app, its
    # middleware and context processor). The app's "recorded" confirmation is a
    # signed cookie carrying the transaction (gamenight/pages/recorded.py): the
    # night page shows that game's row with its Undo, which a message's text
    # could not name.
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "gamenight.apps.GamenightConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "gamenight.middleware.SecurityHeadersMiddleware",
    # A lock error of the view is a 503 "try again" page, not a 500 (gamenight/busy.py).
    "gamenight.busy.DatabaseBusyMiddleware",
    # Last, as django-axes asks: it turns a lockout into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "gamenight.urls"
WSGI_APPLICATION = "gamenight.wsgi.application"
ASGI_APPLICATION = "gamenight.asgi.application"
# Fill the TV odds' evaluator tables in a background thread as the web process starts
# (engine/games/odds_warm_up.py: about a second of CPU, once).
ODDS_WARM_UP = envbool("ODDS_WARM_UP", True)

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "gamenight.live.context.live_events",
            ],
        },
    },
]

# ------------------------------------------------------------------ database
# SQLite next to manage.py by default; DATABASE_URL (e.g. postgres://...) when set.
DATABASE_URL = envstr("DATABASE_URL")
SQLITE_TIMEOUT = envint("SQLITE_TIMEOUT", 20)


def sqlite_options(given: dict[str, Any]) -> dict[str, Any]:
    """SQLite settings under which a second writer waits for the first instead of failing.

    Several gunicorn workers write to one file. SQLite has no row locks
    (select_for_update is a no-op there): a deferred transaction that reads,
    then writes, cannot wait for the write lock and fails at once with
    "database is locked" when another writer holds it. IMMEDIATE takes the
    write lock at BEGIN, where the busy timeout makes it wait; WAL (switched on
    as each connection opens, waiting for the lock too: gamenight/sqlite_wal.py)
    lets pages be read while a write is under way; synchronous=NORMAL is WAL's
    safe and faster setting. Options given in DATABASE_URL win over these.
    """
    options = {
        "transaction_mode": "IMMEDIATE",
        # Below gunicorn's 30 s worker timeout, so a wait never kills the worker.
        "timeout": SQLITE_TIMEOUT,
        "init_command": "PRAGMA synchronous=NORMAL",
        **given,
    }
    options["timeout"] = float(options["timeout"])  # a URL gives it as text
    return options


DATABASES: dict[str, dict[str, Any]]
if DATABASE_URL:
    DATABASES = {
        "default": dict(
            # No persistent connections: the app is served over ASGI
            # (gamenight/asgi_worker.py), where each request's view runs in a thread
            # of its own, so every thread would leave its connection open (Django's
            # docs: disable persistent connections under ASGI). PostgreSQL ran out
            # of connections in the stress test with them on.
            dj_database_url.parse(DATABASE_URL, conn_max_age=0)
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Instead, psycopg's pool (Django 5.1+): a request takes a connection and gives
        # it back, so PostgreSQL no longer forks a backend for every request (SCALE.md:
        # 6.4 ms of its CPU on a poll whose query takes well under 1 ms). At most ten
        # a process (the live hub keeps two of them): three web processes and the
        # worker's stay well below PostgreSQL's 100.
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 2,
            "max_size": 10,
            "timeout": 10,
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
        }
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = sqlite_options(DATABASES["default"].get("OPTIONS", {}))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# ------------------------------------------------------------------ accounts
# django-axes first: it refuses a locked-out login before the password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Login throttling: five failed attempts lock that username from that address
# for 15 minutes; a successful login clears the count.
AXES_ENABLED = envbool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=envint("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
AXES_RESET_ON_SUCCESS = True
# Reverse proxies in front of the app (the compose TLS proxy is one): the
# client's address is then read from X-Forwarded-For (gamenight/client_ip.py),
# so that a lock-out falls on the person, not on the proxy everyone shares.
TRUSTED_PROXY_COUNT = envint("TRUSTED_PROXY_COUNT", 0)
AXES_CLIENT_IP_CALLABLE = "gamenight.client_ip.client_ip"
# Password spraying: this many failed logins from one address, whatever the
# usernames, pause logging in from there for the cool-off time.
LOGIN_ADDRESS_FAILURE_LIMIT = envint("LOGIN_ADDRESS_FAILURE_LIMIT", 20)
# Sign-ups and password-reset mails per address and hour (each sign-up attempt
# tells whether a username exists, so attempts are counted, not accounts).
SIGNUP_LIMIT_PER_HOUR = envint("SIGNUP_LIMIT_PER_HOUR", 10)
PASSWORD_RESET_LIMIT_PER_HOUR = envint("PASSWORD_RESET_LIMIT_PER_HOUR", 5)

# Invite links stop working after this many days; the host makes a new one.
INVITE_DAYS = envint("INVITE_DAYS", 7)
# How long one minute of a tournament structure lasts, in milliseconds: 60,000 at the
# table; a test (or a demonstration) plays a whole structure in seconds with less.
TOURNAMENT_MINUTE_MS = envint("TOURNAMENT_MINUTE_MS", 60_000)

# ------------------------------------------------------------------ i18n
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("de", _("German")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English times on a 24-hour clock (gamenight/formats/en/formats.py).
FORMAT_MODULE_PATH = ["gamenight.formats"]
TIME_ZONE = envstr("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# ------------------------------------------------------------------ static files
STATIC_URL = "static/"
STATIC_ROOT = Path(envstr("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
# STATIC_MANIFEST=1 where collectstatic has run first (scripts/run.sh, docker
# compose): hashed, compressed files cached for a year. Without it (make dev,
# the tests, a bare gunicorn) whitenoise serves the files from their folders,
# so a page never fails for want of a collected file.
STATIC_MANIFEST = envbool("STATIC_MANIFEST", False)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if STATIC_MANIFEST
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        ),
    },
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST
# Files a browser asks for at the site's root (/favicon.ico), served from the app's
# static files by whitenoise, as they are: no request for them reaches a view (a 404).
WHITENOISE_ROOT = BASE_DIR / "static" / "root"
# Without the manifest there may be no STATIC_ROOT at all: look the files up
# as they are asked for instead of scanning (and warning about) a missing folder.
WHITENOISE_AUTOREFRESH = DEBUG or not STATIC_MANIFEST

# ------------------------------------------------------------------ live moves
# A change of a night reaches its open pages through a Channels layer
# (gamenight/live/): Redis pub/sub between the web processes in production; on
# one machine without Redis (`make run`, whose web workers are several
# processes: scripts/run.sh), Unix datagram sockets in var/live/, no server needed
# (gamenight/live/unix_layer.py).
CHANNEL_LAYERS: dict[str, dict[str, object]] = (
    {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [envstr("REDIS_URL")]},
        }
    }
    if envstr("REDIS_URL")
    else {
        "default": {
            "BACKEND": "gamenight.live.unix_layer.UnixSocketChannelLayer",
            "CONFIG": {"path": str(VAR_DIR / "live")},
        }
    }
)

# ------------------------------------------------------------------ celery
# REDIS_URL when set (production); otherwise an embedded filesystem broker and
# result store under var/celery/, so one machine needs no services at all.
REDIS_URL = envstr("REDIS_URL")
# CELERY_DATA_DIR: the tests give each worker a folder of its own.
_celery_dir = Path(envstr("CELERY_DATA_DIR")) if envstr("CELERY_DATA_DIR") else VAR_DIR / "celery"
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        # A message a dead worker took is delivered again after this many seconds; a
        # live worker stamps the messages it holds anew (gamenight/broker_redis.py),
        # so a slow build or a retry's countdown may last longer.
        "visibility_timeout": envint("CELERY_VISIBILITY_TIMEOUT", 30),
        # Look for such messages every 10 s (kombu's default: every 100 s).
        "unacked_restore_throttle": 1,
        # Ending a night must not hang on a broker that has gone away.
        "socket_connect_timeout": 3,
        "socket_timeout": 10,
    }
else:
    _queue_dir = _celery_dir / "queue"
    _results_dir = _celery_dir / "results"
    for _dir in (_queue_dir, _results_dir):
        _dir.mkdir(parents=True, exist_ok=True)
    # kombu's filesystem transport, but a killed worker's messages come back
    # (gamenight/broker_fs.py).
    CELERY_BROKER_URL = "gamenightfs://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue_dir),
        "data_folder_out": str(_queue_dir),
        "control_folder": str(_celery_dir / "control"),
        "store_processed": False,
    }
    CELERY_RESULT_BACKEND = f"file://{_results_dir}"
CELERY_TASK_ALWAYS_EAGER = envbool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TIMEZONE = TIME_ZONE

# Reports (gamenight/reports/build.py): the sweep runs every REPORT_SWEEP_SECONDS
# and sends again the task of a report still queued after REPORT_REQUEUE_AFTER
# seconds (the broker was away) or running after REPORT_RUNNING_TIMEOUT seconds
# (its worker died).
REPORT_SWEEP_SECONDS = envint("REPORT_SWEEP_SECONDS", 30)
REPORT_REQUEUE_AFTER = envint("REPORT_REQUEUE_AFTER", 60)
REPORT_RUNNING_TIMEOUT = envint("REPORT_RUNNING_TIMEOUT", 300)
# Every sweep round also notes that the worker was seen (gamenight/reports/worker_seen.py);
# a page waiting for a report says reports are delayed when that is older than this.
REPORT_WORKER_SILENT_AFTER = envint("REPORT_WORKER_SILENT_AFTER", 3 * REPORT_SWEEP_SECONDS)
# The sweep is a beat entry; beat runs inside the worker (``-B`` in
# gamenight.commands.WORKER), so wherever a worker runs, the sweep runs. A sweep
# the worker had no time for expires instead of piling up behind the builds.
CELERY_BEAT_SCHEDULE = {
    "sweep-reports": {
        "task": "gamenight.requeue_stale_reports",
        "schedule": float(REPORT_SWEEP_SECONDS),
        "options": {"expires": float(REPORT_SWEEP_SECONDS)},
    },
}
# Beat keeps its record of when each entry last ran in memory, not in a file: the
# only entry runs every few seconds, so a restarted worker loses nothing by starting
# its count afresh, and there is no schedule file whose folder (var/celery/, which
# nothing else makes on Redis) may be missing or read-only: with the file, beat
# died at start under `make run` with REDIS_URL and in docker compose, and the
# sweep never ran.
CELERY_BEAT_SCHEDULER = "celery.beat:Scheduler"

# ------------------------------------------------------------------ group files
# The largest group file the upload page takes, in bytes (a five-season group of
# weekly nights is a few megabytes; the page says the limit). The worker writes an
# import in batches of at most GROUP_IMPORT_BATCH_MS, pausing GROUP_IMPORT_PAUSE_MS
# between them on SQLite, so that the table's own writes get the database's one
# write lock meanwhile (gamenight/services/group_import_write.py).
GROUP_IMPORT_MAX_BYTES = envint("GROUP_IMPORT_MAX_BYTES", 10 * 1024 * 1024)
GROUP_IMPORT_BATCH_MS = envint("GROUP_IMPORT_BATCH_MS", 100)
GROUP_IMPORT_PAUSE_MS = envint("GROUP_IMPORT_PAUSE_MS", 120)

# ------------------------------------------------------------------ email
# Reports are mailed to the players; by default the mail is printed (console).
EMAIL_BACKEND = envstr("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = envstr("EMAIL_HOST", "localhost")
EMAIL_PORT = envint("EMAIL_PORT", 25)
EMAIL_HOST_USER = envstr("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = envstr("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = envstr("DEFAULT_FROM_EMAIL", "poker-night@localhost")

# ------------------------------------------------------------------ logging
# Seat and invite links are secrets: the filter masks their tokens in every
# line (Django's "Not Found: /s/<token>/" included); gunicorn's access log has
# its own masking logger (gamenight/log_masking.py, gamenight/commands.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"mask_tokens": {"()": "gamenight.log_masking.MaskTokensFilter"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["mask_tokens"]},
    },
    "root": {"handlers": ["console"], "level": envstr("LOG_LEVEL", "INFO")},
}
