"""How each trick game says whose turn it is, for the trick pad (its record's tricks field).

Every trick game: the player at the dealer's left leads the first trick, play goes round the
same way. Voormsi's followers match a lead of several cards (V: "Each other player … must play
the same number of cards … as was first led"); in Brus a turn may be a pass and the player on
lead lays any 7s first, keeping the lead (6a, BR-4).
"""

from __future__ import annotations

import pytest

from adjudicator.games import get_game
from adjudicator.records import Seating, TricksField, describe

GAMES = [("voormsi", 4), ("voormsi", 3), ("treikort", 3), ("brus", 4), ("brus", 6), ("alkort", 4)]


def _tricks(slug: str, players: int) -> TricksField:
    game = get_game(slug)
    record = game.record(game.options(), players)
    return next(f for f in record.fields if isinstance(f, TricksField))


@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_the_player_at_the_dealers_left_leads_the_first_trick(slug: str, players: int) -> None:
    game = get_game(slug)
    seating = Seating(players)
    leaders = [game.leader(d, seating, game.options()) for d in range(players)]
    assert leaders == [(d + 1) % players for d in range(players)]
    assert game.play_passes == 1


@pytest.mark.parametrize(
    ("slug", "players", "matched", "passes", "keeps"),
    [
        pytest.param("voormsi", 4, True, False, (), id="V-followers-match-the-lead"),
        pytest.param("voormsi", 3, True, False, (), id="V-three-handed-too"),
        pytest.param("treikort", 3, False, False, (), id="T-one-card-each"),
        pytest.param("alkort", 4, False, False, (), id="A-one-card-each"),
        pytest.param("brus", 4, False, True, ("7C", "7S", "7H", "7D"), id="6a-passes-and-7s"),
        pytest.param("brus", 6, False, True, ("7C", "7S", "7H", "7D"), id="6a-six-handed"),
    ],
)
def test_each_game_says_how_its_turns_go(
    slug: str, players: int, matched: bool, passes: bool, keeps: tuple[str, ...]
) -> None:
    field = _tricks(slug, players)
    assert (field.matched, field.passes, field.keeps_lead) == (matched, passes, keeps)
    game = get_game(slug)
    described = next(
        f for f in describe(game.record(game.options(), players))["fields"] if f["key"] == "tricks"
    )
    assert (described["matched"], described["passes"], described["keeps_lead"]) == (
        matched,
        passes,
        list(keeps),
    )


@pytest.mark.parametrize(
    ("slug", "players", "never"),
    [
        pytest.param("voormsi", 4, set(), id="V-every-card-plays"),
        pytest.param("treikort", 3, set(), id="T-every-card-plays"),
        pytest.param("alkort", 4, set(), id="A-every-card-plays"),
        pytest.param(
            "brus",
            4,
            {
                "8C",
                "8H",
                "8D",
                "10C",
                "10S",
                "10H",
                "10D",
                "QC",
                "QS",
                "QH",
                "QD",
                "KC",
                "KS",
                "KD",
            },
            id="BR-6a-the-14-unplayable-cards",
        ),
        pytest.param("brus", 6, None, id="BR-six-handed-the-same"),
    ],
)
def test_each_game_names_the_cards_it_never_plays_to_a_trick(
    slug: str, players: int, never: set[str] | None
) -> None:
    """6a: "These 14 cards are considered unplayable cards and can never be played" (BR-1 puts
    the 8H among them, not the 8S): the trick pad leaves them out, from this description."""
    field = _tricks(slug, players)
    game = get_game(slug)
    pack = {str(card) for card in game.pack(game.options(), players).copies}
    if never is None:
        never = set(_tricks(slug, 4).never_played)
    assert set(field.never_played) == never
    assert len(field.never_played) == len(never)  # each named once
    assert never <= pack  # cards of the pack, in its notation
    described = next(
        f for f in describe(game.record(game.options(), players))["fields"] if f["key"] == "tricks"
    )
    assert set(described["never_played"]) == never
