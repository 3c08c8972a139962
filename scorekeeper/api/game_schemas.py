"""The OpenAPI components the games describe: each game's deal, house rules, questions and
answers, as named components a client generator turns into one type each.

Every name is made from a game's slug and its own descriptions (no game is named here):

================================  ==============================================================
``Deal<Game>``                    the game's deal: one object, or ``anyOf`` the variants below
``Deal<Game><Way>For<N>``         one complete variant: a way of recording (``Tricks``,
                                  ``Quick``) and the table sizes it is for (``For4``, ``For3Or4``);
                                  each part left out when the game has one
``Options<Game>``                 the house rules as a game answers them (every rule given)
``Options<Game>Request``          the house rules a client sends (any left out take the default)
``Ask<Game><Question>``           a question's body (its variants as ``Ask<Game><Question><Way>…``)
``Answer<Game><Question>``        what the question answers
``Detail<Game>``                  the figures behind a unit's points in a deal (the standings)
================================  ==============================================================

A record with several ways takes the fields of exactly one (:class:`adjudicator.records.Way`).
Each variant is a complete object: its own fields, and the other ways' fields declared as null
only (the engine reads a null field as left out), so a typed client refuses a body that mixes
two ways, and a generator never meets a schema made of constraints alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from adjudicator.answers import answer_schema
from adjudicator.asking import input_schema, options_schema
from adjudicator.details import detail_schema
from adjudicator.games import all_games
from adjudicator.records import Way, json_schema, openapi_schema

SAID_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A sentence as data, to render in any language: `id` is its English "
    "text with `{name}` places, `args` the value of each place. A value is a number; text "
    '(the same in every language); `{"seats": [0, 2]}` (seats from 0, which `units` '
    'names); `{"side": 1}`; `{"card": "10H"}`; `{"points": "7/2", '
    '"signed": true}`; `{"list": [...], "style": "standard"}` (said as a list, '
    '"standard" joining with and, "or" with or); `{"joined": [...], "separator": '
    '" + "}`; or another sentence. A sentence with `plural` has two English forms; '
    "`count` names the place whose number picks the form.",
    "required": ["id", "args"],
    "properties": {
        "id": {"type": "string", "example": "{seat} knocked on {count}."},
        "args": {
            "type": "object",
            "additionalProperties": True,
            "example": {"seat": {"seats": [2]}, "count": 5},
        },
        "plural": {"type": "string"},
        "count": {"type": "string"},
    },
}


REF = "#/components/schemas/"

NOT_THIS_WAY = {
    "nullable": True,
    "enum": [None],
    "description": "Another way's field: leave it out (or send null).",
}


def camel(slug: str) -> str:
    """``bridge-rummy`` → ``BridgeRummy``; ``going_out`` → ``GoingOut``."""
    return "".join(part.capitalize() for part in slug.replace("_", "-").split("-"))


def deal_component(slug: str) -> str:
    """The component name of a game's deal body: ``bridge-rummy`` → ``DealBridgeRummy``."""
    return "Deal" + camel(slug)


def options_component(slug: str, *, request: bool = False) -> str:
    return "Options" + camel(slug) + ("Request" if request else "")


def detail_component(slug: str) -> str:
    """The figures behind a unit's points in a deal: ``DetailBrummy``."""
    return "Detail" + camel(slug)


def ask_component(slug: str, question: str) -> str:
    """A question's body: ``bridge-rummy``, ``initial-meld`` → ``AskBridgeRummyInitialMeld``."""
    return "Ask" + camel(slug) + camel(question)


def answer_component(slug: str, question: str) -> str:
    return "Answer" + camel(slug) + camel(question)


def ref(name: str) -> dict[str, str]:
    return {"$ref": REF + name}


def _sizes(sizes: Sequence[int], every: Sequence[int]) -> str:
    """``For4``, ``For3Or4``; nothing when the variant is for every size the game is played at."""
    return "" if list(sizes) == list(every) else "For" + "Or".join(str(n) for n in sizes)


