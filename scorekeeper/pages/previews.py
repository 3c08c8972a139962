"""What the deal form shows while a deal is entered: a grid scored as it fills (Brummy,
Brummagem) and each trick judged as it is played (the trick family)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from adjudicator.cards import Card
from adjudicator.errors import AdjudicationError, InvalidGridError
from adjudicator.grids.best import BestGrid, best_grid
from adjudicator.grids.lines import LINES, SIZES, Grid, GridRules, LineScore, Shape, score_line
from adjudicator.records import CardsField
from scorekeeper.languages.speaking import names_said, say
from scorekeeper.ledger.reading import game_definition, naming
from scorekeeper.models import Game

# Brummy and Brummagem grids, scored as they fill ---------------------------------------------

EMPTY_CELL = "-"


def grid_shape(game: Game) -> Shape | None:
    """The shape of the grid a game's record holds (the grid family's widget), if any."""
    definition = game_definition(game)
    options = definition.options(game.options)
    record = definition.record(options, max(game.seats.count(), definition.min_players))
    for f in record.fields:
        for item in (f, *getattr(f, "entries", ())):
            if isinstance(item, CardsField) and item.widget == "grid" and item.shape:
                shape: Shape = item.shape  # type: ignore[assignment]
                return shape
    return None


@dataclass(frozen=True)
class LinePreview:
    """One line of a grid being entered: its name, combination and the parts of its points
    said in the language spoken."""

    name: str
    cells: tuple[Card | None, ...]
    score: LineScore | None  # None until every cell of the line is filled
    combination: str = ""
    parts: tuple[str, ...] = ()


@dataclass(frozen=True)
class GridPreview:
    """A grid being entered: the lines complete so far scored, and the best arrangement."""

    shape: Shape
    cells: tuple[Card | None, ...]
    lines: tuple[LinePreview, ...]
    error: str | None = None
    best: BestGrid | None = None
    explanation: tuple[str, ...] = ()  # the best grid's, line by line, said

    @property
    def complete(self) -> bool:
        return self.error is None and all(c is not None for c in self.cells)

    @property
    def total(self) -> int:
        return sum(line.score.points for line in self.lines if line.score is not None)

    @property
    def grid(self) -> Grid | None:
        cards = tuple(c for c in self.cells if c is not None)
        return Grid(self.shape, cards) if self.complete else None

    @property
    def left_on_table(self) -> int | None:
        return None if self.best is None else self.best.total - self.total


def grid_preview(game: Game, text: str, *, best: bool = False) -> GridPreview:
    """Score the lines of a partly filled grid (``-`` marks an empty cell, row-major).

    Only for a game whose record holds a grid (see :func:`grid_shape`)."""
    shape = grid_shape(game)
    assert shape is not None, "a grid preview of a game without grids"
    definition = game_definition(game)
    options = definition.options(game.options)
    rules = options.grid_rules()
    size = SIZES[shape]
    empty: tuple[Card | None, ...] = (None,) * size
    try:
        tokens = text.split() if text else []
        if len(tokens) > size:
            raise InvalidGridError(
                gettext("A %(shape)s grid holds %(size)s cards, not %(count)s.")
                % {"shape": shape, "size": size, "count": len(tokens)}
            )
        cells = tuple(None if t == EMPTY_CELL else Card.parse(t) for t in tokens)
        cells += (None,) * (size - len(cells))
        definition.pack(options, game.seats.count()).check(c for c in cells if c is not None)
    except AdjudicationError as err:
        return GridPreview(shape, empty, _line_previews(shape, empty, rules), say(err.message))
    preview = GridPreview(shape, cells, _line_previews(shape, cells, rules))
    if best and preview.grid is not None:
        found = best_grid(preview.grid.cards, shape, rules)
        explanation = tuple(say(line) for line in found.score.explanation)
        return GridPreview(shape, cells, preview.lines, best=found, explanation=explanation)
    return preview


def _line_previews(
    shape: Shape, cells: tuple[Card | None, ...], rules: GridRules
) -> tuple[LinePreview, ...]:
    previews = []
    for key, name, where in LINES[shape]:
        line = tuple(cells[i] for i in where)
        complete = tuple(c for c in line if c is not None)
        score = (
            score_line(complete, rules, key=key, name=name) if len(complete) == len(line) else None
        )
        previews.append(
            LinePreview(
                say(name),
                line,
                score,
                say(score.combination) if score is not None else "",
                tuple(say(part) for part in score.parts) if score is not None else (),
            )
        )
    return tuple(previews)


# The trick family's widget: each trick judged as it is entered ---------------------------------


def trick_verdicts(
    game: Game, tricks: list[list[dict[str, Any]]], dealer: int | None
) -> dict[str, Any] | None:
    """Each trick entered so far judged by the game (its ``tricks`` question): the winner and
    the reason, or the first illegal play and why, with the players' names and the card that
    broke the rule (``breach``: where it was entered, as the engine says). ``tricks`` are the
    plays of each trick as the API takes them (``{"seat": 0, "cards": "7H"}``), read from the
    page's text by the page (:func:`scorekeeper.deal_forms.plays_from_text`); an empty one was
    not entered."""
    filled = [plays for plays in tricks if plays]
    if not filled:
        return None
    definition = game_definition(game)
    options = definition.options(game.options)
    seats = tuple(game.seats.select_related("player").order_by("position"))
    seating = definition.seating(len(seats), options)
    names = naming(seats, seating)
    units = [names_said([seats[s].player.name for s in members]) for members in seating.units]
    body: dict[str, Any] = {
        "players": len(seats),
        "tricks": [{"plays": plays} for plays in filled],
    }
    if dealer is not None:
        body["dealer"] = dealer
    try:
        answer = definition.ask("tricks", body | {"options": game.options})
    except AdjudicationError as err:
        return {
            "tricks": [{"number": 1, "problem": say(err.message, names)}],
            "won": [],
            "current": 0,
        }
    verdicts = []
    for verdict in answer["tricks"]:
        problem = verdict.get("problem")
        verdicts.append(
            {
                "number": verdict["number"],
                "complete": verdict["complete"],
                "problem": say(problem.message, names) if problem is not None else None,
                # The card that broke the rule, which the pad takes back at once.
                "breach": verdict.get("breach"),
                "winner": names.seat(verdict["winner"]) if "winner" in verdict else None,
                "winner_seat": verdict.get("winner"),
                "reason": say(verdict.get("reason", ""), names),
            }
        )
    current = next(
        (v["number"] - 1 for v in verdicts if not v["complete"] or v["problem"]), len(verdicts)
    )
    won = [{"name": units[u], "count": c} for u, c in enumerate(answer["won"])]
    return {"tricks": verdicts, "won": won, "current": current}
