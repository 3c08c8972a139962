"""Treikort as a game on the contract: three players each alone, a hand recorded trick by trick
or quickly, the tricks as the score, the Pope, and the dispute desk's questions.

Rules: :mod:`.rules` (the ranking, the trick, a hand's plays) and :mod:`.pope`;
rulings ``shared/rulings.md`` section 9 and T-5.

What is what here. One **deal** of the contract is one **hand**: one Treikort game of the seed,
nine tricks, the unit the Pope counts. One Scorekeeper **game** of Treikort is a sitting of
``games`` hands (house rule, 6 by default), chosen at the start (:class:`FixedDeals`). Each
player's total is their tricks over the sitting and the most tricks wins, ties shared (T-3).
The Pope is counted over the sitting's hands: a player with 13 or more tricks over the last
three is Pope for the next hand (9a, T-4, T-5). The tally marks each hand a player played as
Pope (♛), says in each hand's summary what changed, and keeps the current Pope in its status
and the reminder of the two exchanges in its notes. Across the sittings of a night, the app
asks :func:`~adjudicator.tricks.treikort.pope.night_pope`.

A hand trick by trick (``dealer`` optional; the seat at its left leads the first trick)::

    {"dealer": 2,
     "tricks": [{"plays": [{"seat": 0, "cards": "AS"}, {"seat": 1, "cards": "QC"},
                           {"seat": 2, "cards": "7H"}]},
                …nine tricks…]}

Quickly, the tricks each player won (they add up to 9)::

    {"won": [5, 3, 1]}

>>> game = Treikort()
>>> options = game.options()
>>> hands = [game.parse_deal({"won": won}, players=3, options=options)
...          for won in ([5, 4, 0], [6, 2, 1], [3, 3, 3])]
>>> tally = game.tally(hands, players=3, options=options)
>>> tally.totals, tally.marks["pope"]
((14, 9, 4), (0, 0, 0))
>>> print(tally.status)
After hand 3 of 6: Seat 1 highest on 14. Seat 1 is Pope: 14 tricks over hands 1 to 3, 13 or more (9a, T-4).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from adjudicator.asking import (
    Asks,
    RowsField,
)
from adjudicator.cards import Pack
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    IllegalPlayError,
    ImpossibleHandError,
)
from adjudicator.game import FixedDeals, Mark, NightGame, Question, Scored
from adjudicator.messages import Listed, Message, joined, listed, msg, msg_n
from adjudicator.records import (
    CountField,
    DealData,
    PerSideField,
    Record,
    SeatField,
    Seating,
    TrickRecord,
    TricksField,
    Way,
)
from adjudicator.said import Ref, seat, seats
from adjudicator.tally import SeatResult, Tally
from adjudicator.tricks.family import (
    TrickAnswerBase,
    TrickGame,
    TricksAnswer,
    TrickVerdict,
    as_records,
    as_trick,
    family_questions,
    first_breach,
    hand_asked,
    read_so_far,
    refused,
    so_far,
    taken,
    unfinished,
)
from adjudicator.tricks.plays import parse_trick, trick_as_data
from adjudicator.tricks.treikort.pope import (
    PopeStatus,
    PopeStatusData,
    exchanges,
    hand_counts,
    hands_phrase,
    night_pope,
    pope_after,
)
from adjudicator.tricks.treikort.rules import (
    HAND_SIZE,
    PACK,
    PLAYERS,
    POPE_TRICKS,
    TRICKS,
    Checker,
    Hand,
    Options,
    check_hand,
    is_seven,
)
from adjudicator.tricks.treikort.sample import sample_hand


@dataclasses.dataclass(frozen=True)
class QuickHand:
    """A hand as the table sums it up: the tricks each seat won."""

    won: tuple[int, ...]


type Deal = Hand | QuickHand

POPE = Mark("pope", "♛", msg("hands played as Pope (13 or more tricks over the last three hands)"))


def join(*parts: str) -> Message:
    """Sentences one after another, each its own message (its seats kept).

    >>> from adjudicator.said import Naming
    >>> line = join(msg("{seat} leads.", seat=seat(0)), msg("{seat} is Pope.", seat=seat(1)))
    >>> str(line), line.named(Naming(("Ann", "Ben", "Cy")))
    ('Seat 1 leads. Seat 2 is Pope.', 'Ann leads. Ben is Pope.')
    """
    return msg("{sentences}", sentences=joined([p for p in parts if p], " "))


def tricks_won(deal: Deal) -> tuple[int, ...]:
    """The tricks each seat won in a hand, from its tricks or its quick summary."""
    if isinstance(deal, QuickHand):
        return deal.won
    return check_hand(deal).won()


def _hand_summary(won: Sequence[int]) -> Message:
    """Who won the hand (most tricks, ties shared, T-3), with the counts.

    >>> print(_hand_summary((5, 3, 1)))
    Seat 1 won the hand, 5 tricks to 3 and 1.
    >>> print(_hand_summary((4, 4, 1)))
    Seats 1 and 2 won 4 tricks each; seat 3 took 1.
    >>> print(_hand_summary((3, 3, 3)))
    Seats 1, 2 and 3 won 3 tricks each.
    """
    most = max(won)
    top = [s for s, n in enumerate(won) if n == most]
    rest = [s for s, n in enumerate(won) if n != most]
    if len(top) == 1:
        return msg_n(
            "{seat} won the hand, {count} trick to {others}.",
            "{seat} won the hand, {count} tricks to {others}.",
            most,
            seat=seat(top[0]),
            others=listed(won[s] for s in rest),
        )
    if not rest:
        return msg_n(
            "{players} won {count} trick each.",
            "{players} won {count} tricks each.",
            most,
            players=seats(top),
        )
    loser = rest[0]
    return msg_n(
        "{players} won {count} trick each; {seat} took {taken}.",
        "{players} won {count} tricks each; {seat} took {taken}.",
        most,
        players=seats(top),
        seat=seat(loser),
        taken=won[loser],
    )


class Detail(TypedDict):
    """What a player did in a hand, beside its points: the tricks taken, whether they played
    it as Pope, and the tricks they have taken over the hands that count toward the Pope."""

    tricks: int
    pope: bool
    window_tricks: int


class Treikort(TrickGame[Options, Deal]):
    """Treikort ("3-Man Alkort"): three players each alone, 27 cards, nine tricks a hand."""

    slug = "treikort"
    name = "Treikort"
    options_type = Options
    detail_type = Detail
    min_players = PLAYERS
    max_players = PLAYERS
    # The player at the dealer's left leads the first trick; the deal passes left.
    marks = (POPE,)

    def dealing(self, players: int, options: Options) -> Dealing:
        """9a: the whole 27-card pack, nine each in packets of three."""
        notes = (msg("Dealt in packets of three (9a)."),)
        return from_pack(self.pack(options, players), players, HAND_SIZE, "9a", notes=notes)

    def pack(self, options: Options, players: int) -> Pack:
        """The 27 cards of 9a: QC 2S KD 2H 4C 8S 9H 9D, the Aces, Jacks, 6s and 7s, 8C 8H 8D."""
        return PACK

    def record(self, options: Options, players: int) -> Record:
        """A hand trick by trick, or quickly (the tricks each player won)."""
        return Record(
            (
                SeatField(
                    "dealer",
                    msg("Who dealt?"),
                    optional=True,
                    none_label=msg("Not noted"),
                    help=msg(
                        "The player at the dealer's left leads the first trick: name the "
                        "dealer to have that checked."
                    ),
                ),
                TricksField(
                    "tricks",
                    msg("The tricks, in the order played"),
                    max_tricks=TRICKS,
                    max_cards_per_play=1,
                    plays_per_trick=PLAYERS,
                    help=msg(
                        "Each trick lists its three plays in turn: the player and the card. "
                        "The winner of a trick leads the next; a 7 wins only when led, and only "
                        "a player who has won a trick may lead one."
                    ),
                ),
                PerSideField(
                    "won",
                    msg("Tricks won by each player"),
                    CountField("won", msg("Tricks won"), maximum=TRICKS),
                    help=msg("The {count} tricks of the hand, shared out.", count=TRICKS),
                ),
            ),
            ways=(
                Way("tricks", msg("Trick by trick"), ("dealer", "tricks")),
                Way("quick", msg("Quickly: tricks won by each player"), ("won",)),
            ),
        )

    def end_rule(self, options: Options, players: int) -> FixedDeals:
        """A sitting of ``games`` hands; the most tricks over them wins (T-3)."""
        return FixedDeals(options.games)

    # --- one hand ------------------------------------------------------------------------------

    def read(self, values: Mapping[str, Any], seating: Seating, options: Options) -> Deal:
        """A hand by its tricks, every play checked and all nine tricks played; or the tricks
        each player won, adding up to nine."""
        if values.get("tricks") is not None:
            hand = Hand(
                tuple(as_trick(each) for each in values["tricks"]),
                values.get("dealer"),
            )
            check_hand(hand)
            return hand
        won = tuple(values["won"])
        if sum(won) != TRICKS:
            raise ImpossibleHandError(
                msg(
                    "A hand has {tricks} tricks, shared out among the players: these add up to "
                    "{count}.",
                    tricks=TRICKS,
                    count=sum(won),
                ),
                field="won",
            )
        return QuickHand(won)

    def write(self, deal: Deal) -> dict[str, Any]:
        if isinstance(deal, QuickHand):
            return {"dealer": None, "tricks": None, "won": deal.won}
        return {
            "dealer": deal.dealer,
            "tricks": as_records(deal.tricks),
            "won": None,
        }

    def start(self, seating: Seating, options: Options) -> tuple[tuple[int, ...], ...]:
        """The tricks of the hands so far: the Pope is worked out from them."""
        return ()

    def score(self, deal: Deal, state: Any, seating: Seating, options: Options) -> Scored:
        """Each player scores their tricks (T-3). The Pope for this hand (from the hands
        before) earns a ♛; the summary says who won the hand and what changed for the Pope."""
        history: tuple[tuple[int, ...], ...] = state
        by_trick = None
        if isinstance(deal, Hand):
            checked = check_hand(deal)
            won, by_trick = checked.won(), [result.winner for result in checked.results]
        else:
            won = deal.won
        before = pope_after(history, options)
        after = pope_after((*history, won), options)
        results = []
        for s in range(PLAYERS):
            lines: list[str] = []
            mine = [n + 1 for n, w in enumerate(by_trick or ()) if w == s]
            if mine:
                # From the tricks, the tricks a player won are the tricks they took: one count.
                lines.append(
                    msg_n(
                        "{count} trick of {total}: trick {numbers} (T-3)",
                        "{count} tricks of {total}: tricks {numbers} (T-3)",
                        won[s],
                        total=TRICKS,
                        numbers=listed(mine),
                    )
                )
            else:
                lines.append(
                    msg_n(
                        "{count} trick of {total} (T-3)",
                        "{count} tricks of {total} (T-3)",
                        won[s],
                        total=TRICKS,
                    )
                )
            if options.pope:
                if before.pope == s:
                    lines.append(msg("played the hand as Pope ♛, with the two exchanges (9a)"))
                lines.append(
                    msg_n(
                        "{count} trick over {hands}: {needed} or more make the Pope (T-4)",
                        "{count} tricks over {hands}: {needed} or more make the Pope (T-4)",
                        after.window_tricks[s],
                        hands=hands_phrase(after.windows[s]),
                        needed=POPE_TRICKS,
                    )
                )
            detail: Detail = {
                "tricks": won[s],
                "pope": before.pope == s,
                "window_tricks": after.window_tricks[s],
            }
            results.append(SeatResult(s, won[s], tuple(lines), detail=detail))
        summary: str = _hand_summary(won)
        if options.pope and after.steps[-1].change != "none":
            summary = join(summary, after.steps[-1].said)
        played_as_pope = tuple(int(before.pope == s) for s in range(PLAYERS))
        return Scored(
            results=tuple(results),
            summary=summary,
            state=(*history, won),
            marks={POPE.key: played_as_pope},
        )

    def tally(
        self, deals: Sequence[Deal], *, players: int, options: Options, known: Tally | None = None
    ) -> Tally:
        """The contract's tally, with the Pope after the last hand in the status, and the
        reminder of the Pope's two exchanges in the notes while someone is Pope."""
        result = super().tally(deals, players=players, options=options, known=known)
        if not options.pope or not result.deals:
            return result
        status = pope_status(result, options)
        notes = result.notes
        if status.pope is not None and not result.finished:
            notes = (*notes, exchanges(status.pope))
        return dataclasses.replace(result, status=join(result.status, status.reason), notes=notes)

    def across_night(self, games: Sequence[NightGame]) -> tuple[str, ...]:
        """The Pope across the night's sittings (9a, T-4): each player's last three hands,
        wherever they were played; the players named by their place in the night."""
        if not games:
            return ()
        # The house rules of the night's latest sitting decide (T-5's reading, say).
        options = games[-1].options if isinstance(games[-1].options, Options) else Options()
        status = night_pope([(game.players, hand_counts(game.tally)) for game in games], options)
        if not status.status.hands:
            return ()
        # The night's players are numbered by the app; night_pope numbers them in the order
        # they first played: put the app's numbers back in the sentences.
        order = status.players
        lines = [_renumbered(status.status.reason, order)]
        if status.status.pope is not None:
            lines.append(_renumbered(exchanges(status.status.pope), order))
        return tuple(lines)

    def notes(self, options: Options, players: int) -> list[str]:
        """The house rules in play, and the Pope rule when the table plays it."""
        notes = super().notes(options, players)
        if options.pope:
            notes.append(
                msg(
                    "The Pope: {count} or more tricks over the last three hands (9a, T-4); ♛ "
                    "counts the hands played as Pope.",
                    count=POPE_TRICKS,
                )
            )
        return notes

    def sample_deal(self, *, players: int, options: Options, number: int) -> dict[str, Any]:
        """A hand played at random by the rules, the deal passing left: odd numbers recorded
        trick by trick (every fourth naming the dealer), even ones quickly."""
        self.check_players(players)
        dealer = (number - 1) % PLAYERS
        data = sample_hand(seed=f"{self.slug}:{number}", dealer=dealer, name_dealer=number % 4 == 1)
        if number % 2:
            return data
        hand = self.parse_deal(data, players=players, options=options)
        return self.deal_as_data(QuickHand(tricks_won(hand)), players=players, options=options)

    # --- the dispute desk ----------------------------------------------------------------------

    def own_questions(self) -> Mapping[str, Question]:
        """``trick`` (who wins it, or why a play is illegal), ``hand`` (the tricks each won),
        ``tricks`` (a hand so far, each trick judged: the page's trick entry), ``pope`` (who
        is Pope after these hands, and why)."""
        return {
            **family_questions(
                self,
                trick=_answer_trick,
                hand=_answer_hand,
                tricks=_answer_tricks,
                record=_SO_FAR,
                trick_fields=(
                    CountField(
                        "number",
                        msg("Which trick of the hand (leave empty if unsure)"),
                        minimum=1,
                        maximum=TRICKS,
                    ),
                ),
                trick_optional=frozenset({"number"}),
                hand_summary=msg(
                    "Who won each trick of this hand and how many each, from its tricks or its "
                    "quick summary?"
                ),
            ),
            "pope": Question(
                "pope",
                msg("Who is Pope after these hands (the tricks each player won in each), and why?"),
                _answer_pope,
                asks=Asks(
                    (
                        RowsField(
                            "games",
                            msg("Tricks each player won, hand by hand"),
                            width="seats",
                            maximum=TRICKS,
                        ),
                    ),
                    {"games": [[5, 4, 0], [6, 2, 1], [3, 3, 3], [4, 4, 1]]},
                    players=True,
                    players_default=PLAYERS,  # one table size: three
                ),
            ),
        }


