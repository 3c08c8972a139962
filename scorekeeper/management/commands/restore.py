"""Bring the database back to a backup: ``manage.py restore PATH [--force]``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.transfer import backup


class Command(BaseCommand):
    help = (
        "Replace the database with the backup at PATH (made by `manage.py backup`). Refuses a "
        "database that holds anything unless --force."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="a file written by `manage.py backup`")
        parser.add_argument(
            "--force",
            action="store_true",
            help="replace a database that is not empty (everything in it is lost)",
        )
        parser.add_argument("--database", default="default", help="the database alias")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            backup.restore(options["path"], force=options["force"], alias=options["database"])
        except backup.BackupError as err:
            raise CommandError(str(err)) from None
        where = backup.describe(options["database"])
        self.stdout.write(
            f"Restored the {where['vendor']} database {where['name']} from {options['path']}."
        )
