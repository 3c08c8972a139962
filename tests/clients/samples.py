"""One sample of every member of the schema's unions, as the API answers it: each deal shape,
each question's body and answer, each game's house rules and each game's figures of a deal.

Deals come from the engine's sample deals at every table size, under every house-rule variant
the schema names, in their canonical form (what the ledger keeps); answers from the API itself
(POST /adjudicate/ with each question's example); details from scoring a sample deal. Each is
the dict a client reads, with its ``object`` or ``game`` as the API puts it in.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from adjudicator.errors import AdjudicationError
from adjudicator.games import all_games
from adjudicator.options import options_as_dict
from scorekeeper.api import shapes
from scorekeeper.api.game_schemas import (
    answer_shapes,
    ask_bodies,
    deal_bodies,
    detail_component,
    option_variants,
    options_component,
    questions,
)

type Samples = dict[str, dict[str, Any]]
"""A sample of each component, by the component's name."""


@functools.cache
def deals() -> Samples:
    found: Samples = {}
    for game in all_games():
        for _, options in option_variants(game):
            for size in game.table_sizes():
                here = set(shapes.deal_names(game.slug, options, size).values())
                for number in range(1, 13):
                    if here <= found.keys():
                        break
                    raw = game.sample_deal(players=size, options=options, number=number)
                    if shapes.deal_shape(game.slug, options, size, raw) in found:
                        continue
                    deal = game.parse_deal(raw, players=size, options=options)
                    data = game.deal_as_data(deal, players=size, options=options)
                    shaped = shapes.deal_shaped(game.slug, options, size, data)
                    found[shaped[shapes.SHAPE]] = shaped
                    if len(found) == len(deal_shapes()):
                        return found
    return found


def deal_shapes() -> set[str]:
    """Every deal component a sample must stand for."""
    return {name for body in deal_bodies().values() for name in body.components}


# A way of asking that neither a question's example nor a sample deal gives: written here.
MORE_ASKED = {
    ("alkort", "exchange"): {
        "dealer": 0,
        "hands": [
            {"seat": 0, "cards": "AS 2S 3S 4S 6S 7S 8S 9S JS"},
            {"seat": 1, "cards": "AH 2H 3H 4H 6H 7H 8H 9H JH"},
        ],
    },
    # A refusal where the lowest count wins it: every seat's count, the refuser's too.
    ("gamblers-rummy", "settle"): {
        "refused": 3,
        "hands": [{"seat": seat, "unmatched": 10 + seat} for seat in range(4)],
    },
}


def _inputs(
    game: Any, name: str, question: Any, size: int, options: Any
) -> Iterator[dict[str, Any]]:
    """A question's example, then the example asked each way the sample deals are recorded
    (a question about a hand takes the hand's own fields), then any written above."""
    example = dict(question.asks.example(size, options))
    if question.asks.players:
        example["players"] = size
    yield example
    fields = {f.key for f in question.asks.fields(size, options)}
    ways = {k for w in question.asks.ways(size, options) for k in w.fields}
    rest = {k: v for k, v in example.items() if k not in ways}
    for number in range(1, 13):
        deal = game.sample_deal(players=size, options=options, number=number)
        yield rest | {k: v for k, v in deal.items() if k in fields & ways}
    if (game.slug, name) in MORE_ASKED:
        yield rest | MORE_ASKED[game.slug, name]


@functools.cache
def asks() -> Samples:
    """A body of each question, each way it is asked, at each table size, under each house-rule
    variant, where the game takes it."""
    found: Samples = {}
    for game, name, question in questions():
        assert question.asks is not None
        for _, options in option_variants(game):
            for size in game.table_sizes():
                here = set(shapes.question_names(game.slug, name, options, size).values())
                for asked in _inputs(game, name, question, size, options):
                    if here <= found.keys():
                        break
                    way = shapes.question_shaped(game.slug, name, options, size, asked)
                    if way.get(shapes.SHAPE) in found:
                        continue
                    try:
                        game.ask(name, {**asked, "options": options_as_dict(options)})
                    except AdjudicationError:
                        continue
                    if options != game.options():  # the variant's rules, sent with it
                        asked = {**asked, "options": options_as_dict(options)}
                    shaped = shapes.question_shaped(game.slug, name, options, size, asked)
                    if shapes.SHAPE in shaped:
                        found.setdefault(shaped[shapes.SHAPE], shaped)
    return found


def ask_shapes() -> set[str]:
    return {name for body in ask_bodies().values() for name in body.components}


def answer_names() -> set[str]:
    return {name for shaped in answer_shapes().values() for name in shaped}


def answers(client: Any) -> Samples:
    """What POST /adjudicate/ answers to each body of :func:`asks`: the answers a client
    reads in a ruling and a dispute."""
    found: Samples = {}
    for body in asks().values():
        name = body[shapes.SHAPE]
        slug, question = next(
            key for key, bodies in ask_bodies().items() if name in bodies.components
        )
        sent = {k: v for k, v in body.items() if k != shapes.SHAPE}
        response = client.post(f"/api/v1/adjudicate/{slug}/{question}/", sent, "json")
        assert response.status_code == 200, (name, response.json())
        answer = response.json()
        found.setdefault(answer[shapes.SHAPE], answer)
    return found


def options() -> Samples:
    """Each game's house rules as a game answers them: every rule given, with ``game``."""
    return {
        options_component(game.slug): shapes.with_game(game.slug, options_as_dict(game.options()))
        for game in all_games()
    }


@functools.cache
def details() -> Samples:
    """Each game's figures behind a unit's points, from scoring its sample deal."""
    found: Samples = {}
    for game in all_games():
        options = game.options()
        size = game.max_players
        deals = [
            game.parse_deal(
                game.sample_deal(players=size, options=options, number=n),
                players=size,
                options=options,
            )
            for n in (1, 2)
        ]
        tally = game.tally(deals, players=size, options=options)
        detail = tally.deals[0].results[0].detail
        found[detail_component(game.slug)] = shapes.with_game(game.slug, detail)
    return found
