"""The language being spoken now, and the engine's sentences said in it.

Every sentence the engine writes is a message (``adjudicator.messages``); this is the edge
where it becomes text: in the language Django has active for the request (or the night's
table language, inside :func:`at_table`), with the players' names.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.utils import translation

from adjudicator.messages import LANGUAGES as ENGINE_LANGUAGES
from adjudicator.messages import SOURCE, Message, as_data, list_of, render
from adjudicator.said import DEFAULT, Naming, Said

if TYPE_CHECKING:
    from scorekeeper.models import Night


def codes() -> tuple[str, ...]:
    """The language codes the app offers, as Django names them (``en-gb``, ``sv``, ``da``, ``is``)."""
    return tuple(code for code, _ in settings.LANGUAGES)


def engine_language(code: str | None = None) -> str:
    """The engine's name for a language Django names ``code`` (the active one by default):
    ``en-gb`` is the engine's English, ``sv`` its Swedish."""
    code = (code or translation.get_language() or settings.LANGUAGE_CODE).lower()
    base = code.split("-")[0]
    return base if base in ENGINE_LANGUAGES else SOURCE


def say(text: str, naming: Naming = DEFAULT) -> str:
    """A sentence of the engine's in the language spoken now, seats called as ``naming`` says."""
    return render(text, engine_language(), naming)


def names_said(names: Sequence[str]) -> str:
    """Names as a list in the language spoken now: "Ann, Ben and Cy", "Ann, Ben och Cy"."""
    return list_of(list(names), engine_language())


def speak_json(value: Any, naming: Naming = DEFAULT) -> Any:
    """An answer as JSON with every sentence in it said in the language spoken now, seats
    called as ``naming`` says (by number where no players are known)."""
    if isinstance(value, Message | Said):
        return say(value, naming)
    if isinstance(value, dict):
        return {key: speak_json(item, naming) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [speak_json(item, naming) for item in value]
    return value


def sentences_of(value: Any, at: str = "") -> dict[str, Any]:
    """Every sentence in an answer as data (``{"id", "args"}``), keyed by where it stands in the
    answer as a JSON Pointer (``/explanation/0``), for an integrator to say in a language we
    don't ship.

    >>> from adjudicator.messages import msg
    >>> sentences_of({"rule": msg("{count} points", count=3), "points": [3], "seat": "Ann"})
    {'/rule': {'id': '{count} points', 'args': {'count': 3}}}
    """
    if isinstance(value, Message | Said):
        return {at: as_data(value)}
    found: dict[str, Any] = {}
    if isinstance(value, dict):
        for key, item in value.items():
            found |= sentences_of(item, f"{at}/{str(key).replace('~', '~0').replace('/', '~1')}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found |= sentences_of(item, f"{at}/{index}")
    return found


@contextmanager
def at_table(night: Night) -> Iterator[None]:
    """Speak the night's table language, where it has one (its shared board, big screen and
    share card), whatever the phone's own."""
    if night.language:
        with translation.override(night.language):
            yield
    else:
        yield