def _complete(schema: dict[str, Any], ways: Sequence[Way]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each way of an OpenAPI object schema with a ``oneOf`` of ways, as a complete object.

    ``schema`` comes from :func:`adjudicator.records.json_schema` or
    :func:`adjudicator.asking.input_schema` (then :func:`openapi_schema`): its ``oneOf`` holds
    one member per way, in the order of ``ways``, each with the fields it requires.
    """
    base = {k: v for k, v in schema.items() if k != "oneOf"}
    if not ways:
        yield "", base
        return
    members = schema["oneOf"]
    assert len(members) == len(ways)
    for way, member in zip(ways, members, strict=True):
        others = {k for w in ways if w is not way for k in w.fields} - set(way.fields)
        properties = {
            key: _not_this_way(value) if key in others else value
            for key, value in base["properties"].items()
        }
        required = [*base.get("required", ()), *member.get("required", ())]
        # A way whose fields may all be left out would take {} and could not be told from
        # another way: no game describes one, and one that did would be refused here.
        if not member.get("required"):
            raise ValueError(f"the way {way.key!r} requires no field; give it one")
        yield (
            camel(way.key),
            {**base, "properties": properties, "required": required},
        )


type Shapes = Iterable[tuple[str, int, dict[str, Any], Sequence[Way]]]
"""A body's shapes: (house-rule suffix, table size, its schema with the ways, the ways)."""


def option_variants(game: Any) -> list[tuple[str, Any]]:
    """The house rules under which a body may differ: the defaults (suffix ``""``), and each
    yes-or-no rule turned and each choice taken, alone (``WithOneSuitBonus``). A whole-number
    rule changes no body's shape (tests/scorekeeper/api/test_game_schemas.py holds every game
    to that)."""
    default = game.options()
    found = [("", default)]
    for info in game.describe_options():
        if info.kind == "bool":
            turned = ("With" if not info.default else "Without") + camel(info.name)
            changes = [(turned, not info.default)]
        elif info.kind == "choice":
            changes = [
                (camel(info.name) + camel(str(c)), c) for c in info.choices if c != info.default
            ]
        else:
            continue
        found += [(suffix, replace(default, **{info.name: value})) for suffix, value in changes]
    return found


def _not_this_way(schema: dict[str, Any]) -> dict[str, Any]:
    """Another way's field in a way: null only, with the field's type beside ``nullable`` (where
    OpenAPI 3.0 honours it)."""
    return {"type": schema["type"], **NOT_THIS_WAY} if "type" in schema else NOT_THIS_WAY


def _variants(prefix: str, shapes: Shapes) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Name each distinct (way, schema) of a body across house rules and table sizes: the
    components, and their names in order."""
    groups: dict[tuple[str, str], tuple[str, list[int], dict[str, Any]]] = {}
    every: list[int] = []
    for rules, size, schema, ways in shapes:
        if size not in every:
            every.append(size)
        for way, variant in _complete(schema, ways):
            _, sizes, _ = groups.setdefault((way, repr(variant)), (rules, [], variant))
            if size not in sizes:
                sizes.append(size)
    components: dict[str, dict[str, Any]] = {}
    for (way, _), (rules, sizes, variant) in groups.items():
        name = prefix + way + rules + _sizes(sorted(sizes), sorted(every))
        assert name not in components, name
        components[name] = variant
    return components, list(components)


def _union(
    name: str, components: dict[str, dict[str, Any]], names: list[str], about: dict[str, Any]
) -> dict[str, dict[str, Any]]:
    """The body ``name``: the one variant itself, or ``anyOf`` the named variants (a deal at
    two players fits the variant for five too: only the ways exclude each other)."""
    if len(names) == 1:
        return {name: {**components[names[0]], **about}}
    return {**components, name: {"anyOf": [ref(n) for n in names], **about}}


def deal_schemas() -> dict[str, dict[str, Any]]:
    """Each game's deal body and its variants, by component name, with a sample deal."""
    out: dict[str, dict[str, Any]] = {}
    for game in all_games():
        options = game.options()
        shapes = []
        for rules, variant in option_variants(game):
            for size in game.table_sizes():
                record = game.record(variant, size)
                schema = json_schema(record, size, null_for_other_ways=False)
                shapes.append((rules, size, openapi_schema(schema), record.ways))
        name = deal_component(game.slug)
        components, names = _variants(name, shapes)
        out |= _union(
            name,
            components,
            names,
            {
                "description": f"A deal of {game.name} (`{game.slug}`), seats from 0 "
                f"({game.min_players} to {game.max_players} players).",
                "example": game.sample_deal(players=game.max_players, options=options, number=1),
            },
        )
    return out


def options_schemas() -> dict[str, dict[str, Any]]:
    """Each game's house rules: as sent (any left out) and as answered (every one given)."""
    out = {}
    for game in all_games():
        sent = openapi_schema(options_schema(game.options()))
        sent["description"] = f"House rules of {game.name}; any left out take their default."
        answered = {
            **sent,
            "description": f"The house rules a game of {game.name} is played under.",
            "required": list(sent["properties"]),
        }
        if not answered["required"]:
            del answered["required"]
        out[options_component(game.slug, request=True)] = sent
        out[options_component(game.slug)] = answered
    return out


def question_schemas() -> dict[str, dict[str, Any]]:
    """Each question's body (its variants named as the deals' are) and its answer, with the
    question's sample input as the body's example."""
    out: dict[str, dict[str, Any]] = {}
    for game, name, question in questions():
        assert question.asks is not None
        options = game.options()
        shapes = []
        for rules, variant in option_variants(game):
            for size in game.table_sizes():
                schema = openapi_schema(input_schema(question.asks, size, variant))
                schema["properties"]["options"] = ref(options_component(game.slug, request=True))
                shapes.append((rules, size, schema, question.asks.ways(size, variant)))
        body = ask_component(game.slug, name)
        components, names = _variants(body, shapes)
        example = question.asks.example(game.max_players, options)
        if question.asks.players:
            example["players"] = game.max_players
        out |= _union(
            body,
            components,
            names,
            {
                "description": f"POST /adjudicate/{game.slug}/{name}/: {question.summary}",
                "example": example,
            },
        )
        answer = answer_component(game.slug, name)
        schema = openapi_schema(answer_schema(game, name, deal=ref(deal_component(game.slug))))
        _with_sentences(schema)
        # An answer of several shapes: each a component of its own, as a body's variants are
        # (a generator names inline members alike, and drops what then collides).
        for number, shape in enumerate(schema.get("anyOf", ()), start=1):
            out[f"{answer}Shape{number}"] = shape
            schema["anyOf"][number - 1] = ref(f"{answer}Shape{number}")
        out[answer] = {**schema, "description": f"What {game.name}'s `{name}` answers."}
    return out


# Where an answer's sentences are also given as data (POST /adjudicate/): each one by its JSON
# Pointer in the answer.
SENTENCES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": ref("Said"),
    "description": "Every sentence of this answer as data, keyed by where it stands in the "
    'answer as a JSON Pointer (`"/explanation/0"`): to say it in a language we don\'t ship.',
    "example": {
        "/rule": {"id": "{seat} knocked on {count}.", "args": {"seat": {"seats": [2]}, "count": 5}}
    },
}


