"""Club ledgers played through the services, for the history's scopes: a script of nights and
games, played once with one person as two players ("Cy" and "Cyd") and once as one, and the
figures every look back gives, as plain values (games by their place in the script, players
by name), so that two ledgers can be compared."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.clubs import services as club_services
from scorekeeper.games import services as game_services
from scorekeeper.history import ratings, records, rivals
from scorekeeper.history.scope import Scope
from scorekeeper.ledger import reading
from scorekeeper.models import Club, Game, Player
from scorekeeper.nights import services as night_services
from scorekeeper.standings import scoreboard


@dataclass(frozen=True)
class Play:
    """One game of the script: Rummy won by seat ``winner`` (the others hold ``held`` and
    up), or Alkort at four from its sample hands (the first and third seats win)."""

    slug: str
    seats: tuple[str, ...]
    winner: int = 0
    held: int = 10


def rummy(*seats: str, winner: int = 0, held: int = 10) -> Play:
    return Play("rummy", seats, winner, held)


def alkort(*seats: str) -> Play:
    return Play("alkort", seats)


type Script = Sequence[tuple[datetime.date, Sequence[Play]]]


@dataclass
class Ledger:
    """A club and its games, in the order the script played them."""

    club: Club
    games: list[Game] = field(default_factory=list)

    def player(self, name: str) -> Player:
        return Player.objects.get(club=self.club, name=name)

    @property
    def index(self) -> dict[int, int]:
        """Each game's place in the script, by its id."""
        return {game.pk: place for place, game in enumerate(self.games)}


def play(game: Game, by: Any, how: Play) -> None:
    if how.slug == "rummy":
        hands = [
            {"seat": s, "held": how.held + 3 * s} for s in range(len(how.seats)) if s != how.winner
        ]
        game_services.deal_record(game=game, by=by, data={"went_out": how.winner, "hands": hands})
        game_services.game_end(game=game, by=by)
        return
    definition = reading.game_definition(game)
    options = definition.options(game.options)
    for number in range(1, 30):
        raw = definition.sample_deal(players=4, options=options, number=number)
        game_services.deal_record(game=game, by=by, data=raw)
        if scoreboard.game_standings(game).tally.finished:
            return
    raise AssertionError("the sample hands never finish Alkort")  # pragma: no cover


def build(by: Any, name: str, script: Script, *, club: Club | None = None) -> Ledger:
    """A club (made by ``by``, its organiser) whose nights play ``script``, every game through
    the services; its players made on its roster as the script first names them."""
    club = club or club_services.club_create(by=by, name=name)
    ledger = Ledger(club)
    for day, plays in script:
        night = night_services.night_create(owner=by, date=day, club=club)
        for how in plays:
            seated = [_roster_player(by, club, seat) for seat in how.seats]
            game = game_services.game_start(night=night, by=by, slug=how.slug, players=seated)
            play(game, by, how)
            ledger.games.append(game)
    return ledger


def _roster_player(by: Any, club: Club, name: str) -> Player:
    found = Player.objects.filter(club=club, name=name, same_as__isnull=True).first()
    return found or night_services.player_create(owner=by, name=name, club=club)


def renamed(script: Script, names: dict[str, str]) -> Script:
    """The same script with players renamed (two players read as one from the start)."""
    return [
        (
            day,
            [
                Play(p.slug, tuple(names.get(s, s) for s in p.seats), p.winner, p.held)
                for p in plays
            ],
        )
        for day, plays in script
    ]


# The figures, as values -------------------------------------------------------------------------


def _games(games: Iterable[Game], index: dict[int, int]) -> tuple[int, ...]:
    return tuple(index[game.pk] for game in games)


def _meetings(found: rivals.Meetings | None, index: dict[int, int]) -> Any:
    if found is None:
        return None
    return (
        found.opponent.name,
        found.ahead,
        found.behind,
        found.level,
        _games(found.games, index),
    )


def rivals_figures(found: rivals.Rivals, index: dict[int, int]) -> dict[str, Any]:
    partner = found.partner
    return {
        "finished": found.finished,
        "rival": _meetings(found.rival, index),
        "nemesis": _meetings(found.nemesis, index),
        "partner": None
        if partner is None
        else (partner.partner.name, partner.won, _games(partner.games, index)),
        "current": _games(found.current.games, index),
        "longest": _games(found.longest.games, index),
        "records": [
            (book.slug, [(r.label, r.value, index[r.game.pk]) for r in book.records])
            for book in found.records
        ],
    }


def figures(scope: Scope, ledger: Ledger) -> dict[str, Any]:
    """Everything the history says of the ledger's club in ``scope``: the leaderboard (across
    all games, and per game), each player one may look up with their record, ratings, rivals
    and head to head with every other, and what each game did to the ratings."""
    index = ledger.index
    boards = {}
    for slug in ("", "rummy", "alkort"):
        board = ratings.leaderboard(scope, slug=slug)
        boards[slug] = (
            board.games,
            [(r.place, r.player.name, r.rating, r.won, r.played) for r in board.rows],
        )
    players = list(records.visible_players(scope))
    each = {}
    for player in players:
        each[player.name] = {
            "record": records.player_record(scope, player).games,
            "ratings": [
                (
                    rated.slug,
                    rated.rating,
                    [(index[p.game.pk], p.date, p.rating) for p in rated.points],
                )
                for rated in ratings.player_ratings(scope, player)
            ],
            "rivals": rivals_figures(rivals.rivals(scope, player), index),
            "h2h": {
                other.name: records.head_to_head(scope, player, other).games
                for other in players
                if other != player
            },
        }
    changes = [
        [(m.name, m.before, m.after, m.provisional) for m in ratings.game_changes(scope, game)]
        for game in ledger.games
    ]
    return {"boards": boards, "players": each, "changes": changes}
