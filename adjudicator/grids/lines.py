"""Brag combinations and grid scoring for Brummy (3x3) and Brummagem (3x4).

A grid is a player's cards laid out in rows, read in row-major order. Each line (row, column and,
in Brummy, diagonal) scores independently for the Brag combination it holds; a card counts in
every line it lies in (rulings 1a, 2a).

>>> grid = Grid.parse("5H 6H 7H / 5S 6S 8S / 5D 9C 7D")
>>> str(grid)
'5H 6H 7H / 5S 6S 8S / 5D 9C 7D'
>>> score = score_grid(grid)
>>> score.total
25
>>> str(score.explanation[0])
'row 1: 5H 6H 7H — running flush 6'

Each sentence is a message (:mod:`adjudicator.messages`): the cards and the combination are
said in the language it is rendered in.

Only the set of cards in a line matters, never their order ("9-J-10 is as good as 9-10-J").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, TypedDict, get_args

from adjudicator.cards import (
    ALL_CARDS,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_card_rows,
    parse_cards,  # noqa: F401 (the doctests read cards with it)
)
from adjudicator.errors import BadOptionError, InvalidGridError, NotInPackError
from adjudicator.messages import Message, Verbatim, joined, msg, msg_n

Shape = Literal["3x3", "3x4"]
SHAPES: tuple[Shape, ...] = get_args(Shape)
RowModel = Literal["additive", "best_single"]


def _row(number: int) -> Message:
    return msg("row {number}", number=number)


def _column(number: int) -> Message:
    return msg("column {number}", number=number)


# Grid positions are row-major: in a 3x3 grid 0 1 2 / 3 4 5 / 6 7 8. Each line has its key (a
# code) and its name, a message ("row 1", "rad 1" in Swedish).
# Brummy: 8 lines, the 3 rows, the 3 columns and both diagonals (ruling 1a).
LINES_3X3: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("row_1", _row(1), (0, 1, 2)),
    ("row_2", _row(2), (3, 4, 5)),
    ("row_3", _row(3), (6, 7, 8)),
    ("col_1", _column(1), (0, 3, 6)),
    ("col_2", _column(2), (1, 4, 7)),
    ("col_3", _column(3), (2, 5, 8)),
    ("diag_tl", msg("diagonal ↘"), (0, 4, 8)),
    ("diag_tr", msg("diagonal ↙"), (2, 4, 6)),
)
# Brummagem: 3 rows of 4 and 4 columns of 3, no diagonals (ruling 2a): 7 lines.
LINES_3X4: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("row_1", _row(1), (0, 1, 2, 3)),
    ("row_2", _row(2), (4, 5, 6, 7)),
    ("row_3", _row(3), (8, 9, 10, 11)),
    ("col_1", _column(1), (0, 4, 8)),
    ("col_2", _column(2), (1, 5, 9)),
    ("col_3", _column(3), (2, 6, 10)),
    ("col_4", _column(4), (3, 7, 11)),
)
LINES: dict[Shape, tuple[tuple[str, str, tuple[int, ...]], ...]] = {
    "3x3": LINES_3X3,
    "3x4": LINES_3X4,
}
SIZES: dict[Shape, int] = {"3x3": 9, "3x4": 12}
ROW_LENGTH: dict[Shape, int] = {"3x3": 3, "3x4": 4}
# The seed: "The highest possible score is 60"; 8 lines of at most 6 give 48 in Brummy.
MAX_SCORE: dict[Shape, int] = {"3x3": 48, "3x4": 60}


@dataclass(frozen=True)
class GridRules:
    """The house rules that change how a line scores (section 10 of the rulings).

    The games' ``Options`` hand theirs over through ``grid_rules()``; the defaults are the
    rulings' defaults.
    """

    face_extra: bool = False
    ace_high_runs: bool = True
    round_the_corner: bool = False
    row_model: RowModel = "additive"
    two_pairs: Literal[4, 2] = 4

    def __post_init__(self) -> None:
        if self.row_model not in get_args(RowModel):
            raise BadOptionError(
                msg(
                    "row_model must be 'additive' or 'best_single', not {value}.",
                    value=Verbatim(repr(self.row_model)),
                )
            )
        if self.two_pairs not in (4, 2):
            raise BadOptionError(
                msg("two_pairs must be 4 or 2, not {value}.", value=Verbatim(repr(self.two_pairs)))
            )


class SupportsGridRules(Protocol):
    """Anything that can say which :class:`GridRules` apply (a game's ``Options``)."""

    def grid_rules(self) -> GridRules: ...


RulesLike = GridRules | SupportsGridRules | None


def as_rules(options: RulesLike) -> GridRules:
    """The :class:`GridRules` for ``options`` (defaults for ``None``).

    >>> as_rules(None).row_model, as_rules(GridRules(face_extra=True)).face_extra
    ('additive', True)
    """
    if options is None:
        return DEFAULT_RULES
    if isinstance(options, GridRules):
        return options
    return options.grid_rules()


DEFAULT_RULES = GridRules()


@dataclass(frozen=True)
class Grid:
    """A player's cards laid out as a 3x3 (Brummy) or 3x4 (Brummagem) grid, row-major.

    >>> g = Grid.parse("5h 6h 7h 8h 5s 6s 8c 8s 5d 9c 7d 8d", "3x4")
    >>> str(g)
    '5H 6H 7H 8H / 5S 6S 8C 8S / 5D 9C 7D 8D'
    >>> Grid.parse(str(g), "3x4") == g
    True
    >>> Grid.parse("5H 6H", "3x3")
    Traceback (most recent call last):
    ...
    adjudicator.errors.InvalidGridError: A 3x3 grid holds 9 cards, not 2.
    """

    shape: Shape
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))  # a list would not hash or compare
        if self.shape not in SHAPES:
            raise InvalidGridError(not_a_shape(self.shape))
        size = SIZES[self.shape]
        if len(self.cards) != size:
            raise InvalidGridError(
                msg(
                    "A {shape} grid holds {size} cards, not {count}.",
                    shape=Verbatim(self.shape),
                    size=size,
                    count=len(self.cards),
                ),
                cards=self.cards,
            )
        jokers = [c for c in self.cards if c.is_joker]
        if jokers:
            # Brummy is played with one or two plain 52-card packs.
            raise NotInPackError(NO_JOKERS, cards=jokers)

    @classmethod
    def parse(cls, text: str, shape: Shape = "3x3") -> Grid:
        """Read a grid, row-major; rows may be separated by ``/`` or ``|`` (then each must be
        full), as :meth:`__str__` writes them."""
        rows = parse_card_rows(text)
        if len(rows) > 1:
            width = ROW_LENGTH.get(shape, 0)
            if shape in SHAPES and (len(rows) != 3 or any(len(r) != width for r in rows)):
                raise InvalidGridError(
                    msg(
                        "A {shape} grid has 3 rows of {width} cards; got rows of {lengths}.",
                        shape=Verbatim(shape),
                        width=width,
                        lengths=joined([len(r) for r in rows], ", "),
                    )
                )
        return cls(shape, tuple(c for r in rows for c in r))

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[Card]]) -> Grid:
        """A grid from its three rows; the shape follows from the row length.

        >>> Grid.from_rows([parse_cards("AS 2S 3S 4S")] * 3).shape
        '3x4'
        """
        width = len(rows[0]) if rows else 0
        shape: Shape = "3x4" if width == 4 else "3x3"
        return cls(shape, tuple(c for r in rows for c in r))

    @property
    def rows(self) -> tuple[tuple[Card, ...], ...]:
        """The three rows, top to bottom."""
        width = ROW_LENGTH[self.shape]
        return tuple(self.cards[i : i + width] for i in range(0, len(self.cards), width))

    @property
    def lines(self) -> tuple[tuple[str, str, tuple[Card, ...]], ...]:
        """Every scoring line as ``(key, name, cards)``."""
        return tuple(
            (key, name, tuple(self.cards[i] for i in where))
            for key, name, where in LINES[self.shape]
        )

    def text(self) -> str:
        """The cards alone, row-major, in canonical notation (the stored form).

        >>> Grid.parse("th 9c jc / 10d qc jd / 2s 10s js").text()
        '10H 9C JC 10D QC JD 2S 10S JS'
        """
        return format_cards(self.cards)

    def __str__(self) -> str:
        return " / ".join(format_cards(row) for row in self.rows)


