"""What each game's object in an answer is: the ``object`` and ``game`` the schema's unions are
told apart by (:mod:`scorekeeper.api.game_schemas`), put into what the API answers and taken
out of what it is sent.

A deal, a question's body and an answer carry ``object``, the name of their component; house
rules and a deal's figures carry ``game``. The ledger keeps neither: they say what an object is,
which its game, table and house rules already fix, so they are worked out as each answer is
written. A body sent may give them (a client sending back what it read) or leave them out; one
that gives another game's or another body's is refused, naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from adjudicator.errors import AdjudicationError
from adjudicator.games import get_game
from adjudicator.records import json_schema, openapi_schema
from scorekeeper.api.game_schemas import (
    GAME,
    SHAPE,
    answer_shapes,
    ask_bodies,
    ask_schema,
    camel,
    deal_bodies,
    deal_component,
    ref,
    way_variants,
)
from scorekeeper.exceptions import InvalidInput

__all__ = [
    "GAME",
    "SHAPE",
    "answer_shaped",
    "deal_shaped",
    "question_shaped",
    "sent_deal",
    "sent_options",
    "sent_question",
    "with_game",
]


@lru_cache(maxsize=512)
def deal_names(slug: str, options: Any, players: int) -> dict[str, str]:
    """Each way's deal component at this table (``""`` for a game without ways)."""
    game = get_game(slug)
    record = game.record(options, players)
    schema = openapi_schema(json_schema(record, players, null_for_other_ways=False))
    index = deal_bodies()[slug].index
    return {
        way: index[way, repr(variant)]
        for way, variant in way_variants(schema, record.ways)
        if (way, repr(variant)) in index
    }


@lru_cache(maxsize=512)
def question_names(slug: str, question: str, options: Any, players: int) -> dict[str, str]:
    game = get_game(slug)
    asked = game.questions()[question]
    assert asked.asks is not None  # a question with a body (ask_bodies)
    schema = ask_schema(game, asked, players, options)
    index = ask_bodies()[slug, question].index
    return {
        way: index[way, repr(variant)]
        for way, variant in way_variants(schema, asked.asks.ways(players, options))
        if (way, repr(variant)) in index
    }


def _way_key(ways: Any, data: Mapping[str, Any]) -> str:
    """The way ``data`` was given, as the components name it (``""`` without ways)."""
    given = [w for w in ways if any(data.get(k) is not None for k in w.fields)]
    return camel(given[0].key) if len(given) == 1 else ""


def deal_shape(slug: str, options: Any, players: int, deal: Mapping[str, Any]) -> str | None:
    """The component of a deal of ``slug`` at ``players`` under ``options`` (the parsed house
    rules); ``None`` for a deal no component describes (kept from before its game changed)."""
    try:
        record = get_game(slug).record(options, players)
        return deal_names(slug, options, players).get(_way_key(record.ways, deal))
    except (AdjudicationError, KeyError, ValueError):
        return None


def deal_shaped(slug: str, options: Any, players: int, deal: Mapping[str, Any]) -> dict[str, Any]:
    """``deal`` with its ``object`` first."""
    shape = deal_shape(slug, options, players, deal)
    return {SHAPE: shape, **deal} if shape else dict(deal)


def question_shaped(
    slug: str, question: str, options: Any, players: int | None, data: Mapping[str, Any]
) -> dict[str, Any]:
    """A question's input with its ``object`` (and its house rules' ``game``), as POST
    /adjudicate/ takes it: with the table size where the question takes one (a ruling keeps it
    beside the input)."""
    out = dict(data)
    if isinstance(out.get("options"), Mapping):
        out["options"] = with_game(slug, out["options"])
    try:
        game = get_game(slug)
        asked = game.questions()[question].asks
        size = out.get("players") or players or game.max_players
        if asked is not None and asked.players and players and "players" not in out:
            out["players"] = players
        names = question_names(slug, question, options, size)
        shape = names.get(_way_key(asked.ways(size, options), data)) if asked else None
    except (AdjudicationError, KeyError, ValueError, AssertionError, TypeError):
        shape = None
    return {SHAPE: shape, **out} if shape else out


def answer_shaped(
    slug: str, question: str, options: Any, players: int | None, answer: Mapping[str, Any]
) -> dict[str, Any]:
    """A question's answer with its ``object``, and the deal it echoes with the deal's."""
    shapes = answer_shapes().get((slug, question), {})
    shape = next(
        (
            name
            for name, schema in shapes.items()
            if set(schema.get("required", ())) - {SHAPE, "said"} <= answer.keys()
            and answer.keys() <= schema["properties"].keys()
        ),
        None,
    )
    out = dict(answer)
    size = answer.get("players") or players
    echoed = ref(deal_component(slug))
    for key, part in shapes.get(shape, {}).get("properties", {}).items() if shape else ():
        if part == echoed and isinstance(out.get(key), Mapping) and isinstance(size, int):
            out[key] = deal_shaped(slug, options, size, out[key])  # the deal it was asked of
    return {SHAPE: shape, **out} if shape else out


