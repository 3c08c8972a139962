"""Standings in words: who leads or won each game of a night, and what a game says across
the games of a night (Treikort's Pope)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from adjudicator.errors import AdjudicationError
from adjudicator.game import NightGame
from adjudicator.games import get_game
from adjudicator.said import Naming, and_list, named
from adjudicator.tally import Points, format_points
from scorekeeper.models import Game, Night, Player
from scorekeeper.standings.scoreboard import Standings, standings_for_games


def standing_text(
    names: Sequence[str], total: Points | None, *, settles: bool, sides: bool = False
) -> str:
    """Who stands best, as history says it: "Tom leads on 20" in a game of totals; in a
    settlement game, where totals are each player's net, "Tom is up 37½" (or, everyone on 0,
    "everyone is square"). ``sides``: each name is a side of several players ("Bob and Di"),
    so the verb is plural even for one of them ("Bob and Di lead on 7")."""
    if not names:
        return ""
    plural = sides or len(names) > 1
    if settles:
        if total is None or total <= 0:
            return "everyone is square"
        return f"{and_list(names)} {'are' if plural else 'is'} up {format_points(total)}"
    verb = "lead" if plural else "leads"
    if total is None:
        return f"{and_list(names)} {verb}"
    return f"{and_list(names)} {verb} on {format_points(total)}"


def won_text(names: Sequence[str], total: Points | None, *, settles: bool) -> str:
    """Who won, as history says it: "Mary won"; in a settlement game "Tom won, up 37½"."""
    if not names:
        return ""
    if settles and total is not None and total > 0:
        return f"{and_list(names)} won, up {format_points(total)}"
    return f"{and_list(names)} won"


@dataclass(frozen=True)
class GameSummary:
    """One game as the nights list tells it: who won, or who leads while it is still going."""

    game: Game
    deals: int
    finished: bool
    winners: tuple[str, ...]
    leaders: tuple[str, ...]
    leading_total: Points | None  # the winners' total once finished, else the leaders'
    unreadable: bool = False  # the ledger no longer replays (an unknown game, say)
    settles: bool = False  # totals are each player's net (the game's contract says so)
    sides: bool = False  # each name is a side of several players ("Bob and Di")

    @property
    def winners_text(self) -> str:
        return and_list(self.winners) if self.winners else ""

    @property
    def won_text(self) -> str:
        return won_text(self.winners, self.leading_total, settles=self.settles)

    @property
    def leaders_text(self) -> str:
        return standing_text(
            self.leaders, self.leading_total, settles=self.settles, sides=self.sides
        )


@dataclass(frozen=True)
class NightSummary:
    night: Night
    games: tuple[GameSummary, ...]


def game_summary(game: Game) -> GameSummary:
    """Replay one game's ledger and say how it stands."""
    return _summary(game, standings_for_games([game])[game.pk])


def _summary(game: Game, standings: Standings | None) -> GameSummary:
    if standings is None:
        return GameSummary(game, 0, False, (), (), None, unreadable=True)
    tally, names = standings.tally, standings.units
    said = {"settles": standings.settles, "sides": standings.in_sides}
    if standings.finished:
        winners = tuple(names[i] for i in tally.winners)
        won = tally.totals[tally.winners[0]] if tally.winners else None
        return GameSummary(game, len(tally.deals), True, winners, (), won, **said)
    if not tally.deals:  # before the first deal everyone "leads" on 0: say nothing
        return GameSummary(game, 0, False, (), (), None, **said)
    leaders = tuple(names[i] for i in tally.leaders)
    total = tally.totals[tally.leaders[0]] if tally.leaders else None
    return GameSummary(game, len(tally.deals), False, (), leaders, total, **said)


def night_summaries(nights: QuerySet[Night] | list[Night]) -> list[NightSummary]:
    """Each night with its games in order, each game's winners or leaders (for the nights list),
    in three queries whatever the number of nights and games (see :func:`standings_for_games`)."""
    nights = list(nights)
    games: dict[int, list[Game]] = defaultdict(list)
    loaded = list(Game.objects.filter(night__in=[n.pk for n in nights]).order_by("night", "number"))
    for game in loaded:
        games[game.night_id].append(game)
    standings = standings_for_games(loaded)
    return [
        NightSummary(night, tuple(_summary(g, standings[g.pk]) for g in games[night.pk]))
        for night in nights
    ]


# What a game says across the games of a night (Treikort's Pope) ----------------------------------


def across_night(night: Night) -> list[dict[str, Any]]:
    """Each kind of game played in the night, with what it says across its games there: the
    engine reads the games' tallies in order, the players known by their place in the night."""
    games = list(Game.objects.filter(night=night).order_by("number"))
    standings = standings_for_games(games)  # a fixed number of queries, however many games
    people: list[Player] = []
    place: dict[int, int] = {}
    by_slug: dict[str, list[NightGame]] = defaultdict(list)
    for game in games:
        found = standings[game.pk]
        if found is None:  # a game the engine no longer knows says nothing across the night
            continue
        for seat in found.seats:
            if seat.player_id not in place:
                place[seat.player_id] = len(people)
                people.append(seat.player)
        by_slug[game.slug].append(
            NightGame(
                tuple(place[seat.player_id] for seat in found.seats), found.tally, found.options
            )
        )
    names = Naming(tuple(person.name for person in people))
    said = []
    for slug, played in by_slug.items():
        try:
            definition = get_game(slug)
        except AdjudicationError:
            continue
        lines = [named(line, names) for line in definition.across_night(played)]
        if lines:
            said.append({"game": definition.name, "lines": lines})
    return said
