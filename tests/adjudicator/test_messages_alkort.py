"""Alkort and the game contract in Swedish, Danish and Icelandic: real answers, refusals,
statuses and descriptions, rendered with the players' names, keep no English word, name no seat,
and come back the same from their ``{"id", "args"}`` data.

Each sentence is taken from the engine's own functions on real hands (the dispute desk's
questions, a tally, a refused record), never written here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from adjudicator.errors import AdjudicationError
from adjudicator.game import LABELS
from adjudicator.games import get_game
from adjudicator.messages import Message, as_data, from_data, render
from adjudicator.said import Naming
from adjudicator.tricks.alkort.hand import Hand, check_hand
from adjudicator.tricks.alkort.rules import Table, check_trick
from adjudicator.tricks.plays import parse_trick, parse_tricks

GAME = get_game("alkort")
LANGUAGES = ("sv", "da", "is")
FOUR = Naming(("Anna", "Björn", "Katla", "Davíð"), ((0, 2), (1, 3)))
TWO = Naming(("Anna", "Björn"), ((0,), (1,)))

# Words a translation may share with the English: the players' names, JSON keys and values a
# player types as they are, the game's own names and Icelandic terms, and words that are
# the same in the language (Danish "side", Swedish "hand").
KEPT = {
    "anna",
    "björn",
    "katla",
    "davíð",
    "alkort",
    "treikort",
    "friðufær",
    "múk",
    "pagat",
    "seed_all_rubbish",
    "players",
    "target",
    "cards",
    "hands",
    "seat",
    "true",
    "false",
}
# JSON keys and values a refusal quotes back as they were sent.
QUOTED = {
    "refusal:unknown-key": {"colour", "leader_has_won", "options", "plays", "trick"},
    "refusal:two-ways": {"dealer", "tricks", "won", "first_five"},
    "refusal:not-a-house-rule": {"jokers", "two_beats_three", "fridufaer"},
    "refusal:a-choice-not-offered": {"fridufaer", "mine"},
    "refusal:unknown-question": {"meld", "trick", "hand", "tricks", "exchange", "deal"},
    "refusal:won-not-two-numbers": {"won"},
}
SAME = {
    "sv": {"hand", "under", "in", "partner"},
    "da": {"side", "hand", "for", "over", "at", "to", "under", "have"},
    "is": set(),
}
# Words that only ever mean a seat, in English and each language: a sentence with names has none.
SEAT_WORDS = {"seat", "seats", "plats", "platserna", "plads", "pladserne", "sæti"}


def plays(cards: list[str], leader: int = 0, players: int = 4) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % players, "cards": c} for i, c in enumerate(cards)]


def ask(question: str, **data: Any) -> dict[str, Any]:
    return GAME.ask(question, {"players": 4, **data})


def refusal(make: Callable[[], object]) -> Message:
    with pytest.raises(AdjudicationError) as caught:
        make()
    message = caught.value.message
    assert isinstance(message, Message), message
    return message


def explanations() -> Iterator[tuple[str, Message, Naming]]:
    """(what it is, the sentence, the names to put in), from the engine on real hands."""
    trick_cases = {
        "queen-with-a-7-after": plays(["QH", "4S", "3C", "7D"]),
        "led-7": plays(["7H", "KD", "2H", "4C"], leader=1),
        "equal-aces": plays(["AS", "JH", "AD", "6C"]),
        "king-taken-by-a-2": plays(["KS", "3C", "2D", "7H"]),
        "rubbish-to-the-leader": plays(["9C", "4S", "3H", "QD"]),
        "highest": plays(["8C", "9D", "AH", "2H"]),
    }
    for name, trick in trick_cases.items():
        answer = ask("trick", plays=trick, leader_has_won=True)
        for index, line in enumerate(answer["explanation"]):
            yield f"trick:{name}:{index}", line, FOUR
        yield f"trick:{name}:reason", answer["reason"], FOUR
    two_beats = ask(
        "trick", plays=plays(["QD", "9S", "3H", "2C"]), options={"two_beats_three": True}
    )
    yield "trick:two-beats-three", two_beats["explanation"][-1], FOUR
    too_soon = ask("trick", plays=plays(["7H", "KD", "2H", "4C"], leader=1))
    yield "trick:seven-led-too-soon", too_soon["explanation"][0], FOUR
    unfinished = ask("trick", plays=plays(["7H", "KD"]), leader_has_won=True)
    yield "trick:unfinished", unfinished["explanation"][0], FOUR
    for name, data, naming in [
        ("muk", {"won": [5, 1], "first_five": 0}, FOUR),
        ("stroke", {"won": [7, 1], "first_five": 0}, FOUR),
        ("plain", {"won": [3, 5]}, FOUR),
        ("two-players", {"players": 2, "won": [5, 2]}, TWO),
    ]:
        answer = ask("hand", **data)
        for index, line in enumerate(answer["explanation"]):
            yield f"hand:{name}:{index}", line, naming
        yield f"hand:{name}:summary", answer["summary"], naming
    exchange = ask(
        "exchange",
        hands=[
            {"seat": 1, "cards": "2C 3S 4H 9C QD KS 7H 8C 8D"},
            {"seat": 3, "cards": "2S 3H 4D 9S QC KC 7C QS 3D"},
            {"seat": 0, "cards": "AS AD JC 6C 2D KD 4S QH 7S"},
        ],
        dealer=0,
    )
    for index, line in enumerate(exchange["explanation"]):
        yield f"exchange:several:{index}", line, FOUR
    undealt = ask(
        "exchange",
        hands=[
            {"seat": 1, "cards": "2C 3S 4H 9C QD KS 7H 8C 8D"},
            {"seat": 3, "cards": "2S 3H 4D 9S QC KC 7C QS 3D"},
        ],
    )
    yield "exchange:no-dealer", undealt["explanation"][-1], FOUR
    for reading in ("pagat", "seed_all_rubbish"):
        for cards in ("2C 3S 4H 9C QD KS 7H 8C 8D", "2C 3S 4H 9C QD KS 3H 3D 4D"):
            one = GAME.ask(
                "exchange", {"players": 2, "cards": cards, "options": {"fridufaer": reading}}
            )
            for index, line in enumerate(one["explanation"]):
                yield f"exchange:one:{reading}:{cards[-2:]}:{index}", line, TWO
    # The tally: summaries, the status as it goes and at the end, the notes.
    options = GAME.options({"two_beats_three": True, "target": 6})
    records = [{"won": [5, 2]}, {"won": [1, 5], "first_five": 1}, {"won": [3, 5]}]
    deals = [GAME.parse_deal(r, players=4, options=options) for r in records]
    for count in range(len(deals) + 1):
        tally = GAME.tally(deals[:count], players=4, options=options)
        yield f"tally:{count}:status", tally.status, FOUR
        for index, deal in enumerate(tally.deals):
            yield f"tally:{count}:summary:{index}", deal.summary, FOUR
    for index, note in enumerate(tally.notes):
        yield f"tally:note:{index}", note, FOUR
    two = GAME.tally(
        [GAME.parse_deal({"won": [5, 1], "first_five": 0}, players=2, options=options)],
        players=2,
        options=options,
    )
    yield "tally:two:status", two.status, TWO
    yield "tally:two:note", two.notes[-1], TWO


def refusals() -> Iterator[tuple[str, Message, Naming]]:
    """Refusals of real records and questions, with the seats they name."""
    options = GAME.options()

    def deal(data: dict[str, Any], players: int = 4) -> Callable[[], object]:
        return lambda: GAME.parse_deal(data, players=players, options=options)

    def tricks(*cards: list[str], dealer: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"tricks": [{"plays": p} for p in cards]}
        if dealer is not None:
            data["dealer"] = dealer
        return data

    cases: dict[str, Callable[[], object]] = {
        "seven-led-too-soon": deal(tricks(plays(["7H", "AS", "3D", "QC"], leader=1))),
        "first-lead-out-of-turn": deal(tricks(plays(["AS", "9C", "3D", "QC"], 2), dealer=0)),
        "played-out-of-turn": deal(
            tricks([{"seat": 0, "cards": "AS"}, {"seat": 2, "cards": "9C"}])
        ),
        "two-cards": deal(tricks([{"seat": 0, "cards": "AS AD"}])),
        "played-twice": lambda: check_hand(
            Hand(
                parse_tricks(
                    [{"plays": plays(["AS", "9C", "3D", "QC"])}, {"plays": plays(["AS", "2C"])}],
                    4,
                )
            ),
            Table(4),
        ),
        "same-card-in-one-trick": lambda: check_trick(
            parse_trick({"plays": plays(["AS", "AS", "3D", "QC"])}, 4)
        ),
        "unfinished-trick": deal(tricks(plays(["AS", "9C"]))),
        "hand-not-over": deal(tricks(plays(["AS", "9C", "3D", "QC"]))),
        "muk-not-over": deal(
            tricks(
                plays(["AS", "9C", "3D", "QC"]),
                plays(["JH", "2C", "4S", "3H"]),
                plays(["6D", "4D", "2S", "KC"]),
                plays(["8C", "QD", "9S", "KH"]),
                plays(["7H", "QS", "3C", "4H"]),
            )
        ),
        "too-many-tricks": deal({"won": [6, 4]}),
        "nobody-has-five": deal({"won": [4, 4]}),
        "a-muk-unsaid": deal({"won": [6, 0]}),
        "more-than-five-without-a-muk": deal({"won": [6, 2]}),
        "muk-by-the-other-side": deal({"won": [5, 1], "first_five": 1}),
        "muk-lost-twice": deal({"won": [5, 2], "first_five": 0}),
        "muk-unfinished": deal({"won": [6, 0], "first_five": 0}),
        "two-players-unfinished": deal({"won": [6, 0], "first_five": 0}, players=2),
        "three-players": lambda: GAME.check_players(3),
        "six-players": lambda: GAME.check_players(6),
        "target-too-high": lambda: GAME.options({"target": 100_000}),
        "target-absurd": lambda: GAME.options({"target": 10**40}),
        "not-a-house-rule": lambda: GAME.options({"jokers": True}),
        "a-choice-not-offered": lambda: GAME.options({"fridufaer": "mine"}),
        "two-ways": deal({"won": [5, 3], "tricks": []}),
        "won-not-two-numbers": deal({"won": [5, 3, 1]}),
        "listed-twice": lambda: GAME.ask(
            "exchange",
            {
                "players": 4,
                "hands": [
                    {"seat": 1, "cards": "2C 3S 4H 9C QD KS 7H 8C 8D"},
                    {"seat": 1, "cards": "2S 3H 4D 9S QC KC 7C QS 3D"},
                ],
            },
        ),
        "a-hand-short": lambda: GAME.ask("exchange", {"players": 4, "cards": "2C 3S"}),
        "unknown-question": lambda: GAME.ask("meld", {}),
        "unknown-key": lambda: GAME.ask("trick", {"players": 4, "plays": [], "colour": 1}),
        "players-missing": lambda: GAME.ask("hand", {"won": [5, 3]}),
    }
    for name, make in cases.items():
        yield f"refusal:{name}", refusal(make), FOUR


def descriptions() -> Iterator[tuple[str, Message, Naming]]:
    """What the pages show of Alkort: its questions, its house rules, its record's fields."""
    for name, question in GAME.questions().items():
        yield f"question:{name}:title", question.title, FOUR
    # The trick family says its own questions' summaries; Alkort's and the contract's are these.
    for name in ("exchange", "deal"):
        yield f"question:{name}:summary", GAME.questions()[name].summary, FOUR
    for info in GAME.describe_options():
        yield f"option:{info.name}:doc", info.doc, FOUR
        yield f"option:{info.name}:title", info.title, FOUR
        for value, label in info.labelled_choices():
            yield f"option:{info.name}:{value}", label, FOUR
    for players in (2, 4):
        record = GAME.record(GAME.options(), players)
        for field in record.fields:
            for part in ("label", "help", "none_label"):
                text = getattr(field, part, "")
                if text:
                    yield f"field:{players}:{field.key}:{part}", text, FOUR
        for way in record.ways:
            yield f"way:{players}:{way.key}", way.label, FOUR
    for line in GAME.dealing(4, GAME.options()).notes:
        yield "dealing", line, FOUR


