"""A game's setup (game, house rules, night and number, seats and sides) is sealed at its first
entry, whose ``prev_hash`` becomes the setup's digest, and the database refuses to change a game
or its seats once it has an entry (scorekeeper.seal holds the SQL).

Games already played keep their ledger as it is (its entries cannot be rewritten); their setup
is kept here, from the seats as they are now, before the triggers go on."""

from typing import Any

from django.db import migrations, models

from scorekeeper import seal


def seal_played_games(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("scorekeeper", "Game")
    Seat = apps.get_model("scorekeeper", "Seat")
    Entry = apps.get_model("scorekeeper", "Entry")
    using = schema_editor.connection.alias
    played = Entry.objects.using(using).values_list("game_id", flat=True).distinct()
    for game_id in sorted(set(played)):
        setup = seal.read_setup(Game, Seat, game_id, using)
        Game.objects.using(using).filter(pk=game_id).update(setup=setup)


def install(apps: Any, schema_editor: Any) -> None:
    for sql in seal.install_sql(schema_editor.connection.vendor):
        schema_editor.execute(sql, params=None)


def remove(apps: Any, schema_editor: Any) -> None:
    for sql in seal.remove_sql(schema_editor.connection.vendor):
        schema_editor.execute(sql, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0012_entry_recorded_as"),
    ]

    operations = [
        # Before the triggers: SQLite adds this column by rebuilding the games' table, which
        # would drop triggers already on it.
        migrations.AddField(
            model_name="game",
            name="setup",
            field=models.JSONField(blank=True, default=dict, editable=False),
        ),
        migrations.RunPython(seal_played_games, migrations.RunPython.noop, elidable=False),
        migrations.RunPython(install, remove, elidable=False),
    ]