def pope_status(tally: Tally, options: Options) -> PopeStatus:
    """The Pope after the hands of a Treikort tally."""
    return pope_after(hand_counts(tally), options)


# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------

_GAME = Treikort()


def _players(data: Mapping[str, Any]) -> int:
    """``players`` may be left out; if given, it is 3."""
    players = data.get("players", PLAYERS)
    if isinstance(players, bool) or players != PLAYERS:
        raise BadEntryError(msg("Treikort is for 3 players: players is 3."), field="players")
    return PLAYERS


def _trick_number(data: Mapping[str, Any]) -> int | None:
    number = data.get("number")
    if number is None:
        return None
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= TRICKS:
        raise BadEntryError(
            msg(
                "number is the trick's place in the hand, 1 to {most} (leave it out if unsure).",
                most=TRICKS,
            ),
            field="number",
        )
    return number


class TrickAnswer(TrickAnswerBase):
    """``trick``: who wins it (or is winning it so far) and why, and the condition a 7 led
    puts on it when the trick's number is not given; for an illegal play, the refusal a
    record would get (``legal`` false, ``problem``)."""

    complete: NotRequired[bool]
    winner: NotRequired[int]
    condition: NotRequired[str | None]


class HandAnswer(TypedDict):
    """``hand``: the tricks each player won, each trick's winner (from the tricks), and who
    won the hand."""

    players: int
    hand: DealData
    won: list[int]
    trick_winners: list[int]
    winners: list[int]
    summary: str
    explanation: list[str]