@dataclass(frozen=True)
class LineScore:
    """What one line scores and why.

    ``combination`` is the name a player would use ("prial", "pair and flush", "nothing");
    ``parts`` itemises the points (several in a Brummagem row, the face-card extras, a zeroing).
    The name, the combination and the parts are messages, said in the language rendered in.
    """

    key: str
    name: str
    cards: tuple[Card, ...]
    combination: str
    points: int
    parts: tuple[str, ...] = ()

    def explain(self) -> Message:
        """One sentence: ``row 1: 5H 6H 7H — running flush 6``."""
        cards = joined(self.cards, " ")
        if self.combination == IDENTICAL:
            return msg(
                "{line}: {cards} — {zeroed}", line=self.name, cards=cards, zeroed=self.parts[0]
            )
        score = _scored(self.combination, self.points)
        if self.parts and self.parts != (score,):
            return msg(
                "{line}: {cards} — {score} ({parts})",
                line=self.name,
                cards=cards,
                score=score,
                parts=joined(self.parts, ", "),
            )
        return msg("{line}: {cards} — {score}", line=self.name, cards=cards, score=score)

    def as_dict(self) -> LineData:
        """The JSON form of the line."""
        return {
            "key": self.key,
            "name": self.name,
            "cards": format_cards(self.cards),
            "combination": self.combination,
            "points": self.points,
            "parts": list(self.parts),
        }