ALL = [*explanations(), *refusals(), *descriptions()]


def words(text: str) -> set[str]:
    """The words of a sentence: a JSON key (``first_five``) is one word; a ruling id (``8a``,
    ``A-5``), a card (``7H``) and a Swedish ordinal's ending (``7:a``) are none."""
    text = re.sub(r"\(([^()]*)\)", lambda m: "(" + RULING.sub(" ", m.group(1)) + ")", text)
    return {
        w.lower()
        for w in re.findall(r"(?<![\w:-])[^\W\d]+(?:'[^\W\d]+)?(?![\w-])", text)
        if len(w) > 1 or w.lower() == "a"
    }


RULING = re.compile(r"\b(?:\d+[a-z]|[A-Z]+-\d+)\b")


def test_the_sentences_are_all_messages_and_many() -> None:
    assert len(ALL) > 150
    plain = [name for name, text, _ in ALL if not isinstance(text, Message)]
    assert plain == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "text", "naming"), ALL, ids=[name for name, _, _ in ALL])
def test_no_english_word_remains(name: str, text: Message, naming: Naming, language: str) -> None:
    english = render(text, "en", naming)
    said = render(text, language, naming)
    assert said != english or not words(english) - KEPT - QUOTED.get(name, set())
    left = (words(english) & words(said)) - KEPT - SAME[language] - QUOTED.get(name, set())
    assert not left, f"{said!r} keeps {sorted(left)}"


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
@pytest.mark.parametrize(("name", "text", "naming"), ALL, ids=[name for name, _, _ in ALL])
def test_names_replace_seats_and_the_data_renders_the_same(
    name: str, text: Message, naming: Naming, language: str
) -> None:
    said = render(text, language, naming)
    assert not words(said) & SEAT_WORDS, said
    back = from_data(as_data(text))
    assert render(back, language, naming) == said