class PopeAnswer(PopeStatusData):
    """``pope``: who is Pope after these hands and why, hand by hand, with the reminder of
    the Pope's exchanges (``null`` with no Pope)."""

    players: int
    reminder: str | None
    explanation: list[str]


def _answer_trick(data: Mapping[str, Any], options: Options) -> TrickAnswer:
    """Who wins one trick and why (or who is winning it so far), or why a play is illegal.

    ``number`` (optional) is the trick's place in the hand: a 7 may not lead trick 1, whose
    leader has won nothing yet, and may lead any later one (its leader won the trick before).
    Without it a trick led by a 7 is judged, with that condition stated.
    """
    players = _players(data)
    number = _trick_number(data)
    body = {key: data[key] for key in ("plays", "held") if key in data}
    trick = parse_trick(body, players)
    shown = trick_as_data(trick)
    wins = (0,) * PLAYERS if number == 1 else (1,) * PLAYERS
    try:
        result = Checker(wins=wins).add(trick, (number or 1) - 1, unfinished=True)
    except IllegalPlayError as err:
        return {
            "players": players,
            "trick": shown,
            "legal": False,
            "problem": err.as_dict(),
            "explanation": [err.message],
        }
    complete = len(trick.plays) == PLAYERS
    verdict = (
        msg("{seat} wins the trick: {reason}", seat=seat(result.winner), reason=result.reason)
        if complete
        else msg(
            "{seat} is winning the trick so far: {reason}",
            seat=seat(result.winner),
            reason=result.reason,
        )
    )
    explanation: list[str] = [*result.steps, verdict]
    condition = None
    if number is None and is_seven(trick.plays[0].cards[0]):
        condition = msg(
            "{seat} may lead a 7 only after winning a trick this hand, so never to the first "
            "trick (9a).",
            seat=seat(trick.leader),
        )
        explanation.append(condition)
    return {
        "players": players,
        "trick": shown,
        "legal": True,
        "complete": complete,
        "winner": result.winner,
        "play": result.play,
        "beaten": result.beaten,
        "reason": result.reason,
        "rule": result.rule,
        "condition": condition,
        "explanation": explanation,
    }


