"""Brummy (a 3x3 grid of Brag lines) and Brummagem (its 3x4 cousin): grids, knocks, 201 up.

Rules: ``shared/seeds/000``; rulings: sections 1 and 2 of ``shared/rulings.md``, whose ids
(B-1 …, M-1 …) the comments cite. Line scoring lives in :mod:`adjudicator.grids.lines`, the
best-grid search in :mod:`adjudicator.grids.best`.

>>> game = Brummy()
>>> deal = game.parse_deal(
...     {"knocked": 1, "grids": [{"seat": 0, "total": 23}, {"seat": 1, "total": 20},
...                              {"seat": 2, "cards": "5H 6H 7H 5S 6S 8S 5D 9C 7D"}]},
...     players=3, options=game.options())
>>> [(r.points, str(r.explanation[-1])) for r in score_deal(deal, game.options())]
[(33, 'beat the knocker (seat 2): +10'), (20, 'knocked but not highest: no bonus'), (35, 'beat the knocker (seat 2): +10')]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypedDict

from adjudicator.asking import (
    Asks,
    CountsField,
)
from adjudicator.cards import DOUBLE, STANDARD, Pack
from adjudicator.dealing import Dealing, from_pack
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    ImpossibleCountError,
)
from adjudicator.game import Disputed, Feat, Game, Question, Scored, Target
from adjudicator.grids.best import best_grid
from adjudicator.grids.lines import (
    MAX_SCORE,
    SIZES,
    Grid,
    GridRules,
    GridScoreData,
    LineData,
    Shape,
    score_grid,
)
from adjudicator.messages import Message, Verbatim, msg
from adjudicator.options import option
from adjudicator.records import (
    SOMEONE,
    CardsField,
    CountField,
    PerSeatField,
    Record,
    SeatEntry,
    SeatField,
    Seating,
)
from adjudicator.said import seat as seat_ref
from adjudicator.said import seats
from adjudicator.seats import read_seat
from adjudicator.tally import SeatResult, Tally, best_seats

KNOCK_BONUS = 10  # "you add a bonus of 10 points, but only if your grid produces the highest"
EQUAL_BONUS = 5  # "a bonus of 5 points is awarded to each player who scores the same as you"
BEAT_BONUS = 10  # "and 10 to anyone who scores higher"
MAX_PLAYERS = 8  # 8 x 12 = 96 cards: the most a double pack serves in Brummagem

# House rules a sentence names, by the names the house-rules page gives them.
TIE_GETS_5 = msg("Knocker tie gets 5")
TOP_GETS_10 = msg("Only top scorer gets 10")
DOUBLE_PACK = msg("Double pack")
WHO_KNOCKED = msg("Who knocked?")


@dataclass(frozen=True)
class Options:
    """House rules of Brummy (``shared/rulings.md`` sections 1 and 10)."""

    face_extra: bool = option(
        False,
        msg(
            "Optional scoring extra: a line with nothing better than a pair scores 1 more for "
            "each unmatched J, Q or K (K-2-5 = 1, Q-Q-J = 3)."
        ),
        rule="B-4",
    )
    ace_high_runs: bool = option(True, msg("Q-K-A is a run as well as A-2-3."), rule="B-1")
    round_the_corner: bool = option(
        False,
        msg("Runs go round the corner: K-A-2 (and Q-K-A) count as runs; Brag never allows it."),
        rule="B-2",
    )
    knocker_tie_gets_5: bool = option(
        False,
        msg("A knocker tied for the highest grid also gets 5, like the players who tie with them."),
        rule="B-3",
    )
    only_top_scorer_gets_10: bool = option(
        False,
        msg(
            "When the knocker is beaten, only the top scorer(s) get 10, not everyone above the "
            "knocker."
        ),
        rule="B-3",
    )
    # B-6: any target from 1 up is a game (1 ends it after the first deal with a single top
    # scorer). A deal scores at most 58 (a 48-point grid and a 10-point knock; Brummagem 70), so
    # 10,000 is over 140 deals even at the best score every deal: more than any night at the
    # table. Anything higher is a slip of the keyboard, and would never end.
    target: int = option(
        201,
        msg("The game ends after the deal in which someone reaches this."),
        minimum=1,
        maximum=10_000,
        rule="B-6",
    )
    double_pack: bool = option(
        False,
        msg(
            "Play with two packs (104 cards) even with four or fewer players; more than four "
            "always do. Two identical cards in a line then zero it."
        ),
        rule="1a",
    )

    def grid_rules(self) -> GridRules:
        """The line-scoring rules these options imply.

        >>> Options(face_extra=True).grid_rules().face_extra
        True
        """
        return GridRules(
            face_extra=self.face_extra,
            ace_high_runs=self.ace_high_runs,
            round_the_corner=self.round_the_corner,
        )


@dataclass(frozen=True)
class BrummagemOptions(Options):
    """House rules of Brummagem: Brummy's, and how a four-card row scores (section 2b)."""

    row_model: Literal["additive", "best_single"] = option(
        "additive",
        msg(
            "How a four-card row scores: 'additive' adds its rank, flush and run parts (the "
            "seed's example rows 5 and 6); 'best_single' counts only its best combination."
        ),
        labels={
            "additive": msg("Add up the pair, flush and run in a row"),
            "best_single": msg("Count only a row's best combination"),
        },
        rule="M-1",
    )
    two_pairs: Literal[4, 2] = option(
        4,
        msg("Two pairs in a row score 4 (2 + 2), or 2 (only one pair counts)."),
        labels={
            4: msg("Two pairs score 4 (both count)"),
            2: msg("Two pairs score 2 (one counts)"),
        },
        rule="M-3",
    )

    def grid_rules(self) -> GridRules:
        """The line-scoring rules these options imply, the row rules included.

        >>> BrummagemOptions(two_pairs=2).grid_rules().two_pairs
        2
        """
        return GridRules(
            face_extra=self.face_extra,
            ace_high_runs=self.ace_high_runs,
            round_the_corner=self.round_the_corner,
            row_model=self.row_model,
            two_pairs=self.two_pairs,
        )


