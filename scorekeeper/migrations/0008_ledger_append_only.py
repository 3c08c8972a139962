"""The ledger is append-only in the database itself: triggers refuse UPDATE and DELETE of its
rows on SQLite and PostgreSQL, and TRUNCATE on PostgreSQL (scorekeeper.chain holds the SQL)."""

from typing import Any

from django.db import migrations, models

from scorekeeper import chain


def install(apps: Any, schema_editor: Any) -> None:
    for sql in chain.install_sql(schema_editor.connection.vendor):
        schema_editor.execute(sql, params=None)


def remove(apps: Any, schema_editor: Any) -> None:
    for sql in chain.remove_sql(schema_editor.connection.vendor):
        schema_editor.execute(sql, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0007_ledger_hash_chain"),
    ]

    operations = [
        # Before the triggers: SQLite adds this constraint by rebuilding the table, which would
        # drop triggers already on it.
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.UniqueConstraint(
                fields=("game", "prev_hash"), name="entry_one_chain_per_game"
            ),
        ),
        migrations.RunPython(install, remove, elidable=False),
    ]
