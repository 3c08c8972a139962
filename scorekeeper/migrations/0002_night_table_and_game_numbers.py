"""A night's table (who sat down, in order) and each game's number within its night."""

import django.db.models.deletion
from django.db import migrations, models


def fill(apps, schema_editor):  # type: ignore[no-untyped-def]
    """Number existing games by their order in the night; seat their players at its table."""
    Game = apps.get_model("scorekeeper", "Game")
    Seat = apps.get_model("scorekeeper", "Seat")
    NightPlayer = apps.get_model("scorekeeper", "NightPlayer")
    counts: dict[int, int] = {}
    for game in Game.objects.order_by("created_at", "id"):
        counts[game.night_id] = counts.get(game.night_id, 0) + 1
        Game.objects.filter(pk=game.pk).update(number=counts[game.night_id])
    seen: set[tuple[int, int]] = set()
    for seat in Seat.objects.select_related("game").order_by("game_id", "position"):
        key = (seat.game.night_id, seat.player_id)
        if key not in seen:
            seen.add(key)
            NightPlayer.objects.create(night_id=key[0], player_id=key[1])


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0001_initial")]

    operations = [
        migrations.CreateModel(
            name="NightPlayer",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("joined_at", models.DateTimeField(auto_now_add=True)),
                (
                    "night",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="scorekeeper.night",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="scorekeeper.player",
                    ),
                ),
            ],
            options={"ordering": ("id",)},
        ),
        migrations.AddConstraint(
            model_name="nightplayer",
            constraint=models.UniqueConstraint(
                fields=("night", "player"), name="night_player_unique"
            ),
        ),
        migrations.AddField(
            model_name="night",
            name="players",
            field=models.ManyToManyField(
                blank=True,
                related_name="nights",
                through="scorekeeper.NightPlayer",
                to="scorekeeper.player",
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="number",
            field=models.PositiveSmallIntegerField(
                null=True, help_text="1 for the night's first game, and so on."
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="number",
            field=models.PositiveSmallIntegerField(
                help_text="1 for the night's first game, and so on."
            ),
        ),
        migrations.AlterModelOptions(name="game", options={"ordering": ("number",)}),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(
                fields=("night", "number"), name="game_number_unique"
            ),
        ),
    ]
