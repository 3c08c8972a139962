"""The Pope of Treikort, worked out from the tricks each player won, hand by hand.

9a: a player with 13 or more tricks over three consecutive games becomes Pope and keeps the
title while still at 13 or more over the last three; at the start of each game the Pope takes
the highest card from one opponent and a 7 from the other, giving any card back for each.
T-4: the window is the last three games, rolling. T-5: two players at 13 or more, the one with
more tricks is Pope; on a tie the sitting Pope keeps the title, otherwise nobody has it until
the tie breaks; before three games the games so far are the window (9 + 4 makes a Pope).

Here a "hand" is one Treikort game of nine tricks (what the seed counts for the Pope); a
Scorekeeper game of Treikort is a sitting of several hands (:mod:`.game`).

Two entry points, both pure: :func:`pope_after` for the hands of one sitting (players by seat),
:func:`night_pope` for the sittings of a night in order (players by who they are, since seats
may change between sittings).

>>> status = pope_after([(5, 4, 0), (6, 2, 1), (3, 3, 3)])
>>> status.pope, status.since, status.window_tricks
(0, 3, (14, 9, 4))
>>> str(status.reason)
'Seat 1 is Pope: 14 tricks over hands 1 to 3, 13 or more (9a, T-4).'
>>> str(pope_after([(5, 4, 0), (4, 5, 0), (4, 4, 1)]).reason)
'Seats 1 and 2 have 13 each over hands 1 to 3: nobody is Pope until the tie breaks (T-5).'
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from adjudicator.errors import BadEntryError
from adjudicator.said import Said, say, seat, seats
from adjudicator.tricks.treikort.rules import DEFAULTS, POPE_TRICKS, POPE_WINDOW, Options

type Change = Literal["none", "new", "kept", "taken", "lost", "tie"]


class PopeStepData(TypedDict):
    """One hand's step as JSON (:meth:`PopeStep.as_dict`)."""

    hand: int
    tricks: list[int | None]
    window_tricks: list[int]
    pope: int | None
    change: Change
    explanation: str


class PopeStatusData(TypedDict):
    """Who is Pope as JSON (:meth:`PopeStatus.as_dict`)."""

    pope: int | None
    since: int | None
    hands: int
    window_tricks: list[int]
    windows: list[list[int]]
    reason: str
    played_as_pope: list[int | None]
    steps: list[PopeStepData]


@dataclass(frozen=True)
class PopeStep:
    """The Pope after one hand: the tricks each player won in it (``None``: not at the table),
    each player's tricks over their window, who is Pope for the next hand, and what changed."""

    hand: int
    tricks: tuple[int | None, ...]
    window_tricks: tuple[int, ...]
    pope: int | None
    change: Change
    said: Said

    def as_dict(self) -> PopeStepData:
        return {
            "hand": self.hand,
            "tricks": list(self.tricks),
            "window_tricks": list(self.window_tricks),
            "pope": self.pope,
            "change": self.change,
            "explanation": self.said,
        }


@dataclass(frozen=True)
class PopeStatus:
    """Who is Pope after the hands counted, since when and why.

    ``pope`` is the player (a seat, or for :func:`night_pope` an index into its players) who is
    Pope for the next hand, or ``None``. ``since`` is the hand whose result made them Pope
    (numbered from 1; they play as Pope from the hand after). ``windows[p]`` lists the hands of
    player ``p``'s window (their last three hands played, fewer before three, T-5) and
    ``window_tricks[p]`` their tricks over it. ``reason`` is one sentence; ``steps`` say what
    each hand did. ``played_as_pope[n]`` is who was Pope during hand ``n + 1`` (made the
    exchanges at its start).
    """

    pope: int | None
    since: int | None
    hands: int
    window_tricks: tuple[int, ...]
    windows: tuple[tuple[int, ...], ...]
    reason: Said
    steps: tuple[PopeStep, ...] = ()
    played_as_pope: tuple[int | None, ...] = ()

    def as_dict(self) -> PopeStatusData:
        return {
            "pope": self.pope,
            "since": self.since,
            "hands": self.hands,
            "window_tricks": list(self.window_tricks),
            "windows": [list(w) for w in self.windows],
            "reason": self.reason,
            "played_as_pope": list(self.played_as_pope),
            "steps": [step.as_dict() for step in self.steps],
        }


def exchanges(pope: int) -> Said:
    """The reminder of the Pope's two exchanges at the start of a hand (9a, T-2).

    >>> print(exchanges(1))
    Seat 2 is Pope: before the cards are played, seat 2 takes the highest card from one opponent of their choosing (if two cards tie for highest, the opponent picks which, T-2) and gives back any card; then takes a 7 from the other opponent, who gives none if they hold no 7, and gives back any card (9a).
    """
    return say(
        "{} is Pope: before the cards are played, {} takes the highest card from one opponent "
        "of their choosing (if two cards tie for highest, the opponent picks which, T-2) and "
        "gives back any card; then takes a 7 from the other opponent, who gives none if they "
        "hold no 7, and gives back any card (9a).",
        seat(pope),
        seat(pope),
    )


