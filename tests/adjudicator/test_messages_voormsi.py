"""Voormsi's sentences, and the trick family's, in Swedish, Danish and Icelandic, with names.

Real explanations and refusals, made by the engine's own functions on real hands, rendered in
each language with the players' names: no English word is left, names stand where seats were,
a house rule is named as the house-rules page names it, and each message's ``{"id", "args"}``
renders back to the same text (issue 27).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from adjudicator.errors import AdjudicationError
from adjudicator.messages import as_data, from_data, render
from adjudicator.rule_notes import RULE_ID
from adjudicator.said import Naming
from adjudicator.tricks.voormsi import Voormsi
from tests.adjudicator.tricks.voormsi.simulate import record

GAME = Voormsi()
NAMES = Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3)))
LANGUAGES = ("sv", "da", "is")
WORD = re.compile(r"[^\W\d_]+")
# Words both English and the language's own (Danish "side", "point"), the players' names, a
# source's name, and Voormsi's own names for the KH and JC (which Danish keeps, pagat.com).
SHARED = {
    "sv": {"pass", "a"},  # "a": a 7 is "en 7:a"
    "da": {"side", "point", "over", "fire", "at"},
    "is": {"pass"},
}
NOT_WORDS = {"Ann", "Ben", "Cy", "Di", "Voormsi", "Toqu", "Parlett", "V", "Kn", "K", "D", "E", "B"}
# Trick 1: Ann leads the KH and Ben's JC takes it (a JC capture for Ben and Di); trick 2: Ben
# leads and Ann and Cy win it.
JC_CAPTURE_THEN_LOSS = [["KH", "JC", "5D", "6D"], ["5C", "9C", "5S", "6S"]]


def plays(*cards: str) -> list[dict[str, Any]]:
    return [{"seat": i % 4, "cards": c} for i, c in enumerate(cards)]


def refused(question: str, data: dict[str, Any]) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        GAME.ask(question, data)
    return caught.value


def sentences() -> list[str]:
    """What the desk and the game page show for Voormsi: a trick's steps, a hand's working and
    summary, the ladder, the game's notes and refusals."""
    majority = GAME.options({"trick_reading": "majority"})
    house = {"trick_reading": "majority"}
    lines: list[str] = []
    trick = GAME.ask("trick", {"players": 4, "plays": plays("KH", "JC", "5D", "6D")})
    lines += trick["explanation"]
    seven = GAME.ask("trick", {"players": 4, "plays": plays("7H", "KS", "KC", "3D")})
    lines += seven["explanation"]
    hand = GAME.ask(
        "hand",
        {"players": 4, "won": [3, 6], "captures": [{"event": "jc", "side": 1}], "options": house},
    )
    lines += [*hand["explanation"], hand["summary"]]
    ladder = GAME.ask("ladder", {"players": 4, "hands": [[7, 2], [4, 0], [2, 0]]})
    lines += ladder["explanation"]
    deal = GAME.parse_deal({"won": [7, 2], "first_five": 0}, players=4, options=majority)
    tally = GAME.tally([deal], players=4, options=majority)
    lines += [tally.deals[0].summary, *tally.deals[0].results[0].explanation]
    # The game's own note (the house rules' notes before it are the contract's, adjudicator.game).
    lines.append(GAME.notes(majority, 4)[-1])
    passing = GAME.ask("trick", {"players": 4, "plays": plays("9C", "AS", "", "5D")})
    assert passing["legal"] is False
    lines += passing["explanation"]
    out_of_turn = {"players": 4, "plays": [{"seat": 0, "cards": "9C"}, {"seat": 2, "cards": "5D"}]}
    lines += GAME.ask("trick", out_of_turn)["explanation"]
    late_call = record(4, JC_CAPTURE_THEN_LOSS, call=0)
    lines.append(refused("hand", {"players": 4, **late_call}).message)
    compulsory = {
        "players": 4,
        "plays": plays("5C", "JC", "6C", "9D"),
        "held": [{"seat": 2, "cards": "KH"}],
    }
    lines += GAME.ask("trick", compulsory)["explanation"]
    return lines


SENTENCES = sentences()


