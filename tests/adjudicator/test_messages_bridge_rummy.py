"""Bridge Rummy speaks Swedish, Danish and Icelandic: its explanations, refusals and verdicts,
rendered from the engine's own answers on real deals (the Sample Score Card's table: Mary, Tom,
Dick and Alice), hold no English word, name the players, and render the same from their data.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from adjudicator import messages
from adjudicator.cards import parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.messages import LOCALE_DIR, Message, Verbatim, as_data, from_data, render
from adjudicator.options import describe_options
from adjudicator.records import Seating
from adjudicator.rummy.bridge_rummy import play
from adjudicator.rummy.bridge_rummy.game import RECORD, BridgeRummy
from adjudicator.rummy.bridge_rummy.melding import Options, Table, judge_initial_meld, judge_meld
from adjudicator.said import Naming, named

GAME = BridgeRummy()
OPTIONS = Options()
MARY, TOM, DICK, ALICE = range(4)
NAMES = ("Mary", "Tom", "Dick", "Alice")
NAMING = Naming(NAMES)
TRANSLATED = ("sv", "da", "is")
SEAT_WORDS = {"sv": "Plats", "da": "Plads", "is": "Sæti"}
PART = "rummy/bridge_rummy/"


def _english_words() -> set[str]:
    """Every word of Bridge Rummy's English sentences."""
    words: set[str] = set()
    engine = str(LOCALE_DIR.parent)
    for filename, _line, text, _comments, _context in extract_from_dir(
        engine, method_map=[("**.py", "python")], keywords={"msg": None, "msg_n": (1, 2)}
    ):
        if filename.startswith(PART):
            for form in (text,) if isinstance(text, str) else text:
                words |= _words(re.sub(r"\{\w*\}", " ", form))
    return words


def _words(text: str) -> set[str]:
    # Words of three letters or more: card notation (4C, JK=5C) and rank letters are not words.
    return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", text)}


def _translated_words(language: str) -> set[str]:
    with (LOCALE_DIR / language / "bridge_rummy.po").open("rb") as file:
        catalog = read_po(file, locale=language)
    words: set[str] = set()
    for entry in catalog:
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in forms:
            words |= _words(re.sub(r"\{\w*\}", " ", form))
    return words


ENGLISH = _english_words()
# Words the game keeps in every language: its name, the names at the table, the input's words.
KEPT = {"bridge", "rummy", "true", "false"} | {name.lower() for name in NAMES}


# The input's field names, quoted in refusals as they are (``other_hand_sizes``).
INPUT_KEYS = re.compile(
    r"(?<![\w])(?:cards|melds|layoffs|hand_size|other_hand_sizes|announced|out_of_play|players"
    r"|card|down|discard|claimed|hand|onto)(?![\w])"
)


def english_only(language: str) -> set[str]:
    """The English words a translation never uses: one of them in a rendered sentence means a
    sentence (or a part of one) was left in English."""
    return ENGLISH - _translated_words(language) - KEPT


def test_the_english_words_are_many_and_the_translations_share_few() -> None:
    assert {"went", "down", "held", "meld", "joker", "cinched", "discard"} <= ENGLISH
    for language in TRANSLATED:
        assert {"went", "held", "meld", "cinched", "discard", "lay"} <= english_only(language)


# ---------------------------------------------------------------------------------------------
# Real answers of the engine, as a list of (what, sentence)
# ---------------------------------------------------------------------------------------------


def _ask(name: str, **data: Any) -> dict[str, Any]:
    return dict(GAME.own_questions()[name].answer(data, OPTIONS))


def _hand(winner: int, hand_rummy: bool = False, **held: dict[str, Any]) -> dict[str, Any]:
    seats = {"mary": MARY, "tom": TOM, "dick": DICK, "alice": ALICE}
    return {
        "went_out": winner,
        "hand_rummy": hand_rummy,
        "hands": [{"seat": seats[name], **entry} for name, entry in held.items()],
    }


DEALS = [
    # The Sample Score Card's deals 1 and 3 (rulings 3c), and one of held cards.
    _hand(MARY, tom={"held": 36}, dick={"held": 5}, alice={"not_down": True}),
    _hand(MARY, True, tom={"held": 58}, dick={"not_down": True}, alice={"held": 27}),
    _hand(DICK, mary={"cards": "KS 7H JK"}, tom={"held": 13}, alice={"held": 6}),
]


