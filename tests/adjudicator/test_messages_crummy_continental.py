"""Crummy Rummy, Continental Rummy, the rummy meld engine and the settlement games' shared
sentences, said in Swedish, Danish and Icelandic: real explanations and refusals of real deals,
with the players' names, no English left, and the same text from their ``{id, args}`` data.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from adjudicator.errors import AdjudicationError
from adjudicator.messages import LOCALE_DIR, Message, as_data, from_data, render
from adjudicator.rummy.continental import Continental, Deal, settle
from adjudicator.rummy.continental import Options as ContinentalOptions
from adjudicator.rummy.crummy_rummy import CrummyRummy, Options, judge_contract
from adjudicator.rummy.melding_rules import CRUMMY, RUMMY, validate_meld
from adjudicator.rummy.settlement import (
    BOATHOUSE_UNMATCHED,
    RUMMY_HELD,
    RUMMY_UNMATCHED,
    Hand,
    Ledger,
    Limits,
    answer_deadwood,
    answer_meld,
    check_hands,
    losers_pay,
    lowest_collects,
    value_hand,
)
from adjudicator.said import Naming

PARTS = ("settlement", "melding_rules", "continental", "crummy_rummy")
TRANSLATED = ("sv", "da", "is")
NAMES = Naming(("Ann", "Ben", "Cy", "Di"))
# What a seat is called when no name is known, in each language: never shown once names are.
SEAT_WORDS = {"en": "seat", "sv": "plats", "da": "plads", "is": "sæti"}
WORD = re.compile(r"[^\W\d_]+")


def _words(text: str) -> set[str]:
    """The words of a text, places (``{seat}``) left out, in lower case."""
    text = re.sub(r"\{[A-Za-z_]+\}", " ", text)
    return {w.lower() for w in WORD.findall(text)}


def _english_only() -> set[str]:
    """The words of these parts' English sentences that no translation of them uses (so
    "Rummy", "JK", "claimed", a field's name, are not counted: they stay in every language)."""
    english: set[str] = set()
    translated: set[str] = set()
    for language in TRANSLATED:
        for part in PARTS:
            with (LOCALE_DIR / language / f"{part}.po").open("rb") as file:
                for entry in read_po(file, locale=language):
                    if not entry.id:
                        continue
                    for text in entry.id if isinstance(entry.id, tuple) else (entry.id,):
                        english |= _words(text)
                    for text in (
                        entry.string if isinstance(entry.string, tuple) else (entry.string,)
                    ):
                        translated |= _words(text)
    return english - translated


ENGLISH_ONLY = _english_only()


def _crummy_lines() -> Iterator[str]:
    game = CrummyRummy()
    options = game.options()
    deal = game.parse_deal(
        {
            "went_out": 0,
            "hands": [
                {"seat": 1, "cards": "7H KC JK"},
                {"seat": 2, "held": 40},
                {"seat": 3, "cards": "2S 3S"},
            ],
        },
        players=4,
        options=options,
    )
    scored = game.score(deal, 0, game.seating(4, options), options)
    yield scored.summary
    yield from (line for r in scored.results for line in r.explanation)
    verdict = judge_contract(
        ["7H 8H 9H JK", "3S JK JK", "5D"], 1, Options(joker_restriction="max_half")
    )
    yield from verdict.explanation
    yield from verdict.problems
    exact = judge_contract(
        ["5H 6H 7H 8H 9H", "3S 3S 3H"], 1, Options(exact_contract_sizes=True, round_the_corner=True)
    )
    yield from exact.explanation
    yield from exact.problems
    yield from game.ask("deadwood", {"cards": "7H 8H 9H KS 2C JK", "claimed": 12})["explanation"]
    yield from game.ask("meld", {"cards": "QD KD AD 2D"})["explanation"]
    yield from game.ask(
        "settle",
        {
            "players": 4,
            "round": 2,
            "went_out": 1,
            "hands": [
                {"seat": 0, "cards": "7H KC"},
                {"seat": 2, "held": 40},
                {"seat": 3, "held": 7},
            ],
        },
    )["explanation"]
    note = game.next_deal_note(4, options, 4)
    assert note is not None
    yield note


