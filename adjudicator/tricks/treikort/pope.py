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
from adjudicator.messages import Message, listed, msg, msg_n
from adjudicator.said import seat, seats
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
    said: Message

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
    reason: Message
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


def exchanges(pope: int) -> Message:
    """The reminder of the Pope's two exchanges at the start of a hand (9a, T-2).

    >>> print(exchanges(1))
    Seat 2 is Pope: before the cards are played, seat 2 takes the highest card from one opponent of their choosing (if two cards tie for highest, the opponent picks which, T-2) and gives back any card; then takes a 7 from the other opponent, who gives none if they hold no 7, and gives back any card (9a).
    """
    return msg(
        "{pope} is Pope: before the cards are played, {pope} takes the highest card from one "
        "opponent of their choosing (if two cards tie for highest, the opponent picks which, "
        "T-2) and gives back any card; then takes a 7 from the other opponent, who gives none if "
        "they hold no 7, and gives back any card (9a).",
        pope=seat(pope),
    )


def pope_after(
    history: Sequence[Sequence[int]], options: Options = DEFAULTS, *, scope: str = ""
) -> PopeStatus:
    """Who is Pope after these hands, each the tricks won by seat (``[5, 4, 0]``), in order.

    >>> str(pope_after([]).reason)
    'No hands yet: nobody is Pope.'
    >>> str(pope_after([(9, 0, 0), (4, 5, 0)]).reason)
    'Seat 1 is Pope: 13 tricks over hands 1 and 2, 13 or more (9a, T-4).'
    """
    players = len(history[0]) if history else 3
    hands = []
    for number, counts in enumerate(history):
        if len(counts) != players:
            raise BadEntryError(
                msg_n(
                    "Each hand lists the tricks of the same {count} player.",
                    "Each hand lists the tricks of the same {count} players.",
                    players,
                ),
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
                msg("Sitting {number} seats one player twice.", number=place + 1),
                field=f"sittings[{place}]",
            )
        for key in who:
            if key not in index:
                index[key] = len(players)
                players.append(key)
        for number, counts in enumerate(counts_of_hands):
            if len(counts) != len(who):
                raise BadEntryError(
                    msg_n(
                        "Sitting {number}, hand {hand}: give the tricks of its {count} player.",
                        "Sitting {number}, hand {hand}: give the tricks of its {count} players.",
                        len(who),
                        number=place + 1,
                        hand=number + 1,
                    ),
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


def hands_phrase(window: Sequence[int], scope: str = "") -> Message:
    """Hands by number, as a sentence names a window; ``scope`` " of the night" counts them
    through a night's sittings.

    >>> [str(hands_phrase(w)) for w in ([2, 3, 4], [1, 2], [1, 3, 4])]
    ['hands 2 to 4', 'hands 1 and 2', 'hands 1, 3 and 4']
    >>> str(hands_phrase([5], " of the night"))
    'hand 5 of the night'
    """
    night = bool(scope)
    if not window:
        return msg("no hands of the night") if night else msg("no hands")
    if len(window) == 1:
        number = window[0]
        return (
            msg("hand {number} of the night", number=number)
            if night
            else msg("hand {number}", number=number)
        )
    if len(window) > 2 and list(window) == list(range(window[0], window[-1] + 1)):
        first, last = window[0], window[-1]
        return (
            msg("hands {first} to {last} of the night", first=first, last=last)
            if night
            else msg("hands {first} to {last}", first=first, last=last)
        )
    numbers = listed(window)
    return (
        msg("hands {numbers} of the night", numbers=numbers)
        if night
        else msg("hands {numbers}", numbers=numbers)
    )


@dataclass(frozen=True)
class _Over:
    """Names the window of the players a sentence compares (the same hands at one table)."""

    windows: tuple[tuple[int, ...], ...]
    scope: str

    def __call__(self, *who: int) -> Message:
        if len({self.windows[w] for w in who}) == 1:
            return hands_phrase(self.windows[who[0]], self.scope)
        return msg("their last three hands")


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
        said: Message
        if not candidates:
            pope = None
            if before is not None:
                change = "lost"
                said = msg_n(
                    "{seat} is no longer Pope: {count} trick over {hands}, short of {needed} "
                    "(9a, T-4).",
                    "{seat} is no longer Pope: {count} tricks over {hands}, short of {needed} "
                    "(9a, T-4).",
                    totals[before],
                    seat=seat(before),
                    hands=over(before),
                    needed=POPE_TRICKS,
                )
            else:
                change = "none"
                most = max(totals)
                top = [p for p in range(players) if totals[p] == most and windows[p]]
                said = msg(
                    "Nobody is Pope: the most over {hands} is {count}, by {players}; it takes "
                    "{needed} (9a).",
                    hands=over(*top),
                    count=most,
                    players=seats(top),
                    needed=POPE_TRICKS,
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
    reason: Message
    if not options.pope:
        # The house rule by its name on the house-rules page ("Pope"), never its key.
        reason = msg("This table plays without the Pope (the house rule Pope is off).")
        pope = since = None
    elif not hands:
        reason = msg("No hands yet: nobody is Pope.")
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
) -> tuple[Change, Message]:
    """What one hand did to the title, when someone has 13 or more over their window."""
    if pope is None:
        if before is not None:
            return "tie", msg(
                "{before} is no longer Pope: {players} have {count} each over {hands}: nobody "
                "is Pope until the tie breaks (T-5).",
                before=seat(before),
                players=seats(top),
                count=totals[top[0]],
                hands=over(*top),
            )
        return "tie", msg(
            "{players} have {count} each over {hands}: nobody is Pope until the tie breaks (T-5).",
            players=seats(top),
            count=totals[top[0]],
            hands=over(*top),
        )
    rivals = [p for p in candidates if p != pope]
    if pope == before:
        if len(top) > 1:
            other = next(p for p in top if p != pope)  # for the window only
            return "kept", msg(
                "{pope} stays Pope: {players} have {count} each over {hands}, and on a tie the "
                "sitting Pope keeps the title (T-5).",
                pope=seat(pope),
                players=seats(sorted(top)),
                count=totals[pope],
                hands=over(pope, other),
            )
        if pope not in top:
            higher = top[0]
            # The house rule by its name on the house-rules page ("Pope holds"), not its key.
            return "kept", msg(
                "{pope} stays Pope with {count} over {hands}, though {higher} has {more}: the "
                "Pope keeps the title while at {needed} or more (house rule Pope holds, T-5).",
                pope=seat(pope),
                count=totals[pope],
                hands=over(pope),
                higher=seat(higher),
                more=totals[higher],
                needed=POPE_TRICKS,
            )
        return "kept", msg_n(
            "{pope} stays Pope: {count} trick over {hands} (9a, T-4).",
            "{pope} stays Pope: {count} tricks over {hands} (9a, T-4).",
            totals[pope],
            pope=seat(pope),
            hands=over(pope),
        )
    if before is not None and before in candidates:
        return "taken", msg_n(
            "{pope} takes the title from {before}: {count} trick over {hands} to {theirs} (T-5).",
            "{pope} takes the title from {before}: {count} tricks over {hands} to {theirs} (T-5).",
            totals[pope],
            pope=seat(pope),
            before=seat(before),
            hands=over(pope, before),
            theirs=totals[before],
        )
    if rivals:
        rival = max(rivals, key=lambda p: totals[p])
        if before is not None:
            return "new", msg_n(
                "{before} is no longer Pope ({lost} over {was}); {pope} is Pope: {count} trick "
                "over {hands}, more than {rival}'s {theirs} (T-4, T-5).",
                "{before} is no longer Pope ({lost} over {was}); {pope} is Pope: {count} tricks "
                "over {hands}, more than {rival}'s {theirs} (T-4, T-5).",
                totals[pope],
                before=seat(before),
                lost=totals[before],
                was=over(before),
                pope=seat(pope),
                hands=over(pope, rival),
                rival=seat(rival),
                theirs=totals[rival],
            )
        return "new", msg_n(
            "{pope} is Pope: {count} trick over {hands}, more than {rival}'s {theirs} (T-4, T-5).",
            "{pope} is Pope: {count} tricks over {hands}, more than {rival}'s {theirs} (T-4, T-5).",
            totals[pope],
            pope=seat(pope),
            hands=over(pope, rival),
            rival=seat(rival),
            theirs=totals[rival],
        )
    if before is not None:
        return "new", msg_n(
            "{before} is no longer Pope ({lost} over {was}); {pope} is Pope: {count} trick over "
            "{hands}, {needed} or more (9a, T-4).",
            "{before} is no longer Pope ({lost} over {was}); {pope} is Pope: {count} tricks over "
            "{hands}, {needed} or more (9a, T-4).",
            totals[pope],
            before=seat(before),
            lost=totals[before],
            was=over(before),
            pope=seat(pope),
            hands=over(pope),
            needed=POPE_TRICKS,
        )
    return "new", msg_n(
        "{pope} is Pope: {count} trick over {hands}, {needed} or more (9a, T-4).",
        "{pope} is Pope: {count} tricks over {hands}, {needed} or more (9a, T-4).",
        totals[pope],
        pope=seat(pope),
        hands=over(pope),
        needed=POPE_TRICKS,
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
