"""Brummy, Brummagem and the engine's core refusals, said in Swedish, Danish and Icelandic.

Real explanations and refusals, from the engine's own functions on real deals, rendered with
the players' names: no English word of the source is left in them, names replace seats, and
each sentence's data (``as_data``) renders back to the same text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from adjudicator.cards import STANDARD, parse_cards
from adjudicator.errors import AdjudicationError
from adjudicator.games import get_game
from adjudicator.grids.lines import Grid, score_grid
from adjudicator.messages import Message, as_data, from_data, render
from adjudicator.rule_notes import NOTES, cited
from adjudicator.said import Naming
from adjudicator.seats import read_seat

LANGUAGES = ["sv", "da", "is"]
NAMES = Naming(("Ann", "Ben", "Cy", "Di"))

# Words of the English sources that no translation may keep. Words the languages share with
# English (par, diagonal, bonus), the games' names and the JSON keys a refusal quotes ("scores")
# are left out.
ENGLISH = {
    "knocked", "knocker", "knock", "beat", "below", "equal", "highest", "nobody", "strictly",
    "tied", "house", "rule", "row", "column", "running", "flush", "run", "prial", "pair",
    "nothing", "identical", "cards", "card", "face", "total", "entered", "given",
    "top", "with", "the", "and", "not", "seat", "seats", "grid", "holds", "appears", "times",
    "pack", "only", "one", "standard", "is", "are", "there", "this", "table", "number",
    "must", "no", "but", "two", "of",
}  # fmt: skip


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]+", text)}


def brummy_deal() -> Any:
    game = get_game("brummy")
    record = {
        "knocked": 1,
        "grids": [
            {"seat": 0, "cards": "5H 6H 7H 5S 6S 8S 5D 9C 7D"},
            {"seat": 1, "total": 20},
            {"seat": 2, "cards": "JS JH JD 10S 10C QS KD 9S 8H"},
            {"seat": 3, "total": 20},
        ],
    }
    options = game.options({"face_extra": True})
    deal = game.parse_deal(record, players=4, options=options)
    return game, game.tally([deal], players=4, options=options)


def sentences() -> Iterator[tuple[str, Message]]:
    """Every sentence of a scored Brummy deal and of the knock question, and some refusals."""
    _game, tally = brummy_deal()
    dealt = tally.deals[0]
    yield "summary", dealt.summary
    for result in dealt.results:
        for number, line in enumerate(result.explanation):
            yield f"seat-{result.seat}-{number}", line
    knock = get_game("brummy").ask("knock", {"scores": [23, 30, 23, 10], "knocked": 0})
    for number, line in enumerate(knock["explanation"]):
        yield f"knock-{number}", line
    m2 = Grid.parse("5H 6H 7H 8H / 5S 6S 8C 8S / 5D 9C 7D 8D", "3x4")
    for number, line in enumerate(score_grid(m2).explanation):
        yield f"brummagem-{number}", line
    twins = score_grid(Grid.parse("7H 7H 7S / 2C 3C 4C / 9D 9S KD"), None)
    yield "twins", twins.explanation[0]
    refusals = [
        lambda: STANDARD.check(parse_cards("QS QS")),
        lambda: read_seat(7, 4, "knocked"),
        lambda: Grid.parse("5H 6H", "3x3"),
        lambda: get_game("brummy").ask("knock", {"scores": [99, 3]}),
    ]
    for number, refuse in enumerate(refusals):
        with pytest.raises(AdjudicationError) as refused:
            refuse()
        assert isinstance(refused.value.message, Message)
        yield f"refusal-{number}", refused.value.message


SENTENCES = dict(sentences())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", sorted(SENTENCES))
def test_no_english_word_is_left_and_names_replace_seats(key: str, language: str) -> None:
    sentence = SENTENCES[key]
    text = render(sentence, language, NAMES)
    assert words(text) & ENGLISH == set(), text
    if key != "refusal-1":  # "there is no seat 8" quotes a number, not a player
        assert not re.search(r"\b(seat|plats|plads|sæti)\s+\d", text, re.IGNORECASE), text
    assert render(from_data(as_data(sentence)), language, NAMES) == text


def test_the_english_names_the_players_and_the_knocker() -> None:
    _game, tally = brummy_deal()
    summary = tally.deals[0].summary
    assert str(summary) == "Seat 2 knocked; seat 1 top with 25."
    assert render(summary, "en", NAMES) == "Ben knocked; Ann top with 25."
    assert render(summary, "sv", NAMES) == "Ben knackade; Ann högst med 25."
    assert render(summary, "da", NAMES) == "Ben bankede; Ann højest med 25."
    assert render(summary, "is", NAMES) == "Ben bankaði; Ann efst með 25."


def test_a_line_is_said_with_the_languages_cards_and_combinations() -> None:
    line = score_grid(Grid.parse("5H 6H 7H / 5S 6S 8S / 5D 9C 7D")).explanation[0]
    assert str(line) == "row 1: 5H 6H 7H — running flush 6"
    assert render(line, "sv") == "rad 1: 5♥ 6♥ 7♥ — färgstege 6"
    assert render(line, "da") == "række 1: 5♥ 6♥ 7♥ — kulørstige 6"
    assert render(line, "is") == "röð 1: 5♥ 6♥ 7♥ — litaruna 6"


def test_a_brummagem_row_adds_its_parts_in_each_language() -> None:
    row = score_grid(Grid.parse("7H 7S 2S 9S / 5S 6S 8C 8S / 5D 9C 7D 8D", "3x4")).lines[0]
    assert str(row.explain()) == "row 1: 7H 7S 2S 9S — pair and flush 5 (pair 2, flush 3)"
    assert render(row.explain(), "sv") == "rad 1: 7♥ 7♠ 2♠ 9♠ — par och färg 5 (par 2, färg 3)"


def test_the_face_card_extra_writes_the_languages_rank_letters() -> None:
    from adjudicator.grids.lines import GridRules, score_line

    line = score_line(parse_cards("JS 2H QD"), GridRules(face_extra=True)).explain()
    assert str(line) == "line: JS 2H QD — nothing 2 (+2 face cards (J, Q))"
    assert render(line, "sv") == "linje: Kn♠ 2♥ D♦ — ingenting 2 (+2 klädda kort (Kn, D))"
    assert render(line, "is") == "lína: G♠ 2♥ D♦ — ekkert 2 (+2 mannspil (G, D))"


def test_icelandic_counts_21_and_31_in_the_singular() -> None:
    from adjudicator.errors import readable_int

    assert render(readable_int(10**20), "is") == "tala með 21 tölustaf"
    assert render(readable_int(10**30), "is") == "tala með 31 tölustaf"
    assert render(readable_int(10**10 * 10**10 * 10), "is") == "tala með 22 tölustöfum"


def test_a_refusal_is_rendered_in_the_language_and_as_data() -> None:
    with pytest.raises(AdjudicationError) as refused:
        read_seat(7, 4, "knocked")
    err = refused.value
    assert str(err) == "There is no seat 8: this table has seats 1 to 4 (0 to 3 in JSON)."
    assert err.named(NAMES, "da") == (
        "Der er ingen plads 8: dette bord har pladserne 1 til 4 (0 til 3 i JSON)."
    )
    assert err.as_dict()["message"] == str(err)
    assert err.as_dict(NAMES, "is")["message"].startswith("Það er ekkert sæti 8")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_note_cites_no_id_and_keeps_its_game_name(language: str) -> None:
    for rule_id, note in NOTES.items():
        text = render(note, language)
        assert text != str(note), rule_id
        assert cited(text) == cited(str(note)), rule_id
        game = str(note).split(":", 1)[0].split(" at ")[0].split(" for ")[0]
        assert text.startswith(game), (rule_id, text)