def _answer_hand(data: Mapping[str, Any], options: Options) -> HandAnswer:
    """The tricks each player won and who won the hand, from the JSON a hand is recorded in;
    by tricks, each trick's winner and why."""
    players = _players(data)
    deal = hand_asked(_GAME, data, players, options)
    won = tricks_won(deal)
    explanation: list[str] = []
    winners: list[int] = []
    if isinstance(deal, Hand):
        for number, result in enumerate(check_hand(deal).results, start=1):
            winners.append(result.winner)
            explanation.append(
                msg(
                    "trick {number}: {seat} wins: {reason}",
                    number=number,
                    seat=seat(result.winner),
                    reason=result.reason,
                )
            )
    explanation += [
        msg_n("{seat}: {count} trick", "{seat}: {count} tricks", won[s], seat=seat(s))
        for s in range(PLAYERS)
    ]
    most = max(won)
    return {
        "players": players,
        "hand": _GAME.deal_as_data(deal, players=players, options=options),
        "won": list(won),
        "trick_winners": winners,
        "winners": [s for s in range(PLAYERS) if won[s] == most],
        "summary": _hand_summary(won),
        "explanation": explanation,
    }


# Several cards a play are read here so that the checker can say, at the trick where it
# happened, that each player plays one card (the page may send a second tap as one).
_SO_FAR = so_far(max_tricks=TRICKS, max_cards_per_play=4)


