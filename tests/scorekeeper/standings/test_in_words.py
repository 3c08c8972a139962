"""Standings in words: a night's headline counts each player's wins, alone or as a partner;
sides level or sharing a win are said apart, never run together by their own "and"."""

from __future__ import annotations

import pytest

from scorekeeper.models import Game
from scorekeeper.standings.in_words import GameSummary, night_headline, standing_text, won_text

PEOPLE = {"Ann": 1, "Ben": 2, "Cy": 3, "Di": 4, "ann": 5}


def won(*sides: str) -> GameSummary:
    """A finished game won by ``sides``, each "Ann" or "Ann and Cy" (a side's players)."""
    players = tuple((PEOPLE[n], n) for side in sides for n in side.split(" and "))
    return GameSummary(Game(), 3, True, sides, (), 10, winning_players=players)


def going(*leaders: str) -> GameSummary:
    return GameSummary(Game(), 2, False, (), leaders, 5)


NOT_STARTED = GameSummary(Game(), 0, False, (), (), None)
UNREADABLE = GameSummary(Game(), 0, False, (), (), None, unreadable=True)


@pytest.mark.parametrize(
    ("games", "headline"),
    [
        pytest.param([], "No games yet", id="no-games"),
        pytest.param([NOT_STARTED], "1 game, none finished", id="one-not-started"),
        pytest.param([going("Ann"), UNREADABLE], "2 games, none finished", id="none-finished"),
        pytest.param([won("Ann")], "Ann won 1 of 1 game", id="one-alone"),
        pytest.param([won("Ann and Cy")], "Ann and Cy won 1 each, of 1 game", id="partners"),
        pytest.param(
            [won("Ann and Cy"), won("Ben"), won("Cy"), going("Ann and Cy", "Ben and Di")],
            "Cy won 2 of 3 finished games",
            id="the-issues-night-alone-and-as-partner",
        ),
        pytest.param(
            [won("Ann and Cy"), won("Ben and Cy"), won("Cy")],
            "Cy won 3 of 3 games",
            id="with-two-partners-and-alone",
        ),
        pytest.param([won("Ann"), won("Ben")], "Ann and Ben won 1 each, of 2 games", id="a-tie"),
        pytest.param(
            [won("Ann and Cy"), won("Ben and Di"), won("Ben")],
            "Ben won 2 of 3 games",
            id="a-partners-win-breaks-the-tie",
        ),
        pytest.param(
            [won("Ann", "Ben"), won("Ben")], "Ben won 2 of 2 games", id="a-shared-win-counts"
        ),
        pytest.param(
            [won("Di"), won("Cy"), won("Ann"), won("Ben")],
            "Ann, Ben, Cy and Di won 1 each, of 4 games",
            id="everyone-level-in-name-order",
        ),
        pytest.param(
            [won("Ann"), won("ann")], "Ann and ann won 1 each, of 2 games", id="by-person"
        ),
        pytest.param([won("Ann"), NOT_STARTED], "Ann won 1 of 1 finished game", id="one-of-two"),
        pytest.param([won(), won()], "Nobody won, of 2 games", id="finished-without-a-winner"),
    ],
)
def test_the_nights_headline(games: list[GameSummary], headline: str) -> None:
    assert night_headline(games) == headline


@pytest.mark.parametrize(
    ("names", "total", "settles", "sides", "said"),
    [
        pytest.param(["Ann"], 7, False, False, "Ann leads on 7", id="one-player"),
        pytest.param(["Ann", "Ben"], 7, False, False, "Ann and Ben lead on 7", id="players-level"),
        pytest.param(["Ann and Cy"], 7, False, True, "Ann and Cy lead on 7", id="one-side"),
        pytest.param(
            ["Ann and Cy", "Ben and Di"],
            7,
            False,
            True,
            "Ann and Cy level with Ben and Di on 7",
            id="sides-level",
        ),
        pytest.param(
            ["Ann and Cy", "Ben and Di", "Ed and Flo"],
            0,
            False,
            True,
            "Ann and Cy level with Ben and Di and with Ed and Flo on 0",
            id="three-sides-level",
        ),
        pytest.param(["Ann"], 12, True, False, "Ann is up 12", id="settles"),
        pytest.param(["Ann", "Ben"], 0, True, False, "everyone is square", id="square"),
        pytest.param(
            ["Ann and Cy", "Ben and Di"],
            3,
            True,
            True,
            "Ann and Cy level with Ben and Di, up 3",
            id="sides-level-up",
        ),
    ],
)
def test_who_leads(names: list[str], total: int, settles: bool, sides: bool, said: str) -> None:
    assert standing_text(names, total, settles=settles, sides=sides) == said


@pytest.mark.parametrize(
    ("names", "sides", "said"),
    [
        pytest.param(["Ann"], False, "Ann won", id="alone"),
        pytest.param(["Ann", "Ben"], False, "Ann and Ben won", id="shared"),
        pytest.param(["Ann and Cy"], True, "Ann and Cy won", id="a-side"),
        pytest.param(
            ["Ann and Cy", "Ben and Di"],
            True,
            "Ann and Cy shared the win with Ben and Di",
            id="sides-shared",
        ),
    ],
)
def test_who_won(names: list[str], sides: bool, said: str) -> None:
    assert won_text(names, None, settles=False, sides=sides) == said
