"""Write the translations of pages.py and scripts.py into locale/<sv|da|is>/LC_MESSAGES/*.po.

Run after ``manage.py makemessages``: each entry found in the tables is filled in (and its
fuzzy flag dropped); the headers are set. An entry missing from the tables stays empty, and
tests/scorekeeper/languages/test_catalogs.py says which. Translators may equally edit the .po
files by hand; then keep these tables in step, or stop using this script.

    .venv/bin/python locale/translations/fill.py
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from pages import DJANGO  # noqa: E402
from scripts import DJANGOJS  # noqa: E402

LANGUAGES = {"sv": (0, "Swedish"), "da": (1, "Danish"), "is": (2, "Icelandic")}


def fill(domain: str, table: dict[object, tuple[object, ...]]) -> None:
    for code, (column, name) in LANGUAGES.items():
        path = HERE.parent / code / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as f:
            catalog = read_po(f, locale=code)
        catalog.locale = code  # the header's "Language", which makemessages leaves empty
        catalog.revision_date = datetime.now(UTC)
        catalog.header_comment = (
            f"# Scorekeeper's pages in {name}.\n"
            "# Made by manage.py makemessages; translated in locale/translations (see the README)."
        )
        catalog.project = "Scorekeeper"
        catalog.version = "1"
        catalog.language_team = f"{name} <https://github.com/scorekeeper>"
        catalog.last_translator = "Scorekeeper <https://github.com/scorekeeper>"
        catalog.fuzzy = False
        for message in catalog:
            if not message.id:
                continue
            singular = message.id[0] if isinstance(message.id, tuple) else message.id
            key = (message.context, singular) if message.context else singular
            if key not in table:
                continue
            said = table[key][column]
            message.string = tuple(said) if isinstance(said, list) else said
            message.flags.discard("fuzzy")
        with path.open("wb") as f:
            write_po(f, catalog, width=79, include_previous=False)


fill("django", DJANGO)
fill("djangojs", DJANGOJS)