@dataclass(frozen=True)
class SeatGrid:
    """One seat's grid for a deal, or only the total they scored when no cards were entered."""

    seat: int
    grid: Grid | None = None
    total: int | None = None


@dataclass(frozen=True)
class Deal:
    """One deal: who knocked (``None`` when play ended with the stock) and every seat's grid."""

    knocked: int | None
    grids: tuple[SeatGrid, ...]


class Detail(TypedDict):
    """What a seat's grid scored in a deal, beside its points: the grid as entered (``None``
    when the table gave only its total), the grid's own score (``base``), the knock bonus, and
    each line's score (none without the cards)."""

    grid: str | None
    base: int
    bonus: int
    lines: list[LineData]


@dataclass(frozen=True)
class KnockBonus:
    """One seat's knock bonus and the sentence saying why."""

    seat: int
    bonus: int
    reason: Message


def knock_bonuses(
    scores: Sequence[int], knocked: int | None, options: Options
) -> tuple[KnockBonus, ...]:
    """Each seat's knock bonus from the grid scores (ruling 1a and B-3).

    >>> [(k.bonus, str(k.reason)) for k in knock_bonuses([23, 20, 23], 0, Options())]
    [(0, 'knocked but only tied for highest: no bonus'), (0, 'below the knocker (seat 1): no bonus'), (5, 'equal to the knocker (seat 1): +5')]
    """
    if knocked is None:
        # "If a game ends without any knocking, no bonus is available."
        nobody = msg("nobody knocked: no bonus")
        return tuple(KnockBonus(s, 0, nobody) for s in range(len(scores)))
    mark = scores[knocked]
    top = max(scores)
    knocker = seat_ref(knocked)
    result = []
    for seat, score in enumerate(scores):
        if seat == knocked:
            if all(s < mark for i, s in enumerate(scores) if i != seat):
                reason = msg("knocked and strictly highest: +10")
                result.append(KnockBonus(seat, KNOCK_BONUS, reason))
            elif score < top:
                result.append(KnockBonus(seat, 0, msg("knocked but not highest: no bonus")))
            elif options.knocker_tie_gets_5:
                reason = msg(
                    "knocked and tied for highest: +5 (house rule {rule})", rule=TIE_GETS_5
                )
                result.append(KnockBonus(seat, EQUAL_BONUS, reason))
            else:
                # B-3: a tie is not "the highest"; those equal to the knocker get 5 instead.
                reason = msg("knocked but only tied for highest: no bonus")
                result.append(KnockBonus(seat, 0, reason))
        elif score > mark:
            if options.only_top_scorer_gets_10 and score < top:
                reason = msg(
                    "beat the knocker ({knocker}) but not top: no bonus (house rule {rule})",
                    knocker=knocker,
                    rule=TOP_GETS_10,
                )
                result.append(KnockBonus(seat, 0, reason))
            else:
                reason = msg("beat the knocker ({knocker}): +10", knocker=knocker)
                result.append(KnockBonus(seat, BEAT_BONUS, reason))
        elif score == mark:
            # Only when the knocker is not strictly highest can anyone equal them.
            reason = msg("equal to the knocker ({knocker}): +5", knocker=knocker)
            result.append(KnockBonus(seat, EQUAL_BONUS, reason))
        else:
            reason = msg("below the knocker ({knocker}): no bonus", knocker=knocker)
            result.append(KnockBonus(seat, 0, reason))
    return tuple(result)


