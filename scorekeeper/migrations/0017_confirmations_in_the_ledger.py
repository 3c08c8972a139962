"""How a game keeps score lives in its own ledger (issue 26): whether it asks for confirmations
from its start is sealed in its setup, and a ``setting`` entry says from which entry the night's
owner changed it. The night's column is then only what the next game starts with.

Games sealed before their setup carried the setting keep it here, from their night's setting as
it stands (what their hands have been read by), under ``kept_later`` (``scorekeeper.seal``): no
digest covered it when they were sealed. The seal's triggers refuse that change to a started
game, so they are lifted for it, as SQLite's are around the rebuild of the ledger's table that
the new kind's constraint takes (the night's triggers too: one of them reads the ledger's table,
which SQLite cannot find mid-rebuild); all in the one transaction."""

from typing import Any

from django.db import migrations, models

from scorekeeper import chain, seal


def lift(apps: Any, schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for sql in [*seal.unlock_sql("sqlite"), *chain.remove_sql("sqlite")]:
            schema_editor.execute(sql, params=None)


def put_back(apps: Any, schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for sql in [*chain.install_sql("sqlite"), *seal.lock_sql("sqlite")]:
            schema_editor.execute(sql, params=None)


def _unsealed(schema_editor: Any, change: Any) -> None:
    """Run ``change`` with the seal's refusal lifted (the tables' owner runs migrations)."""
    vendor = schema_editor.connection.vendor
    for sql in seal.unlock_sql(vendor):
        schema_editor.execute(sql, params=None)
    change()
    for sql in seal.lock_sql(vendor):
        schema_editor.execute(sql, params=None)


def keep_the_setting(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("scorekeeper", "Game")
    using = schema_editor.connection.alias

    def change() -> None:
        for game in Game.objects.using(using).select_related("night"):
            if not game.setup or "confirmations" in game.setup:
                continue
            setup = {
                **seal.with_settings(game.setup, game.night.confirmations),
                seal.KEPT_LATER: ["confirmations"],
            }
            Game.objects.using(using).filter(pk=game.pk).update(setup=setup)

    _unsealed(schema_editor, change)


def forget_the_setting(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("scorekeeper", "Game")
    using = schema_editor.connection.alias

    def change() -> None:
        for game in Game.objects.using(using).all():
            later = (game.setup or {}).get(seal.KEPT_LATER)
            if not later:
                continue
            setup = {k: v for k, v in game.setup.items() if k != seal.KEPT_LATER and k not in later}
            Game.objects.using(using).filter(pk=game.pk).update(setup=setup)

    _unsealed(schema_editor, change)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0016_night_settled"),
    ]

    operations = [
        migrations.RunPython(keep_the_setting, forget_the_setting, elidable=False),
        migrations.RunPython(lift, put_back, elidable=False),
        migrations.RemoveConstraint(
            model_name="entry",
            name="entry_kind_matches_links",
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
                    ("setting", "set"),
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
                        models.Q(
                            ("deal__isnull", True),
                            ("kind", "setting"),
                            ("seat__isnull", True),
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