def words(text: str, language: str) -> set[str]:
    """The words of a sentence in a language, its ruling ids ("7a", "V-1") left out."""
    return set(WORD.findall(RULE_ID.sub("", render(text, language, NAMES)))) - NOT_WORDS


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_word_is_left_in_voormsis_sentences(language: str) -> None:
    left = {}
    for line in SENTENCES:
        english = words(line, "en") - SHARED[language]
        if words(line, language) & english:
            left[render(line, language, NAMES)] = sorted(words(line, language) & english)
    assert left == {}


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_names_stand_where_seats_were(language: str) -> None:
    seat_words = {"en": "seat", "sv": "plats", "da": "plads", "is": "sæti"}[language]
    for line in SENTENCES:
        text = render(line, language, NAMES)
        assert seat_words not in text.lower(), text
    assert any("Ann" in render(line, language, NAMES) for line in SENTENCES)


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_every_sentence_renders_back_from_its_data(language: str) -> None:
    for line in SENTENCES:
        assert render(from_data(as_data(line)), language, NAMES) == render(line, language, NAMES)


def test_the_issues_example_reads_with_names_and_the_house_rules_name() -> None:
    # Issue 27: "seats 2 and 4: 6 tricks: more than five score 1 + (6 - 5) = 2" and "house
    # rule trick_reading = majority" on the desk, where the players' names were known.
    house = {"trick_reading": "majority"}
    hand = GAME.ask("hand", {"players": 4, "won": [3, 6], "options": house})
    line = hand["explanation"][1]
    assert str(line) == (
        "seats 2 and 4: 6 tricks: five or more score 1 + (6 - 5) = 2 "
        '(V-1, house rule "Five or more tricks: 5 score 1, 6 score 2")'
    )
    assert render(line, "en", NAMES) == (
        "Ben and Di: 6 tricks: five or more score 1 + (6 - 5) = 2 "
        '(V-1, house rule "Five or more tricks: 5 score 1, 6 score 2")'
    )
    assert render(line, "da", NAMES) == (
        "Ben og Di: 6 stik: fem eller flere giver 1 + (6 - 5) = 2 "
        "(V-1, husreglen »Fem stik eller flere: 5 giver 1, 6 giver 2«)"
    )
    assert render(line, "sv", NAMES).startswith("Ben och Di: 6 stick: fem eller fler ger")
    assert render(line, "is", NAMES).startswith("Ben og Di: 6 slagir: fimm eða fleiri gefa")
    for language in ("en", *LANGUAGES):
        assert "trick_reading" not in render(line, language, NAMES)


def test_the_kh_and_jc_keep_their_greenlandic_names_in_danish() -> None:
    trick = GAME.ask("trick", {"players": 4, "plays": plays("KH", "JC", "5D", "6D")})
    capture = trick["explanation"][-1]
    assert render(capture, "da", NAMES) == "Toqu-fangst (B♣): +2 (7a)"
    assert render(trick["reason"], "da", NAMES).startswith("Voormsi, K♥, og Toqu, B♣, er lige")
    assert render(trick["reason"], "sv", NAMES).startswith("K♥ och Kn♣ är lika höga")


@pytest.mark.parametrize(
    ("won", "icelandic"),
    [
        pytest.param([1, 8], "1 slagur: engin slagastig (V-1)", id="one"),
        pytest.param([2, 7], "2 slagir: engin slagastig (V-1)", id="two"),
    ],
)
def test_icelandic_counts_tricks_in_its_own_plural(won: list[int], icelandic: str) -> None:
    hand = GAME.ask("hand", {"players": 4, "won": won})
    assert render(hand["explanation"][0], "is", NAMES) == f"Ann og Cy: {icelandic}"


def test_the_ladder_says_each_side_by_its_players() -> None:
    ladder = GAME.ask("ladder", {"players": 4, "hands": [[7, 2], [4, 0]]})
    status = ladder["explanation"][-1]
    assert (
        render(status, "en", NAMES) == "Ann and Cy on 7, Ben and Di on 2: first to exactly 9 wins."
    )
    assert render(status, "sv", NAMES) == (
        "Ann och Cy på 7, Ben och Di på 2: först till exakt 9 vinner."
    )
    assert render(status, "is", NAMES) == (
        "Ann og Cy með 7, Ben og Di með 2: sá sem fyrstur nær nákvæmlega 9 vinnur."
    )
