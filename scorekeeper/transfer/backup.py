"""Backing up and restoring the whole database while the app serves.

SQLite copies with its online backup API: a consistent snapshot page by page, taken while
other connections read and write (copying the file could catch a half-written page or miss
the WAL). PostgreSQL uses ``pg_dump`` (custom format), which reads one snapshot of the whole
database, and ``pg_restore`` in a single transaction, so a restore that fails changes nothing.

Both commands take the database from the settings (``DATABASE_URL``): ``manage.py backup
PATH`` and ``manage.py restore PATH [--force]``.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from django.db import connections

SQLITE = "sqlite"
POSTGRESQL = "postgresql"


class BackupError(Exception):
    """A backup or restore that did not happen; the message says why, in a sentence."""


def vendor(alias: str = "default") -> str:
    vendor = connections[alias].vendor
    if vendor not in (SQLITE, POSTGRESQL):
        raise BackupError(f"Backups of a {vendor} database are not supported.")
    return vendor


def _temporary(path: Path) -> Path:
    return path.with_name(f".{path.name}.partial")


def _pg_env(alias: str) -> dict[str, str]:
    """The connection settings as libpq's variables: no password on a command line."""
    settings = connections[alias].settings_dict
    env = dict(os.environ)
    for variable, key in (
        ("PGHOST", "HOST"),
        ("PGPORT", "PORT"),
        ("PGUSER", "USER"),
        ("PGPASSWORD", "PASSWORD"),
        ("PGDATABASE", "NAME"),
    ):
        if settings.get(key):
            env[variable] = str(settings[key])
    return env


def _run(command: list[str], env: dict[str, str]) -> None:
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise BackupError(
            f"{command[0]} was not found: install PostgreSQL's client programs."
        ) from None
    if done.returncode != 0:
        raise BackupError(f"{command[0]} failed: {done.stderr.strip() or done.returncode}")


def backup(path: Path, alias: str = "default") -> None:
    """Write a consistent copy of the database to ``path`` (replaced only once complete)."""
    kind = vendor(alias)
    path = Path(path)
    partial = _temporary(path)
    partial.unlink(missing_ok=True)
    try:
        if kind == SQLITE:
            source = sqlite3.connect(connections[alias].settings_dict["NAME"], timeout=20)
            target = sqlite3.connect(partial)
            try:
                with target:
                    source.backup(target)
                check = target.execute("PRAGMA integrity_check").fetchone()[0]
                if check != "ok":  # pragma: no cover - a copy the backup API made is whole
                    raise BackupError(f"The copy failed SQLite's integrity check: {check}")
            finally:
                target.close()
                source.close()
        else:
            _run(["pg_dump", "--format=custom", f"--file={partial}"], _pg_env(alias))
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)


def _tables(alias: str) -> list[str]:
    with connections[alias].cursor() as cursor:
        return list(connections[alias].introspection.table_names(cursor))


def _has_rows(alias: str) -> bool:
    connection = connections[alias]
    with connection.cursor() as cursor:
        for table in _tables(alias):
            cursor.execute(f"SELECT 1 FROM {connection.ops.quote_name(table)} LIMIT 1")
            if cursor.fetchone() is not None:
                return True
    return False


def _check_sqlite_backup(path: Path) -> None:
    try:
        copy = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            check = copy.execute("PRAGMA integrity_check").fetchone()[0]
            tables = copy.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            copy.close()
    except sqlite3.DatabaseError as err:
        raise BackupError(f"{path} is not an SQLite backup: {err}") from None
    if check != "ok":
        raise BackupError(f"{path} is not a whole SQLite backup: {check}")
    if not tables:
        raise BackupError(f"{path} holds no tables: it is not a backup of this app.")


def restore(path: Path, *, force: bool = False, alias: str = "default") -> None:
    """Bring the database back to the backup at ``path``.

    Refuses to overwrite a database that holds any rows unless ``force``.
    """
    kind = vendor(alias)
    path = Path(path)
    if not path.is_file():
        raise BackupError(f"There is no backup at {path}.")
    if kind == SQLITE:
        _check_sqlite_backup(path)
    if not force and _has_rows(alias):
        raise BackupError(
            "The database is not empty: restoring would replace everything in it. "
            "Run again with --force to do so."
        )
    connections[alias].close()
    if kind == SQLITE:
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        target = sqlite3.connect(connections[alias].settings_dict["NAME"], timeout=20)
        try:
            # The backup API copies into the live file under its lock: readers see the old
            # database or the restored one, never a mixture.
            source.backup(target)
        finally:
            target.close()
            source.close()
    else:
        _run(
            [
                "pg_restore",
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                "--exit-on-error",
                f"--dbname={connections[alias].settings_dict['NAME']}",
                str(path),
            ],
            _pg_env(alias),
        )


def describe(alias: str = "default") -> dict[str, Any]:
    """Where the database is, for the commands' messages."""
    settings = connections[alias].settings_dict
    return {"vendor": vendor(alias), "name": str(settings["NAME"])}
