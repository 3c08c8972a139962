"""The engine's sentences as messages, and its catalogs: complete, consistent, and rendered right.

The catalogs are checked as code: every sentence the engine writes with :func:`msg` or
:func:`msg_n` has a translation in every language, nothing is fuzzy, each translation keeps the
source's places (``{seat}``) and the ruling ids it cites, and no catalog keeps a sentence the
engine no longer writes.
"""

from __future__ import annotations

import ast
import gettext
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from adjudicator import messages
from adjudicator.cards import Card
from adjudicator.messages import (
    LANGUAGES,
    LOCALE_DIR,
    Points,
    as_data,
    from_data,
    joined,
    listed,
    msg,
    msg_n,
    places,
    point_count,
    render,
)
from adjudicator.rule_notes import cited
from adjudicator.said import Naming, seat, seats, side

ENGINE = Path(messages.__file__).resolve().parent
KEYWORDS = {"msg": None, "msg_n": (1, 2)}
TRANSLATED = [language for language in LANGUAGES if language != messages.SOURCE]


def source_messages() -> dict[str, tuple[str, str | None]]:
    """Every message the engine writes, by id: (where, its plural)."""
    found: dict[str, tuple[str, str | None]] = {}
    for filename, lineno, text, _comments, _context in extract_from_dir(
        str(ENGINE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        singular, plural = (text, None) if isinstance(text, str) else (text[0], text[1])
        found.setdefault(singular, (f"{filename}:{lineno}", plural))
    return found


def catalog_entries(language: str) -> dict[str, list[tuple[str, object]]]:
    """Every translation in a language's part files, by id: (part file, translation)."""
    entries: dict[str, list[tuple[str, object]]] = {}
    for path in sorted((LOCALE_DIR / language).glob("*.po")):
        with path.open("rb") as file:
            for entry in read_po(file, locale=language):
                if not entry.id:
                    continue
                key = entry.id if isinstance(entry.id, str) else entry.id[0]
                fuzzy = entry.fuzzy
                entries.setdefault(key, []).append((path.name, (entry.string, fuzzy)))
    return entries


def test_every_message_is_written_with_a_literal_text() -> None:
    # An f-string or a variable as a message's id cannot be extracted or translated.
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in KEYWORDS
            ):
                texts = node.args[: 2 if node.func.id == "msg_n" else 1]
                if not texts or not all(
                    isinstance(t, ast.Constant) and isinstance(t.value, str) for t in texts
                ):
                    offenders.append(f"{path.relative_to(ENGINE)}:{node.lineno}")
    assert offenders == []


def test_the_source_has_messages_to_check() -> None:
    found = source_messages()
    assert "seat {number}" in found
    assert found["{count} point"][1] == "{count} points"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_the_same_everywhere_and_not_fuzzy(language: str) -> None:
    entries = catalog_entries(language)
    untranslated = []
    for text, (where, _plural) in source_messages().items():
        translations = entries.get(text, [])
        done = [
            t
            for _part, (t, fuzzy) in translations
            if not fuzzy and (all(t) if isinstance(t, tuple) else t)
        ]
        if not done:
            untranslated.append(f"{where}: {text!r}")
    assert untranslated == []
    # Two parts may both need a sentence; they must then say it the same way.
    differing = {
        text: [part for part, _ in found]
        for text, found in entries.items()
        if len({str(t) for _, (t, _fuzzy) in found}) > 1
    }
    assert differing == {}


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_catalog_keeps_a_sentence_the_engine_no_longer_writes(language: str) -> None:
    written = source_messages()
    kept = [text for text in catalog_entries(language) if text not in written]
    assert kept == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_places_and_the_rulings_cited(language: str) -> None:
    written = source_messages()
    wrong = []
    for text, found in catalog_entries(language).items():
        plural = written.get(text, ("", None))[1]
        source_places = places(text) | (places(plural) if plural else set())
        for part, (translation, _fuzzy) in found:
            forms = translation if isinstance(translation, tuple) else (translation,)
            for form in forms:
                if places(form) - source_places or (
                    len(forms) == 1 and places(form) != source_places
                ):
                    wrong.append(f"{part}: {text!r} -> {form!r} (places)")
                if cited(form) != cited(text):
                    wrong.append(f"{part}: {text!r} -> {form!r} (rulings cited)")
    assert wrong == []


@pytest.mark.parametrize(
    ("count", "english", "icelandic"),
    [
        (1, "1 point", "1 stig"),
        (2, "2 points", "2 stig"),
        (11, "11 points", "11 stig"),
        (21, "21 points", "21 stig"),
        (101, "101 points", "101 stig"),
    ],
)
def test_points_are_counted_in_each_languages_plural(
    count: int, english: str, icelandic: str
) -> None:
    assert render(point_count(count), "en") == english
    assert render(point_count(count), "is") == icelandic


def test_icelandic_takes_the_singular_for_21_and_31_but_not_11() -> None:
    # The catalog's plural rule is CLDR's (through Babel), not one of ours: form 0 is "one".
    translations = messages.catalog("is")
    assert isinstance(translations, gettext.GNUTranslations)
    forms = [translations.plural(n) for n in (1, 11, 21, 31, 111, 2, 0)]
    assert forms == [0, 1, 0, 0, 1, 1, 1]
    # A message's own plural picks by the same rule.
    one_of = msg_n("{count} point", "{count} points", 21)
    assert render(one_of, "is") == "21 stig"


def test_numbers_are_written_as_each_language_writes_them() -> None:
    line = msg("{seat} is rated {rating}, {count} games.", seat=seat(0), rating=25.5, count=1500)
    assert str(line) == "Seat 1 is rated 25.5, 1500 games."
    # A decimal comma in Swedish, Danish and Icelandic; a count of games is not grouped.
    assert render(line, "sv").endswith("25,5, 1500 games.")
    assert render(line, "is").endswith("25,5, 1500 games.")


def test_names_replace_seats_and_lists_join_in_the_language() -> None:
    naming = Naming(("Ann", "Ben", "Cy", "Di"), ((0, 2), (1, 3)))
    line = msg("{players} and {side} are level.", players=seats((0, 1, 2)), side=side(1))
    assert render(line, "en", naming) == "Ann, Ben and Cy and Ben and Di's side are level."
    assert render(msg("{players}", players=seats((0, 1, 2))), "sv", naming) == "Ann, Ben och Cy"
    assert render(msg("{players}", players=seats((0, 1))), "is") == "Sæti 1 og 2"


def test_a_seat_starting_a_sentence_is_capitalised_in_every_language() -> None:
    line = msg("{seat} went out.", seat=seat(1))
    assert str(line) == "Seat 2 went out."
    assert render(line, "da").startswith("Plads 2")


def test_cards_keep_the_notation_in_english_and_take_the_languages_letters_elsewhere() -> None:
    line = msg("{cards} is a meld.", cards=joined([Card.parse("QS"), Card.parse("JH")], " "))
    assert str(line) == "QS JH is a meld."
    assert render(line, "sv").startswith("D♠ Kn♥")
    assert render(line, "is").startswith("D♠ G♥")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_message_as_data_renders_back_to_the_same_text(language: str) -> None:
    naming = Naming(("Ann", "Ben", "Cy"))
    line = msg(
        "{seat} pays {others} {points}: {why}",
        seat=seat(0),
        others=listed([seat(1), side(0)]),
        points=Points(Fraction(7, 2), signed=True),
        why=msg_n("{count} point", "{count} points", 3),
    )
    back = from_data(as_data(line))
    assert render(back, language, naming) == render(line, language, naming)
    assert as_data(back) == as_data(line)


def test_a_message_refuses_places_without_values_and_values_without_places() -> None:
    with pytest.raises(ValueError, match="lack values"):
        msg("{seat} went out.")
    with pytest.raises(ValueError, match="unused"):
        msg("went out.", seat=seat(0))