def _with_sentences(schema: dict[str, Any]) -> None:
    """An answer's object shapes, each with its sentences as data (``said``)."""
    for shape in schema.get("anyOf", ()) or (schema,):
        if shape.get("type") == "object" and "properties" in shape:
            shape["properties"]["said"] = SENTENCES_SCHEMA


def questions() -> Iterator[tuple[Any, str, Any]]:
    """Every (game, question name, question) that takes a body, in the games' order."""
    for game in all_games():
        for name, question in game.questions().items():
            if question.asks is not None:
                yield game, name, question


def detail_schemas() -> dict[str, dict[str, Any]]:
    """Each game's figures behind a unit's points (:func:`adjudicator.details.detail_schema`)."""
    return {
        detail_component(game.slug): {
            **openapi_schema(detail_schema(game)),
            "description": f"{game.name}: the figures behind a unit's points in a deal.",
        }
        for game in all_games()
    }


def game_schemas() -> dict[str, dict[str, Any]]:
    """Every component the games describe; no two share a name."""
    parts = [
        {"Said": SAID_SCHEMA},
        deal_schemas(),
        options_schemas(),
        question_schemas(),
        detail_schemas(),
    ]
    found: dict[str, dict[str, Any]] = {}
    for part in parts:
        assert not found.keys() & part.keys(), found.keys() & part.keys()
        found |= part
    return found