def _answers() -> Iterator[tuple[str, str]]:
    seating = Seating(4)
    for number, data in enumerate(DEALS, start=1):
        deal = GAME.parse_deal(data, players=4, options=OPTIONS)
        scored = GAME.score(deal, (3, 0, 0, 0), seating, OPTIONS)
        yield f"deal {number} summary", scored.summary
        for result in scored.results:
            for line in result.explanation:
                yield f"deal {number} seat {result.seat}", line
        for line in _ask("settle", players=4, **data)["explanation"]:
            yield f"deal {number} settled", line
    questions: list[tuple[str, dict[str, Any]]] = [
        ("meld", {"cards": "4C JK=5C 6C", "other_hand_sizes": [3, 9]}),
        ("meld", {"cards": "4C JK=5C 6C", "other_hand_sizes": [5, 9]}),
        ("meld", {"cards": "KS KH JK"}),
        ("initial-meld", {"melds": ["KS KH KD", "4C 5C 6C"], "hand_size": 8}),
        ("initial-meld", {"melds": ["KS KH KD", "4C 5C 6C 7C"], "layoffs": []}),
        ("initial-meld", {"melds": ["QS KS AS", "AH 2H 3H 4H"], "hand_size": 8}),
        ("take-discard", {"card": "7H", "melds": ["7H 7S 7D"]}),
        ("take-discard", {"card": "KC", "melds": ["KS KH KD KC", "10H JH QH"]}),
        ("take-discard", {"card": "7H", "down": True, "melds": ["7H 7S 7D"]}),
        ("take-discard", {"card": "7C", "layoffs": [{"cards": "7C", "onto": "4C 5C 6C"}]}),
        ("take-discard", {"card": "JK", "melds": ["4C JK=5C 6C"]}),
        ("claim-joker", {"meld": "4C JK=5C 6C", "cards": "5C"}),
        ("claim-joker", {"meld": "4C JK=5C 6C", "cards": "7C"}),
        ("claim-joker", {"meld": "KS KH JK", "cards": "KC KD"}),
        ("claim-joker", {"meld": "KS KH JK", "cards": "KC"}),
        ("claim-joker", {"meld": "KS KH KD JK", "cards": "KS"}),
        ("claim-joker", {"meld": "KS KH KD", "cards": "KC"}),
        ("joker-into-run", {"cards": "JK=7C", "onto": "4C 5C 6C", "other_hand_sizes": [3, 9]}),
        ("joker-into-run", {"cards": "JK=7C", "onto": "4C 5C 6C", "out_of_play": "7C 7C"}),
        ("joker-into-run", {"cards": "JK=7C", "onto": "4C 5C 6C", "other_hand_sizes": [1]}),
        (
            "joker-into-run",
            {"cards": "4C JK=5C 6C", "other_hand_sizes": [1, 3], "announced": [False, False]},
        ),
        ("joker-into-run", {"cards": "KS KH JK"}),
        (
            "go-out",
            {
                "hand": "4C 5C 6C KS KH KD QS QH QD 9D",
                "discard": "9D",
                "melds": ["4C 5C 6C", "KS KH KD", "QS QH QD"],
            },
        ),
        ("go-out", {"hand": "4C 5C 6C KS KH KD 9D", "melds": ["4C 5C 6C", "KS KH KD"]}),
        ("go-out", {"hand": "4C 5C 6C KS KH 9D", "discard": "9D", "melds": ["4C 5C 6C"]}),
        (
            "go-out",
            {"hand": "4C 5C 6C JK", "discard": "JK", "down": True, "melds": ["4C 5C 6C"]},
        ),
        (
            "go-out",
            {
                "hand": "7C 9D",
                "discard": "9D",
                "down": True,
                "layoffs": [{"cards": "7C", "onto": "4C 5C 6C"}],
            },
        ),
        ("deadwood", {"hand": "7H 8H 9H 5C 5D 5S KC", "claimed": 46}),
        ("deadwood", {"hand": "7H 8H 9H 5C 5D 5S KC", "claimed": 10}),
        ("deadwood", {"hand": "7H 8H 9H 5C 5D 5S KC", "claimed": 49}),
        ("deadwood", {"hand": "4C JK 6C KS 2D"}),
        ("deadwood", {"hand": "KS KH KD"}),
    ]
    for name, data in questions:
        answer = _ask(name, **data)
        for line in answer["explanation"]:
            yield name, line
        for line in answer.get("problems", ()):
            yield f"{name} problem", line
        if "rule" in answer:
            yield f"{name} rule", answer["rule"]
    house = Options(ace_low_value=1, round_then_double=True, hand_rummy_own_melds_only=True)
    for line in judge_meld("AS 2S 3S", Table(), house).explanation:
        yield "house rule ace low", line
    for line in GAME.own_questions()["settle"].answer(
        {"players": 2, "went_out": 0, "hand_rummy": True, "hands": [{"seat": 1, "held": 13}]},
        house,
    )["explanation"]:
        yield "house rule round then double", line
    for line in play.go_out(
        parse_cards("4C 5C 6C KS KH KD 7C 9D"),
        parse_cards("9D")[0],
        False,
        ["4C 5C 6C", "KS KH KD"],
        [("7C", "4C 5C 6C")],
        Table(),
        house,
    )["explanation"]:
        yield "house rule hand rummy own melds", line
    # (A lay-off onto cards that are no meld says why in adjudicator.rummy.melding_rules'
    # words, which are that module's to translate: the sentence around them is this game's.)
    layoff = judge_initial_meld([], [("7C", "4C 5C")], Table(), OPTIONS).layoffs[0]
    line = layoff.verdict.problems[0]
    assert isinstance(line, Message) and isinstance(line.args["problem"], str)
    yield "a lay-off onto no meld", Message(line.id, {"problem": Verbatim("(…)")})