def score_deal(deal: Deal, options: Options) -> tuple[SeatResult, ...]:
    """Each seat's grid score plus knock bonus, with the working, in seat order.

    >>> deal = Deal(0, (SeatGrid(0, total=30), SeatGrid(1, total=25)))
    >>> [(r.points, tuple(map(str, r.explanation))) for r in score_deal(deal, Options())]
    [(40, ('total entered: 30, no cards given', 'knocked and strictly highest: +10')), (25, ('total entered: 25, no cards given', 'below the knocker (seat 1): no bonus'))]
    """
    bases: list[int] = []
    working: list[tuple[tuple[str, ...], list[LineData]]] = []
    for entry in deal.grids:
        if entry.grid is None:
            assert entry.total is not None
            bases.append(entry.total)
            entered = msg("total entered: {total}, no cards given", total=entry.total)
            working.append(((entered,), []))
        else:
            scored = score_grid(entry.grid, options)
            bases.append(scored.total)
            lines = [line.as_dict() for line in scored.lines]
            working.append((scored.explanation, lines))
    bonuses = knock_bonuses(bases, deal.knocked, options)
    results = []
    for entry, base, knock, (explained, lines) in zip(
        deal.grids, bases, bonuses, working, strict=True
    ):
        detail: Detail = {
            "grid": None if entry.grid is None else entry.grid.text(),
            "base": base,
            "bonus": knock.bonus,
            "lines": lines,
        }
        results.append(
            SeatResult(entry.seat, base + knock.bonus, (*explained, knock.reason), detail=detail)
        )
    return tuple(results)


class BestGridAnswer(TypedDict):
    """``best-grid``: the best arrangement of the cards, the one submitted, and the points
    the submitted grid leaves on the table."""

    best: GridScoreData
    submitted: GridScoreData
    left_on_table: int


class KnockAnswer(TypedDict):
    """``knock``: each seat's knock bonus (or penalty) and total, with the reason."""

    knocked: int | None
    scores: list[int]
    bonuses: list[int]
    totals: list[int]
    explanation: list[str]


