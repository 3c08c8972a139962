"""The ledger's hash chain: each entry carries the hash of the one before it in its game.

Existing entries are chained here, game by game in id order, before 0008 makes the ledger
append-only in the database (after that, no row can be filled in)."""

from typing import Any

import django.utils.timezone
from django.db import migrations, models

from scorekeeper import chain


def chain_existing(apps: Any, schema_editor: Any) -> None:
    Entry = apps.get_model("scorekeeper", "Entry")
    prev: dict[int, str] = {}
    for entry in Entry.objects.using(schema_editor.connection.alias).order_by("id").iterator():
        before = prev.get(entry.game_id, "")
        entry.prev_hash = before
        entry.hash = chain.entry_hash(chain.content_of(entry), before)
        Entry.objects.using(schema_editor.connection.alias).filter(pk=entry.pk).update(
            prev_hash=entry.prev_hash, hash=entry.hash
        )
        prev[entry.game_id] = entry.hash


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0006_live_entry_newest"),
    ]

    operations = [
        migrations.AlterField(
            model_name="entry",
            name="recorded_at",
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
        ),
        migrations.AddField(
            model_name="entry",
            name="prev_hash",
            field=models.CharField(blank=True, editable=False, max_length=64),
        ),
        migrations.AddField(
            model_name="entry",
            name="hash",
            field=models.CharField(default="", editable=False, max_length=64),
            preserve_default=False,
        ),
        migrations.RunPython(chain_existing, migrations.RunPython.noop, elidable=False),
    ]