def _continental_lines() -> Iterator[str]:
    game = Continental()
    options = ContinentalOptions(jokerless_bonus=True)
    for raw in (
        {"went_out": 2, "cards": "9C 10C JC QC KC 3H 4H 5H JK JK 7D 8D 2S 3S 4S"},
        {"went_out": 1, "cards": "4H 5H 6H 9S 10S JS AD 2D 3D JC QC KC 7H 8H 9H"},
        {"went_out": 0, "jokers": 1},
    ):
        deal = game.parse_deal(raw, players=4, options=options)
        scored = game.score(deal, None, game.seating(4, options), options)
        yield scored.summary
        yield from (line for r in scored.results for line in r.explanation)
    yield from game.ask("going-out", {"cards": "2S 3S 4S 5S 6S 8D 9D 10D JD QD 10H JH QH KH AH"})[
        "explanation"
    ]
    yield from game.ask(
        "going-out", {"melds": ["2S 3S 4S 5S 6S", "8D 9D 10D JD QD", "10H JH QH KH AH"]}
    )["explanation"]
    yield from game.ask("going-out", {"cards": "2S 3S 4S 5S 9S 9D 9H KD 2C 7C"})["explanation"]
    yield from game.ask("deadwood", {"cards": "4H 5H 6H 9S KD", "claimed": 3})["explanation"]
    yield from game.ask("meld", {"cards": "4H 6H JK"})["explanation"]
    yield from game.ask("meld", {"cards": "4H 6H 9H"})["explanation"]


def _settlement_lines() -> Iterator[str]:
    ledger = Ledger(4)
    losers = [
        value_hand(Hand(1, cards=(*_cards("7H 8H 9H KC"),)), RUMMY_HELD),
        value_hand(Hand(2, count=12), RUMMY_HELD),
    ]
    losers_pay(ledger, 0, losers, times=2, why="P-1")  # the game's own reason, a ruling id here
    yield from (line for r in ledger.results() for line in r.explanation)
    shared = Ledger(4)
    lowest_collects(
        shared,
        [
            value_hand(Hand(0, cards=_cards("7H 8C 8D AS")), BOATHOUSE_UNMATCHED),
            value_hand(Hand(1, count=34), BOATHOUSE_UNMATCHED),
            value_hand(Hand(2, cards=_cards("5H 6H 7H KS 2C")), RUMMY_UNMATCHED),
            value_hand(Hand(3, count=20), RUMMY_UNMATCHED),
        ],
        rule="G-2",
    )
    yield from (line for r in shared.results() for line in r.explanation)
    yield from answer_meld({"cards": "QS KS AS"}, RUMMY_HELD)["explanation"]
    yield from answer_meld({"cards": "5S 5D 5C"}, RUMMY_HELD)["explanation"]
    yield from answer_deadwood({"cards": "5H 6H 7H KS 2C", "claimed": 10}, RUMMY_HELD)[
        "explanation"
    ]


def _cards(text: str) -> tuple[object, ...]:
    from adjudicator.cards import parse_cards

    return tuple(parse_cards(text))


def _refusals() -> Iterator[str]:
    crummy, continental = CrummyRummy(), Continental()
    attempts = [
        lambda: crummy.parse_deal(
            {"went_out": 0, "hands": [{"seat": 1, "held": 1}, {"seat": 2, "held": 4}]},
            players=3,
            options=crummy.options(),
        ),
        lambda: crummy.ask("contract", {"round": 9, "groups": ["7H 8H 9H 10H"]}),
        lambda: crummy.ask("contract", {"groups": ["7H 8H 9H 10H"], "hand_size": 12_000}),
        lambda: continental.parse_deal(
            {"went_out": 1, "cards": "2S 3S 4S 5S 6S 8D 9D 10D JD QD 10H JH QH KH AH"},
            players=4,
            options=continental.options(),
        ),
        lambda: check_hands(
            {1: Hand(1, cards=_cards("7H")), 2: Hand(2, count=90)},
            RUMMY_HELD,
            # The rule behind the limit is the calling game's sentence (its own part); a ruling
            # id stands for it here.
            Limits(2, 7, 14, 1, "4.1"),
        ),
        lambda: validate_meld("3S 3S 3H 5C", RUMMY),
        lambda: validate_meld("QD KD AD 2D", CRUMMY),
    ]
    for attempt in attempts:
        with pytest.raises(AdjudicationError) as refused:
            attempt()
        yield refused.value.message