class LineData(TypedDict):
    """One line of a grid scored, as JSON (:meth:`LineScore.as_dict`)."""

    key: str
    name: str
    cards: str
    combination: str
    points: int
    parts: list[str]


class GridScoreData(TypedDict):
    """A grid scored, as JSON (:meth:`GridScore.as_dict`): the ``grid`` question's answer."""

    grid: str
    rows: list[str]
    score: int
    lines: list[LineData]
    explanation: list[str]


@dataclass(frozen=True)
class GridScore:
    """A whole grid's score: each line and the total."""

    grid: Grid
    lines: tuple[LineScore, ...]
    total: int

    @property
    def explanation(self) -> tuple[str, ...]:
        """One sentence per line, in grid order (rows, columns, diagonals)."""
        return tuple(line.explain() for line in self.lines)

    def as_dict(self) -> GridScoreData:
        """The JSON form: the grid row-major and by rows, the score, each line, the sentences."""
        return {
            "grid": self.grid.text(),
            "rows": [format_cards(row) for row in self.grid.rows],
            "score": self.total,
            "lines": [line.as_dict() for line in self.lines],
            "explanation": list(self.explanation),
        }


IDENTICAL = "identical cards"
FACE = "face cards"  # the optional face-card extra's part (B-4)
LINE = msg("line")  # a line scored on its own, outside a grid
NO_JOKERS = msg("Brummy packs have no jokers.")


def not_a_shape(shape: object) -> Message:
    """The refusal of a shape that is not a grid's."""
    return msg(
        "{shape} is not a grid shape; use 3x3 (Brummy) or 3x4 (Brummagem).",
        shape=Verbatim(repr(shape)),
    )


def _scored(combination: str, points: int) -> Message:
    """A combination and what it scores: ``running flush 6``."""
    return msg("{combination} {points}", combination=combination, points=points)


# What a player calls each combination (ruling 1a's table, and 2a's four-card rows).
_NAMES: dict[str, Message] = {
    "prial": msg("prial"),
    "running flush": msg("running flush"),
    "flush": msg("flush"),
    "run": msg("run"),
    "pair": msg("pair"),
    "nothing": msg("nothing"),
    "four of a kind": msg("four of a kind"),
    "four-card running flush": msg("four-card running flush"),
    "two pairs": msg("two pairs"),
    "four-card flush": msg("four-card flush"),
    "four-card run": msg("four-card run"),
    IDENTICAL: msg("identical cards"),
}
# The rank letters of the face cards as each language writes them (J, Q, K; Kn, D, K ...).
_FACE_LETTERS: dict[Rank, Message] = {
    Rank.JACK: msg("J"),
    Rank.QUEEN: msg("Q"),
    Rank.KING: msg("K"),
}