def entry_data_shaped(
    slug: str, options: Any, players: int, kind: str, data: Mapping[str, Any]
) -> dict[str, Any]:
    """A ledger entry's data with what each of its game's objects is: a record's or an
    amend's deal its ``object``; a dispute's question, answer and house rules theirs."""
    if kind in ("record", "amend"):
        return deal_shaped(slug, options, players, data)
    if kind == "dispute":
        return dispute_shaped(slug, data)
    return dict(data)


def dispute_shaped(slug: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """A dispute's data: its input, answer and house rules each with what it is."""
    out = dict(data)
    question, players = data.get("question"), data.get("players")
    if not isinstance(question, str):
        return out
    try:
        options = get_game(slug).options(data.get("options") or {})
    except AdjudicationError:
        return out
    if isinstance(data.get("input"), Mapping):
        out["input"] = question_shaped(slug, question, options, players, data["input"])
    if isinstance(data.get("answer"), Mapping):
        out["answer"] = answer_shaped(slug, question, options, players, data["answer"])
    if isinstance(data.get("options"), Mapping):
        out["options"] = with_game(slug, data["options"])
    return out


def export_shaped(document: Mapping[str, Any]) -> dict[str, Any]:
    """An export (:func:`scorekeeper.transfer.exporting.export_document`) with what each
    object in it is, as the API answers them; an import reads it with or without
    (:func:`scorekeeper.transfer.export_format.plain`)."""
    out = dict(document)
    out["nights"] = [_night_shaped(night) for night in document.get("nights", ())]
    return out


def _night_shaped(night: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(night)
    out["games"] = [_game_shaped(game) for game in night.get("games", ())]
    if "rulings" in night:
        out["rulings"] = [_ruling_shaped(ruling) for ruling in night["rulings"]]
    return out


def _game_shaped(game: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(game)
    slug = game.get("slug")
    try:
        options = get_game(slug).options(game.get("options") or {})  # type: ignore[arg-type]
    except (AdjudicationError, TypeError):
        return out
    out["options"] = with_game(str(slug), game.get("options") or {})
    players = len(game.get("seats", ()))
    out["entries"] = [
        {**entry, "data": entry_data_shaped(str(slug), options, players, entry["kind"], data)}
        if isinstance(data := entry.get("data"), Mapping)
        else dict(entry)
        for entry in game.get("entries", ())
    ]
    return out


def _ruling_shaped(ruling: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(ruling)
    slug, question, players = ruling.get("game"), ruling.get("question"), ruling.get("players")
    try:
        options = get_game(slug).options(ruling.get("options") or {})  # type: ignore[arg-type]
    except (AdjudicationError, TypeError):
        return out
    if not isinstance(slug, str) or not isinstance(question, str):
        return out
    if isinstance(ruling.get("input"), Mapping):
        out["input"] = question_shaped(slug, question, options, players, ruling["input"])
    if isinstance(ruling.get("answer"), Mapping):
        out["answer"] = answer_shaped(slug, question, options, players, ruling["answer"])
    out["options"] = with_game(slug, ruling.get("options") or {})
    return out


def with_game(slug: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """House rules or a deal's figures, with the ``game`` they are of first."""
    return {GAME: slug, **{k: v for k, v in data.items() if k != GAME}}


def _taken(
    data: Mapping[str, Any], key: str, allowed: Any, field: str, what: str
) -> dict[str, Any]:
    """``data`` less ``key``, which may be left out or given as one of ``allowed``."""
    out = dict(data)
    sent = out.pop(key, None)
    if sent is not None and sent not in allowed:
        raise InvalidInput(
            f"{sent!r} is not {what}: leave {key} out, or send one of "
            f"{', '.join(sorted(map(str, allowed)))}.",
            field=field,
        )
    return out


def _game_name(slug: Any) -> str | None:
    try:
        return get_game(slug).name
    except (AdjudicationError, TypeError):  # the game's own check refuses it, naming it
        return None


def sent_options(slug: str, options: Any, field: str = "options") -> Any:
    """House rules as sent, less the ``game`` they may name (theirs)."""
    name = _game_name(slug)
    if not isinstance(options, Mapping) or name is None:
        return options
    return _taken(options, GAME, {slug}, f"{field}.{GAME}", f"{name}'s slug")


def sent_deal(slug: str, deal: Any, field: str = "deal") -> Any:
    """A deal as sent, less the ``object`` it may name (one of its game's)."""
    name = _game_name(slug)
    if not isinstance(deal, Mapping) or name is None:
        return deal
    components = deal_bodies()[slug].components
    return _taken(deal, SHAPE, components, f"{field}.{SHAPE}", f"a shape of {name}'s deals")


def sent_question(slug: str, question: str | None, data: Any, field: str = "") -> Any:
    """A question's input as sent, less the ``object`` it may name (one of the question's, or
    of the game's questions where the question is left to the game) and its rules' ``game``."""
    name = _game_name(slug)
    if not isinstance(data, Mapping) or name is None:
        return data
    bodies = [b for (g, q), b in ask_bodies().items() if g == slug and question in (q, None)]
    if not bodies:
        return data
    what = f"a shape of {bodies[0].name}" if question else f"a shape of {name}'s questions"
    where = f"{field}." if field else ""
    allowed = {n for body in bodies for n in body.components}
    out = _taken(data, SHAPE, allowed, where + SHAPE, what)
    if "options" in out:
        out["options"] = sent_options(slug, out["options"], where + "options")
    return out
