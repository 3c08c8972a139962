"""Write a consistent copy of the database while the app serves: ``manage.py backup PATH``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.transfer import backup


class Command(BaseCommand):
    help = (
        "Copy the whole database to PATH while the app keeps serving (SQLite's online backup "
        "API; pg_dump's custom format for PostgreSQL)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="the file to write (replaced when complete)")
        parser.add_argument("--database", default="default", help="the database alias")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            backup.backup(options["path"], alias=options["database"])
        except backup.BackupError as err:
            raise CommandError(str(err)) from None
        where = backup.describe(options["database"])
        self.stdout.write(
            f"Backed up the {where['vendor']} database {where['name']} to {options['path']}."
        )
