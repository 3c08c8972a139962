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

Every member of a union names itself, so that a client reads each answer as the member it is
(a generated client that tries the members in turn takes the first that fits, and a deal for
two players fits the variant for five): a deal, a question's body and an answer carry
``object``, the name of their component (``"DealVoormsiTricksFor4"``); house rules and a deal's
figures carry ``game``, the game's slug. Each union declares its ``discriminator``. A client may
leave ``object`` and ``game`` out of what it sends (the API reads a body by its game and its
fields); the API puts them in everything it answers (:mod:`scorekeeper.api.shapes`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
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


def way_variants(
    schema: dict[str, Any], ways: Sequence[Way]
) -> Iterator[tuple[str, dict[str, Any]]]:
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


SHAPE = "object"  # the property that names the component an object is (Stripe's `object`)
GAME = "game"  # the property that names the game of its house rules or figures


def shape_property(names: Sequence[str]) -> dict[str, Any]:
    """The ``object`` of a component: its own name, the one value it takes."""
    return {
        "type": "string",
        "enum": list(names),
        "description": "The component this object is (given in every answer; a body sent "
        "may leave it out).",
    }


def game_property(slug: str, name: str) -> dict[str, Any]:
    return {"type": "string", "enum": [slug], "description": f"The game: {name}."}


def discriminator(prop: str, names: Iterable[str]) -> dict[str, Any]:
    """An OpenAPI discriminator on ``prop``, each member by its own name."""
    return {"propertyName": prop, "mapping": {n: REF + n for n in names}}


@dataclass(frozen=True)
class Body:
    """A body's named shapes: its components by name, the union's name, and which component
    each (way, variant) is."""

    name: str
    components: dict[str, dict[str, Any]]
    index: dict[tuple[str, str], str]

    def schemas(self, about: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The body ``name``: the one variant itself, or ``anyOf`` the named variants with a
        discriminator (a deal at two players fits the variant for five too: only ``object`` and
        the ways exclude each other)."""
        if len(self.components) == 1:
            (only,) = self.components.values()
            return {self.name: {**only, **about}}
        return {
            **self.components,
            self.name: {
                "anyOf": [ref(n) for n in self.components],
                "discriminator": discriminator(SHAPE, self.components),
                **about,
            },
        }


def _variants(prefix: str, shapes: Shapes) -> Body:
    """Name each distinct (way, schema) of a body across house rules and table sizes, each
    with its ``object``."""
    groups: dict[tuple[str, str], tuple[str, list[int], dict[str, Any]]] = {}
    every: list[int] = []
    for rules, size, schema, ways in shapes:
        if size not in every:
            every.append(size)
        for way, variant in way_variants(schema, ways):
            _, sizes, _ = groups.setdefault((way, repr(variant)), (rules, [], variant))
            if size not in sizes:
                sizes.append(size)
    names = {
        key: prefix + key[0] + rules + _sizes(sorted(sizes), sorted(every))
        for key, (rules, sizes, _) in groups.items()
    }
    if len(names) == 1:  # the body is its one variant
        names = dict.fromkeys(names, prefix)
    assert len(set(names.values())) == len(names), names
    components = {
        names[key]: _shaped(variant, names[key]) for key, (_, _, variant) in groups.items()
    }
    return Body(prefix, components, names)


def _shaped(schema: dict[str, Any], name: str) -> dict[str, Any]:
    """``schema`` with its ``object`` first, and a title for each anonymous member of a union
    inside it (a generator names them by position otherwise)."""
    _free(schema, SHAPE, name)
    return {
        **schema,
        "properties": {SHAPE: shape_property([name]), **_titled(schema["properties"])},
    }


def _free(schema: dict[str, Any], key: str, name: str) -> None:
    """Refuse a game's field named as a discriminator is (a game would have to rename it)."""
    if key in schema.get("properties", {}):
        raise ValueError(f"{name} has a field {key!r}, the name that tells its union apart")


def _titled(node: Any) -> Any:
    """Each inline object of a ``oneOf`` or ``anyOf`` titled by the field it is told apart
    by: the first it requires besides ``seat`` (a per-seat entry's ``held``, ``cards``)."""
    if isinstance(node, list):
        return [_titled(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _titled(value) for key, value in node.items()}
    for union in ("oneOf", "anyOf"):
        for member in out.get(union, ()):
            if member.get("type") == "object" and "title" not in member:
                keys = [k for k in member.get("required", ()) if k != "seat"]
                if keys:
                    member["title"] = camel(keys[0])
    return out


@cache
def deal_bodies() -> dict[str, Body]:
    """Each game's deal body and its named variants, by the game's slug."""
    out = {}
    for game in all_games():
        shapes = []
        for rules, variant in option_variants(game):
            for size in game.table_sizes():
                record = game.record(variant, size)
                schema = json_schema(record, size, null_for_other_ways=False)
                shapes.append((rules, size, openapi_schema(schema), record.ways))
        out[game.slug] = _variants(deal_component(game.slug), shapes)
    return out


def deal_schemas() -> dict[str, dict[str, Any]]:
    """Each game's deal body and its variants, by component name, with a sample deal."""
    out: dict[str, dict[str, Any]] = {}
    for game in all_games():
        sample = game.sample_deal(players=game.max_players, options=game.options(), number=1)
        out |= deal_bodies()[game.slug].schemas(
            {
                "description": f"A deal of {game.name} (`{game.slug}`), seats from 0 "
                f"({game.min_players} to {game.max_players} players).",
                "example": sample,
            }
        )
    return out


def options_schemas() -> dict[str, dict[str, Any]]:
    """Each game's house rules: as sent (any left out) and as answered (every one given)."""
    out = {}
    for game in all_games():
        sent = openapi_schema(options_schema(game.options()))
        _free(sent, GAME, options_component(game.slug))
        sent["description"] = f"House rules of {game.name}; any left out take their default."
        sent["properties"] = {GAME: game_property(game.slug, game.name), **sent["properties"]}
        answered = {
            **sent,
            "description": f"The house rules a game of {game.name} is played under.",
            "required": list(sent["properties"]),
        }
        out[options_component(game.slug, request=True)] = sent
        out[options_component(game.slug)] = answered
    return out


def ask_schema(game: Any, question: Any, size: int, options: Any) -> dict[str, Any]:
    """A question's body at a table of ``size`` under ``options``, with its ways."""
    schema: dict[str, Any] = openapi_schema(input_schema(question.asks, size, options))
    schema["properties"]["options"] = ref(options_component(game.slug, request=True))
    return schema


@cache
def ask_bodies() -> dict[tuple[str, str], Body]:
    """Each question's body and its named variants, by (game slug, question)."""
    out = {}
    for game, name, question in questions():
        assert question.asks is not None
        shapes = [
            (
                rules,
                size,
                ask_schema(game, question, size, variant),
                question.asks.ways(size, variant),
            )
            for rules, variant in option_variants(game)
            for size in game.table_sizes()
        ]
        out[game.slug, name] = _variants(ask_component(game.slug, name), shapes)
    return out


@cache
def answer_shapes() -> dict[tuple[str, str], dict[str, dict[str, Any]]]:
    """Each question's answer: its one shape, or its shapes each named by the way of asking
    it answers (``AnswerAlkortExchangeOne``, ``…Several``, as the bodies are), by (game slug,
    question)."""
    out = {}
    for game, name, question in questions():
        answer = answer_component(game.slug, name)
        schema = openapi_schema(answer_schema(game, name, deal=ref(deal_component(game.slug))))
        members = schema.get("anyOf") or [schema]
        assert question.asks is not None
        ways = question.asks.ways(game.max_players, game.options())
        names = [answer] if len(members) == 1 else [answer + _way(m, ways) for m in members]
        for n, member in zip(names, members, strict=True):
            _free(member, SHAPE, n)
        out[game.slug, name] = {
            n: {
                **member,
                "properties": {
                    SHAPE: shape_property([n]),
                    **member["properties"],
                    "said": SENTENCES_SCHEMA,
                },
                "required": [SHAPE, *member.get("required", ())],
            }
            for n, member in zip(names, members, strict=True)
        }
    return out


def _way(member: dict[str, Any], ways: Sequence[Way]) -> str:
    """The way of asking whose fields an answer's shape echoes: its name's part."""
    (way,) = [w for w in ways if set(w.fields) <= member["properties"].keys()]
    return camel(way.key)


def question_schemas() -> dict[str, dict[str, Any]]:
    """Each question's body (its variants named as the deals' are) and its answer, with the
    question's sample input as the body's example."""
    out: dict[str, dict[str, Any]] = {}
    for game, name, question in questions():
        assert question.asks is not None
        example = question.asks.example(game.max_players, game.options())
        if question.asks.players:
            example["players"] = game.max_players
        out |= ask_bodies()[game.slug, name].schemas(
            {
                "description": f"POST /adjudicate/{game.slug}/{name}/: {question.summary}",
                "example": example,
            }
        )
        answer = answer_component(game.slug, name)
        about = {"description": f"What {game.name}'s `{name}` answers."}
        shapes = answer_shapes()[game.slug, name]
        if len(shapes) == 1:
            out[answer] = {**shapes[answer], **about}
        else:
            out |= shapes
            out[answer] = {
                "anyOf": [ref(n) for n in shapes],
                "discriminator": discriminator(SHAPE, shapes),
                **about,
            }
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


def questions() -> Iterator[tuple[Any, str, Any]]:
    """Every (game, question name, question) that takes a body, in the games' order."""
    for game in all_games():
        for name, question in game.questions().items():
            if question.asks is not None:
                yield game, name, question


def detail_schemas() -> dict[str, dict[str, Any]]:
    """Each game's figures behind a unit's points (:func:`adjudicator.details.detail_schema`)."""
    out = {}
    for game in all_games():
        schema = openapi_schema(detail_schema(game))
        _free(schema, GAME, detail_component(game.slug))
        out[detail_component(game.slug)] = {
            **schema,
            "properties": {GAME: game_property(game.slug, game.name), **schema["properties"]},
            "required": [GAME, *schema.get("required", ())],
            "description": f"{game.name}: the figures behind a unit's points in a deal.",
        }
    return out


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
    return copy.deepcopy(found)  # the schema's postprocessing edits it; the caches stay whole


# Unions over every game, for the fields that may hold any game's object (a ledger's entries, a
# night's rulings): each member told apart by its discriminator, mapped to the leaf components.


def deal_union(description: str) -> dict[str, Any]:
    return _bodies_union(deal_bodies().values(), description)


def ask_union(description: str) -> dict[str, Any]:
    return _bodies_union(ask_bodies().values(), description)


def _bodies_union(bodies: Iterable[Body], description: str) -> dict[str, Any]:
    """Any of ``bodies``, told apart by ``object`` down to their variants."""
    found = list(bodies)
    return {
        "anyOf": [ref(body.name) for body in found],
        "discriminator": discriminator(SHAPE, [n for b in found for n in b.components]),
        "description": description,
    }


def answer_union(description: str) -> dict[str, Any]:
    return {
        "anyOf": [ref(answer_component(g.slug, n)) for g, n, _ in questions()],
        "discriminator": discriminator(SHAPE, [n for s in answer_shapes().values() for n in s]),
        "description": description,
    }


def by_game_union(component: Any, description: str) -> dict[str, Any]:
    """Any game's ``component(slug)`` (its house rules, its figures), told apart by ``game``."""
    games = all_games()
    return {
        "anyOf": [ref(component(g.slug)) for g in games],
        "discriminator": {
            "propertyName": GAME,
            "mapping": {g.slug: REF + component(g.slug) for g in games},
        },
        "description": description,
    }
