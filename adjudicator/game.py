"""The contract every game keeps, so that the app serves any game from its description alone.

A game says, as data: its house rules (a frozen ``Options`` dataclass), its seating (who plays
with whom), its pack, its deal record (:mod:`adjudicator.records`), the marks it awards (Bridge
Rummy's stars), the shape of the figures it gives each unit beside its points (a ``TypedDict``,
:attr:`Game.detail_type`) and how it ends (:class:`EndRule`). As code, it says how one deal
scores given the state so far (:meth:`Game.score`); the one tally loop here adds deals up,
awards marks, applies the end rule and refuses a deal after the end. It may also answer
questions without recording anything (``is this a meld?``), for settling disputes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from adjudicator.asking import Asks, input_keys, input_schema
from adjudicator.bounds import check_bounds
from adjudicator.budget import QUESTION_STEPS, budget
from adjudicator.cards import Pack
from adjudicator.dealing import DealAnswer, Dealing, deal_answer
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    BadOptionError,
    GameOverError,
    UnknownQuestionError,
)
from adjudicator.messages import Message, Verbatim, listed, msg, msg_n
from adjudicator.messages import Points as Amount
from adjudicator.options import (
    OptionInfo,
    changed_options,
    describe_options,
    parse_options,
    readable_number,
)
from adjudicator.records import DealData, Record, Seating, format_record, parse_record
from adjudicator.said import Ref, and_list, seats, side
from adjudicator.tally import (
    DealResult,
    Payment,
    Points,
    Resume,
    SeatResult,
    Tally,
    best_seats,
    whole,
)

type Family = Literal["rummy", "grids", "tricks"]


@dataclass(frozen=True)
class Question:
    """A dispute the engine settles without recording: it takes JSON data and house options.

    ``asks`` describes that JSON as fields (:mod:`adjudicator.asking`), with a sample input,
    so that a page can offer a form for any question of any game (the dispute desk).
    """

    name: str
    summary: str
    answer: Callable[[Mapping[str, Any], Any], Mapping[str, Any]]
    asks: Asks | None = None
    label: str = ""
    """The question as a player puts it, short ("Is this a meld?"); by default the one the
    questions of that name share (:data:`LABELS`)."""
    answers: Any = None
    """The answer's shape (a ``TypedDict``), where ``answer`` cannot say it as its return
    annotation (one function serving games whose answers differ, such as a seat's ``detail``);
    otherwise that annotation says it (:func:`adjudicator.answers.answer_type`)."""

    @property
    def title(self) -> str:
        """The label a page shows: the question's own, or the shared one for its name."""
        return self.label or LABELS.get(self.name, "")


LABELS: Mapping[str, str] = {
    "meld": msg("Is this a meld?"),
    "deadwood": msg("What is left unmatched?"),
    "settle": msg("Who pays what for this hand?"),
    "go-out": msg("May this player go out?"),
    "going-out": msg("Do these cards go out?"),
    "initial-meld": msg("Is this enough to go down?"),
    "take-discard": msg("May this player take the discard?"),
    "claim-joker": msg("May this joker be claimed?"),
    "joker-into-run": msg("May a joker go into this run?"),
    "declare": msg("May this be declared now?"),
    "contract": msg("Does this meet the round's contract?"),
    "knock": msg("Who gets what for the knock?"),
    "grid": msg("What does this grid score?"),
    "best-grid": msg("What is the best grid of these cards?"),
    "trick": msg("Who wins this trick?"),
    "hand": msg("What does this hand score?"),
    "tricks": msg("Who won each trick so far?"),
    "ladder": msg("Where does the ladder stand?"),
    "exchange": msg("May this hand take the stock?"),
    "pope": msg("Who is Pope?"),
    "deal": msg("How is it dealt at this table?"),
}
"""The label of each question name the games share; a game's own question may say its own."""


@dataclass(frozen=True)
class Disputed:
    """A recorded deal put to the dispute desk: the question it is asked under and that
    question's input, taken from the deal's record ("Dispute this hand")."""

    question: str
    data: dict[str, Any]


@dataclass(frozen=True)
class Mark:
    """Something a game awards besides points and shows beside a name (Bridge Rummy's star)."""

    key: str
    symbol: str
    meaning: str


@dataclass(frozen=True)
class Feat:
    """A figure of note that one game gives each scoring unit, for a player's record across
    games: Bridge Rummy's stars earned, Brummy's best grid, Voormsi's ladders won.

    ``values`` holds one figure per unit. ``best`` says how the figures of many games add up
    for a player: ``"sum"`` (stars over all games) or ``"max"`` (the best grid ever).
    """

    key: str
    label: str
    values: tuple[Points, ...]
    best: Literal["sum", "max"] = "sum"


# How a game ends ------------------------------------------------------------------------------


@dataclass(frozen=True)
class FixedDeals:
    """The game is so many deals; the best total then wins."""

    deals: int
    kind: ClassVar[str] = "fixed_deals"


@dataclass(frozen=True)
class Target:
    """The game ends after the deal in which someone reaches ``points`` with a single leader.

    An exact tie for the lead at or past the target plays another deal (Brummy, B-6).
    """

    points: int
    kind: ClassVar[str] = "target"


@dataclass(frozen=True)
class ExactTarget:
    """Exactly ``points`` to win: a total past it bounces back (9 + 2 → 7), the first on it wins.

    Voormsi's ladder: "a score above the target becomes target - excess", floored at 0.
    """

    points: int
    kind: ClassVar[str] = "exact_target"

    def bounce(self, total: Points) -> Points:
        """>>> ExactTarget(9).bounce(11), ExactTarget(9).bounce(9), ExactTarget(9).bounce(30)
        (7, 9, 0)
        """
        return max(0, self.points - (total - self.points)) if total > self.points else total


@dataclass(frozen=True)
class Open:
    """No end of its own: the table plays hands until it stops, settling up as it goes (Rummy's
    running net per player, P-3)."""

    kind: ClassVar[str] = "open"


type EndRule = FixedDeals | Target | ExactTarget | Open


# What one deal scores --------------------------------------------------------------------------


@dataclass(frozen=True)
class Scored:
    """One deal, scored: the points of each scoring unit with the working, marks, and news.

    ``results`` holds one :class:`SeatResult` per unit (a seat, or a side in partnership games),
    its ``seat`` the unit's index. ``marks`` counts the marks each unit earned (``{"stars":
    (1, 0, 0, 0)}``). ``state`` is handed to the next deal's :meth:`Game.score`. ``ends``, when
    set, ends the game at once with these units winning (Voormsi's partner capture). In a
    settlement game, ``payments`` says who paid whom; each unit's points are then its net.
    """

    results: tuple[SeatResult, ...]
    summary: str
    state: Any = None
    marks: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    ends: tuple[int, ...] | None = None
    payments: tuple[Payment, ...] = ()


@dataclass(frozen=True)
class NightGame:
    """One game of a night, for what a game says across the games of a night.

    ``players`` gives, for each seat, the player's place in the night's list of players (so
    the same person is the same number in every game); ``tally`` is the game's tally, and
    ``options`` its house rules.
    """

    players: tuple[int, ...]
    tally: Tally
    options: Any = None


@dataclass(frozen=True)
class Turn:
    """Who deals a deal and who plays first in it (seat indexes), for the page above the form.

    ``recorded`` is true when the dealer comes from a deal that named its dealer, not only from
    the rotation. ``lead_word`` is what the first player does ("leads", "plays first").
    """

    number: int
    dealer: int
    leader: int
    lead_word: str = "plays first"
    recorded: bool = False


class Game[O, D](ABC):
    """One game: ``O`` is its frozen options dataclass, ``D`` its typed record of one deal."""

    slug: ClassVar[str]
    name: ClassVar[str]
    family: ClassVar[Family]
    options_type: ClassVar[type[Any]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    lower_is_better: ClassVar[bool]
    marks: ClassVar[tuple[Mark, ...]] = ()
    detail_type: ClassVar[type[Any]]
    """The shape of each unit's :attr:`SeatResult.detail <adjudicator.tally.SeatResult.detail>`
    in a deal this game scores: a ``TypedDict`` (an empty one for a game with no figures), which
    the code building the detail is typed with and :func:`adjudicator.details.detail_schema`
    publishes as a JSON Schema."""
    deal_word: ClassVar[str] = "deal"
    """What the table calls one deal ("hand", or "round" in Crummy Rummy), on the page too."""
    numbered_by_play: ClassVar[bool] = False
    """Whether a deal's number is its place among the deals that count, because the rules read
    it (Crummy Rummy's round 3 is played to round 3's contract, however many rounds were
    recorded and voided before it): a voided deal then gives its number back to the deal played
    in its place. Otherwise deals are numbered as they were first recorded, and a voided deal
    keeps its number."""
    settles: ClassVar[bool] = False
    """Points are money changing hands (Rummy, Knock Rummy): each deal says who paid whom, its
    points are each player's net and sum to zero, and the tally says who pays whom."""

    deal_passes: ClassVar[Literal[1, -1]] = 1
    """Where the deal goes after each deal, in seat order: ``1`` to the dealer's left (seats are
    numbered clockwise, so the next seat), ``-1`` to the right (Bridge Rummy plays
    counter-clockwise)."""
    play_passes: ClassVar[Literal[1, -1]] = 1
    """Which way play goes round the table: the first to play sits this way from the dealer."""
    lead_word: ClassVar[str] = "plays first"
    """What the first player of a deal does, on the page ("leads" in the trick games)."""

    # --- description --------------------------------------------------------------------------

    def options(self, data: Mapping[str, Any] | None = None) -> O:
        """House rules from JSON, defaults for anything not given."""
        result: O = parse_options(self.options_type, data)
        return result

    def describe_options(self) -> tuple[OptionInfo, ...]:
        return describe_options(self.options_type)

    def table_sizes(self) -> tuple[int, ...]:
        """How many may play: every count from ``min_players`` to ``max_players``, unless the
        game says otherwise (Alkort is for two or four, not three)."""
        return tuple(range(self.min_players, self.max_players + 1))

    def players_said(self) -> str:
        """How many may play, as a sentence says it, from :meth:`table_sizes`: the counts the
        game takes, not the range around them (Brus is for four or six, never five).

        >>> from adjudicator.games import get_game
        >>> games = ("treikort", "brus", "alkort", "rummy")
        >>> [str(get_game(slug).players_said()) for slug in games]
        ['3 players', '4 or 6 players', '2 or 4 players', '2 to 6 players']
        """
        sizes = self.table_sizes()
        if len(sizes) > 2 and sizes == tuple(range(sizes[0], sizes[-1] + 1)):
            return msg_n(
                "{low} to {high} player",
                "{low} to {high} players",
                sizes[-1],
                low=sizes[0],
                high=sizes[-1],
            )
        return msg_n(
            "{sizes} player", "{sizes} players", sizes[-1], sizes=listed(sizes, style="or")
        )

    def check_players(self, players: int) -> None:
        if players not in self.table_sizes():
            raise BadEntryError(
                msg(
                    "{game} is for {players}, not {count}.",
                    game=Verbatim(self.name),
                    players=self.players_said(),
                    count=readable_number(players),
                ),
                field="seats",
            )

    def seating(self, players: int, options: O) -> Seating:
        """Who plays with whom. By default everyone plays alone."""
        self.check_players(players)
        return Seating(players)

    @abstractmethod
    def pack(self, options: O, players: int) -> Pack:
        """The pack this table plays with."""

    @abstractmethod
    def record(self, options: O, players: int) -> Record:
        """What the table writes down for one deal, field by field."""

    @abstractmethod
    def end_rule(self, options: O, players: int) -> EndRule:
        """When the game is over."""

    # --- one deal ------------------------------------------------------------------------------

    @abstractmethod
    def read(self, values: Mapping[str, Any], seating: Seating, options: O) -> D:
        """The typed deal from values the description has parsed; refuse what the rules forbid."""

    @abstractmethod
    def write(self, deal: D) -> dict[str, Any]:
        """The values of a deal, as :func:`~adjudicator.records.parse_record` gives them."""

    def start(self, seating: Seating, options: O) -> Any:
        """The state before the first deal (handed to :meth:`score`)."""
        return None

    @abstractmethod
    def score(self, deal: D, state: Any, seating: Seating, options: O) -> Scored:
        """What one deal scores, given the state the deals before it left."""

    def parse_deal(self, data: Mapping[str, Any], *, players: int, options: O) -> D:
        """Read and validate one deal's raw record; raise an AdjudicationError naming the field."""
        seating = self.seating(players, options)
        record = self.record(options, players)
        values = parse_record(record, data, seating, self.pack(options, players))
        return self.read(values, seating, options)

    def deal_as_data(self, deal: D, *, players: int, options: O) -> DealData:
        """The canonical JSON form of a deal: ``parse_deal(deal_as_data(d)) == d``."""
        return format_record(self.record(options, players), self.write(deal))

    # --- the tally -----------------------------------------------------------------------------

    def tally(
        self, deals: Sequence[D], *, players: int, options: O, known: Tally | None = None
    ) -> Tally:
        """Score the deals in order; refuse a deal recorded after the game ended.

        ``known`` is a tally of the first deals of ``deals`` (the same deals, table and house
        rules: the caller vouches for it): scoring resumes after them, so a game of 500 deals
        and one more scores one deal, not 501. The result equals a tally from the start.
        """
        seating = self.seating(players, options)
        rule = self.end_rule(options, players)
        units = len(seating.units)
        totals: list[Points] = [0] * units
        marks = {mark.key: [0] * units for mark in self.marks}
        state = self.start(seating, options)
        results: list[DealResult] = []
        winners: tuple[int, ...] = ()
        finished = False
        if known is not None and known.resume is not None and len(known.deals) <= len(deals):
            results = list(known.deals)
            totals = list(known.totals)
            marks = {key: list(known.marks[key]) for key in marks}
            state = known.resume.state
            finished, winners = known.resume.finished, known.resume.winners
        for number, deal in enumerate(deals[len(results) :], start=len(results) + 1):
            if finished:
                # No deal numbers: the table may number its deals otherwise (a voided deal
                # keeps its number), and "the game is over" is what matters.
                raise GameOverError(
                    msg(
                        "The game is over: {winners} won, so no more deals can be recorded.",
                        winners=self._units_ref(seating, winners),
                    ),
                    field=f"deals[{number - 1}]",
                )
            scored = self.score(deal, state, seating, options)
            if self.settles:
                _check_settled(scored, units)
            state = scored.state
            for result in scored.results:
                totals[result.seat] = whole(totals[result.seat] + result.points)
            if isinstance(rule, ExactTarget):
                totals = [rule.bounce(t) for t in totals]
            for key, earned in scored.marks.items():
                marks[key] = [m + e for m, e in zip(marks[key], earned, strict=True)]
            results.append(
                DealResult(number, scored.results, tuple(totals), scored.summary, scored.payments)
            )
            finished, winners = self._ended(rule, number, tuple(totals), scored.ends)
            if finished:
                # Broken once, as the game ends: a deal recorded after it names these winners.
                winners = self.break_tie(winners, {k: tuple(v) for k, v in marks.items()}, options)
        leaders = best_seats(tuple(totals), lower_is_better=self.lower_is_better)
        return Tally(
            deals=tuple(results),
            totals=tuple(totals),
            finished=finished,
            winners=winners if finished else (),
            leaders=leaders,
            lower_is_better=self.lower_is_better,
            status=self._status(rule, seating, tuple(totals), leaders, winners, finished, deals),
            notes=tuple(self.notes(options, players)),
            marks={k: tuple(v) for k, v in marks.items()},
            seating=seating,
            settles=self.settles,
            resume=Resume(state, finished, winners),
        )

    def open_ended(self, options: O, players: int) -> bool:
        """Whether the game has no end of its own (:class:`Open`): the table says when it stops."""
        return isinstance(self.end_rule(options, players), Open)

    def stop(self, tally: Tally, *, players: int, options: O) -> Tally:
        """The tally of an open game the table has stopped playing: finished, won by the units
        best placed (in a settlement game, the one most up), a tie broken as at any end.

        >>> from adjudicator.games import get_game
        >>> rummy = get_game("rummy")
        >>> options = rummy.options({})
        >>> deal = rummy.parse_deal(
        ...     {"went_out": 1, "hands": [{"seat": 0, "held": 10}, {"seat": 2, "held": 25}]},
        ...     players=3, options=options)
        >>> stopped = rummy.stop(rummy.tally([deal], players=3, options=options),
        ...                      players=3, options=options)
        >>> stopped.finished, stopped.winners, str(stopped.status)
        (True, (1,), 'Game over: Seat 2 wins, up 35.')
        """
        if not self.open_ended(options, players):
            raise BadEntryError(msg("This game ends by its own rule; the table cannot stop it."))
        if tally.finished:
            return tally
        if not tally.deals:
            raise BadEntryError(_said(self.deal_word, "nothing_to_end"))
        seating = tally.seating or self.seating(players, options)
        winners = self.break_tie(tally.leaders, tally.marks, options)
        status = self._status(
            self.end_rule(options, players),
            seating,
            tally.totals,
            tally.leaders,
            winners,
            True,
            (),  # a finished game's status names no deal
        )
        return replace(tally, finished=True, winners=winners, status=status)

    def next_deal_note(self, played: int, options: O, players: int) -> str | None:
        """What the next deal asks of the table, shown above the deal form, given how many
        deals count so far (Crummy Rummy: "Round 3 of 5: 2 runs of 4"). Most games say nothing.
        """
        return None

    def feats(self, tally: Tally) -> tuple[Feat, ...]:
        """The figures of note this game gives each unit (see :class:`Feat`): by default one
        per mark the game awards, counted over the game (Bridge Rummy's stars)."""
        return tuple(
            Feat(mark.key, mark.key.replace("_", " "), tuple(tally.marks.get(mark.key, ())))
            for mark in self.marks
        )

    def dealer(self, number: int, seating: Seating, options: O, *, first: int = 0) -> int:
        """The seat that deals deal ``number`` (from 1) when seat ``first`` dealt the first:
        the deal passes one seat each deal, the way :attr:`deal_passes` says.

        >>> from adjudicator.games import get_game
        >>> [get_game("brummy").dealer(n, Seating(3), None) for n in (1, 2, 3, 4)]
        [0, 1, 2, 0]
        """
        return (first + (number - 1) * self.deal_passes) % seating.players

    def leader(self, dealer: int, seating: Seating, options: O) -> int:
        """Who plays first (or leads the first trick) when ``dealer`` deals: the next seat
        the way play goes (the dealer's left, by default)."""
        return (dealer + self.play_passes) % seating.players

    def dealt_by(self, deal: D) -> int | None:
        """The dealer a recorded deal names, if its record says (the trick games ask who
        dealt); ``None`` for a game whose record does not."""
        return None

    def turn(
        self, number: int, seating: Seating, options: O, *, dealt: Sequence[int | None] = ()
    ) -> Turn:
        """Who deals deal ``number`` and who plays first, given the dealers recorded for the
        deals so far (``dealt[i]`` for deal ``i + 1``, ``None`` where not said).

        The latest deal that named its dealer anchors the rotation; without one, seat 1
        dealt the first deal.
        """
        first, recorded = 0, False
        for index in range(min(len(dealt), number) - 1, -1, -1):
            known = dealt[index]
            if known is not None and 0 <= known < seating.players:
                # Deal index + 1 was dealt by ``known``: wind the rotation back to deal 1.
                first = (known - index * self.deal_passes) % seating.players
                recorded = True
                break
        dealer = self.dealer(number, seating, options, first=first)
        return Turn(
            number=number,
            dealer=dealer,
            leader=self.leader(dealer, seating, options),
            lead_word=self.lead_word,
            recorded=recorded,
        )

    def break_tie(
        self, winners: tuple[int, ...], marks: Mapping[str, tuple[int, ...]], options: O
    ) -> tuple[int, ...]:
        """Who wins among units tied for the best total at the end (by default, all of them)."""
        return winners

    def across_night(self, games: Sequence[NightGame]) -> tuple[str, ...]:
        """What this game says across the night's games of it, in order (Treikort's Pope).

        The sentences name the night's players by their place in the night's list (a
        :class:`Said` whose seats are those places). Most games say nothing.
        """
        return ()

    def notes(self, options: O, players: int) -> list[str]:
        """Lines shown under the tally: the house rules in play, by default."""
        infos = {info.name: info for info in self.describe_options()}
        notes: list[str] = []
        for key, value in changed_options(options).items():
            info = infos[key]
            notes.append(
                msg("house rule {rule}: {value}", rule=info.named(), value=info.shown(value))
            )
        return notes

    def _ended(
        self,
        rule: EndRule,
        number: int,
        totals: tuple[Points, ...],
        ends: tuple[int, ...] | None,
    ) -> tuple[bool, tuple[int, ...]]:
        if ends is not None:
            return True, ends
        best = best_seats(totals, lower_is_better=self.lower_is_better)
        if isinstance(rule, Open):
            return False, best
        if isinstance(rule, FixedDeals):
            return number >= rule.deals, best
        if isinstance(rule, Target):
            return totals[best[0]] >= rule.points and len(best) == 1, best
        on_target = tuple(u for u, t in enumerate(totals) if t == rule.points)
        return bool(on_target), on_target

    @staticmethod
    def _units_ref(seating: Seating, units: Sequence[int]) -> Ref:
        if seating.partnerships and len(units) == 1:
            return side(units[0])
        return seats(sorted(member for u in units for member in seating.units[u]))

    def _status(
        self,
        rule: EndRule,
        seating: Seating,
        totals: tuple[Points, ...],
        leaders: tuple[int, ...],
        winners: tuple[int, ...],
        finished: bool,
        deals: Sequence[D],
    ) -> Message:
        if finished:
            if not winners:
                return msg("Game over.")
            who = self._units_ref(seating, winners)
            points = Amount(totals[winners[0]])
            # A settlement game's totals are each one's net: the winner is "up" by it.
            if self.settles:
                if len(winners) > 1:
                    return msg("Game over: {winners} win, up {points}.", winners=who, points=points)
                return msg("Game over: {winners} wins, up {points}.", winners=who, points=points)
            if len(winners) > 1:
                return msg("Game over: {winners} win on {points}.", winners=who, points=points)
            return msg("Game over: {winners} wins on {points}.", winners=who, points=points)
        word = self.deal_word
        if not deals:
            return _said(word, "none_yet", goal=self._goal(rule))
        lead = Amount(totals[leaders[0]])
        who = self._units_ref(seating, leaders)
        number = len(deals)
        if isinstance(rule, Open):
            if totals[leaders[0]] == 0:
                return _said(word, "square", number=number)
            key = "one_up" if len(leaders) == 1 else "several_up"
            return _said(word, key, number=number, players=who, points=lead)
        if isinstance(rule, FixedDeals):
            key = "lowest" if self.lower_is_better else "highest"
            return _said(word, key, number=number, deals=rule.deals, players=who, points=lead)
        if totals[leaders[0]] >= rule.points and isinstance(rule, Target):
            if totals[leaders[0]] > rule.points:
                return _said(word, "tie_past", players=who, points=lead, target=rule.points)
            return _said(word, "tie_on", players=who, points=lead)
        short = Amount(rule.points - totals[leaders[0]])
        if len(leaders) == 1:
            return msg(
                "{players} leads with {points}, {short} short of {target}.",
                players=who,
                points=lead,
                short=short,
                target=rule.points,
            )
        return msg(
            "{players} lead with {points}, {short} short of {target}.",
            players=who,
            points=lead,
            short=short,
            target=rule.points,
        )

    def _goal(self, rule: EndRule) -> Message:
        """How the game is won, as a clause of the status before the first deal."""
        if isinstance(rule, FixedDeals):
            if self.lower_is_better:
                return msg_n(
                    "{count} to play, lowest total wins",
                    "{count} to play, lowest total wins",
                    rule.deals,
                )
            return msg_n(
                "{count} to play, highest total wins",
                "{count} to play, highest total wins",
                rule.deals,
            )
        if isinstance(rule, Target):
            return msg("first to {target} wins", target=rule.points)
        if isinstance(rule, ExactTarget):
            return msg("exactly {target} wins", target=rule.points)
        return msg("each hand is settled as it is played")

    # --- disputes ------------------------------------------------------------------------------

    @abstractmethod
    def sample_deal(self, *, players: int, options: O, number: int) -> dict[str, Any]:
        """A plausible raw deal (for the demo night and the conformance tests)."""

    @abstractmethod
    def dealing(self, players: int, options: O) -> Dealing:
        """How this table is dealt: packs, jokers, cards each, the turn-up, citing the rule."""

    def own_questions(self) -> Mapping[str, Question]:
        """The disputes this game settles (``meld``, ``trick``, …), besides ``deal``."""
        return {}

    def questions(self) -> Mapping[str, Question]:
        """The game's own questions and ``deal``, which every game answers from
        :meth:`dealing`."""
        return {**self.own_questions(), "deal": self._deal_question()}

    def _deal_question(self) -> Question:
        def answer(data: Mapping[str, Any], options: O) -> DealAnswer:
            players = data.get("players")
            if type(players) is not int:
                raise BadEntryError(msg("Say how many play, as a whole number."), field="players")
            self.check_players(players)
            return deal_answer(self.dealing(players, options), self.name)

        def sample(players: int, options: Any) -> dict[str, Any]:
            return {}

        return Question(
            "deal",
            msg(
                "How many packs and jokers, how many cards to each player, and what is left "
                "for the stock and the discard pile, at this table?"
            ),
            answer,
            asks=Asks((), sample, players=True),
        )

    def dispute(
        self, data: Mapping[str, Any], *, number: int, players: int, options: O
    ) -> Disputed:
        """A recorded deal (its raw record ``data``, deal ``number`` of the game as it counts)
        as a question to the desk: by default the question that takes a whole deal
        (:func:`~adjudicator.asking.deal_input`), its input the record, with the deal's number
        where that question takes it. A game without such a question says its own.

        >>> from adjudicator.games import get_game
        >>> rummy = get_game("rummy")
        >>> record = {"went_out": 1, "hands": [{"seat": 0, "held": 10}]}
        >>> rummy.dispute(record, number=1, players=2, options=rummy.options())
        Disputed(question='settle', data={'went_out': 1, 'hands': [{'seat': 0, 'held': 10}]})
        """
        for name, question in self.questions().items():
            asks = question.asks
            if asks is None or not asks.whole_deal:
                continue
            found = dict(data)
            if asks.deal_number:
                found[asks.deal_number] = number
            return Disputed(name, found)
        raise BadEntryError(_said(self.deal_word, "no_question", game=Verbatim(self.name)))

    def ask(self, question: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """Answer one of :meth:`questions`, with ``data["options"]`` as house rules."""
        found = self.questions().get(question)
        if found is None:
            raise UnknownQuestionError(
                msg(
                    "{game} has no question {question}; it answers: {known}.",
                    game=Verbatim(self.name),
                    question=Verbatim(repr(question)),
                    known=Verbatim(", ".join(self.questions()) or "none"),
                ),
                field="question",
            )
        if not isinstance(data, Mapping):
            raise BadEntryError(msg("The question needs a JSON object."), field="body")
        if "options" in data and not isinstance(data["options"], Mapping):
            # As the schema says: an object, or left out (null is not "the published rules").
            raise BadOptionError(
                msg(
                    "options are the house rules, an object such as {example}; leave it out "
                    "for the published rules.",
                    example=Verbatim("{}"),
                ),
                field="options",
            )
        options = self.options(data.get("options"))
        if found.asks is not None:
            self._check_table_size(found.asks, data)
            takes = input_keys(found.asks, self.table_sizes(), options)
            unknown = sorted(str(key) for key in data if key not in takes)
            if unknown:
                raise BadEntryError(
                    msg(
                        "The {question} question does not take {key}; it takes {keys}.",
                        question=Verbatim(question),
                        key=Verbatim(repr(unknown[0])),
                        keys=listed(Verbatim(key) for key in sorted(takes)),
                    ),
                    field=unknown[0] or "body",
                )
            # Before any rule runs, every list and string is held to what the rules allow,
            # as the schema publishes it: no answer ever searches an input larger than that.
            players = self._bounding_size(data.get("players"))
            schema = input_schema(found.asks, players, options)
            check_bounds(schema, data, pack=self.pack(options, players))
        # Within the bounds a search may still grow past what one answer should cost: every
        # search the answer makes draws on one budget of steps (adjudicator.budget).
        with budget(QUESTION_STEPS):
            return dict(found.answer(data, options))

    def _check_table_size(self, asks: Asks, data: Mapping[str, Any]) -> None:
        """``players`` as the question's schema has it: a whole number, required by a question
        that takes the table size unless it says at which it is asked without (which sizes the
        game is played by is the answer's to say, naming the rule); for any other question, a
        whole number from 1, null, or left out."""
        given = data.get("players")
        sizes = listed(self.table_sizes(), style="or")
        game = Verbatim(self.name)
        if asks.players and type(given) is not int:
            if given is None and "players" not in data and asks.players_default is not None:
                return
            raise BadEntryError(
                msg(
                    "players is how many sit at the table: {sizes} in {game}.",
                    sizes=sizes,
                    game=game,
                ),
                field="players",
            )
        if asks.players and type(given) is int and given not in self.table_sizes():
            try:
                self.check_players(given)
            except AdjudicationError as err:
                err.field = "players"  # the body's key (a record's seats are its own)
                raise
        if not asks.players and given is not None and (type(given) is not int or given < 1):
            if type(given) is int:
                said = msg(
                    "players is how many sit at the table ({sizes} in {game}), or left out, "
                    "not {count}.",
                    sizes=sizes,
                    game=game,
                    count=readable_number(given),
                )
            else:
                said = msg(
                    "players is how many sit at the table ({sizes} in {game}), or left out.",
                    sizes=sizes,
                    game=game,
                )
            raise BadEntryError(said, field="players")

    def _bounding_size(self, given: object) -> int:
        """The table size an input is bounded at: the one it gives, or else the largest (a
        size the question refuses is refused by it, after the bounds)."""
        sizes = self.table_sizes()
        return given if type(given) is int and given in sizes else sizes[-1]


def _said(word: str, key: str, **args: Any) -> Message:
    """A status or refusal that names the game's deal ("hand", "round" or "deal"): one
    sentence for each word, so each language says it whole (a deal word is never glued in).
    A word the engine does not know is said as "deal"."""
    if word == "hand":
        return _HAND[key](**args)
    if word == "round":
        return _ROUND[key](**args)
    return _DEAL[key](**args)


type _Says = Mapping[str, Callable[..., Message]]

_DEAL: _Says = {
    "none_yet": lambda goal: msg("No deals yet; {goal}.", goal=goal),
    "square": lambda number: msg("After deal {number}: everyone is square.", number=number),
    "one_up": lambda **a: msg("After deal {number}: {players} is up {points}.", **a),
    "several_up": lambda **a: msg("After deal {number}: {players} are up {points}.", **a),
    "highest": lambda **a: msg(
        "After deal {number} of {deals}: {players} highest on {points}.", **a
    ),
    "lowest": lambda **a: msg("After deal {number} of {deals}: {players} lowest on {points}.", **a),
    "tie_past": lambda **a: msg(
        "{players} tie on {points}, past {target}: another deal decides.", **a
    ),
    "tie_on": lambda **a: msg("{players} tie on {points}, the target: another deal decides.", **a),
    "nothing_to_end": lambda: msg("No deals yet: there is nothing to end."),
    "no_question": lambda game: msg("{game} has no question that takes a whole deal.", game=game),
}
_HAND: _Says = {
    "none_yet": lambda goal: msg("No hands yet; {goal}.", goal=goal),
    "square": lambda number: msg("After hand {number}: everyone is square.", number=number),
    "one_up": lambda **a: msg("After hand {number}: {players} is up {points}.", **a),
    "several_up": lambda **a: msg("After hand {number}: {players} are up {points}.", **a),
    "highest": lambda **a: msg(
        "After hand {number} of {deals}: {players} highest on {points}.", **a
    ),
    "lowest": lambda **a: msg("After hand {number} of {deals}: {players} lowest on {points}.", **a),
    "tie_past": lambda **a: msg(
        "{players} tie on {points}, past {target}: another hand decides.", **a
    ),
    "tie_on": lambda **a: msg("{players} tie on {points}, the target: another hand decides.", **a),
    "nothing_to_end": lambda: msg("No hands yet: there is nothing to end."),
    "no_question": lambda game: msg("{game} has no question that takes a whole hand.", game=game),
}
_ROUND: _Says = {
    "none_yet": lambda goal: msg("No rounds yet; {goal}.", goal=goal),
    "square": lambda number: msg("After round {number}: everyone is square.", number=number),
    "one_up": lambda **a: msg("After round {number}: {players} is up {points}.", **a),
    "several_up": lambda **a: msg("After round {number}: {players} are up {points}.", **a),
    "highest": lambda **a: msg(
        "After round {number} of {deals}: {players} highest on {points}.", **a
    ),
    "lowest": lambda **a: msg(
        "After round {number} of {deals}: {players} lowest on {points}.", **a
    ),
    "tie_past": lambda **a: msg(
        "{players} tie on {points}, past {target}: another round decides.", **a
    ),
    "tie_on": lambda **a: msg("{players} tie on {points}, the target: another round decides.", **a),
    "nothing_to_end": lambda: msg("No rounds yet: there is nothing to end."),
    "no_question": lambda game: msg("{game} has no question that takes a whole round.", game=game),
}


def _check_settled(scored: Scored, units: int) -> None:
    """A settlement game's deal must balance: nets sum to zero and match the payments."""
    net: list[Points] = [0] * units
    for payment in scored.payments:
        net[payment.payer] -= payment.amount
        net[payment.payee] += payment.amount
    points: list[Points] = [0] * units
    for result in scored.results:
        points[result.seat] += result.points
    if net != points:
        raise AssertionError(f"payments {net} do not match the points {points}: {scored.summary}")


__all__ = [
    "LABELS",
    "Dealing",
    "Disputed",
    "EndRule",
    "ExactTarget",
    "Feat",
    "FixedDeals",
    "Game",
    "Mark",
    "NightGame",
    "Open",
    "Question",
    "Scored",
    "Target",
    "Turn",
    "and_list",
]