def test_the_players_are_named_where_a_sentence_names_seats() -> None:
    answer = ask("trick", plays=plays(["QH", "4S", "3C", "7D"]))
    assert render(answer["explanation"][-1], "is", FOUR).startswith("Katla tekur slaginn: D♥")
    assert render(answer["explanation"][-1], "sv", FOUR).startswith("Katla tar sticket: D♥")
    assert render(answer["explanation"][-1], "da", FOUR).startswith("Katla tager stikket: D♥")


@pytest.mark.parametrize(
    ("won", "icelandic"),
    [
        pytest.param([5, 1], "Davíð: 1 slagur: ekkert (8a)", id="1-singular"),
        pytest.param([5, 2], "Davíð: 2 slagir: ekkert (8a)", id="2-plural"),
    ],
)
def test_icelandic_counts_tricks_in_its_own_plural(won: list[int], icelandic: str) -> None:
    naming = Naming(("Anna", "Davíð"), ((0,), (1,)))
    answer = GAME.ask("hand", {"players": 2, "won": won})
    assert render(answer["explanation"][1], "is", naming) == icelandic


def test_a_number_is_grouped_as_each_language_groups_it() -> None:
    message = refusal(lambda: GAME.options({"target": 100_000}))
    assert str(message) == "target must be between 1 and 1,000, not 100,000."
    assert render(message, "da").endswith("mellem 1 og 1.000, ikke 100.000.")
    assert render(message, "is").endswith("á milli 1 og 1.000, ekki 100.000.")
    assert render(message, "sv").endswith("mellan 1 och 1\u00a0000, inte 100\u00a0000.")


def test_the_house_rules_are_named_not_keyed() -> None:
    notes = GAME.tally(
        [], players=4, options=GAME.options({"two_beats_three": True, "target": 6})
    ).notes
    assert [render(note, "is") for note in notes[:2]] == [
        "húsregla Tvistur drepur þrist: á",
        "húsregla Markmið: 6",
    ]
    assert "two_beats_three" not in str(notes[0])


def test_the_shared_question_labels_are_translated() -> None:
    for label in LABELS.values():
        for language in LANGUAGES:
            assert render(label, language) != str(label)