def _combination(name: str, parts: list[Part]) -> Message:
    """The combination's name as a message: one of :data:`_NAMES`, or a Brummagem row's parts
    added up ("pair and flush and run"), each joined to the next."""
    if name in _NAMES:
        return _NAMES[name]
    said = _NAMES[parts[0][0]]
    for label, _ in parts[1:]:
        said = msg("{first} and {second}", first=said, second=_NAMES[label])
    return said


def _zeroed(cards: tuple[Card, ...]) -> Message:
    """Why a line with two identical cards scores nothing (double pack, seed Note 2, B-5)."""
    twins = [c for c, n in _counts_of(cards).items() if n > 1]
    if len(twins) == 1:
        return msg(
            "two identical cards ({cards}): scores 0", cards=joined([twins[0], twins[0]], " ")
        )
    return msg(
        "identical cards ({pairs}): scores 0",
        pairs=joined([joined([c, c], " ") for c in twins], ", "),
    )


def _face_extra(cards: tuple[Card, ...]) -> Message:
    """The optional extra: +1 for each unmatched J, Q or K (B-4): ``+1 face card (K)``."""
    ranks = [c.rank for c in cards if c.rank is not None]
    faces = [r for r in ranks if r.is_court and ranks.count(r) == 1]
    return msg_n(
        "+{count} face card ({ranks})",
        "+{count} face cards ({ranks})",
        len(faces),
        ranks=joined([_FACE_LETTERS[r] for r in faces], ", "),
    )


def score_line(
    cards: Sequence[Card], options: RulesLike = None, *, key: str = "", name: str = LINE
) -> LineScore:
    """Score one line of 3 cards (any Brummy line, a Brummagem column) or 4 (a Brummagem row).

    >>> str(score_line(parse_cards("9S JH 10D")).combination)
    'run'
    >>> str(score_line(parse_cards("KS 2H 5D"), GridRules(face_extra=True)).explain())
    'line: KS 2H 5D — nothing 1 (+1 face card (K))'
    >>> str(score_line(parse_cards("7H 7H 7S")).explain())
    'line: 7H 7H 7S — two identical cards (7H 7H): scores 0'
    """
    rules = as_rules(options)
    cards = tuple(cards)
    if len(cards) not in (3, 4):
        raise InvalidGridError(
            msg("A line holds 3 or 4 cards, not {count}.", count=len(cards)), cards=cards
        )
    if any(c.rank is None for c in cards):
        raise NotInPackError(NO_JOKERS, cards=cards)
    combination, parts = _analyse(cards, rules)
    points = sum(p for _, p in parts)
    return LineScore(
        key, name, cards, _combination(combination, parts), points, _texts(cards, parts)
    )


def score_grid(grid: Grid, options: RulesLike = None) -> GridScore:
    """Score every line of a grid.

    >>> m2 = Grid.parse("5H 6H 7H 8H / 5S 6S 8C 8S / 5D 9C 7D 8D", "3x4")
    >>> [line.points for line in score_grid(m2).lines], score_grid(m2).total
    ([12, 5, 6, 6, 2, 2, 6], 39)
    """
    rules = as_rules(options)
    lines = tuple(score_line(cards, rules, key=key, name=name) for key, name, cards in grid.lines)
    return GridScore(grid, lines, sum(line.points for line in lines))


def line_points(cards: Sequence[Card], options: RulesLike = None) -> int:
    """Only the points of a line (what the best-grid search needs).

    >>> line_points(parse_cards("AS 2S 3S")), line_points(parse_cards("QD KD AD 2D"))
    (6, 7)
    """
    _, parts = _analyse(tuple(cards), as_rules(options))
    return sum(p for _, p in parts)