def _refusals() -> Iterator[tuple[str, str]]:
    deals = [
        _hand(MARY, tom={"held": 20}, dick={"held": 30}, alice={"held": 120}),
        _hand(MARY, tom={"held": 20}, dick={"held": 1}, alice={"not_down": True}),
        _hand(
            MARY,
            tom={"held": 20},
            dick={"held": 30},
            alice={"cards": "JK JK 10S 10H 10D 10C KS KH KD QS"},
        ),
    ]
    for data in deals:
        with pytest.raises(AdjudicationError) as caught:
            GAME.parse_deal(data, players=4, options=OPTIONS)
        yield "deal refused", caught.value.message
    bad: list[tuple[str, dict[str, Any]]] = [
        ("meld", {"cards": ""}),
        ("initial-meld", {"melds": "KS KH KD"}),
        ("initial-meld", {}),
        ("initial-meld", {"melds": ["KS KH KD"], "hand_size": "8"}),
        ("initial-meld", {"melds": ["KS KH KD"], "other_hand_sizes": "3"}),
        ("initial-meld", {"melds": ["KS KH KD"], "other_hand_sizes": [3], "announced": [1]}),
        ("initial-meld", {"melds": ["KS KH KD"], "out_of_play": 7}),
        ("initial-meld", {"melds": ["KS KH KD"], "layoffs": [{"cards": "7C"}]}),
        ("settle", {"players": "4"}),
        ("take-discard", {"card": "7H 8H"}),
        ("take-discard", {"card": "7H", "down": "yes"}),
        ("joker-into-run", {"cards": "4C 5C 6C"}),
        ("go-out", {"hand": "4C 5C 6C", "discard": 9}),
        ("go-out", {"hand": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H"}),
        ("deadwood", {"hand": "KS", "claimed": -1}),
    ]
    for name, data in bad:
        with pytest.raises(AdjudicationError) as caught:
            _ask(name, **data)
        yield f"{name} refused", caught.value.message


def _descriptions() -> Iterator[tuple[str, str]]:
    for question in GAME.own_questions().values():
        yield "question", question.summary
    for info in describe_options(Options):
        yield f"house rule {info.name}", info.doc
        for label in info.labels:
            yield f"house rule {info.name} choice", label
    for mark in GAME.marks:
        yield "mark", mark.meaning
    for note in GAME.dealing(4, OPTIONS).notes:
        yield "dealing", note
    for field in RECORD.fields:
        yield "record", field.label


LINES = [*_answers(), *_refusals(), *_descriptions()]


def test_the_engine_gives_many_sentences_to_check() -> None:
    assert len(LINES) > 150
    assert all(isinstance(line, messages.Message) for _what, line in LINES)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_word_is_left_in_a_translated_sentence(language: str) -> None:
    left = english_only(language)
    english = []
    for what, line in LINES:
        text = render(line, language, NAMING)
        found = _words(INPUT_KEYS.sub(" ", text)) & left
        if found:
            english.append(f"{what}: {text} ({sorted(found)})")
    assert english == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_players_names_replace_the_seats(language: str) -> None:
    naming_lines = [line for _what, line in LINES if "Seat " in str(line) or "seat " in str(line)]
    assert len(naming_lines) >= 10
    for line in naming_lines:
        text = render(line, language, NAMING)
        assert any(name in text for name in NAMES), text
        assert SEAT_WORDS[language].lower() not in text.lower(), text
        assert "seat" not in text.lower(), text
    refused = dict(_refusals())["deal refused"]
    assert render(refused, language, NAMING).startswith("Alice ")


def test_a_translated_summary_and_refusal_name_the_players() -> None:
    deal = GAME.parse_deal(DEALS[1], players=4, options=OPTIONS)
    summary = GAME.score(deal, (0, 0, 0, 0), Seating(4), OPTIONS).summary
    assert str(summary) == "Seat 1 hand rummy"
    # The app names the engine's sentences with adjudicator.said.named (and the errors' own
    # named): both give the players' names.
    assert named(summary, NAMING) == "Mary hand rummy"
    assert render(summary, "sv", NAMING) == "Mary gick ut med handrummy"
    assert render(summary, "da", NAMING) == "Mary gik ud med håndrommy"
    assert render(summary, "is", NAMING) == "Mary fór út með handrommí"
    assert render(summary, "is") == "Sæti 1 fór út með handrommí"
    with pytest.raises(AdjudicationError) as caught:
        GAME.parse_deal(
            _hand(MARY, tom={"held": 20}, dick={"held": 30}, alice={"held": 120}),
            players=4,
            options=OPTIONS,
        )
    assert caught.value.named(NAMING).startswith("Alice went down, so can hold at most 100")
    assert render(caught.value.message, "sv", NAMING).startswith(
        "Alice har lagt ner och kan alltså ha högst 100 poäng på handen"
    )


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_every_sentence_as_data_renders_back_the_same(language: str) -> None:
    for what, line in LINES:
        back = from_data(as_data(line))
        assert render(back, language, NAMING) == render(line, language, NAMING), what
        assert as_data(back) == as_data(line), what


@pytest.mark.parametrize(
    ("count", "icelandic"),
    [
        (1, "annar leikmaður hefur 1 spil á hendi og hefur tilkynnt það: Eitt-eða-þrjú"),
        (3, "annar leikmaður hefur 3 spil á hendi og hefur tilkynnt það: Eitt-eða-þrjú"),
    ],
)
def test_one_or_three_is_said_in_icelandic(count: int, icelandic: str) -> None:
    answer = _ask("joker-into-run", cards="JK=7C", onto="4C 5C 6C", other_hand_sizes=[count])
    assert render(answer["explanation"][0], "is") == icelandic


def test_cards_are_drawn_with_the_languages_letters_and_the_english_keeps_its_notation() -> None:
    answer = _ask("meld", cards="QS KS AS")
    line = answer["explanation"][0]
    assert str(line) == "run QS KS AS: QS 10 + KS 10 + AS 10 = 30"
    assert render(line, "sv") == "stege D♠ K♠ E♠: D♠ 10 + K♠ 10 + E♠ 10 = 30"
    assert render(line, "da") == "række D♠ K♠ E♠: D♠ 10 + K♠ 10 + E♠ 10 = 30"
    assert render(line, "is") == "röð D♠ K♠ Á♠: D♠ 10 + K♠ 10 + Á♠ 10 = 30"
    joker = _ask("claim-joker", meld="4C JK=5C 6C", cards="5C")["explanation"][1]
    assert render(joker, "sv") == "5♣ tar platsen för JK=5♣: stegen är nu 4♣ 5♣ 6♣"