def pope_after(
    history: Sequence[Sequence[int]], options: Options = DEFAULTS, *, scope: str = ""
) -> PopeStatus:
    """Who is Pope after these hands, each the tricks won by seat (``[5, 4, 0]``), in order.

    >>> pope_after([]).reason
    'No hands yet: nobody is Pope.'
    >>> str(pope_after([(9, 0, 0), (4, 5, 0)]).reason)
    'Seat 1 is Pope: 13 tricks over hands 1 and 2, 13 or more (9a, T-4).'
    """
    players = len(history[0]) if history else 3
    hands = []
    for number, counts in enumerate(history):
        if len(counts) != players:
            raise BadEntryError(
                f"Each hand lists the tricks of the same {players} players.",
                field=f"games[{number}]",
            )
        hands.append(dict(enumerate(counts)))
    return _run(hands, players, options, scope)


@dataclass(frozen=True)
class NightPope[K: Hashable]:
    """The Pope across the sittings of a night: ``players`` in the order they first played
    (the status's players index them, and its sentences name them by that index, so name them
    with ``Naming(tuple(name_of(k) for k in players))``); ``hands[n]`` is the night's hand
    ``n + 1`` as (its sitting's place in the list given, its number in that sitting)."""

    players: tuple[K, ...]
    hands: tuple[tuple[int, int], ...]
    status: PopeStatus

    @property
    def pope(self) -> K | None:
        return None if self.status.pope is None else self.players[self.status.pope]


def night_pope[K: Hashable](
    sittings: Sequence[tuple[Sequence[K], Sequence[Sequence[int]]]],
    options: Options = DEFAULTS,
) -> NightPope[K]:
    """Who is Pope after the recorded sittings of a night, in order: each sitting its players
    by seat (any hashable: player ids) and its hands' tricks by seat (:func:`hand_counts`).

    A player's window is their own last three hands (T-4), so a player who sits a sitting out
    keeps their run. Hands are numbered through the night.

    >>> night = night_pope([(["ann", "ben", "cy"], [(5, 4, 0), (6, 2, 1)]),
    ...                     (["cy", "ann", "ben"], [(0, 3, 6)])])
    >>> night.pope, night.status.since, night.hands[2]
    ('ann', 3, (1, 1))
    >>> str(night.status.reason)
    'Seat 1 is Pope: 14 tricks over hands 1 to 3 of the night, 13 or more (9a, T-4).'
    """
    players: list[K] = []
    index: dict[K, int] = {}
    hands: list[dict[int, int]] = []
    where: list[tuple[int, int]] = []
    for place, (who, counts_of_hands) in enumerate(sittings):
        if len(set(who)) != len(who):
            raise BadEntryError(
                f"Sitting {place + 1} seats one player twice.", field=f"sittings[{place}]"
            )
        for key in who:
            if key not in index:
                index[key] = len(players)
                players.append(key)
        for number, counts in enumerate(counts_of_hands):
            if len(counts) != len(who):
                raise BadEntryError(
                    f"Sitting {place + 1}, hand {number + 1}: give the tricks of its "
                    f"{len(who)} players.",
                    field=f"sittings[{place}].hands[{number}]",
                )
            hands.append({index[key]: n for key, n in zip(who, counts, strict=True)})
            where.append((place, number + 1))
    status = _run(hands, len(players), options, " of the night")
    return NightPope(tuple(players), tuple(where), status)


def hand_counts(tally: Any) -> tuple[tuple[int, ...], ...]:
    """The tricks each seat won in each hand of a Treikort tally (its deals' points): what
    :func:`pope_after` and :func:`night_pope` take."""
    return tuple(
        tuple(result.points for result in sorted(deal.results, key=lambda r: r.seat))
        for deal in tally.deals
    )


# ---------------------------------------------------------------------------------------------


def hands_phrase(window: Sequence[int], scope: str = "") -> str:
    """Hands by number, as a sentence names a window.

    >>> hands_phrase([2, 3, 4], ""), hands_phrase([1, 2], ""), hands_phrase([1, 3, 4], "")
    ('hands 2 to 4', 'hands 1 and 2', 'hands 1, 3 and 4')
    """
    if not window:
        return f"no hands{scope}"
    if len(window) == 1:
        return f"hand {window[0]}{scope}"
    if len(window) > 2 and list(window) == list(range(window[0], window[-1] + 1)):
        return f"hands {window[0]} to {window[-1]}{scope}"
    shown = [str(n) for n in window]
    return f"hands {', '.join(shown[:-1])} and {shown[-1]}{scope}"


@dataclass(frozen=True)
class _Over:
    """Names the window of the players a sentence compares (the same hands at one table)."""

    windows: tuple[tuple[int, ...], ...]
    scope: str

    def __call__(self, *who: int) -> str:
        if len({self.windows[w] for w in who}) == 1:
            return hands_phrase(self.windows[who[0]], self.scope)
        return "their last three hands"


