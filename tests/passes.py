"""Which tests ``./dev check`` runs in one of its two passes only (SQLite, then PostgreSQL).

Loaded with ``-p tests.passes`` (pyproject.toml's addopts), so it applies however pytest is
started, with or without tests/conftest.py.

The rules engine (``adjudicator/``, its doctests, and ``tests/adjudicator/``) is pure Python: it
imports no Django (import-linter's contract, and tests/adjudicator/test_no_django.py), so none
of its tests can touch a database and each gives the same answer on SQLite and on PostgreSQL.
They are two thirds of the suite's tests, so the PostgreSQL pass leaves them out
(``--skip-database-free``); the SQLite pass runs them. A test there that asks for a database
(a database fixture, a live server, ``django_db``) stops the run at collection: it would be
tested on one database only.
"""

from __future__ import annotations

from pathlib import Path

import pytest

# Relative to the project's root.
DATABASE_FREE = (Path("adjudicator"), Path("tests/adjudicator"))
# pytest-django's fixtures that open the test database, and the project's servers over it.
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "django_db_setup",
        "live_server",
        "production_server",
        "server",
    }
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--skip-database-free",
        action="store_true",
        default=False,
        help="leave out the tests that never touch a database (the engine's): ./dev check's "
        "PostgreSQL pass, after the SQLite pass ran them",
    )


def database_free(item: pytest.Item) -> bool:
    try:
        where = item.path.resolve().relative_to(item.config.rootpath.resolve())
    except ValueError:
        return False
    return any(where.is_relative_to(root) for root in DATABASE_FREE)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    free = [item for item in items if database_free(item)]
    for item in free:
        wanted = DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ()))
        if wanted or item.get_closest_marker("django_db"):
            raise pytest.UsageError(
                f"{item.nodeid} uses the database ({', '.join(sorted(wanted)) or 'django_db'}), "
                "but tests/passes.py counts its folder as database-free (run on SQLite only)"
            )
    if not config.getoption("skip_database_free") or len(free) == len(items):
        # A run of database-free tests alone (./dev check tests/adjudicator) keeps them: a
        # pass that ran nothing would fail as if nothing had been collected.
        return
    kept = [item for item in items if not database_free(item)]
    config.hook.pytest_deselected(items=free)
    items[:] = kept