def _answer_tricks(data: Mapping[str, Any], options: Options) -> TricksAnswer:
    """A hand as far as it has been played, judged trick by trick as the table enters it: each
    complete trick's winner and the reason, and the first illegal play with its reason (the
    tricks after it are not judged). The trick family's page widget asks this."""
    players = _players(data)
    values = read_so_far(_SO_FAR, data, players)
    tricks = values["tricks"]
    dealer = values.get("dealer")

    def judge(so_far: tuple[TrickRecord, ...]) -> None:
        again = Checker(dealer)
        for n, each in enumerate(so_far):
            again.add(as_trick(each), n, unfinished=n == len(so_far) - 1)

    checker = Checker(dealer)
    verdicts: list[TrickVerdict] = []
    won = [0] * PLAYERS
    for number, recorded in enumerate(tricks):
        trick = as_trick(recorded)
        complete = len(trick.plays) == PLAYERS
        try:
            result = checker.add(trick, number, unfinished=number == len(tricks) - 1)
        except AdjudicationError as err:
            err.at(f"tricks[{number}]")
            breach = first_breach(tricks, number, err, judge)
            verdicts.append(refused(number, complete, err, breach))
            break
        if not complete:
            verdicts.append(unfinished(number))
            continue
        won[result.winner] += 1
        verdicts.append(taken(number, result.winner, result.winner, result.reason, won))
    return {"players": players, "tricks": verdicts, "won": tuple(won)}


