"""Result cards: a game's or a night's result drawn as an SVG picture to send to the group.

The server lays the card out (who won, the final totals or one line per game, the night's date
and place) and draws it as SVG; the phone turns it into a PNG and hands it to its share sheet
(``static/scorekeeper/result-card.js``), so the server needs no image library. Two sizes suit
messaging apps: a square, and the 1200x630 of a link preview.

A card says only what its reader can already see on the game's or the night's page: the
players' names, the games and their totals, the date and the place. It never names an account
(whoever recorded, owns or watches the night), so a card made through a join link carries
nothing its visitor could not read on the board.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from adjudicator.said import and_list
from adjudicator.tally import format_points
from scorekeeper.models import Game, Night
from scorekeeper.standings.charts import cut
from scorekeeper.standings.in_words import GameSummary, night_summaries
from scorekeeper.standings.scoreboard import Standings

type Size = Literal["square", "wide"]
SIZES: dict[Size, tuple[int, int]] = {"square": (1080, 1080), "wide": (1200, 630)}
"""Each size's width and height in pixels."""

MARGIN = 64
# Where each part's baseline sits, by size: the brand, the title, the date and place, the
# headline, and the list's first line.
TOPS: dict[Size, dict[str, int]] = {
    "square": {"brand": 96, "title": 190, "when": 242, "headline": 342, "list": 422},
    "wide": {"brand": 84, "title": 160, "when": 208, "headline": 280, "list": 350},
}
LINE_STEP = 50  # px between two lines of the list
LIST_FONT = 34  # px: a character of the list is about half of this wide, on average
NAME_CHARS = 24  # a player's name on a line of totals is cut past this


@dataclass(frozen=True)
class Line:
    """One line of the card's list: a text on the left, a figure on the right (may be empty)."""

    left: str
    right: str = ""
    best: bool = False  # a winner's line, drawn in the accent colour


@dataclass(frozen=True)
class Card:
    """What a card says, before it is laid out."""

    title: str
    when: str  # the night's date, and its place
    headline: str  # who won
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Placed:
    """A line of the list, placed."""

    y: int
    line: Line


@dataclass(frozen=True)
class Layout:
    """A card laid out at one size: its lines placed, those that do not fit counted."""

    card: Card
    size: Size
    width: int
    height: int
    lines: tuple[Placed, ...]
    more: int  # lines left out for room ("and 3 more")
    more_y: int

    @property
    def margin(self) -> int:
        return MARGIN

    @property
    def right(self) -> int:
        return self.width - MARGIN

    @property
    def tops(self) -> dict[str, int]:
        return TOPS[self.size]

    @property
    def headline(self) -> str:
        """The headline, cut to the width (46 px bold: about 26 px a character)."""
        return cut(self.card.headline, (self.width - 2 * MARGIN) // 26)

    @property
    def description(self) -> str:
        listed = "; ".join(f"{p.line.left} {p.line.right}".strip() for p in self.lines) + (
            f"; and {self.more} more" if self.more else ""
        )
        return f"{self.card.title}, {self.card.when}. {self.card.headline}. {listed}."


def lay_out(card: Card, size: Size) -> Layout:
    """Place the card's lines at ``size``: as many as fit under the headline, the rest counted."""
    width, height = SIZES[size]
    first = TOPS[size]["list"]
    room = (height - MARGIN - first) // LINE_STEP + 1
    shown = card.lines if len(card.lines) <= room else card.lines[: room - 1]
    chars = (width - 2 * MARGIN) * 2 // LIST_FONT
    placed = tuple(
        Placed(
            first + i * LINE_STEP,
            Line(cut(line.left, chars - len(line.right) - 2), line.right, line.best),
        )
        for i, line in enumerate(shown)
    )
    more = len(card.lines) - len(shown)
    return Layout(card, size, width, height, placed, more, first + len(shown) * LINE_STEP)


def _when(night: Night) -> str:
    return f"{night.date:%A %-d %B %Y}" + (f", {night.place}" if night.place else "")


def game_card(game: Game, standings: Standings) -> Card:
    """A game's card: who won (or leads, while it goes on), each side's or player's total,
    best first."""
    tally = standings.tally
    units = standings.units
    if standings.finished:
        headline = f"{and_list([units[u] for u in tally.winners])} won"
    elif tally.deals:
        headline = f"Still going: {standings.name_status}"
    else:
        headline = "Not started yet"
    order = sorted(
        range(len(units)),
        key=lambda u: (
            u not in tally.winners,
            tally.totals[u] * (1 if tally.lower_is_better else -1),
        ),
    )
    lines = tuple(
        Line(
            cut(units[u], NAME_CHARS * 2 if standings.in_sides else NAME_CHARS),
            format_points(tally.totals[u]),
            u in tally.winners,
        )
        for u in order
    )
    return Card(game.name, _when(game.night), headline, lines)


def _game_line(summary: GameSummary) -> Line:
    game = summary.game
    if summary.unreadable:
        said = "cannot be read"
    elif summary.finished:
        said = summary.won_text
    elif summary.deals:
        said = f"still going, {summary.leaders_text}"
    else:
        said = "not started"
    return Line(f"{game.number}. {game.name}: {said}", best=summary.finished)


def night_card(night: Night) -> Card:
    """A night's card: who won most games, and one line per game with its winner."""
    (summary,) = night_summaries([night])
    wins: Counter[str] = Counter()
    for game in summary.games:
        wins.update(game.winners if game.finished else ())
    finished = sum(game.finished for game in summary.games)
    if wins:
        most = max(wins.values())
        best = sorted(name for name, count in wins.items() if count == most)
        headline = f"{and_list(best)} won {most} of {finished} game{'s' if finished != 1 else ''}"
        if len(best) > 1:
            headline = f"{and_list(best)} won {most} each, of {finished} games"
    else:
        count = len(summary.games)
        headline = (
            f"{count} game{'s' if count != 1 else ''}, none finished" if count else "No games yet"
        )
    lines = tuple(_game_line(game) for game in summary.games)
    return Card("Game night", _when(night), headline, lines)
