"""A player's ratings drawn game by game: one line per game, as the other charts are drawn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.dateformat import format as date_format
from django.utils.translation import gettext, pgettext

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
    # Translators: a day and month as the charts' axes write them (Django's date format
    # letters: j the day, M the month's short name capitalised, b in lower case), as "28 Nov".
    day = pgettext("a day on a chart's axis", "j M")
    for _, point in games:
        # Translators: one game in the numbers under a player's ratings chart: the night's
        # date and the game's number in that night ("28 Nov, game 1").
        named = gettext("%(date)s, game %(number)s") % {
            "date": date_format(point.date, day),
            "number": point.game.number,
        }
        rows.append((named, list(rows[-1][1])))
    for line, rating in enumerate(ratings):
        for point in rating.points:
            for row in rows[column[point.at] :]:
                row[1][line] = point.rating.shown
    return line_chart(
        ident,
        [rating.name for rating in ratings],
        rows,
        word="game",
        title=gettext("Ratings game by game"),
        whole=False,
        shown=lambda value: f"{value:.1f}",
        axis=[date_format(point.date, day) for _, point in games],
    )
