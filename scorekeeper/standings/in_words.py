"""Standings in words: who leads or won each game of a night, and what a game says across
the games of a night (Treikort's Pope)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from adjudicator.errors import AdjudicationError
from adjudicator.game import NightGame
from adjudicator.games import get_game
from adjudicator.said import Naming
from adjudicator.tally import Points, format_points
from scorekeeper.languages.speaking import names_said, say
from scorekeeper.models import Game, Night, Player
from scorekeeper.standings.scoreboard import Standings, standings_for_games


def units_said(names: Sequence[str], *, sides: bool = False) -> str:
    """Several scoring units for a sentence. Players: "Ann, Ben and Cy". Sides, whose own
    names hold an "and", would read as one crowd ("Ann and Cy and Ben and Di"), so each is
    kept whole: "Ann and Cy level with Ben and Di".

    >>> units_said(["Ann", "Ben", "Cy"]), units_said(["Ann and Cy", "Ben and Di"], sides=True)
    ('Ann, Ben and Cy', 'Ann and Cy level with Ben and Di')
    >>> units_said(["Ann and Cy", "Ben and Di", "Ed and Flo"], sides=True)
    'Ann and Cy level with Ben and Di and with Ed and Flo'
    """
    if not sides or len(names) < 2:
        return names_said(names)
    return _("%(side)s level with %(others)s") % {"side": names[0], "others": _others(names[1:])}


def _others(names: Sequence[str]) -> str:
    """The sides after the first, each kept whole: "Ben and Di and with Ed and Flo"."""
    if len(names) == 1:
        return names[0]
    # Translators: sides level with the first; each side's name already holds an "and".
    return _("%(side)s and with %(others)s") % {"side": names[0], "others": _others(names[1:])}


def standing_text(
    names: Sequence[str], total: Points | None, *, settles: bool, sides: bool = False
) -> str:
    """Who stands best, as history says it: "Tom leads on 20" in a game of totals; in a
    settlement game, where totals are each player's net, "Tom is up 37½" (or, everyone on 0,
    "everyone is square"). ``sides``: each name is a side of several players ("Bob and Di"),
    so the verb is plural even for one of them ("Bob and Di lead on 7"), and sides level for
    the lead are said so ("Ann and Cy level with Bob and Di on 7").

    >>> standing_text(["Ann and Cy", "Bob and Di"], 7, settles=False, sides=True)
    'Ann and Cy level with Bob and Di on 7'
    """
    if not names:
        return ""
    several = len(names) > 1
    level = sides and several
    who = units_said(names, sides=sides)
    values = {"who": who, "points": format_points(total) if total is not None else ""}
    if settles:
        if total is None or total <= 0:
            return _("everyone is square")
        if level:
            # Translators: sides level for the best net in a settlement game ("Ann and Cy
            # level with Bob and Di, up 5").
            return _("%(who)s, up %(points)s") % values
        if sides or several:
            return _("%(who)s are up %(points)s") % values
        return _("%(who)s is up %(points)s") % values
    if level:
        return who if total is None else _("%(who)s on %(points)s") % values
    if total is None:
        return (_("%(who)s lead") if sides or several else _("%(who)s leads")) % values
    if sides or several:
        return _("%(who)s lead on %(points)s") % values
    return _("%(who)s leads on %(points)s") % values


def won_text(
    names: Sequence[str], total: Points | None, *, settles: bool, sides: bool = False
) -> str:
    """Who won, as history says it: "Mary won"; in a settlement game "Tom won, up 37½"; sides
    sharing a win, "Ann and Cy shared the win with Bob and Di".

    >>> won_text(["Ann and Cy", "Bob and Di"], 5, settles=False, sides=True)
    'Ann and Cy shared the win with Bob and Di'
    """
    if not names:
        return ""
    up = settles and total is not None and total > 0
    values = {"points": format_points(total) if total is not None else ""}
    if sides and len(names) > 1:
        values |= {"side": names[0], "others": _others(names[1:])}
        if up:
            return _("%(side)s shared the win with %(others)s, up %(points)s") % values
        return _("%(side)s shared the win with %(others)s") % values
    values["who"] = names_said(names)
    return (_("%(who)s won, up %(points)s") if up else _("%(who)s won")) % values


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
    # Each player of the winning units, once finished: (the player's id, their name). A side's
    # win is each of its players' win.
    winning_players: tuple[tuple[int, str], ...] = ()

    @property
    def winners_text(self) -> str:
        return names_said(self.winners) if self.winners else ""

    @property
    def won_text(self) -> str:
        return won_text(self.winners, self.leading_total, settles=self.settles, sides=self.sides)

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
    settles, sides = standings.settles, standings.in_sides
    if standings.finished:
        winners = tuple(names[i] for i in tally.winners)
        won = tally.totals[tally.winners[0]] if tally.winners else None
        players = tuple(
            (standings.seats[seat].player_id, standings.names[seat])
            for unit in tally.winners
            for seat in standings.seating.units[unit]
        )
        return GameSummary(
            game,
            len(tally.deals),
            True,
            winners,
            (),
            won,
            settles=settles,
            sides=sides,
            winning_players=players,
        )
    if not tally.deals:  # before the first deal everyone "leads" on 0: say nothing
        return GameSummary(game, 0, False, (), (), None, settles=settles, sides=sides)
    leaders = tuple(names[i] for i in tally.leaders)
    total = tally.totals[tally.leaders[0]] if tally.leaders else None
    return GameSummary(
        game, len(tally.deals), False, (), leaders, total, settles=settles, sides=sides
    )


def night_headline(games: Sequence[GameSummary]) -> str:
    """Who won most of a night's games, counted by player: a side's win is a win for each of
    its players, so a player who won once alone and once as a partner has won two. "Cy won 2
    of 3 games"; several level, "Ann and Ben won 1 each, of 2 games"; while a game goes on,
    "of 3 finished games"."""
    finished = [game for game in games if game.finished]
    if not finished:
        count = len(games)
        if not count:
            return _("No games yet")
        return ngettext(
            "%(count)s game, none finished", "%(count)s games, none finished", count
        ) % {"count": count}
    wins: Counter[int] = Counter()
    names: dict[int, str] = {}
    for game in finished:
        for player, name in game.winning_players:
            wins[player] += 1
            names[player] = name
    count = len(finished)
    if count == len(games):
        played = ngettext("%(count)s game", "%(count)s games", count) % {"count": count}
    else:
        played = ngettext("%(count)s finished game", "%(count)s finished games", count) % {
            "count": count
        }
    if not wins:
        return _("Nobody won, of %(played)s") % {"played": played}
    most = max(wins.values())
    best = sorted((names[p] for p, won in wins.items() if won == most), key=str.casefold)
    values = {"who": names_said(best), "most": most, "played": played}
    if len(best) == 1:
        # Translators: "Cy won 2 of 3 games"; %(played)s is "3 games" or "3 finished games".
        return _("%(who)s won %(most)s of %(played)s") % values
    return _("%(who)s won %(most)s each, of %(played)s") % values


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
        lines = [say(line, names) for line in definition.across_night(played)]
        if lines:
            said.append({"game": definition.name, "lines": lines})
    return said
