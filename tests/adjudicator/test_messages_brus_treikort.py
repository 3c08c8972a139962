"""Brus and Treikort in Swedish, Danish and Icelandic: real answers of the engine rendered in
each language with the players' names, with no English left, no seat where a name goes, and
the same text back from their data.

The English a translation must not keep is every word of the two games' source sentences that
no translation of them uses ("trick", "played", "side"); a sentence left untranslated shows at
once. The sentences come from the engine's own functions on real hands: sample hands played by
the rules, tallied and asked about, and records that break a rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from adjudicator.errors import AdjudicationError
from adjudicator.games import get_game
from adjudicator.messages import LOCALE_DIR, Message, as_data, from_data, render
from adjudicator.options import describe_options
from adjudicator.said import Naming
from adjudicator.tricks.brus import Brus, Table
from adjudicator.tricks.brus import Options as BrusOptions
from adjudicator.tricks.plays import parse_tricks
from adjudicator.tricks.treikort import Hand, Treikort, check_hand, pope_after, pope_status
from adjudicator.tricks.treikort import Options as TreikortOptions

LANGUAGES = ("sv", "da", "is")
PARTS = ("brus", "treikort")
FOUR = Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3)))
SIX = Naming(("Ann", "Ben", "Cy", "Di", "Ed", "Flo"), ((0, 2, 4), (1, 3, 5)))
THREE = Naming(("Ann", "Ben", "Cy"))
NAMES = {"Ann", "Ben", "Cy", "Di", "Ed", "Flo"}
# Words the same in every language: the games' names, their own terms (Jan, the matadors),
# the record's field keys a refusal quotes, the notation.
KEPT = {"Brus", "Treikort", "Jan", "Spit", "Dull", "won", "games", "number", "players", "pagat"}
WORD = re.compile(r"[^\W\d_]{3,}")
PLACE = re.compile(r"\{\w+\}")
# A seat or side said by its number although the players are known.
NUMBERED = re.compile(
    r"\b(?:[Ss]eats?|[Pp]lats(?:erna)?|[Pp]lads(?:erne)?|[Ss]æti|[Ss]ide|[Ll]ag|[Ll]ið) \d"
)

BRUS = get_game("brus")
TREIKORT = get_game("treikort")
assert isinstance(BRUS, Brus) and isinstance(TREIKORT, Treikort)


def _texts(language: str) -> Iterator[str]:
    for part in PARTS:
        with (LOCALE_DIR / language / f"{part}.po").open("rb") as file:
            for entry in read_po(file, locale=language):
                if entry.id:
                    yield from (
                        entry.string if isinstance(entry.string, tuple) else (entry.string,)
                    )


@cache
def english_only(language: str) -> frozenset[str]:
    """The words of the two games' English sentences that no translation in ``language``
    uses."""
    source: set[str] = set()
    with (LOCALE_DIR / "sv" / "brus.po").open("rb") as file:
        ids = [entry.id for entry in read_po(file, locale="sv") if entry.id]
    with (LOCALE_DIR / "sv" / "treikort.po").open("rb") as file:
        ids += [entry.id for entry in read_po(file, locale="sv") if entry.id]
    for text in ids:
        for form in text if isinstance(text, tuple) else (text,):
            source |= set(WORD.findall(PLACE.sub(" ", form)))
    translated = {word for text in _texts(language) for word in WORD.findall(text)}
    return frozenset(source - translated - KEPT - NAMES)


def refused(action: Callable[[], Any]) -> Message:
    with pytest.raises(AdjudicationError) as caught:
        action()
    message = caught.value.message
    assert isinstance(message, Message), message
    return message


def brus_sentences() -> list[tuple[Message, Naming]]:
    """Brus's sentences from its own functions: tallies of sample hands at four and six,
    its three questions, its refusals, its house rules and its record."""
    found: list[tuple[Message, Naming]] = []
    for players, naming in ((4, FOUR), (6, SIX)):
        options = BRUS.options()
        deals = [
            BRUS.parse_deal(
                BRUS.sample_deal(players=players, options=options, number=n),
                players=players,
                options=options,
            )
            for n in range(1, 13)
        ]
        for count in (0, 3, 12):
            tally = BRUS.tally(deals[:count], players=players, options=options)
            found += [(tally.status, naming), *((note, naming) for note in tally.notes)]
        for deal in tally.deals:
            found.append((deal.summary, naming))
            found += [(line, naming) for result in deal.results for line in result.explanation]
        sample = BRUS.sample_deal(players=players, options=options, number=1)
        for trick in sample["tricks"]:
            answer = BRUS.ask("trick", {"players": players, "plays": trick["plays"]})
            found += [(line, naming) for line in answer["explanation"]]
        hand = BRUS.ask("hand", {"players": players, **sample})
        found += [(hand["summary"], naming), *((line, naming) for line in hand["explanation"])]
        so_far = BRUS.ask("tricks", {"players": players, "tricks": sample["tricks"]})
        found += [
            (verdict["reason"], naming) for verdict in so_far["tricks"] if "reason" in verdict
        ]

    def hand(*tricks: list[str], **more: Any) -> Callable[[], Any]:
        plays = [
            {"plays": [{"seat": (lead + i) % 4, "cards": c} for i, c in enumerate(cards)]}
            for lead, *cards in tricks
        ]
        return lambda: BRUS.parse_deal({"tricks": plays, **more}, players=4, options=BRUS.options())

    found += [
        (refused(action), FOUR)
        for action in (
            hand([0, "KC"]),
            hand([0, "8H"]),
            hand([0, "QS"]),
            hand([2, "9C", "6D"]),
            hand([0, "9C", "AC AS"]),
            hand([0, "9C", "", "", ""], [3, "7C"]),
            hand([0, "9C", "", "", ""], dealer=0),
            hand([0, "", "9C"]),
            hand([0, "9C", "", "", ""]),
            lambda: BRUS.parse_deal({"won": [5, 5]}, players=4, options=BRUS.options()),
            lambda: BRUS.parse_deal({"won": [6, 6]}, players=4, options=BRUS.options()),
            lambda: BRUS.parse_deal({"won": [1, 1]}, players=4, options=BRUS.options()),
            lambda: Table.for_players(5),
        )
    ]
    found += [(info.doc, FOUR) for info in describe_options(BrusOptions)]
    for field in BRUS.record(BRUS.options(), 4).fields:
        found += [(text, FOUR) for text in (field.label, getattr(field, "help", "")) if text]
    return [(text, naming) for text, naming in found if isinstance(text, Message)]


def treikort_sentences() -> list[tuple[Message, Naming]]:
    """Treikort's sentences from its own functions: a tally of sample hands and its Pope, its
    four questions, its refusals, its house rules and its record."""
    options = TREIKORT.options()
    found: list[tuple[Message, Naming]] = []
    deals = [
        TREIKORT.parse_deal(
            TREIKORT.sample_deal(players=3, options=options, number=n), players=3, options=options
        )
        for n in range(1, 7)
    ]
    tally = TREIKORT.tally(deals, players=3, options=options)
    found.append((pope_status(tally, options).reason, THREE))
    found += [(note, THREE) for note in tally.notes]
    for deal in tally.deals:
        found.append((deal.summary, THREE))
        found += [(line, THREE) for result in deal.results for line in result.explanation]
    # Every change of the Pope, step by step (T-4, T-5), both readings of the house rule.
    for holds in ("most_tricks", "while_thirteen"):
        rule = TreikortOptions(pope_holds=holds)
        for history in (
            [(9, 0, 0), (4, 5, 0), (0, 9, 0), (0, 0, 9), (5, 4, 0), (4, 5, 0), (4, 4, 1)],
            [(5, 4, 0), (4, 5, 0), (4, 4, 1), (9, 0, 0), (0, 9, 0), (0, 0, 9), (0, 0, 9)],
        ):
            status = pope_after(history, rule)
            found += [(step.said, THREE) for step in status.steps]
    found.append((pope_after([], options).reason, THREE))
    found.append((pope_after([(9, 0, 0)], TreikortOptions(pope=False)).reason, THREE))
    sample = TREIKORT.sample_deal(players=3, options=options, number=1)
    for number, trick in enumerate(sample["tricks"], start=1):
        for shown in (number, None):
            body = {"plays": trick["plays"], **({"number": shown} if shown else {})}
            answer = TREIKORT.ask("trick", body)
            found += [(line, THREE) for line in answer["explanation"]]
    hand = TREIKORT.ask("hand", sample)
    found += [(hand["summary"], THREE), *((line, THREE) for line in hand["explanation"])]
    so_far = TREIKORT.ask("tricks", {"tricks": sample["tricks"]})
    found += [(verdict["reason"], THREE) for verdict in so_far["tricks"] if "reason" in verdict]
    pope = TREIKORT.ask("pope", {"games": [[5, 4, 0], [6, 2, 1], [3, 3, 3], [0, 4, 5]]})
    found += [(line, THREE) for line in pope["explanation"]]
    found.append((pope["reminder"], THREE))

    def hand_of(*plays: tuple[int, str], dealer: int | None = None) -> Callable[[], Any]:
        # The rules' own check, past the record's shape (one card a play).
        tricks = parse_tricks([{"plays": [{"seat": s, "cards": c} for s, c in plays]}], 3)
        return lambda: check_hand(Hand(tricks, dealer))

    found += [
        (refused(action), THREE)
        for action in (
            hand_of((0, "7S"), (1, "AS"), (2, "AH")),
            hand_of((0, "AS AH"), (1, "AD"), (2, "AC")),
            hand_of((0, "AS"), (2, "AH"), (1, "AD")),
            hand_of((1, "AS"), (2, "AH"), (0, "AD"), dealer=2),
            hand_of((0, "AS"), (1, "AS"), (2, "AD")),
            hand_of((0, "AS"), (1, "AH"), (2, "AD")),
            hand_of((0, "AS"), (1, "")),
            lambda: TREIKORT.parse_deal({"won": [5, 5, 0]}, players=3, options=options),
            lambda: TREIKORT.ask("pope", {"games": [[5, 5, 0]]}),
            lambda: TREIKORT.ask("trick", {"players": 3, "number": 12, "plays": []}),
        )
    ]
    found += [(info.doc, THREE) for info in describe_options(TreikortOptions)]
    found += [(label, THREE) for info in describe_options(TreikortOptions) for label in info.labels]
    for field in TREIKORT.record(options, 3).fields:
        found += [(text, THREE) for text in (field.label, getattr(field, "help", "")) if text]
    return [(text, naming) for text, naming in found if isinstance(text, Message)]


SENTENCES = {"brus": brus_sentences(), "treikort": treikort_sentences()}


@pytest.mark.parametrize("part", PARTS)
def test_the_games_say_enough_to_check(part: str) -> None:
    # Enough different sentences that a missed one would show.
    assert len({text.id for text, _ in SENTENCES[part]}) >= 40


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("part", PARTS)
def test_no_english_word_is_left_and_names_replace_seats(part: str, language: str) -> None:
    english = english_only(language)
    left, numbered = [], []
    for text, naming in SENTENCES[part]:
        shown = render(text, language, naming)
        if set(WORD.findall(shown)) & english:
            left.append((shown, sorted(set(WORD.findall(shown)) & english)))
        if NUMBERED.search(shown):
            numbered.append(shown)
    assert left == []
    assert numbered == []


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
@pytest.mark.parametrize("part", PARTS)
def test_every_sentence_renders_the_same_from_its_data(part: str, language: str) -> None:
    for text, naming in SENTENCES[part]:
        back = from_data(as_data(text))
        assert render(back, language, naming) == render(text, language, naming)


def test_the_english_is_still_what_it_was_unnamed() -> None:
    # A message is its English as a str, seats called "seat 3": the API's default.
    status = BRUS.tally([], players=4, options=BRUS.options()).status
    assert str(status) == "No hands yet; 12 to play, highest total wins."
    assert render(status, "en", FOUR) == str(status)


# --- Sides and ties said as a person would (the six-handed Brus) ----------------------


def six_handed(*won: tuple[int, int], hands: int = 12) -> Any:
    options = BRUS.options({"hands": hands})
    deals = [BRUS.parse_deal({"won": list(w)}, players=6, options=options) for w in won]
    return BRUS.tally(deals, players=6, options=options)


@pytest.mark.parametrize(
    ("language", "leading", "level"),
    [
        (
            "en",
            "After hand 3 of 12: Ann, Cy and Ed lead Ben, Di and Flo on 3.",
            "After hand 2 of 12: the two sides are level on 1.",
        ),
        (
            "sv",
            "Efter giv 3 av 12: Ann, Cy och Ed leder över Ben, Di och Flo med 3.",
            "Efter giv 2 av 12: lagen står lika på 1.",
        ),
        (
            "da",
            "Efter giv 3 af 12: Ann, Cy og Ed fører over Ben, Di og Flo med 3.",
            "Efter giv 2 af 12: de to sider står lige på 1.",
        ),
        (
            "is",
            "Eftir gjöf 3 af 12: Ann, Cy og Ed leiða gegn Ben, Di og Flo með 3.",
            "Eftir gjöf 2 af 12: liðin eru jöfn með 1.",
        ),
    ],
)
def test_six_handed_brus_says_side_against_side_and_a_tie_as_level(
    language: str, leading: str, level: str
) -> None:
    assert render(six_handed((6, 1), (1, 6), (6, 0)).status, language, SIX) == leading
    assert render(six_handed((6, 1), (1, 6)).status, language, SIX) == level


def test_a_shared_brus_win_is_said_as_level_not_as_six_winners() -> None:
    over = six_handed((6, 1), (1, 6), hands=2)
    assert over.finished and over.winners == (0, 1)
    assert render(over.status, "en", SIX) == (
        "Game over: the two sides are level on 1 and share the win."
    )
    assert (
        render(over.status, "is", SIX)
        == "Leiknum er lokið: liðin eru jöfn með 1 og deila sigrinum."
    )


def test_one_side_ahead_is_named_by_its_players_without_names_too() -> None:
    status = six_handed((1, 6)).status
    assert str(status) == "After hand 1 of 12: Seats 2, 4 and 6 lead seats 1, 3 and 5 on 1."
    assert render(status, "sv") == (
        "Efter giv 1 av 12: Platserna 2, 4 och 6 leder över platserna 1, 3 och 5 med 1."
    )


# --- Each language's own words, plurals and cards ----------------------------------------------


def test_the_matadors_keep_their_names_and_the_cards_their_languages_letters() -> None:
    trick = {
        "plays": [
            {"seat": 0, "cards": "KH"},
            {"seat": 1, "cards": "JC"},
            {"seat": 2, "cards": ""},
            {"seat": 3, "cards": ""},
        ]
    }
    answer = BRUS.ask("trick", {"players": 4, **trick})
    reason = answer["reason"]
    assert str(reason) == "the JC (Spit) is the highest card played (6a)"
    assert render(reason, "sv", FOUR) == "Kn♣ (Spit) är det högsta kortet som spelades (6a)"
    assert render(answer["explanation"][0], "sv", FOUR) == "Ann spelar ut K♥ (Bräus)"
    assert render(answer["explanation"][0], "is", FOUR) == "Ann spilar út K♥ (Brus)"


@pytest.mark.parametrize(
    ("won", "icelandic"),
    [
        ((1, 8, 0), "Ann: 1 slagur"),
        ((2, 7, 0), "Ann: 2 slagir"),
    ],
)
def test_icelandic_counts_tricks_in_its_own_plural(won: tuple[int, ...], icelandic: str) -> None:
    hand = TREIKORT.ask("hand", {"won": list(won)})
    assert render(hand["explanation"][0], "is", THREE) == icelandic


def test_treikort_says_the_pope_in_its_icelandic_words() -> None:
    status = pope_after([(5, 4, 0), (6, 2, 1), (3, 3, 3)])
    assert render(status.reason, "is", THREE) == (
        "Ann er páfi: 14 slagir í gjöfum 1 til 3, 13 eða fleiri (9a, T-4)."
    )
    trick = {
        "plays": [
            {"seat": 0, "cards": "7H"},
            {"seat": 1, "cards": "QC"},
            {"seat": 2, "cards": "AS"},
        ]
    }
    answer = TREIKORT.ask("trick", trick)
    assert render(answer["condition"], "is", THREE) == (
        "Ann má aðeins spila út bísefa eftir að hafa fengið slag í þessari gjöf, svo aldrei í "
        "fyrsta slag (9a)."
    )