class _GridGame[O: Options](Game[O, Deal]):
    """What Brummy and Brummagem share: everything but the grid's shape and the row rules."""

    shape: ClassVar[Shape]
    deal_rule: ClassVar[str]
    detail_type = Detail
    min_players = 2
    max_players = MAX_PLAYERS
    lower_is_better = False

    def pack(self, options: O, players: int) -> Pack:
        """One pack, or two "if more than four play" (or by house rule)."""
        return DOUBLE if options.double_pack or players > 4 else STANDARD

    def dealing(self, players: int, options: O) -> Dealing:
        """Nine cards each (twelve in Brummagem), one card turned up to start the discard
        pile; two packs when more than four play, or by house rule (1a, 2a)."""
        return from_pack(
            self.pack(options, players),
            players,
            SIZES[self.shape],
            self.deal_rule,
            discard=1,
            notes=self.deal_notes(players, options),
        )

    def deal_notes(self, players: int, options: O) -> tuple[str, ...]:
        """Anything the table should know about the deal besides the figures."""
        return ()

    def record(self, options: O, players: int) -> Record:
        """Who knocked (nobody, when play ended with the stock), and every seat's grid, row by
        row, or only the total it scored."""
        size = SIZES[self.shape]
        return Record(
            (
                SeatField("knocked", WHO_KNOCKED, optional=True, none_label=msg("Nobody")),
                PerSeatField(
                    "grids",
                    msg("Each player's grid"),
                    entries=(
                        CardsField(
                            "cards",
                            msg("Grid, row by row"),
                            min_cards=size,
                            max_cards=size,
                            widget="grid",
                            shape=self.shape,
                        ),
                        CountField("total", msg("Only the total"), maximum=MAX_SCORE[self.shape]),
                    ),
                    # The deal record fills the seats' place ("{}" as text, the records' template).
                    prompt=msg("Give the grid or total of {players}", players=SOMEONE),
                ),
            )
        )

    def end_rule(self, options: O, players: int) -> Target:
        return Target(options.target)

    def read(self, values: Mapping[str, Any], seating: Seating, options: O) -> Deal:
        entries = []
        for seat_index, entry in values["grids"].items():
            try:
                if entry.key == "cards":
                    entries.append(SeatGrid(seat_index, grid=Grid(self.shape, entry.value)))
                    continue
                most = MAX_SCORE[self.shape]
                if not 0 <= entry.value <= most:
                    raise ImpossibleCountError(
                        msg(
                            "A {game} grid scores from 0 to {most}, not {value}.",
                            game=self.name,
                            most=most,
                            value=entry.value,
                        )
                    )
                entries.append(SeatGrid(seat_index, total=entry.value))
            except AdjudicationError as err:
                err.seats = (seat_index,)
                raise err.at(f"grids[{entry.index}].{entry.key}") from None
        return Deal(values["knocked"], tuple(entries))

    def write(self, deal: Deal) -> dict[str, Any]:
        grids = {
            e.seat: SeatEntry("total", e.total)
            if e.grid is None
            else SeatEntry("cards", e.grid.cards)
            for e in deal.grids
        }
        return {"knocked": deal.knocked, "grids": grids}

    def score(self, deal: Deal, state: Any, seating: Seating, options: O) -> Scored:
        results = score_deal(deal, options)
        return Scored(results=results, summary=_summary(deal, results))

    def feats(self, tally: Tally) -> tuple[Feat, ...]:
        """Each player's best grid of the game: the grid's own score, before any knock bonus.

        >>> from adjudicator.tally import DealResult
        >>> deal = lambda *bases: DealResult(1, tuple(
        ...     SeatResult(s, b, (), detail={"base": b}) for s, b in enumerate(bases)), bases, "")
        >>> tally = Tally((deal(30, 12), deal(18, 41)), (48, 53), False, (), (1,), False, "")
        >>> Brummy().feats(tally)[0].values
        (30, 41)
        """
        best = [0] * len(tally.totals)
        for dealt in tally.deals:
            for result in dealt.results:
                best[result.seat] = max(best[result.seat], int(result.detail.get("base", 0)))
        return (Feat("best_grid", msg("best grid"), tuple(best), best="max"),)

    def notes(self, options: O, players: int) -> list[str]:
        notes = super().notes(options, players)
        if players > 4 and not options.double_pack:
            notes.append(msg("more than four play: a double pack (104 cards)"))
        return notes

    def sample_deal(self, *, players: int, options: O, number: int) -> dict[str, Any]:
        """A deal from a shuffled pack, each seat laying out its best grid; some knock, and now
        and then a seat enters only its total."""
        rng = random.Random(f"{self.slug}:{players}:{number}")
        cards = list(self.pack(options, players))
        rng.shuffle(cards)
        size = SIZES[self.shape]
        grids: list[dict[str, Any]] = []
        for seat in range(players):
            hand = cards[seat * size : (seat + 1) * size]
            best = best_grid(hand, self.shape, options)
            if seat == number % players and number % 3 == 2:
                grids.append({"seat": seat, "total": best.total})
            else:
                grids.append({"seat": seat, "cards": best.grid.text()})
        knocked = rng.randrange(players) if rng.random() < 0.7 else None
        return {"knocked": knocked, "grids": grids}

    def own_questions(self) -> Mapping[str, Question]:
        """``grid`` (score a grid), ``best-grid`` (and what it left), ``knock`` (the bonuses)."""
        asks = _asks(self)
        return {
            "grid": Question(
                "grid",
                msg("What does this {shape} grid score, line by line?", shape=Verbatim(self.shape)),
                self._answer_grid,
                asks=asks["grid"],
            ),
            "best-grid": Question(
                "best-grid",
                msg("What is the best grid these cards make, and how much did this one leave?"),
                self._answer_best_grid,
                asks=asks["best-grid"],
            ),
            "knock": Question(
                "knock",
                msg("Who gets a knock bonus, given everyone's grid score and who knocked?"),
                self._answer_knock,
                asks=asks["knock"],
            ),
        }

    def dispute(
        self, data: Mapping[str, Any], *, number: int, players: int, options: O
    ) -> Disputed:
        """A recorded deal is disputed as its knock: each seat's grid score (a grid given as
        cards scored here, a total as entered) and who knocked.

        >>> game = Brummy()
        >>> record = {"knocked": 0, "grids": [{"seat": 0, "total": 23},
        ...                                   {"seat": 1, "cards": "5H 6H 7H 5S 6S 8S 5D 9C 7D"}]}
        >>> game.dispute(record, number=1, players=2, options=game.options())
        Disputed(question='knock', data={'scores': [23, 25], 'knocked': 0})
        """
        deal = self.parse_deal(data, players=players, options=options)
        scores = [0] * players
        for entry in deal.grids:
            total = entry.total if entry.grid is None else score_grid(entry.grid, options).total
            scores[entry.seat] = total or 0
        return Disputed("knock", {"scores": scores, "knocked": deal.knocked})

    def _read_grid(self, data: Mapping[str, Any]) -> Grid:
        text = data.get("cards")
        if not isinstance(text, str) or not text.strip():
            raise BadEntryError(
                msg("cards must be the grid's {size} cards, row by row.", size=SIZES[self.shape]),
                field="cards",
            )
        try:
            grid = Grid.parse(text, self.shape)
            # No player count here: allow what the largest pack allows (two of each card).
            DOUBLE.check(grid.cards)
        except AdjudicationError as err:
            raise err.at("cards") from None
        return grid

    def _answer_grid(self, data: Mapping[str, Any], options: O) -> GridScoreData:
        return score_grid(self._read_grid(data), options).as_dict()

    def _answer_best_grid(self, data: Mapping[str, Any], options: O) -> BestGridAnswer:
        grid = self._read_grid(data)
        best = best_grid(grid.cards, self.shape, options)
        submitted = score_grid(grid, options)
        return {
            "best": best.as_dict(),
            "submitted": submitted.as_dict(),
            "left_on_table": best.total - submitted.total,
        }

    def _answer_knock(self, data: Mapping[str, Any], options: O) -> KnockAnswer:
        scores = data.get("scores")
        most = MAX_SCORE[self.shape]
        if (
            not isinstance(scores, list)
            or len(scores) < 2
            or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= most for s in scores
            )
        ):
            raise BadEntryError(
                msg("scores lists every seat's grid score, each from 0 to {most}.", most=most),
                field="scores",
            )
        raw_knocked = data.get("knocked")
        knocked = None if raw_knocked is None else read_seat(raw_knocked, len(scores), "knocked")
        bonuses = knock_bonuses(scores, knocked, options)
        return {
            "knocked": knocked,
            "scores": list(scores),
            "bonuses": [k.bonus for k in bonuses],
            "totals": [s + k.bonus for s, k in zip(scores, bonuses, strict=True)],
            "explanation": [
                msg("{seat}: {reason}", seat=seat_ref(k.seat), reason=k.reason) for k in bonuses
            ],
        }


