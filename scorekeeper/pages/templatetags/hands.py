"""Which of a game's hands a page lists: the newest on the game's board, the others a page of
older hands at a time, so a long game's page stays small (issue 26: a 1,500-hand game's page
was 5.5 MB). The totals are always the whole game's."""

from __future__ import annotations

from dataclasses import dataclass

from django import template
from django.urls import reverse

from scorekeeper.standings.scoreboard import DealHistory, Standings

register = template.Library()

# The hands the game's board lists: the newest, as many as most games have in all.
ON_THE_BOARD = 20
# The hands a page of older hands lists.
OLDER_PAGE = 50


@dataclass(frozen=True)
class Hands:
    """A run of a game's hands, numbers ``first`` to ``last``, and the way to the others.

    Hands are numbered in the order first recorded, voided ones too (``history[n - 1]`` is
    hand n)."""

    standings: Standings
    start: int  # index of the first hand listed
    stop: int  # index after the last

    @property
    def game_pk(self) -> int:
        return self.standings.game.pk

    @property
    def on_board(self) -> int:
        """Index of the first hand the game's board lists."""
        return max(0, len(self.standings.history) - ON_THE_BOARD)

    @property
    def shown(self) -> tuple[DealHistory, ...]:
        return self.standings.history[self.start : self.stop]

    @property
    def counted(self) -> list[DealHistory]:
        """The hands listed that count, for the tally's rows."""
        return [h for h in self.shown if h.result is not None]

    @property
    def first(self) -> int:
        return self.start + 1

    @property
    def last(self) -> int:
        return self.stop

    @property
    def url(self) -> str:
        """This run's own page (a page of older hands)."""
        return f"{reverse('game_hands', args=[self.game_pk])}?before={self.stop + 1}"

    @property
    def older(self) -> Hands | None:
        """The page of hands before these, if any."""
        if self.start == 0:
            return None
        return Hands(self.standings, max(0, self.start - OLDER_PAGE), self.start)

    @property
    def newer(self) -> Hands | None:
        """The page of older hands after these, if they are not on the game's board."""
        if self.stop >= self.on_board:
            return None
        return Hands(self.standings, self.stop, min(self.stop + OLDER_PAGE, self.on_board))

    def href(self, number: int, key: int) -> str:
        """Where hand ``number`` (deal ``key``) is listed: here, on the game's board, or on
        the page of older hands that the board's link, then "older", come to."""
        anchor = f"#deal-{key}"
        if self.start < number <= self.stop:
            return anchor
        if number > self.on_board:
            return f"{reverse('game_detail', args=[self.game_pk])}{anchor}"
        stop = self.on_board - (self.on_board - number) // OLDER_PAGE * OLDER_PAGE
        return f"{Hands(self.standings, max(0, stop - OLDER_PAGE), stop).url}{anchor}"


def on_the_board(standings: Standings) -> Hands:
    """The newest hands, which the game's board lists."""
    count = len(standings.history)
    return Hands(standings, max(0, count - ON_THE_BOARD), count)


def older_page(standings: Standings, before: int | None) -> Hands:
    """The page of older hands before hand ``before`` (by default the first on the board),
    never reaching into the board's."""
    board = on_the_board(standings)
    stop = board.start if before is None else max(0, min(before - 1, board.start))
    return Hands(standings, max(0, stop - OLDER_PAGE), stop)


@register.simple_tag
def hands_on_the_board(standings: Standings) -> Hands:
    """``{% hands_on_the_board standings as hands %}``: the hands the game's board lists."""
    return on_the_board(standings)


@register.simple_tag
def hand_href(hands: Hands, number: int, key: int) -> str:
    """``{% hand_href hands h.number h.key %}``: a link to where that hand is listed."""
    return hands.href(number, key)
