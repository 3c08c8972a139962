"""What is settled in a night stays (issue 26): a game with entries or seats, and a night with
games or rulings, are never deleted; a night's owner and date are fixed once anything in it is
settled; a saved ruling is never changed or deleted, and carries its own hash (``hash``,
filled here for the rulings already saved). ``scorekeeper.seal`` holds the SQL.

The rulings' column comes first: SQLite adds it by rebuilding the table, which would drop
triggers already on it."""

from typing import Any

from django.db import migrations, models

from scorekeeper import seal


def seal_saved_rulings(apps: Any, schema_editor: Any) -> None:
    Ruling = apps.get_model("scorekeeper", "Ruling")
    using = schema_editor.connection.alias
    for ruling in Ruling.objects.using(using).order_by("id").iterator():
        Ruling.objects.using(using).filter(pk=ruling.pk).update(hash=seal.ruling_hash(ruling))


def install(apps: Any, schema_editor: Any) -> None:
    for sql in seal.night_install_sql(schema_editor.connection.vendor):
        schema_editor.execute(sql, params=None)


def remove(apps: Any, schema_editor: Any) -> None:
    for sql in seal.night_remove_sql(schema_editor.connection.vendor):
        schema_editor.execute(sql, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0015_confirmations_and_disputes"),
    ]

    operations = [
        migrations.AddField(
            model_name="ruling",
            name="hash",
            field=models.CharField(blank=True, editable=False, max_length=64),
        ),
        migrations.RunPython(seal_saved_rulings, migrations.RunPython.noop, elidable=False),
        migrations.RunPython(install, remove, elidable=False),
    ]
