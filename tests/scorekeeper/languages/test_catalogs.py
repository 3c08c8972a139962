"""The pages' catalogs (locale/<sv|da|is>/LC_MESSAGES/django.po and djangojs.po), checked as
code: every entry translated in every language, none fuzzy, each translation with the same
placeholders as its source, and the catalogs up to date with the templates, the Python and the
scripts (a sentence added without a catalog entry fails here, not on a Swedish phone)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from contextlib import chdir
from gettext import c2py  # type: ignore[attr-defined]
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale"
LANGUAGES = ("sv", "da", "is")
DOMAINS = ("django", "djangojs")
# What makemessages leaves out: tools, tests, the engine (its own catalogs, adjudicator/locale)
# and the catalogs themselves. `./dev messages` runs the same command.
IGNORED = [
    "node_modules",
    ".venv",
    "static/vendor",
    "staticfiles",
    "test-results",
    "tests",
    "clients",
    "bench",
    "adjudicator",
    "locale",
]
# %(name)s, %(name)d, %s, and {name}; a doubled %% is a literal percent sign.
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%[sd]|\{[a-z_]+\}")


def catalog(language: str, domain: str, root: Path = LOCALE) -> Catalog:
    with (root / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f, locale=language)


def entries(language: str, domain: str) -> Iterator[Message]:
    return (m for m in catalog(language, domain) if m.id)


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text.replace("%%", "")))


def key(message: Message) -> tuple[str | None, object]:
    return (message.context, message.id)


CASES = [(language, domain) for language in LANGUAGES for domain in DOMAINS]


@pytest.mark.parametrize(("language", "domain"), CASES)
def test_every_entry_is_translated_and_none_is_fuzzy(language: str, domain: str) -> None:
    untranslated = [
        m.id
        for m in entries(language, domain)
        if not (all(m.string) if isinstance(m.string, tuple) else m.string)
    ]
    fuzzy = [m.id for m in entries(language, domain) if m.fuzzy]
    assert not untranslated, f"{language}/{domain}: not translated: {untranslated}"
    assert not fuzzy, f"{language}/{domain}: fuzzy: {fuzzy}"


@pytest.mark.parametrize(("language", "domain"), CASES)
def test_each_translation_has_its_sources_placeholders(language: str, domain: str) -> None:
    wrong = []
    for m in entries(language, domain):
        if isinstance(m.id, tuple):
            singular, plural = m.id
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            # A language's "one" form may say the count as a word ("one"), never a name that
            # is not in the source; every other form has the plural's placeholders exactly.
            allowed = set(placeholders(singular)) | set(placeholders(plural))
            for n, said in enumerate(strings):
                found = placeholders(said)
                if not set(found) <= allowed or (n > 0 and found != placeholders(plural)):
                    wrong.append((m.id, said))
        elif placeholders(m.string) != placeholders(m.id):
            wrong.append((m.id, m.string))
    assert not wrong, f"{language}/{domain}: placeholders differ from the source: {wrong}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plural_rule_is_the_languages_own(language: str) -> None:
    """Icelandic says 21 and 31 in the singular (CLDR's rule, as Babel knows it)."""
    rule = c2py(
        catalog(language, "django").plural_expr
    )  # the header's C expression, as gettext reads it
    forms = {n: rule(n) for n in (1, 2, 11, 21, 101)}
    if language == "is":
        assert forms == {1: 0, 2: 1, 11: 1, 21: 0, 101: 0}
    else:
        assert forms == {1: 0, 2: 1, 11: 1, 21: 1, 101: 1}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The catalogs as makemessages makes them now, from the code as it is, in a copy of the
    project: makemessages writes to the ``locale`` folder beside the files it reads, so it runs
    in the copy, and the committed catalogs are left alone."""
    copy = tmp_path_factory.mktemp("project")
    for folder in ("scorekeeper", "templates", "static"):
        shutil.copytree(
            ROOT / folder,
            copy / folder,
            ignore=shutil.ignore_patterns("__pycache__", "vendor", "*.png", "*.svg"),
        )
    shutil.copytree(LOCALE, copy / "locale", ignore=shutil.ignore_patterns("*.mo", "translations"))
    with override_settings(LOCALE_PATHS=[copy / "locale"]), chdir(copy):
        for domain in DOMAINS:
            call_command(
                "makemessages",
                locale=list(LANGUAGES),
                domain=domain,
                ignore_patterns=IGNORED,
                add_location="file",
                verbosity=0,
            )
    return copy / "locale"


@pytest.mark.parametrize(("language", "domain"), CASES)
def test_the_catalogs_are_up_to_date_with_the_code(
    extracted: Path, language: str, domain: str
) -> None:
    committed = {key(m) for m in entries(language, domain)}
    current = {key(m) for m in catalog(language, domain, extracted) if m.id}
    assert not current - committed, (
        f"{language}/{domain}: sentences with no catalog entry (run ./dev messages, translate "
        f"them; see docs/languages.md): {sorted(map(str, current - committed))}"
    )
    assert not committed - current, (
        f"{language}/{domain}: entries no code uses any more (run ./dev messages): "
        f"{sorted(map(str, committed - current))}"
    )