# --- the analysis -------------------------------------------------------------------------------

# A part is (label, points): a combination's name (a key of _NAMES), IDENTICAL (a zeroing, 0
# points) or FACE (the face-card extra). Plain keys: the best-grid search analyses every triple
# of a hand and needs only the points; the sentences are made for the lines shown.
Part = tuple[str, int]

_SUIT_NUMBER = {suit: number for number, suit in enumerate(Suit)}
# Each card as (rank number, suit number): the analysis works on small ints.
_CODES = {c: (c.rank.number, _SUIT_NUMBER[c.suit]) for c in ALL_CARDS if c.rank and c.suit}
_FACES = frozenset({11, 12, 13})  # J, Q, K: the ace is not a face card (ruling B-4).


def _run_masks(ace_high_runs: bool, round_the_corner: bool) -> tuple[frozenset[int], ...]:
    """Bit masks (bit = rank number) of every 3-card and 4-card sequence."""
    # Ranks run A 2 3 ... K; with ace_high_runs the ace also follows the king (Q-K-A, B-1);
    # round_the_corner makes the ranks a circle, so K-A-2 (and Q-K-A) are runs too (B-2).
    order = [*range(1, 14), 1, 2, 3]
    masks: dict[int, set[int]] = {3: set(), 4: set()}
    for length in (3, 4):
        for start in range(13):
            window = order[start : start + length]
            past_king = start + length - 13  # how many cards wrap from the king back to the ace
            ace_high = past_king == 1 and ace_high_runs
            if past_king <= 0 or ace_high or round_the_corner:
                masks[length].add(_mask(window))
    return frozenset(masks[3]), frozenset(masks[4])


def _mask(ranks: Sequence[int]) -> int:
    bits = 0
    for r in ranks:
        bits |= 1 << r
    return bits


_RUNS = {
    (high, corner): _run_masks(high, corner) for high in (True, False) for corner in (True, False)
}


def _analyse(cards: tuple[Card, ...], rules: GridRules) -> tuple[str, list[Part]]:
    """The combination's name and its scoring parts."""
    try:
        codes = [_CODES[c] for c in cards]
    except KeyError:
        raise NotInPackError("Brummy packs have no jokers.", cards=cards) from None
    if len(set(codes)) < len(codes):
        # Double pack: two identical cards zero the line, face extra included (seed Note 2, B-5).
        return IDENTICAL, [(IDENTICAL, 0)]
    ranks = [rank for rank, _ in codes]
    suits = [suit for _, suit in codes]
    single = _counts_of(ranks)
    rank_counts = sorted(single.values(), reverse=True)
    suit_top = max(_counts_of(suits).values())
    runs3, runs4 = _RUNS[rules.ace_high_runs, rules.round_the_corner]
    distinct = sorted(single)
    if len(cards) == 3:
        combination, points = _three(rank_counts, suit_top, _mask(distinct) in runs3)
        parts: list[Part] = [(combination, points)] if points else []
    elif rules.row_model == "additive":
        combination, parts = _four_additive(rank_counts, suit_top, distinct, runs3, runs4, rules)
    else:
        combination, points = _four_best_single(rank_counts, ranks, suits, runs3, runs4, rules)
        parts = [(combination, points)] if points else []
    if rules.face_extra and combination in ("pair", "nothing"):
        # Optional extra: a line with nothing better than a pair scores 1 per unmatched J, Q, K.
        faces = [r for r in ranks if r in _FACES and single[r] == 1]
        if faces:
            parts.append((FACE, len(faces)))
    return combination, parts


def _counts_of[T](items: Sequence[T]) -> dict[T, int]:
    """How many times each item occurs (a :class:`Counter` costs more for three or four)."""
    return {item: items.count(item) for item in items}


def _three(rank_counts: list[int], suit_top: int, in_sequence: bool) -> tuple[str, int]:
    # Brummy's table (ruling 1a): prial 6, running flush 6, flush 3, run 3, pair 2.
    if rank_counts[0] == 3:
        return "prial", 6
    flush = suit_top == 3
    if flush and in_sequence:
        return "running flush", 6
    if flush:
        return "flush", 3
    if in_sequence:
        return "run", 3
    if rank_counts[0] == 2:
        return "pair", 2
    return "nothing", 0