LINES = {
    "crummy": list(_crummy_lines()),
    "continental": list(_continental_lines()),
    "settlement": list(_settlement_lines()),
    "refusals": list(_refusals()),
}


def test_every_line_checked_is_a_message() -> None:
    for lines in LINES.values():
        assert lines
        assert all(isinstance(line, Message) for line in lines), [
            line for line in lines if not isinstance(line, Message)
        ]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("kind", LINES)
def test_no_english_is_left(kind: str, language: str) -> None:
    left = {}
    for line in LINES[kind]:
        said = render(line, language, NAMES)
        english = _words(said) & ENGLISH_ONLY
        if english:
            left[said] = sorted(english)
    assert left == {}


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_names_replace_seats(language: str) -> None:
    named = [
        render(line, language, NAMES)
        for lines in LINES.values()
        for line in lines
        if _mentions_a_seat(line)
    ]
    assert len(named) > 10
    assert not [line for line in named if SEAT_WORDS[language] in line.lower()]
    assert all(any(name in line for name in NAMES.names or ()) for line in named)


def _mentions_a_seat(line: Message) -> bool:
    return "seat" in str(line).lower() and "seat" in line.lower()


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_the_data_renders_the_same(language: str) -> None:
    for lines in LINES.values():
        for line in lines:
            back = from_data(as_data(line))
            assert render(back, language, NAMES) == render(line, language, NAMES)


def test_english_stays_the_source_text() -> None:
    # A message is still the English a caller read before: seats called "seat 2".
    summary = LINES["crummy"][0]
    assert str(summary) == "Round 1 (a run of 4 and a set of 3): Seat 1 went out"
    assert render(summary, "sv", NAMES) == "Omgång 1 (en stege på 4 och en grupp på 3): Ann gick ut"
    assert render(summary, "is", NAMES) == "Umferð 1 (röð með 4 og samstæða með 3): Ann fór út"


def test_cards_take_each_languages_letters() -> None:
    held = next(line for line in LINES["crummy"] if str(line).startswith("held 7H"))
    assert str(held).startswith("held 7H 7 + KC 10 + JK 15 = 32")
    assert render(held, "sv").startswith("hade 7♥ 7 + K♣ 10 + JK 15 = 32")
    assert render(held, "da").endswith("(2-9 deres værdi; 10, B, D, K 10; E og joker 15; 5a)")


@pytest.mark.parametrize(
    ("jokers", "icelandic"),
    [(1, "með 1 jóker í"), (2, "með 2 jókera í"), (11, "með 11 jókera í"), (21, "með 21 jóker í")],
)
def test_icelandic_counts_jokers_in_its_plural(jokers: int, icelandic: str) -> None:
    # CLDR's Icelandic plural: 21 takes the singular, 11 does not.
    scored = settle(Deal(0, jokers), 4, ContinentalOptions())
    assert icelandic in render(scored.results[0].explanation[0], "is", NAMES)


def test_every_place_in_the_part_files_is_the_sources() -> None:
    # The part files' places match their source sentences (test_messages checks every
    # catalog; this names these four parts if one of them drifts).
    for language in TRANSLATED:
        for part in PARTS:
            with (LOCALE_DIR / language / f"{part}.po").open("rb") as file:
                for entry in read_po(file, locale=language):
                    if not entry.id:
                        continue
                    ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
                    wanted = set().union(*(_places(text) for text in ids))
                    forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                    assert all(_places(form) <= wanted for form in forms), (part, entry.id)


def _places(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}
