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

import math
from collections.abc import Iterable, Iterator, Sequence, Set
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from django.utils.dateformat import format as date_format
from django.utils.translation import gettext

from adjudicator.tally import format_points
from scorekeeper.models import Game, Night
from scorekeeper.standings import text_width
from scorekeeper.standings.in_words import GameSummary, night_headline, night_summaries, won_text
from scorekeeper.standings.scoreboard import Standings

type Size = Literal["square", "wide"]
SIZES: dict[Size, tuple[int, int]] = {"square": (1080, 1080), "wide": (1200, 630)}
"""Each size's width and height in pixels."""

MARGIN = 64  # px from the picture's edge to its text, on every side

# Each part of the card: its font size in px at scale 1; how far its first baseline sits below
# the baseline before it, in its own size (the brand's, below the top margin: its ascent); the
# lines it may take before it is cut; and how far a long one may shrink to fit them first.
PARTS: dict[str, tuple[int, float, int, float]] = {
    "brand": (28, 0.93, 1, 1.0),
    "title": (60, 1.27, 1, 0.6),
    "when": (30, 1.6, 2, 1.0),  # the date; the place on a line of its own if both do not fit
    "headline": (46, 1.57, 2, 0.7),
    "list": (34, 2.06, 2, 1.0),
    "more": (30, 1.47, 1, 1.0),
}
ITEM_LEAD = 1.47  # from one line of the list to the next
WRAP_LEAD = 1.2  # from a line to its own continuation
DESCENT = 0.24  # below a baseline, in the text's size (DejaVu Sans: 0.236)
FIGURE_GAP = 0.6  # between a line's text and its figure, in the list's size
# Everything is drawn at one scale: the largest at which the whole list fits, so that a card of
# few lines fills the square with larger text. At the smallest, a list that does not fit has
# each line cut to one, then as many lines as fit, the rest counted ("and 3 more").
SCALES: dict[Size, tuple[float, float]] = {"square": (1.0, 2.0), "wide": (0.9, 1.3)}
SCALE_STEP = 0.05


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
    when: str  # the night's date
    where: str  # its place ("" when not said)
    headline: str  # who won
    lines: tuple[Line, ...]


type Tone = Literal["muted", "ink", "accent"]


@dataclass(frozen=True)
class Text:
    """One line of text drawn on the card: where, how large, in which tone; ``end``: anchored
    at its right end (a figure)."""

    x: int
    y: int
    size: int
    text: str
    tone: Tone = "ink"
    bold: bool = False
    end: bool = False


@dataclass(frozen=True)
class Layout:
    """A card laid out at one size: every text placed to fit the width, the list's lines that
    do not fit the height counted."""

    card: Card
    size: Size
    width: int
    height: int
    scale: float
    texts: tuple[Text, ...]
    said: tuple[str, ...]  # each part as drawn (a wrapped part joined again), for the words
    shown: int  # lines of the list drawn
    more: int  # lines left out for room ("and 3 more")

    @property
    def heading(self) -> str:
        """The picture's title, as drawn: the card's title and its headline."""
        return f"{self.said[1]}: {self.said[3]}"

    @property
    def description(self) -> str:
        """What the picture says, as drawn: no longer than what fits on it, whatever the card
        was made from."""
        listed = "; ".join(self.said[4:])
        return f"{self.said[1]}, {self.said[2]}. {self.said[3]}." + (
            f" {listed}." if listed else ""
        )


@dataclass(frozen=True)
class _Part:
    kind: str
    text: str
    tone: Tone
    bold: bool = False
    right: str = ""  # a figure at the right end of the first line
    then: str = ""  # what follows after a comma, or on a line of its own when both do not fit


def _parts(card: Card, lines: Sequence[Line], more: int) -> Iterator[_Part]:
    """The card's parts top down, made as they are drawn (a try stops at the first that does
    not fit, however long the list)."""
    yield _Part("brand", "\N{BLACK SPADE SUIT} Scorekeeper", "muted")
    yield _Part("title", card.title, "ink", bold=True)
    yield _Part("when", card.when, "muted", then=card.where)
    yield _Part("headline", card.headline, "accent", bold=True)
    for line in lines:
        yield _Part("list", line.left, "accent" if line.best else "ink", line.best, line.right)
    if more:
        yield _Part("more", f"and {more} more", "muted")


@lru_cache(maxsize=1024)
def _lines(
    part: _Part, room: float, size: int, most: int, shrink: float
) -> tuple[int, tuple[str, ...]]:
    """The part's lines in ``room`` px and the size they are drawn at: shrunk as far as
    ``shrink`` allows to fit in ``most`` lines, cut beyond them."""
    if part.then:
        whole = f"{part.text}, {part.then}"
        if text_width.width(whole, size, bold=part.bold) <= room:
            return size, (whole,)
        return size, tuple(
            text_width.cut(t, room, size, bold=part.bold) for t in (part.text, part.then)
        )
    smallest = max(1, int(size * shrink))
    # No size above the one at which the text would just fill its lines can fit them.
    filled = most * room / max(1.0, text_width.width(part.text, 1, bold=part.bold))
    size = max(smallest, min(size, int(filled)))
    while True:
        drawn = text_width.wrap(part.text, room, size, bold=part.bold, lines=most + 1)
        if len(drawn) <= most or size <= smallest:
            even = part.kind == "headline"
            return size, tuple(
                text_width.wrap(part.text, room, size, bold=part.bold, lines=most, even=even)
            )
        size = max(smallest, size - 2)