def _read_games(raw: object) -> list[tuple[int, ...]]:
    shape = msg(
        "games lists each hand's tricks per player in order, such as [[5, 4, 0], [6, 2, 1]]: "
        "{count} whole numbers adding up to {tricks}.",
        count=PLAYERS,
        tricks=TRICKS,
    )
    if not isinstance(raw, list):
        raise BadEntryError(shape, field="games")
    if len(raw) > 1_000:
        raise BadEntryError(msg("games lists at most 1,000 hands."), field="games")
    games = []
    for index, counts in enumerate(raw):
        where = f"games[{index}]"
        if not isinstance(counts, list) or len(counts) != PLAYERS:
            raise BadEntryError(shape, field=where)
        for at, n in enumerate(counts):
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= TRICKS:
                raise BadEntryError(
                    msg("Tricks won in a hand are a whole number from 0 to {most}.", most=TRICKS),
                    field=f"{where}[{at}]",
                )
        if sum(counts) != TRICKS:
            raise ImpossibleHandError(
                msg(
                    "Hand {number}: its {tricks} tricks are shared out among the players, but "
                    "these add up to {count}.",
                    number=index + 1,
                    tricks=TRICKS,
                    count=sum(counts),
                ),
                field=where,
            )
        games.append(tuple(counts))
    return games


def _answer_pope(data: Mapping[str, Any], options: Options) -> PopeAnswer:
    """Who is Pope after these hands and why, hand by hand, with the reminder of the Pope's
    exchanges. A hand is one Treikort game of nine tricks: ``games`` lists the tricks each
    player won in each, in order."""
    players = _players(data)
    status = pope_after(_read_games(data.get("games")), options)
    explanation: list[str] = [
        msg("After hand {number}: {news}", number=step.hand, news=step.said)
        for step in status.steps
    ] or [status.reason]
    return {
        "players": players,
        **status.as_dict(),
        "reminder": None if status.pope is None else exchanges(status.pope),
        "explanation": explanation,
    }


__all__ = ["POPE", "Deal", "QuickHand", "Treikort", "pope_status", "tricks_won"]


def _renumbered(said: Message, players: Sequence[int]) -> Message:
    """A sentence about players numbered by :func:`night_pope`, about the night's numbers.

    >>> str(_renumbered(msg("{seat} is Pope.", seat=seat(0)), [4, 2]))
    'Seat 5 is Pope.'
    """
    args = {name: _renumbered_value(value, players) for name, value in said.args.items()}
    return Message(said.id, args, plural=said.plural, count=said.counted)


def _renumbered_value(value: Any, players: Sequence[int]) -> Any:
    if isinstance(value, Ref):
        return Ref(tuple(players[i] for i in value.seats), value.side)
    if isinstance(value, Message):
        return _renumbered(value, players)
    if isinstance(value, Listed):
        return Listed(tuple(_renumbered_value(v, players) for v in value.items), value.style)
    return value