class Brummy(_GridGame[Options]):
    slug = "brummy"
    family = "grids"
    name = "Brummy"
    options_type = Options
    shape = "3x3"
    deal_rule = "1a"


class Brummagem(_GridGame[BrummagemOptions]):
    slug = "brummagem"
    family = "grids"
    name = "Brummagem"
    options_type = BrummagemOptions
    shape = "3x4"
    deal_rule = "2a"

    def deal_notes(self, players: int, options: BrummagemOptions) -> tuple[str, ...]:
        if players == 3 and not options.double_pack:
            return (
                msg(
                    "At three, the rules prefer a double pack: the house rule {rule} (2a).",
                    rule=DOUBLE_PACK,
                ),
            )
        return ()


def _summary(deal: Deal, results: Sequence[SeatResult]) -> Message:
    bases = tuple(int(r.detail["base"]) for r in results)
    top = best_seats(bases, lower_is_better=False)
    if deal.knocked is None:
        return msg(
            "Nobody knocked; {players} top with {score}.", players=seats(top), score=bases[top[0]]
        )
    return msg(
        "{knocker} knocked; {players} top with {score}.",
        knocker=seat_ref(deal.knocked),
        players=seats(top),
        score=bases[top[0]],
    )


def _asks(game: Any) -> dict[str, Asks]:
    """What each question takes (the dispute desk's forms), with a sample it answers."""
    size = SIZES[game.shape]
    grid = CardsField(
        "cards", msg("The grid, row by row"), size, min_cards=size, widget="grid", shape=game.shape
    )
    return {
        "grid": Asks((grid,), lambda players, options: {"cards": _sample_grid(game, options)}),
        "best-grid": Asks((grid,), lambda players, options: {"cards": _sample_grid(game, options)}),
        "knock": Asks(
            (
                CountsField(
                    "scores",
                    msg("Each seat's grid score"),
                    maximum=MAX_SCORE[game.shape],
                    per_seat=True,
                ),
                SeatField("knocked", WHO_KNOCKED, optional=True),
            ),
            lambda players, options: {"scores": [20 + s for s in range(players)], "knocked": 0},
            players=False,
        ),
    }


def _sample_grid(game: Any, options: Any) -> str:
    """A grid of the first cards of the pack, row by row (any cards make a grid)."""
    return " ".join(str(card) for card in list(game.pack(options, 2))[: SIZES[game.shape]])
