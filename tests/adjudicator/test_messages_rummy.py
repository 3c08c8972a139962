"""The rummy games' own sentences in Swedish, Danish and Icelandic, with the players' names.

Knock Rummy speaks wholly through its own messages; Rummy, Gambler's and Boathouse settle
through the family's ledger (``settlement``), so for them the lines checked here are the ones
their own modules write: who went out or declared, the refusals, the notes and the turn judged.
Each is rendered from the engine's own functions on real deals, and must read with names in
place of seats, with no English word of the source left, and the same from its ``{id, args}``
data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import pytest
from babel.messages.pofile import read_po

from adjudicator.errors import AdjudicationError
from adjudicator.messages import (
    LOCALE_DIR,
    Joined,
    Listed,
    Message,
    Points,
    Verbatim,
    as_data,
    from_data,
    msg_n,
    render,
)
from adjudicator.options import describe_options
from adjudicator.records import Seating
from adjudicator.rummy.boathouse import BoathouseRummy
from adjudicator.rummy.declaring import read_turn_body
from adjudicator.rummy.gamblers import Gamblers
from adjudicator.rummy.knock_rummy import KnockRummy, Options
from adjudicator.rummy.knock_rummy import _cards as knock_cards
from adjudicator.rummy.knock_rummy import _players as knock_players
from adjudicator.rummy.melding_rules import RUMMY
from adjudicator.rummy.melds import MeldCard
from adjudicator.rummy.rummy import Rummy
from adjudicator.said import Naming

PARTS = ("knock_rummy", "gamblers", "boathouse", "rummy", "melds")
LANGUAGES = ("sv", "da", "is")
NAMES = Naming(("Ann", "Ben", "Cy", "Di"))
# What a seat is called when no names are known, in each language (core.po).
SEAT_WORDS = {"sv": ("plats", "platser"), "da": ("plads", "pladser"), "is": ("sæti",)}
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")  # words in any alphabet, "gambler's" one


def catalog_words(language: str, *, translated: bool) -> set[str]:
    """Every word of these parts' catalogs in ``language``: their English ids, or their
    translations; lowercase, places ({seat}) left out."""
    words: set[str] = set()
    for part in PARTS:
        with (LOCALE_DIR / language / f"{part}.po").open("rb") as file:
            for entry in read_po(file):
                if not entry.id:
                    continue  # the header (Babel fills in its own placeholders there)
                texts = entry.string if translated else entry.id
                for text in texts if isinstance(texts, tuple) else (texts,):
                    bare = re.sub(r"\{[a-z_]+\}", " ", text)
                    words |= {w.lower() for w in WORD.findall(bare) if len(w) > 2}
    return words


# The English-only words: in the source's sentences, and in none of the language's own
# (Danish "for", "have", "over" and Swedish "hand" are words of those languages too; the games'
# names stay as they are).
ENGLISH = catalog_words("sv", translated=False)
ENGLISH_ONLY = {
    language: ENGLISH - catalog_words(language, translated=True) for language in LANGUAGES
}


def verbatim(value: Any) -> Iterable[str]:
    """The text a message keeps the same in every language (a request's field names)."""
    if isinstance(value, Verbatim):
        yield value.text
    elif isinstance(value, Message):
        for arg in value.args.values():
            yield from verbatim(arg)
    elif isinstance(value, Listed | Joined):
        for item in value.items:
            yield from verbatim(item)


def left_in_english(line: Message, language: str) -> set[str]:
    text = render(line, language, NAMES)
    for kept in verbatim(line):
        text = text.replace(kept, " ")
    return {w.lower() for w in WORD.findall(text)} & ENGLISH_ONLY[language]


def refused(make: Callable[[], object]) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        make()
    return caught.value


# ---------------------------------------------------------------------------------------------
# Real deals and questions, each game's own functions
# ---------------------------------------------------------------------------------------------

KNOCK = KnockRummy()


def knock_scored(raw: dict[str, Any], players: int = 4, **options: Any) -> list[str]:
    opts = KNOCK.options(options)
    deal = KNOCK.parse_deal(raw, players=players, options=opts)
    scored = KNOCK.score(deal, None, Seating(players), opts)
    return [scored.summary, *(line for r in scored.results for line in r.explanation)]


def knock_lines() -> list[str]:
    gin = {
        "knocked": 0,
        "hands": [
            {"seat": 0, "cards": "AS 2S 3S 4S 7H 7D 7C"},
            {"seat": 1, "count": 20},
            {"seat": 2, "cards": "2H 3H 4H 9C 9D KC QS"},
            {"seat": 3, "count": 12},
        ],
    }
    tie = {"knocked": 2, "hands": [{"seat": s, "count": c} for s, c in enumerate((24, 20, 2, 2))]}
    undercut = {
        "knocked": 1,
        "hands": [{"seat": s, "count": c} for s, c in enumerate((3, 9, 3, 15))],
    }
    alone = {"knocked": 3, "hands": [{"seat": s, "count": c} for s, c in enumerate((8, 9, 7, 1))]}
    lines = [
        *knock_scored(gin),
        *knock_scored(tie),
        *knock_scored(tie, penalty_on_tie=True),
        *knock_scored(undercut),
        *knock_scored(undercut, tied_winners="each_full"),
        *knock_scored(alone),
        *KNOCK.notes(KNOCK.options(), 4),
    ]
    for question, data in (
        ("meld", {"cards": "5H 6H 7H"}),
        ("deadwood", {"cards": "5H 6H 7H 7S 7D 2C 2D", "claimed": 4}),
        ("deadwood", {"cards": "5H 6H 7H 7S 7D 2C 2D", "claimed": 9}),
        ("deadwood", {"cards": "5H 6H 7H 7S 7D 2C 2D", "claimed": 2}),
        ("knock", {"cards": "10S JS QH KH 10D JD QC"}),
        ("knock", {"cards": "AS 2S 3S 4S 7H 7D 7C"}),
    ):
        lines += KNOCK.ask(question, data)["explanation"]
    settled = KNOCK.ask("settle", {"players": 4, **undercut})
    lines += settled["explanation"] + settled["payments_shown"]
    options = KNOCK.options()
    for raw in (
        {"knocked": 0, "hands": [{"seat": 0, "cards": "AS 2S 3S"}, {"seat": 1, "count": 3}]},
        {"knocked": 0, "hands": [{"seat": 0, "count": -1}, {"seat": 1, "count": 3}]},
        {"knocked": 0, "hands": [{"seat": 0, "count": 99}, {"seat": 1, "count": 3}]},
    ):
        lines.append(refused(lambda raw=raw: KNOCK.parse_deal(raw, players=2, options=options)))
    lines.append(refused(lambda: KNOCK.ask("meld", {"cards": ""})))
    lines.append(refused(lambda: knock_cards({"cards": "5H 6H"}, least=7, most=7)))
    # The API checks a question's fields first; the game's own reading says it too.
    lines.append(refused(lambda: knock_players({"players": "four"}, required=True)))
    lines.append(refused(lambda: KNOCK.ask("deadwood", {"cards": "5H 6H 7H", "claimed": "x"})))
    for info in describe_options(Options):
        lines += [info.doc, *info.labels]
    return lines


def own(lines: Iterable[Any]) -> list[str]:
    """The lines a game's own module wrote: messages (the family's ledger lines are not yet)."""
    return [line for line in lines if isinstance(line, Message)]


def rummy_lines() -> list[str]:
    game = Rummy()
    opts = game.options()
    deal = game.parse_deal(
        {"went_out": 1, "rummy": True, "hands": [{"seat": 0, "held": 12}, {"seat": 2, "held": 5}]},
        players=3,
        options=opts,
    )
    scored = game.score(deal, None, Seating(3), opts)
    lines = own([scored.summary, *(line for r in scored.results for line in r.explanation)])
    for body, options in (
        ({"hand": "7H 8H 9H 5C 5D 5S", "melds": ["7H 8H 9H", "5C 5D 5S"]}, {}),
        (
            {"hand": "7H 8H 9H 5C 5D 5S", "melds": ["7H 8H 9H", "5C 5D 5S"]},
            {"must_discard_to_go_out": True},
        ),
        (
            {
                "hand": "7H 8H 9H 5C 5D 5S KD",
                "melds": ["7H 8H 9H"],
                "layoffs": [{"cards": "5C", "onto": "5H 5S 5D"}],
                "discard": "KD",
                "taken": "KD",
            },
            {},
        ),
        (
            {
                "hand": "7H 8H 9H 5C 5D 5S",
                "melds": ["7H 8H 9H", "5C 5D 5S"],
                "declared_before": True,
            },
            {},
        ),
        ({"hand": "7H 8H", "melds": ["7H 8H 9H"]}, {}),
    ):
        lines += game.ask("go-out", {**body, "options": options})["explanation"]
    # The turn's body as the game reads it (the API checks the fields' shapes before).
    for body in (
        {"hand": "7H", "discard": "7H 8H"},
        {"hand": "7H", "melds": "7H"},
        {"hand": "7H", "layoffs": ["7H"]},
        {"hand": 7},
        {"hand": "7H " * 200},
    ):
        lines.append(refused(lambda body=body: read_turn_body(body, RUMMY)))
    lines.append(refused(lambda: MeldCard.parse("5C=6C")))
    return lines


def gamblers_lines() -> list[str]:
    game = Gamblers()
    lines: list[str] = []
    for raw, options in (
        ({"went_out": 2, "hands": [{"seat": s, "held": 9} for s in (0, 1, 3)]}, {}),
        ({"refused": 1}, {}),
        (
            {
                "refused": 1,
                "hands": [{"seat": s, "unmatched": c} for s, c in enumerate((4, 9, 4, 7))],
            },
            {"lowest_count_wins_on_refusal": True},
        ),
        (
            {
                "refused": 3,
                "hands": [{"seat": s, "unmatched": c} for s, c in enumerate((4, 9, 5, 7))],
            },
            {"lowest_count_wins_on_refusal": True},
        ),
    ):
        opts = game.options(options)
        scored = game.score(game.parse_deal(raw, players=4, options=opts), None, Seating(4), opts)
        lines += own([scored.summary, *(line for r in scored.results for line in r.explanation)])
    lowest = game.options({"lowest_count_wins_on_refusal": True})
    wrong_kind = (
        (
            {
                "refused": 0,
                "hands": [
                    {"seat": 0, "held": 5},
                    *({"seat": s, "unmatched": 3} for s in (1, 2, 3)),
                ],
            },
            lowest,
        ),
        ({"went_out": 0, "hands": [{"seat": s, "unmatched": 3} for s in (1, 2, 3)]}, lowest),
    )
    for raw, opts in wrong_kind:
        lines.append(
            refused(lambda raw=raw, opts=opts: game.parse_deal(raw, players=4, options=opts))
        )
    lines += game.ask("declare", {"hand": "7H 8H 9H 5C 5D 5S", "melds": ["7H 8H 9H", "5C 5D 5S"]})[
        "explanation"
    ]
    lines += [note for note in game.dealing(4, game.options()).notes]
    return lines


def boathouse_lines() -> list[str]:
    game = BoathouseRummy()
    opts = game.options({"double_payments": True})
    deal = game.parse_deal(
        {"went_out": 0, "hands": [{"seat": 1, "unmatched": 12}]}, players=2, options=opts
    )
    scored = game.score(deal, None, Seating(2), opts)
    lines = own([scored.summary, *(line for r in scored.results for line in r.explanation)])
    lines += game.ask(
        "go-out", {"hand": "7H 8H 9H 5C 5D", "layoffs": [{"cards": "5C 5D", "onto": "5H 5S 5D"}]}
    )["explanation"]
    lines += game.ask("go-out", {"hand": "7H 8H 9H 5C 5D 5S KD"})["explanation"]
    return lines


GAMES = {
    "knock-rummy": knock_lines,
    "rummy": rummy_lines,
    "gamblers-rummy": gamblers_lines,
    "boathouse-rummy": boathouse_lines,
}


def sentences(slug: str) -> list[Message]:
    found = []
    for line in GAMES[slug]():
        text = line.message if isinstance(line, AdjudicationError) else line
        assert isinstance(text, Message), f"{slug}: not a message: {text!r}"
        found.append(text)
    return found


# ---------------------------------------------------------------------------------------------
# The checks
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", GAMES)
def test_no_english_word_is_left(slug: str, language: str) -> None:
    left = {}
    for line in sentences(slug):
        if words := left_in_english(line, language):
            left[render(line, language, NAMES)] = sorted(words)
    assert left == {}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", GAMES)
def test_names_replace_seats(slug: str, language: str) -> None:
    lines = sentences(slug)
    named = [render(line, language, NAMES) for line in lines]
    for text in named:
        words = {w.lower() for w in re.findall(r"\w+", text)}
        assert not words & set(SEAT_WORDS[language]), text
    seated = [line for line in lines if "seat" in str(line).lower() or "Seat" in str(line)]
    assert seated, "no line of this game names a seat"
    for line in seated:
        assert any(name in render(line, language, NAMES) for name in NAMES.names or ())


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
@pytest.mark.parametrize("slug", GAMES)
def test_data_renders_back_the_same(slug: str, language: str) -> None:
    for line in sentences(slug):
        back = from_data(as_data(line))
        assert render(back, language, NAMES) == render(line, language, NAMES)


def test_the_issues_own_desk_lines_read_with_names() -> None:
    # "Seat 3 knocked on 2" and "pays seat 3 8" from the desk, as a named table reads them.
    raw = {"knocked": 2, "hands": [{"seat": s, "count": c} for s, c in enumerate((10, 5, 2))]}
    settled = KNOCK.ask("settle", {"players": 3, **raw})
    summary, shown = settled["summary"], settled["payments_shown"]
    names = Naming(("Ann", "Ben", "Cy"))
    assert str(summary) == "Seat 3 knocked on 2 and was lowest alone"
    assert render(summary, "en", names) == "Cy knocked on 2 and was lowest alone"
    assert render(shown[0], "en", names) == "Ann pays Cy 8"
    assert render(summary, "sv", names) == "Cy knackade med 2 och var ensam lägst"
    assert render(summary, "da", names) == "Cy bankede med 2 og var alene lavest"
    assert render(summary, "is", names) == "Cy bankaði með 2 og var einn lægstur"
    assert render(shown[0], "is", names) == "Ann greiðir Cy 8"
    ben = [
        render(line, "en", names)
        for line in KNOCK.score(
            KNOCK.parse_deal(raw, players=3, options=KNOCK.options()),
            None,
            Seating(3),
            KNOCK.options(),
        )
        .results[1]
        .explanation
    ]
    assert "pays Cy 3: 3 difference (5 - 2)" in ben


@pytest.mark.parametrize(
    ("winners", "icelandic"),
    [
        (2, "5, skipt á milli 2 jafnra sigurvegara: 2½ á hvern (K-2)"),
        (21, "5, skipt á milli 21 jafns sigurvegara: 2½ á hvern (K-2)"),
        (11, "5, skipt á milli 11 jafnra sigurvegara: 2½ á hvern (K-2)"),
    ],
)
def test_icelandic_takes_the_singular_for_21_tied_winners(winners: int, icelandic: str) -> None:
    line = msg_n(
        "{reasons}, shared by the {count} tied winner: {share} each (K-2)",
        "{reasons}, shared by the {count} tied winners: {share} each (K-2)",
        winners,
        reasons=5,
        share=Points(Fraction(5, 2)),
    )
    assert render(line, "is") == icelandic
