"""Every ruling id a game cites (a house rule's, a deal's, or one in any answer's working)
has a note saying what it rules, for the page to show when it is tapped."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from adjudicator.errors import AdjudicationError
from adjudicator.game import Game
from adjudicator.games import all_games
from adjudicator.rule_notes import NOTES, RULE_ID, cited


def _strings(value: Any) -> Iterator[tuple[str | None, str]]:
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, str):
                yield k, v
            else:
                yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v) if not isinstance(v, str) else iter([(None, v)])


def cited_by(game: Game[Any, Any]) -> set[str]:
    """The ids a game cites: its house rules', its deal's, and its questions' answers' (a
    ``rule`` field, or in brackets in a line), over every table size."""
    ids = {info.rule for info in game.describe_options() if info.rule}
    for players in game.table_sizes():
        options = game.options({})
        ids.add(game.dealing(players, options).rule)
        for name, question in game.questions().items():
            assert question.asks is not None
            data = {**question.asks.example(players, options), "players": players}
            try:
                answer = game.ask(name, data)
            except AdjudicationError:
                continue
            for key, text in _strings(answer):
                if key == "rule" and RULE_ID.fullmatch(text):
                    ids.add(text)
                ids.update(cited(text))
    return ids


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_every_ruling_a_game_cites_has_a_note(game: Game[Any, Any]) -> None:
    ids = cited_by(game)
    assert ids, "a game cites at least its deal's ruling"
    assert sorted(i for i in ids if i not in NOTES) == []


def test_the_notes_are_short_lines() -> None:
    for rule_id, note in NOTES.items():
        assert RULE_ID.fullmatch(rule_id), rule_id
        assert 10 < len(note) <= 240 and note.endswith("."), rule_id


def test_an_id_in_brackets_is_cited_and_a_card_is_not() -> None:
    assert cited("the KH wins (7a); take the stock (A-3, A-7)") == ("7a", "A-3", "A-7")
    assert cited("plays 4C (the club)") == ()
