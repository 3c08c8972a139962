"""The database a benchmark fills: Django set up on a throwaway SQLite file, migrated.

``DATABASE_URL``, when set, names another database instead, which the benchmark must be allowed
to fill. DEBUG stays off, as a server runs, with a secret key of the run's own.
"""

from __future__ import annotations

import os
import secrets
import tempfile


def throwaway_database(prefix: str) -> None:
    folder = tempfile.mkdtemp(prefix=prefix)
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
