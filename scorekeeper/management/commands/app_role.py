"""Make the PostgreSQL role the app runs as: ``python manage.py app_role NAME [--password PW]``.

Run it as the database's owner (the role that ran ``migrate``), after every ``migrate``; it is
safe to run again. The role it creates or updates can log in and may read and write every table
of the app, but only read and add to the ledger (``scorekeeper_entry``) and the saved rulings
(``scorekeeper_ruling``): no UPDATE, DELETE or TRUNCATE, and, not owning the tables, no
``ALTER TABLE ... DISABLE TRIGGER`` either (so the triggers of ``scorekeeper.seal`` hold it
too: a started game's setup, a settled night's owner and date). The app then
connects as that role (``DATABASE_URL=postgres://NAME:PW@host/db``), so not even a flaw in the
app could rewrite the ledger. The password may come from ``SCOREKEEPER_APP_ROLE_PASSWORD``.
"""

from __future__ import annotations

import os
import re
from typing import Any

import psycopg.sql
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction

from scorekeeper.chain import TABLE
from scorekeeper.seal import RULING_TABLE, SEAT_TABLE

ROLE_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


def grants_sql(role: str) -> list[str]:
    """The statements that give ``role`` (a quoted identifier) what the app needs, and no
    more on the ledger. Table privileges only: the role owns nothing."""
    return [
        f"GRANT USAGE ON SCHEMA public TO {role}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}",
        f"REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON {TABLE} FROM {role}",
        # The app never changes a seat once made (a game's seats are sealed with its first
        # entry; before it, nothing edits them); the triggers refuse it for a started game.
        f"REVOKE UPDATE, TRUNCATE, REFERENCES, TRIGGER ON {SEAT_TABLE} FROM {role}",
        # A saved ruling is only ever added (the triggers refuse the rest to anyone).
        f"REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON {RULING_TABLE} FROM {role}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {role}",
        # Tables a later migration adds: the same rights (run this command again after a
        # migration all the same: it is what takes UPDATE and DELETE on the ledger away).
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE "
        f"ON TABLES TO {role}",
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO {role}",
    ]


class Command(BaseCommand):
    help = (
        "Create or update the PostgreSQL login role the app runs as: every table read and "
        "written, the ledger only read and added to. Run as the database owner after migrate."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="the role's name (lower case letters, digits, _)")
        parser.add_argument(
            "--password",
            default=os.environ.get("SCOREKEEPER_APP_ROLE_PASSWORD", ""),
            help="its password (default: $SCOREKEEPER_APP_ROLE_PASSWORD; none: keep it)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if connection.vendor != "postgresql":
            raise CommandError(
                "app_role is for PostgreSQL; an SQLite file has no roles (its triggers still "
                "refuse UPDATE and DELETE of the ledger)."
            )
        name: str = options["name"]
        if not ROLE_NAME.fullmatch(name):
            raise CommandError(
                f"{name!r} is not a role name this command makes: lower case letters, digits "
                "and _, starting with a letter or _, at most 63."
            )
        role = connection.ops.quote_name(name)
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [name])
            found = cursor.fetchone()
            cursor.execute("SELECT current_user")
            (me,) = cursor.fetchone() or ("",)
            if name == me:
                raise CommandError(
                    f"{name!r} is the role running this command (the owner): name another."
                )
            verb = "ALTER" if found else "CREATE"
            statement = f"{verb} ROLE {role} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE"
            if options["password"]:
                raw = connection.connection
                literal = psycopg.sql.Literal(options["password"]).as_string(raw)
                statement += f" PASSWORD {literal}"
            cursor.execute(statement)
            database = connection.ops.quote_name(connection.settings_dict["NAME"])
            cursor.execute(f"GRANT CONNECT ON DATABASE {database} TO {role}")
            for sql in grants_sql(role):
                cursor.execute(sql)
        done = "Updated" if found else "Created"
        self.stdout.write(
            f"{done} role {name}: reads and writes the app's tables; on {TABLE} and "
            f"{RULING_TABLE} only SELECT and INSERT. Connect the app as it; run migrations as "
            "the owner."
        )
