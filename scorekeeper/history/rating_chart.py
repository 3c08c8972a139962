"""A player's ratings drawn game by game: one line per game, as the other charts are drawn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.history.ratings import GameRating
from scorekeeper.standings.charts import line_chart


def rating_chart(ratings: Sequence[GameRating], *, ident: str) -> dict[str, Any] | None:
    """A player's rating in each game over their finished games, one line per game, every line
    starting at a new player's 0: the figure shown, after each game in the order they finished.
    The x-axis says each date once (a night holds several games); the numbers under the chart
    name each game by its date and its number in the night, its column by the game it rated."""
    games = sorted({point.at: point for rating in ratings for point in rating.points}.items())
    if not games:
        return None
    column = {at: index for index, (at, _) in enumerate(games, start=1)}
    rows: list[tuple[Any, list[float | None]]] = [(0, [0.0] * len(ratings))]
    for _, point in games:
        rows.append((f"{point.date:%-d %b}, game {point.game.number}", list(rows[-1][1])))
    for line, rating in enumerate(ratings):
        for point in rating.points:
            for row in rows[column[point.at] :]:
                row[1][line] = point.rating.shown
    return line_chart(
        ident,
        [rating.name for rating in ratings],
        rows,
        word="game",
        title="Ratings game by game",
        whole=False,
        shown=lambda value: f"{value:.1f}",
        axis=[f"{point.date:%-d %b}" for _, point in games],
    )
