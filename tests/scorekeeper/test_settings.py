"""Settings come from the environment: safe by default, and SQLite tuned for a busy table."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.db.backends.sqlite3.base import DatabaseWrapper

REPO = Path(__file__).resolve().parents[2]

sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="SQLite PRAGMAs; the suite runs on PostgreSQL"
)


def run(
    args: list[str], program: str = sys.executable, **env: str | None
) -> subprocess.CompletedProcess[str]:
    """Run Python in a fresh process with only the environment given (None leaves a name out),
    and a secret key of its own unless told otherwise.

    Nothing leaks in from the test run (the browser tests set DJANGO_ALLOW_ASYNC_UNSAFE, which
    the deploy check rightly refuses).
    """
    environ = {
        "PATH": os.environ.get("PATH", ""),
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "SECRET_KEY": secrets.token_urlsafe(50),
    }
    environ |= env
    return subprocess.run(
        [program, *args],
        cwd=REPO,
        env={k: v for k, v in environ.items() if v is not None},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def setting(name: str, **env: str | None) -> str:
    code = (
        f"import django; django.setup(); from django.conf import settings; print(settings.{name})"
    )
    result = run(["-c", code], **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


# SQLite -----------------------------------------------------------------------------------------


@pytest.fixture
def file_connection(tmp_path: Path, django_db_blocker: Any) -> Iterator[DatabaseWrapper]:
    """A connection with the project's SQLite options to a real file (the test DB is in memory)."""
    settings_dict = {**connection.settings_dict, "NAME": str(tmp_path / "db.sqlite3")}
    wrapper = DatabaseWrapper(settings_dict, alias="pragma_check")
    with django_db_blocker.unblock():
        wrapper.ensure_connection()
        yield wrapper
        wrapper.close()


def pragma(wrapper: DatabaseWrapper, name: str) -> Any:
    with wrapper.cursor() as cursor:
        cursor.execute(f"PRAGMA {name}")
        return cursor.fetchone()[0]


@sqlite_only
def test_sqlite_writes_ahead_so_readers_do_not_wait(file_connection: DatabaseWrapper) -> None:
    assert pragma(file_connection, "journal_mode") == "wal"


@sqlite_only
def test_sqlite_syncs_fully_to_survive_a_power_cut(file_connection: DatabaseWrapper) -> None:
    assert pragma(file_connection, "synchronous") == 2  # FULL


@sqlite_only
def test_sqlite_enforces_foreign_keys(file_connection: DatabaseWrapper) -> None:
    assert pragma(file_connection, "foreign_keys") == 1


@sqlite_only
def test_sqlite_takes_the_write_lock_when_a_transaction_begins(
    file_connection: DatabaseWrapper,
) -> None:
    assert file_connection.transaction_mode == "IMMEDIATE"


# Production -------------------------------------------------------------------------------------


def test_the_deploy_check_passes_with_production_settings() -> None:
    result = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        DEBUG=None,
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="example.org",
    )
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


REFUSAL = "SECRET_KEY is not set (or is the public development key) and DEBUG is off"
HOW = "python -c 'import secrets; print(secrets.token_urlsafe(50))'"


@pytest.mark.parametrize(
    "key", [None, "", "django-insecure-scorekeeper-development-key-never-use-in-production"]
)
def test_without_a_secret_key_the_app_refuses_to_start(key: str | None) -> None:
    """Anyone knowing the public development key could forge a watcher's poll key."""
    result = run(["manage.py", "check"], DEBUG=None, SECRET_KEY=key)
    assert result.returncode != 0
    assert REFUSAL in result.stderr and HOW in result.stderr


def test_gunicorn_refuses_to_start_without_a_secret_key() -> None:
    """As gunicorn.conf.py's docstring starts it: the master loads the app and stops."""
    result = run(
        ["--config", "gunicorn.conf.py", "scorekeeper.wsgi"],
        program=str(Path(sys.executable).with_name("gunicorn")),
        DEBUG=None,
        SECRET_KEY=None,
        BIND="127.0.0.1:0",
        WEB_CONCURRENCY="1",
    )
    assert result.returncode != 0
    assert REFUSAL in result.stderr


WEAK = "is too weak to serve with DEBUG off: Django's deploy check asks for at least 50 characters"
WEAK_KEYS = [
    pytest.param("x", id="the-issues-one-letter"),
    pytest.param(secrets.token_urlsafe(36)[:49], id="one-short-of-50"),
    pytest.param("ab" * 40, id="two-different-characters"),
    pytest.param("django-insecure-" + secrets.token_urlsafe(50), id="django-insecure-prefix"),
]


@pytest.mark.parametrize("key", WEAK_KEYS)
def test_a_weak_secret_key_is_refused_with_debug_off(key: str) -> None:
    """Issue 26: SECRET_KEY=x served; a key Django's own deploy check calls weak is refused
    by every command that runs the checks, saying what Django asks for."""
    result = run(["manage.py", "check"], DEBUG=None, SECRET_KEY=key)
    assert result.returncode != 0
    assert f"SECRET_KEY {WEAK}" in result.stderr and HOW in result.stderr


