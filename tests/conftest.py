"""Personas for the stories the tests tell.

alice owns a game night; bob records in it (alice added him); carol is signed up but has
nothing to do with alice's night. Mary, Tom, Dick and Alice are the players of the Bridge Rummy
Sample Score Card, seated in that order.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from _pytest.nodeid import coerce_node_id
from django.conf import settings
from rest_framework.test import APIClient

from scorekeeper.models import Game, Night
from tests.factories import GameFactory, NightFactory, UserFactory
from tests.scorekeeper.serve import ProductionServer


def pytest_configure(config: pytest.Config) -> None:
    """Tests speak plain HTTP to a server that has not run collectstatic.

    Set here, before any server or middleware is built (the security middleware reads its
    settings once, when the live server starts).
    """
    settings.SECURE_SSL_REDIRECT = False
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.WHITENOISE_AUTOREFRESH = True
    # PBKDF2 at production strength costs ~0.4 s per persona; tests only need a hash that checks.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # The suite calls the API thousands of times a minute from one address, or with one token
    # (schemathesis, the generated clients): rate limits it never reaches, so that each answer
    # still goes through the count and carries its headers. Here and in the servers the tests
    # start (their environment is this one's). tests/scorekeeper/api/test_ratelimit.py sets
    # low rates to reach them.
    settings.API_RATE_ANONYMOUS = settings.API_RATE_TOKEN = TEST_RATE
    os.environ["API_RATE_ANONYMOUS"] = os.environ["API_RATE_TOKEN"] = TEST_RATE
    _flush_through_the_ledger_triggers()


TEST_RATE = "1000000/min"


def _flush_through_the_ledger_triggers() -> None:
    """The ledger refuses DELETE and TRUNCATE in the database itself (scorekeeper.chain), and
    so do a started game's seats, a game or night with anything settled in it and the saved
    rulings (scorekeeper.seal, both of its sets), so the wipe between transactional tests
    (``flush``) lifts the refusals for its own transaction and puts them back before it
    commits."""
    from django.db.backends.base.operations import BaseDatabaseOperations

    from scorekeeper import chain, seal

    plain = BaseDatabaseOperations.execute_sql_flush
    if getattr(plain, "through_ledger", False):
        return

    def execute_sql_flush(self: Any, sql_list: list[str]) -> None:
        vendor = self.connection.vendor
        if any(chain.TABLE in sql or seal.SEAT_TABLE in sql for sql in sql_list):
            unlock = [*chain.unlock_sql(vendor), *seal.unlock_sql(vendor)]
            lock = [*chain.lock_sql(vendor), *seal.lock_sql(vendor)]
            sql_list = [*unlock, *sql_list, *lock]
        plain(self, sql_list)

    execute_sql_flush.through_ledger = True  # type: ignore[attr-defined]
    BaseDatabaseOperations.execute_sql_flush = execute_sql_flush  # type: ignore[method-assign]


# Fixtures shared by the whole session that cost seconds to set up, and the group their tests
# form under pytest-xdist (see pytest_collection_modifyitems).
SESSION_SETUPS = {
    "production_server": "production-server",  # collectstatic, migrate, gunicorn
    "schema_file": "generated-clients",  # the schema, then each client generated from it
}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``./dev check`` runs ``--dist loadgroup``), the tests that share a
    costly setup run on one worker, which makes it once: the users of a session setup above,
    and those of a module's own module-scoped fixture (built once, and some hold a transaction
    open for the module). Every other test goes to whichever worker is free."""
    grouping = config.getoption("loadgroup", default=False)
    for item in items:
        group = _shared_setup(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
            if grouping and "@" not in item.nodeid:
                # pytest-xdist 3.8 names the group in the test's id ("...::test@group"), which
                # its scheduler reads, by setting ``item._nodeid``; pytest 9.2 keeps the id in
                # ``item._id``, so that is lost and every group spread over the workers.
                item._id = coerce_node_id(f"{item.nodeid}@{group}")


def _shared_setup(item: pytest.Item) -> str | None:
    names = getattr(item, "fixturenames", [])
    for name in names:
        if name in SESSION_SETUPS:
            return SESSION_SETUPS[name]
    info = getattr(item, "_fixtureinfo", None)
    for name in names:
        definitions = info.name2fixturedefs.get(name) if info is not None else None
        # baseid: where the fixture is defined; empty for a plugin's.
        if definitions and definitions[-1].scope == "module" and definitions[-1].baseid:
            return item.nodeid.split("::")[0]
    return None


@pytest.fixture
def alice(db: Any) -> Any:
    return UserFactory(username="alice")


@pytest.fixture
def bob(db: Any) -> Any:
    return UserFactory(username="bob")


@pytest.fixture
def carol(db: Any) -> Any:
    return UserFactory(username="carol")


@pytest.fixture
def night(alice: Any, bob: Any) -> Night:
    night = NightFactory(owner=alice)
    night.recorders.add(bob)
    return night


@pytest.fixture
def bridge_game(night: Night) -> Game:
    """Bridge Rummy for Mary, Tom, Dick and Alice, with default house rules."""
    return GameFactory(night=night, slug="bridge-rummy")


@pytest.fixture
def api(alice: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(alice)
    return client


@pytest.fixture
def anonymous_api() -> APIClient:
    return APIClient()


@pytest.fixture(autouse=True)
def _empty_cache() -> Any:
    """Each test starts with empty caches (kept scoreboards, the rate limits' counts): ids come
    again after a rollback."""
    from django.core.cache import caches

    for alias in settings.CACHES:
        caches[alias].clear()
    yield
    for alias in settings.CACHES:
        caches[alias].clear()


@pytest.fixture(autouse=True)
def _default_language() -> Any:
    """Each test starts in the default language: a page asked for in another language leaves
    that language active in the thread (LocaleMiddleware never deactivates it), and the pages'
    sentences (the turn line, what a game's end waits for) are said in it."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def production_server(
    django_db_setup: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ProductionServer]:
    """The app as ``./dev serve`` runs it (tests/scorekeeper/serve.py), on the test database.

    Its rows must be committed to be seen there: tests that use it take ``transactional_db``.
    Stopped before the test database is dropped (it depends on ``django_db_setup``).
    """
    folder = tmp_path_factory.mktemp("production")
    server = ProductionServer(folder / "server.log", folder / "staticfiles")
    server.start()
    try:
        yield server
    finally:
        server.stop()
