"""Confirmations and disputes (issue 21): a night that asks for confirmations, the ``confirm``
and ``dispute`` entries with who made them (``seat``) and the amend that settles a dispute, and
a ruling tied to the dispute it answered.

SQLite alters the ledger's table by copying it, which its triggers (and the seal's, which read
it) do not survive: they are lifted first and put back last, in the same transaction."""

from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from scorekeeper import chain, seal


def lift(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "sqlite":
        for sql in [*seal.remove_sql("sqlite"), *chain.remove_sql("sqlite")]:
            schema_editor.execute(sql, params=None)


def put_back(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "sqlite":
        for sql in [*chain.install_sql("sqlite"), *seal.install_sql("sqlite")]:
            schema_editor.execute(sql, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0014_ruling_saved_as"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(lift, put_back, elidable=False),
        migrations.RemoveConstraint(
            model_name="entry",
            name="entry_kind_matches_links",
        ),
        migrations.AddField(
            model_name="entry",
            name="seat",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="entry",
            name="settles",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="settled_by",
                to="scorekeeper.entry",
            ),
        ),
        migrations.AddField(
            model_name="night",
            name="confirmations",
            field=models.BooleanField(
                default=False,
                help_text="Each hand waits for a player of another side to confirm it.",
            ),
        ),
        migrations.AddField(
            model_name="ruling",
            name="dispute",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="ruling",
                to="scorekeeper.entry",
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="kind",
            field=models.CharField(
                choices=[
                    ("record", "recorded"),
                    ("amend", "amended"),
                    ("void", "voided"),
                    ("end", "ended"),
                    ("confirm", "confirmed"),
                    ("dispute", "disputed"),
                ],
                max_length=8,
            ),
        ),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(
                        models.Q(
                            ("deal__isnull", True),
                            ("kind__in", ["record", "end"]),
                            ("supersedes__isnull", True),
                        ),
                        models.Q(
                            ("deal__isnull", False),
                            ("kind__in", ["amend", "void"]),
                            ("supersedes__isnull", False),
                        ),
                        models.Q(
                            ("deal__isnull", False),
                            ("kind", "confirm"),
                            ("supersedes__isnull", True),
                            ("seat__isnull", False),
                        ),
                        models.Q(
                            ("deal__isnull", False),
                            ("kind", "dispute"),
                            ("supersedes__isnull", True),
                        ),
                        _connector="OR",
                    ),
                    models.Q(("settles__isnull", True), ("kind", "amend"), _connector="OR"),
                ),
                name="entry_kind_matches_links",
            ),
        ),
        migrations.RunPython(put_back, lift, elidable=False),
    ]