def test_gunicorn_refuses_to_start_on_the_issues_weak_key() -> None:
    """``SECRET_KEY=x DEBUG=0 gunicorn scorekeeper.wsgi``, as the issue ran it."""
    result = run(
        ["--config", "gunicorn.conf.py", "scorekeeper.wsgi"],
        program=str(Path(sys.executable).with_name("gunicorn")),
        DEBUG="0",
        SECRET_KEY="x",
        BIND="127.0.0.1:0",
        WEB_CONCURRENCY="1",
    )
    assert result.returncode != 0
    assert f"SECRET_KEY {WEAK}" in result.stderr


def test_a_key_of_exactly_what_django_asks_for_serves() -> None:
    # The boundary: 50 characters, 5 of them different (Django's constants, not ours).
    key = ("abcde" * 10)[:50]
    result = run(["manage.py", "check"], DEBUG=None, SECRET_KEY=key)
    assert result.returncode == 0, result.stderr
    result = run(["manage.py", "check"], DEBUG=None, SECRET_KEY=key[:49])
    assert result.returncode != 0


def test_a_weak_fallback_key_is_refused_too() -> None:
    code = (
        "import django; from django.conf import settings; django.setup(); "
        "settings.SECRET_KEY_FALLBACKS = ['short']; "
        "from scorekeeper.checks import weak_secret_key; print(weak_secret_key())"
    )
    result = run(["-c", code], DEBUG=None)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"A key of SECRET_KEY_FALLBACKS {WEAK}")


def test_with_debug_on_a_weak_key_still_serves() -> None:
    result = run(["manage.py", "check"], DEBUG="1", SECRET_KEY="x")
    assert result.returncode == 0, result.stderr


def test_with_debug_on_the_development_key_still_serves() -> None:
    assert setting("SECRET_KEY", DEBUG="1", SECRET_KEY=None).startswith("django-insecure-")


def test_the_deploy_check_fails_on_the_development_key() -> None:
    """Even a development machine's settings fail the deploy check on the development key."""
    result = run(
        ["manage.py", "check", "--deploy"], DEBUG="1", SECRET_KEY=None, ALLOWED_HOSTS="example.org"
    )
    assert result.returncode != 0
    assert "scorekeeper.E001" in result.stderr


def test_debug_is_off_unless_asked_for() -> None:
    assert setting("DEBUG", DEBUG=None) == "False"


def test_database_url_switches_to_postgresql() -> None:
    engine = setting(
        "DATABASES['default']['ENGINE']", DATABASE_URL="postgres://someone@db.example.org:5432/sk"
    )
    assert engine == "django.db.backends.postgresql"


def test_without_database_url_it_uses_sqlite() -> None:
    assert setting("DATABASES['default']['ENGINE']", DATABASE_URL=None) == (
        "django.db.backends.sqlite3"
    )


# The API's rate limits ----------------------------------------------------------------------------


def test_the_rate_limits_default_to_two_questions_a_second_and_ten_for_a_token() -> None:
    code = (
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.API_RATE_ANONYMOUS, settings.API_RATE_TOKEN, "
        "settings.CACHES['ratelimit']['BACKEND'])"
    )
    result = run(["-c", code], API_RATE_ANONYMOUS=None, API_RATE_TOKEN=None, API_RATE_CACHE=None)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "120/min",
        "600/min",
        "django.core.cache.backends.locmem.LocMemCache",
    ]


def test_a_rate_limit_is_set_or_turned_off_from_the_environment() -> None:
    assert setting("API_RATE_TOKEN", API_RATE_TOKEN="5000/hour") == "5000/hour"
    assert setting("API_RATE_ANONYMOUS", API_RATE_ANONYMOUS="off") == "None"


@pytest.mark.parametrize("rate", ["120", "120/fortnight", "0/min", "-1/min", "1²/min", "1/mfoo"])
def test_a_rate_that_is_not_one_is_refused_at_start(rate: str) -> None:
    result = run(["-c", "import django; django.setup()"], API_RATE_ANONYMOUS=rate)
    assert result.returncode != 0
    assert "API_RATE_ANONYMOUS should be requests per s, min, hour or day" in result.stderr


def test_the_counts_may_be_kept_in_the_database_shared_by_every_process() -> None:
    backend = setting("CACHES['ratelimit']['BACKEND']", API_RATE_CACHE="database")
    assert backend == "django.core.cache.backends.db.DatabaseCache"


def test_a_redis_cache_needs_the_redis_package() -> None:
    """Redis is never a requirement: named without its client installed, the app says what
    to do."""
    code = (
        "import importlib.util, sys; "
        "sys.exit(0 if importlib.util.find_spec('redis') is None else 3)"
    )
    if run(["-c", code]).returncode == 3:
        pytest.skip("the redis package is installed here")
    result = run(["-c", "import django; django.setup()"], API_RATE_CACHE="redis://cache:6379/0")
    assert result.returncode != 0
    assert "the redis package is not installed" in result.stderr
