"""The rating rules: who counts as a team, what place each unit finished in, and a run of
ratings that, rated again from any edit, equals the run rated from scratch."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games import GAMES
from adjudicator.ratings import (
    NEW,
    PROVISIONAL_GAMES,
    Finish,
    Rating,
    Run,
    finish,
    places,
    rate,
)
from adjudicator.records import Seating
from adjudicator.tally import Tally


def finished(
    totals: tuple[int, ...],
    winners: tuple[int, ...],
    *,
    lower: bool = False,
    seating: Seating | None = None,
    settles: bool = False,
) -> Tally:
    return Tally((), totals, True, winners, winners, lower, "", seating=seating, settles=settles)


def played(game: Any, players: int) -> Tally:
    """A finished tally of a real game: its sample deals until it ends, or the table stops it."""
    options = game.options({})
    deals = []
    for number in range(1, 200):
        sample = game.sample_deal(players=players, options=options, number=number)
        deals.append(game.parse_deal(sample, players=players, options=options))
        tally = game.tally(deals, players=players, options=options)
        if tally.finished:
            return tally
        if game.open_ended(options, players) and number >= 3:
            return game.stop(tally, players=players, options=options)
    raise AssertionError(f"{game.slug} at {players} never finished")


TABLES = [(game, size) for game in GAMES for size in game.table_sizes()]


@pytest.mark.parametrize(("game", "players"), TABLES, ids=[f"{g.slug}-{n}" for g, n in TABLES])
def test_every_game_rates_its_scoring_units_from_its_own_tally(game: Any, players: int) -> None:
    tally = played(game, players)
    seats = [f"p{seat}" for seat in range(players)]
    rated = finish(7, game.slug, tally, seats)
    seating = tally.seating or Seating(players)
    assert rated.teams == tuple(tuple(seats[s] for s in unit) for unit in seating.units)
    assert [rated.places[w] for w in tally.winners] == [1] * len(tally.winners)
    assert all(rated.places[u] > 1 for u in range(len(rated.teams)) if u not in tally.winners)
    after, changes = rate({}, rated)
    assert sorted(after) == sorted(seats)
    assert {c.player for c in changes} == set(seats)


def test_partners_are_one_team_and_move_together() -> None:
    sides = Seating(4, ((0, 2), (1, 3)))
    game = finish(1, "voormsi", finished((3, 7), (1,), seating=sides), ["A", "B", "C", "D"])
    assert game.teams == (("A", "C"), ("B", "D"))
    after, changes = rate({}, game)
    assert after["B"] == after["D"]
    assert after["A"] == after["C"]
    assert after["B"].mu > NEW.mu > after["A"].mu
    assert {c.player: c.moved > 0 for c in changes} == {
        "A": False,
        "C": False,
        "B": True,
        "D": True,
    }


def test_a_strong_partner_is_moved_less_than_a_new_one() -> None:
    sides = Seating(4, ((0, 2), (1, 3)))
    settled = Rating(mu=30.0, sigma=2.0, games=40)
    game = finish(1, "brus", finished((7, 3), (0,), seating=sides), ["Old", "B", "New", "D"])
    after, _ = rate({"Old": settled}, game)
    assert after["New"].mu - NEW.mu > after["Old"].mu - settled.mu > 0


def test_players_alone_are_placed_by_total_in_the_game_s_direction() -> None:
    assert places(finished((120, 80, 80, 30), (0,))) == (1, 2, 2, 4)
    assert places(finished((40, 200, 90), (0,), lower=True)) == (1, 3, 2)
    after, _ = rate({}, Finish(1, "brummy", (("A",), ("B",), ("C",), ("D",)), (1, 2, 2, 4)))
    assert after["A"].mu > after["B"].mu == after["C"].mu > after["D"].mu


def test_a_shared_win_is_a_tie_for_first_and_moves_the_tied_alike() -> None:
    assert places(finished((40, 200, 40), (0, 2), lower=True)) == (1, 3, 1)
    after, _ = rate({}, Finish(1, "rummy", (("A",), ("B",), ("C",)), (1, 3, 1)))
    assert after["A"] == after["C"]
    assert after["A"].mu > NEW.mu > after["B"].mu


def test_a_tie_broken_by_the_game_s_rule_puts_the_other_leader_second() -> None:
    assert places(finished((50, 50, 10), (1,))) == (2, 1, 3)


def test_settlement_games_rate_by_final_net() -> None:
    game = finish(1, "knock-rummy", finished((35, -10, -25), (0,), settles=True), ["A", "B", "C"])
    assert game.places == (1, 2, 3)


def test_an_unfinished_game_is_not_rated() -> None:
    open_game = Tally((), (10, 5), False, (), (0,), False, "")
    with pytest.raises(ValueError, match="finished"):
        places(open_game)


@pytest.mark.parametrize(
    ("teams", "game_places"),
    [
        ((("A",),), (1,)),  # one unit is no contest
        ((("A",), ("B",)), (1,)),  # a place per unit
        ((("A",), ("A",)), (1, 2)),  # nobody plays twice
        ((("A",), ()), (1, 2)),  # no empty unit
    ],
)
def test_a_finish_that_cannot_be_is_refused(teams: Any, game_places: Any) -> None:
    with pytest.raises(ValueError, match="unit"):
        Finish(1, "rummy", teams, game_places)


def test_provisional_until_enough_games_and_shown_conservatively() -> None:
    ann = Finish(0, "rummy", (("Ann",), ("Bob",)), (1, 2))
    run = Run.of([Finish(n, "rummy", ann.teams, ann.places) for n in range(PROVISIONAL_GAMES)])
    history = run.history("Ann")
    assert [change.after.provisional for _, change in history] == [True] * (
        PROVISIONAL_GAMES - 1
    ) + [False]
    rating = run.ratings["Ann"]
    assert rating.shown == round(rating.mu - 3 * rating.sigma, 1) < rating.mu


def test_rating_leaves_the_ratings_it_was_given_alone() -> None:
    before = {"A": Rating(mu=28.0, sigma=4.0, games=3)}
    kept = dict(before)
    rate(before, Finish(1, "rummy", (("A",), ("B",)), (2, 1)))
    assert before == kept


players = st.sampled_from("ABCDEFG")


@st.composite
def finishes(draw: st.DrawFn, key: int) -> Finish[str]:
    seated = draw(st.lists(players, min_size=2, max_size=6, unique=True))
    partners = len(seated) % 2 == 0 and draw(st.booleans())
    teams = (
        (tuple(seated[0::2]), tuple(seated[1::2]))
        if partners
        else tuple((player,) for player in seated)
    )
    ranks = draw(st.lists(st.integers(1, len(teams)), min_size=len(teams), max_size=len(teams)))
    return Finish(key, draw(st.sampled_from(["rummy", "voormsi"])), teams, tuple(ranks))


@st.composite
def edits(draw: st.DrawFn) -> list[tuple[str, int, Finish[str]]]:
    steps = []
    for key in range(draw(st.integers(1, 12))):
        steps.append(
            (
                draw(st.sampled_from(["record", "amend", "void"])),
                draw(st.integers(0, 20)),
                draw(finishes(key)),
            )
        )
    return steps


@settings(max_examples=60, deadline=None)
@given(first=st.lists(st.integers(0, 10_000), min_size=0, max_size=8), steps=edits())
def test_rating_again_from_an_edit_equals_rating_everything_from_scratch(
    first: list[int], steps: list[tuple[str, int, Finish[str]]]
) -> None:
    games = [Finish(1000 + n, "rummy", (("A",), ("B",)), (1 + n % 2, 2 - n % 2)) for n in first]
    run = Run.of(games)
    for action, where, game in steps:
        if action == "record" or not games:
            games.append(game)
            changed_from = len(games) - 1
        elif action == "amend":
            changed_from = where % len(games)  # the same game, finished otherwise
            games[changed_from] = replace(game, key=games[changed_from].key)
        else:
            changed_from = where % len(games)
            del games[changed_from]
        run = run.following(games)
        assert run.rated <= len(games) - changed_from  # only the games after the change
        assert run == Run.of(games)
        assert run.ratings == Run.of(games).ratings