@dataclass(frozen=True)
class _Drawn:
    """Parts drawn: the texts, each part as drawn, where the lowest text ends (``inf`` when
    they went past the room), the kinds of part that had to be cut, and the lines of the list
    drawn whole above the bottom."""

    texts: list[Text]
    said: list[str]
    end: float
    cut: set[str]
    fitted: int


def _placed(
    parts: Iterable[_Part],
    width: int,
    scale: float,
    wraps: int,
    bottom: float = math.inf,
    may_cut: Set[str] | None = None,
) -> _Drawn:
    """The parts drawn at ``scale`` (a line of the list in at most ``wraps`` lines), top down
    from the margin, the place aside when counting cuts (it may be long, and matters least).
    Drawing stops at the first part that ends below ``bottom`` or is cut where ``may_cut``
    does not allow it, so that a try that fails costs only what fits."""
    room = width - 2 * MARGIN
    texts: list[Text] = []
    said: list[str] = []
    y = float(MARGIN)
    size = 0
    items = 0
    cut: set[str] = set()
    for part in parts:
        base, lead, most, shrink = PARTS[part.kind]
        size = round(base * scale)
        if part.kind == "list":
            lead, most = (ITEM_LEAD if items else lead), wraps
        figure = 0.0
        if part.right:
            figure = text_width.width(part.right, size, bold=part.bold) + FIGURE_GAP * size
        size, drawn = _lines(part, room - figure, size, most, shrink)
        for index, line in enumerate(drawn):
            y += (lead if index == 0 else WRAP_LEAD) * size
            texts.append(Text(MARGIN, round(y), size, line, part.tone, part.bold))
            if index == 0 and part.right:
                right = Text(width - MARGIN, round(y), size, part.right, part.tone, part.bold, True)
                texts.append(right)
        said.append(", ".join(drawn) if part.then else " ".join(drawn))
        if not part.then and said[-1] != " ".join(part.text.split()):
            cut.add(part.kind)
        if part.right:
            said[-1] += f" {part.right}"
        if y + DESCENT * size > bottom or (may_cut is not None and not cut <= may_cut):
            return _Drawn(texts, said, math.inf, cut, items)
        items += part.kind == "list"
    return _Drawn(texts, said, y + DESCENT * size, cut, items)


def lay_out(card: Card, size: Size) -> Layout:
    """Lay the card out at ``size``, trying in turn: the largest scale at which every part
    fits whole (a line of the list wrapped to three lines at most); the largest at which the
    list does (a headline of the longest names may be cut); the smallest scale, each line of
    the list cut to two lines, then to one; as many of those as fit, the rest counted. What
    is left of the height is shared above and below."""
    width, height = SIZES[size]
    bottom = height - MARGIN
    smallest, largest = SCALES[size]
    steps = round((largest - smallest) / SCALE_STEP)
    scales = [smallest + step * SCALE_STEP for step in range(steps, -1, -1)]
    tries: list[tuple[float, int, Set[str]]] = [(scale, 3, set()) for scale in scales]
    tries += [(scale, 3, {"title", "headline"}) for scale in scales]
    tries += [(smallest, 2, set(PARTS)), (smallest, 1, set(PARTS))]
    lines = card.lines
    for scale, wraps, may_cut in tries:
        drawn = _placed(_parts(card, lines, 0), width, scale, wraps, bottom, may_cut)
        if drawn.end <= bottom:
            break
    else:  # as many lines as fit with the count of the rest under them
        for shown in range(drawn.fitted, -1, -1):
            lines = card.lines[:shown]
            more = len(card.lines) - shown
            drawn = _placed(_parts(card, lines, more), width, scale, wraps, bottom)
            if drawn.end <= bottom:
                break
    shift = max(0, int((bottom - drawn.end) // 2))
    texts = [Text(t.x, t.y + shift, t.size, t.text, t.tone, t.bold, t.end) for t in drawn.texts]
    return Layout(
        card,
        size,
        width,
        height,
        round(scale, 2),
        tuple(texts),
        tuple(drawn.said),
        len(lines),
        len(card.lines) - len(lines),
    )


def _when(night: Night) -> str:
    """The night's date in full, in the language spoken ("Saturday 28 November 2026",
    "lördag 28 november 2026"): the weekday's and month's names from Django's catalogs."""
    return date_format(night.date, "l j F Y")


def game_card(game: Game, standings: Standings) -> Card:
    """A game's card: who won (or, while it goes on, its status as the game page says it),
    each side's or player's total, best first."""
    tally = standings.tally
    units = standings.units
    if standings.finished:
        total = tally.totals[tally.winners[0]] if tally.winners else None
        names = [units[u] for u in tally.winners]
        headline = won_text(names, total, settles=standings.settles, sides=standings.in_sides)
    elif tally.deals:
        headline = standings.name_status()  # "After hand 2 of 12: …", or what the end waits for
    else:
        headline = "Not started yet"
    order = sorted(
        range(len(units)),
        key=lambda u: (
            u not in tally.winners,
            tally.totals[u] * (1 if tally.lower_is_better else -1),
        ),
    )
    # A winner's line stands out once the game is over: not while its end waits for the other
    # side's confirmations (the headline says what it waits for).
    won = set(tally.winners) if standings.finished else set()
    lines = tuple(Line(units[u], format_points(tally.totals[u]), u in won) for u in order)
    return Card(game.name, _when(game.night), game.night.place, headline, lines)


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
    """A night's card: who won most games (each player's wins counted, alone or as a
    partner), and one line per game with its winner."""
    (summary,) = night_summaries([night])
    lines = tuple(_game_line(game) for game in summary.games)
    # Translators: the title of a night's share card.
    title = gettext("Game night")
    return Card(title, _when(night), night.place, night_headline(summary.games), lines)