def _three_card_run(distinct: list[int], runs3: frozenset[int]) -> bool:
    n = len(distinct)
    return any(
        _mask((distinct[i], distinct[j], distinct[k])) in runs3
        for i in range(n)
        for j in range(i + 1, n)
        for k in range(j + 1, n)
    )


def _four_additive(
    rank_counts: list[int],
    suit_top: int,
    distinct: list[int],
    runs3: frozenset[int],
    runs4: frozenset[int],
    rules: GridRules,
) -> tuple[str, list[Part]]:
    """Ruling 2a, the additive row model: rank part + flush part + run part."""
    four_run = len(distinct) == 4 and _mask(distinct) in runs4
    if rank_counts[0] == 4:
        return "four of a kind", [("four of a kind", 12)]  # "double pair royal"
    if four_run and suit_top == 4:
        return "four-card running flush", [("four-card running flush", 12)]
    parts: list[Part] = []
    if rank_counts[0] == 3:
        parts.append(("prial", 6))
    elif rank_counts[:2] == [2, 2]:
        parts.append(("two pairs", rules.two_pairs))  # 2+2, or only one pair counts (M-3)
    elif rank_counts[0] == 2:
        parts.append(("pair", 2))
    if suit_top == 4:
        parts.append(("four-card flush", 4))
    elif suit_top == 3:
        parts.append(("flush", 3))
    if four_run:
        parts.append(("four-card run", 4))
    elif _three_card_run(distinct, runs3):
        parts.append(("run", 3))
    if not parts:
        return "nothing", parts
    # A key, not a sentence: the line says it as a message (_combination), part by part.
    return " and ".join(label for label, _ in parts), parts


def _four_best_single(
    rank_counts: list[int],
    ranks: list[int],
    suits: list[int],
    runs3: frozenset[int],
    runs4: frozenset[int],
    rules: GridRules,
) -> tuple[str, int]:
    """House option ``best_single`` (M-1): a row scores only its single best combination."""
    four_run = len(set(ranks)) == 4 and _mask(ranks) in runs4
    four_flush = len(set(suits)) == 1
    candidates: list[tuple[str, int]] = []
    if rank_counts[0] == 4:
        candidates.append(("four of a kind", 12))
    if four_run and four_flush:
        candidates.append(("four-card running flush", 12))
    if rank_counts[:2] == [2, 2]:
        candidates.append(("two pairs", rules.two_pairs))
    if four_run:
        candidates.append(("four-card run", 4))
    if four_flush:
        candidates.append(("four-card flush", 4))
    for skip in range(4):
        trio_ranks = [r for i, r in enumerate(ranks) if i != skip]
        counts = sorted(_counts_of(trio_ranks).values(), reverse=True)
        flush = len({s for i, s in enumerate(suits) if i != skip}) == 1
        in_sequence = len(set(trio_ranks)) == 3 and _mask(trio_ranks) in runs3
        candidates.append(_three(counts, 3 if flush else 1, in_sequence))
    # Highest points wins; equal points are named in the seed's order (a flush before a run).
    return max(candidates, key=lambda c: (c[1], -_BEST_SINGLE_ORDER.index(c[0])))


_BEST_SINGLE_ORDER = (
    "four of a kind",
    "four-card running flush",
    "prial",
    "running flush",
    "two pairs",
    "four-card run",
    "four-card flush",
    "flush",
    "run",
    "pair",
    "nothing",
)


def _texts(cards: tuple[Card, ...], parts: list[Part]) -> tuple[Message, ...]:
    """Parts as shown: a zeroing note and a "+1 face card" carry their number in the label."""
    shown: list[Message] = []
    for label, points in parts:
        if label == IDENTICAL:
            shown.append(_zeroed(cards))
        elif label == FACE:
            shown.append(_face_extra(cards))
        else:
            shown.append(_scored(_NAMES[label], points))
    return tuple(shown)
