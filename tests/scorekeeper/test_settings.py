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


def run(args: list[str], **env: str | None) -> subprocess.CompletedProcess[str]:
    """Run Python in a fresh process with only the environment given (None leaves a name out).

    Nothing leaks in from the test run (the browser tests set DJANGO_ALLOW_ASYNC_UNSAFE, which
    the deploy check rightly refuses).
    """
    environ = {"PATH": os.environ.get("PATH", ""), "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    environ |= {k: v for k, v in env.items() if v is not None}
    return subprocess.run(
        [sys.executable, *args],
        cwd=REPO,
        env=environ,
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


def test_the_deploy_check_fails_on_the_development_key() -> None:
    result = run(
        ["manage.py", "check", "--deploy"], DEBUG=None, SECRET_KEY=None, ALLOWED_HOSTS="example.org"
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
