"""Whose deal it is and who plays first: the contract's rotation, and each game's rules text."""

from __future__ import annotations

import pytest

from adjudicator.games import all_games, get_game
from adjudicator.records import Seating


def test_the_deal_passes_left_one_seat_each_deal_by_default() -> None:
    brummy = get_game("brummy")  # "The turn to deal to the next round passes always to the left."
    seating = brummy.seating(3, brummy.options())
    turns = [brummy.turn(n, seating, brummy.options()) for n in (1, 2, 3, 4)]
    assert [t.dealer for t in turns] == [0, 1, 2, 0]
    assert [t.leader for t in turns] == [1, 2, 0, 1]  # the dealer's left plays first
    assert turns[0].lead_word == "plays first"


def test_bridge_rummy_goes_counter_clockwise() -> None:
    # "Cards are dealt counter-clockwise"; "starting with the player to the right of the dealer".
    game = get_game("bridge-rummy")
    seating = Seating(4)
    turns = [game.turn(n, seating, game.options()) for n in (1, 2, 3)]
    assert [t.dealer for t in turns] == [0, 3, 2]
    assert [t.leader for t in turns] == [3, 2, 1]


@pytest.mark.parametrize("slug", ["voormsi", "brus", "alkort", "treikort"])
def test_in_the_trick_games_the_player_after_the_dealer_leads(slug: str) -> None:
    game = get_game(slug)
    players = 3 if slug == "treikort" else 4
    seating = game.seating(players, game.options())
    turn = game.turn(1, seating, game.options())
    assert (turn.dealer, turn.leader, turn.lead_word) == (0, 1, "leads")


def test_a_recorded_dealer_anchors_the_rotation() -> None:
    game = get_game("voormsi")
    seating = game.seating(4, game.options())
    # Deal 2 named seat 3 as dealer: deal 3 is dealt by seat 4, and seat 1 leads.
    turn = game.turn(3, seating, game.options(), dealt=[None, 2])
    assert (turn.dealer, turn.leader, turn.recorded) == (3, 0, True)
    # Counter-clockwise games wind the other way.
    bridge = get_game("bridge-rummy")
    assert bridge.turn(3, Seating(4), bridge.options(), dealt=[1]).dealer == 3


def test_a_trick_game_reads_the_dealer_from_the_record() -> None:
    game = get_game("brus")
    options = game.options()
    deal = game.parse_deal(
        game.sample_deal(players=4, options=options, number=1), players=4, options=options
    )
    assert game.dealt_by(deal) == 0


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_every_game_names_a_dealer_and_a_first_player_at_every_size(game: object) -> None:
    from adjudicator.game import Game

    assert isinstance(game, Game)
    for players in game.table_sizes():
        seating = game.seating(players, game.options())
        for number in range(1, 2 * players + 1):
            turn = game.turn(number, seating, game.options())
            assert 0 <= turn.dealer < players
            assert 0 <= turn.leader < players
            assert turn.leader != turn.dealer or players == 1
