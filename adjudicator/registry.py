"""Games are objects found by slug: ``get_game("bridge-rummy")``.

Every game implements :class:`Game`: its house rules, its pack, how a raw record of one deal is
read, and how a sequence of deals adds up to a :class:`~adjudicator.tally.Tally`. It may also
answer questions without recording anything (``is this a meld?``), for settling disputes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from adjudicator.cards import Pack
from adjudicator.errors import BadEntryError, UnknownGameError, UnknownQuestionError
from adjudicator.options import OptionInfo, describe_options, parse_options
from adjudicator.tally import Tally


@dataclass(frozen=True)
class Question:
    """A dispute the engine settles without recording: it takes JSON data and house options."""

    name: str
    summary: str
    answer: Callable[[Mapping[str, Any], Any], dict[str, Any]]


class Game[O, D](ABC):
    """One game: ``O`` is its frozen options dataclass, ``D`` its typed record of one deal."""

    slug: ClassVar[str]
    name: ClassVar[str]
    options_type: ClassVar[type[Any]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    lower_is_better: ClassVar[bool]

    def options(self, data: Mapping[str, Any] | None = None) -> O:
        """House rules from JSON, defaults for anything not given."""
        result: O = parse_options(self.options_type, data)
        return result

    def describe_options(self) -> tuple[OptionInfo, ...]:
        return describe_options(self.options_type)

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BadEntryError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"not {players}.",
                field="seats",
            )

    @abstractmethod
    def pack(self, options: O, players: int) -> Pack:
        """The pack this table plays with."""

    @abstractmethod
    def parse_deal(self, data: Mapping[str, Any], *, players: int, options: O) -> D:
        """Read and validate one deal's raw record; raise an AdjudicationError naming the field."""

    @abstractmethod
    def deal_as_data(self, deal: D) -> dict[str, Any]:
        """The canonical JSON form of a deal: ``parse_deal(deal_as_data(d)) == d``."""

    @abstractmethod
    def tally(self, deals: Sequence[D], *, players: int, options: O) -> Tally:
        """Score the deals in order; refuse a deal recorded after the game ended."""

    @abstractmethod
    def sample_deal(self, *, players: int, options: O, number: int) -> dict[str, Any]:
        """A plausible raw deal (for the demo night and the conformance test)."""

    def questions(self) -> Mapping[str, Question]:
        return {}

    def ask(self, question: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """Answer one of :meth:`questions`, with ``data["options"]`` as house rules."""
        found = self.questions().get(question)
        if found is None:
            known = ", ".join(self.questions()) or "none"
            raise UnknownQuestionError(
                f"{self.name} has no question {question!r}; it answers: {known}.",
                field="question",
            )
        if not isinstance(data, Mapping):
            raise BadEntryError("The question needs a JSON object.", field="body")
        return found.answer(data, self.options(data.get("options")))


_GAMES: dict[str, Game[Any, Any]] = {}


def register[G: Game[Any, Any]](game: G) -> G:
    """Add a game to the registry (each game module calls this once)."""
    existing = _GAMES.get(game.slug)
    # The same class imported twice (a doctest run of one file) replaces itself; two different
    # games claiming one slug is a programming error.
    if existing is not None and type(existing).__qualname__ != type(game).__qualname__:
        raise ValueError(f"game slug {game.slug!r} registered twice")
    _GAMES[game.slug] = game
    return game


def all_games() -> tuple[Game[Any, Any], ...]:
    import adjudicator.games  # noqa: F401  (importing registers every game)

    return tuple(_GAMES.values())


def get_game(slug: str) -> Game[Any, Any]:
    """The game with this slug.

    >>> get_game("bridge-rummy").name
    'Bridge Rummy'
    """
    games = {game.slug: game for game in all_games()}
    try:
        return games[slug]
    except KeyError:
        raise UnknownGameError(
            f"There is no game {slug!r}; known games: {', '.join(sorted(games))}.", field="game"
        ) from None