def _run(
    hands: Sequence[Mapping[int, int]], players: int, options: Options, scope: str
) -> PopeStatus:
    played: list[list[int]] = [[] for _ in range(players)]
    tricks: list[list[int]] = [[] for _ in range(players)]
    pope: int | None = None
    since: int | None = None
    steps: list[PopeStep] = []
    as_pope: list[int | None] = []
    totals: tuple[int, ...] = (0,) * players
    windows: tuple[tuple[int, ...], ...] = ((),) * players
    for number, counts in enumerate(hands, start=1):
        as_pope.append(pope if options.pope else None)
        for who, n in counts.items():
            played[who].append(number)
            tricks[who].append(n)
        windows = tuple(tuple(p[-POPE_WINDOW:]) for p in played)
        totals = tuple(sum(t[-POPE_WINDOW:]) for t in tricks)
        if not options.pope:
            continue

        over = _Over(windows, scope)
        before = pope
        candidates = [p for p in range(players) if totals[p] >= POPE_TRICKS]
        change: Change
        if not candidates:
            pope = None
            if before is not None:
                change = "lost"
                said = say(
                    f"{{}} is no longer Pope: {totals[before]} tricks over {over(before)}, short "
                    f"of {POPE_TRICKS} (9a, T-4).",
                    seat(before),
                )
            else:
                change = "none"
                most = max(totals)
                top = [p for p in range(players) if totals[p] == most and windows[p]]
                said = say(
                    f"Nobody is Pope: the most over {over(*top)} is {most}, by {{}}; it takes "
                    f"{POPE_TRICKS} (9a).",
                    seats(top),
                )
        else:
            most = max(totals[p] for p in candidates)
            top = [p for p in candidates if totals[p] == most]
            keeps = before in candidates and options.pope_holds == "while_thirteen"
            if keeps or before in top:
                pope = before
            elif len(top) == 1:
                pope = top[0]
            else:
                pope = None
            change, said = _news(before, pope, candidates, top, totals, over)
        if pope != before:
            since = number if pope is not None else None
        steps.append(
            PopeStep(
                number,
                tuple(counts.get(p) for p in range(players)),
                totals,
                pope,
                change,
                said,
            )
        )
    if not options.pope:
        reason = say("This table plays without the Pope (house rule pope off).")
        pope = since = None
    elif not hands:
        reason = say("No hands yet: nobody is Pope.")
    else:
        reason = steps[-1].said
    return PopeStatus(
        pope=pope,
        since=since,
        hands=len(hands),
        window_tricks=totals,
        windows=windows,
        reason=reason,
        steps=tuple(steps),
        played_as_pope=tuple(as_pope),
    )


def _news(
    before: int | None,
    pope: int | None,
    candidates: Sequence[int],
    top: Sequence[int],
    totals: Sequence[int],
    over: _Over,
) -> tuple[Change, Said]:
    """What one hand did to the title, when someone has 13 or more over their window."""
    if pope is None:
        lost = "{} is no longer Pope: " if before is not None else ""
        refs = [seat(before)] if before is not None else []
        return "tie", say(
            f"{lost}{{}} have {totals[top[0]]} each over {over(*top)}: nobody is Pope until the "
            "tie breaks (T-5).",
            *refs,
            seats(top),
        )
    rivals = [p for p in candidates if p != pope]
    if pope == before:
        if len(top) > 1:
            other = next(p for p in top if p != pope)  # for the window only
            return "kept", say(
                f"{{}} stays Pope: {{}} have {totals[pope]} each over {over(pope, other)}, and on "
                "a tie the sitting Pope keeps the title (T-5).",
                seat(pope),
                seats(sorted(top)),
            )
        if pope not in top:
            higher = top[0]
            return "kept", say(
                f"{{}} stays Pope with {totals[pope]} over {over(pope)}, though {{}} has "
                f"{totals[higher]}: the Pope keeps the title while at {POPE_TRICKS} or more "
                "(house rule pope_holds, T-5).",
                seat(pope),
                seat(higher),
            )
        return "kept", say(
            f"{{}} stays Pope: {totals[pope]} tricks over {over(pope)} (9a, T-4).", seat(pope)
        )
    if before is not None and before in candidates:
        return "taken", say(
            f"{{}} takes the title from {{}}: {totals[pope]} tricks over {over(pope, before)} to "
            f"{totals[before]} (T-5).",
            seat(pope),
            seat(before),
        )
    lost = ""
    refs = []
    if before is not None:
        lost = f"{{}} is no longer Pope ({totals[before]} over {over(before)}); "
        refs.append(seat(before))
    if rivals:
        rival = max(rivals, key=lambda p: totals[p])
        return "new", say(
            f"{lost}{{}} is Pope: {totals[pope]} tricks over {over(pope, rival)}, more than "
            f"{{}}'s {totals[rival]} (T-4, T-5).",
            *refs,
            seat(pope),
            seat(rival),
        )
    return "new", say(
        f"{lost}{{}} is Pope: {totals[pope]} tricks over {over(pope)}, {POPE_TRICKS} or more "
        "(9a, T-4).",
        *refs,
        seat(pope),
    )


__all__ = [
    "NightPope",
    "PopeStatus",
    "PopeStep",
    "exchanges",
    "hand_counts",
    "hands_phrase",
    "night_pope",
    "pope_after",
]
