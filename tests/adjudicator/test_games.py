"""Conformance: every game in :data:`adjudicator.games.GAMES` keeps the :class:`~adjudicator.game.Game` contract.

A new game gets these tests for free (the open_spiel habit): its house rules round-trip, its
sample deals parse, round-trip and tally, a full game ends, its questions answer or refuse
cleanly, and its pack checks.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
import re
from collections import Counter
from typing import Any

import jsonschema
import pytest

from adjudicator.cards import ALL_CARDS, JOKER
from adjudicator.errors import (
    AdjudicationError,
    BadEntryError,
    BadOptionError,
    GameOverError,
    NotInPackError,
    TooManyCopiesError,
    UnknownGameError,
    UnknownOptionError,
    UnknownQuestionError,
)
from adjudicator.game import ExactTarget, Game, Open
from adjudicator.games import all_games, get_game
from adjudicator.options import OptionInfo, options_as_dict, parse_options
from adjudicator.records import json_schema
from adjudicator.tally import Tally

GAMES = [pytest.param(game, id=game.slug) for game in all_games()]
MAX_DEALS = 200
OPEN_DEALS = 30  # deals played of a game with no end of its own


def player_counts(game: Game[Any, Any]) -> list[int]:
    return sorted({game.min_players, game.max_players})


_SAMPLES: dict[tuple[str, int, int], str] = {}


def sample(game: Game[Any, Any], players: int, number: int) -> dict[str, Any]:
    """The game's sample deal under default rules (made once: some games search for them)."""
    key = (game.slug, players, number)
    if key not in _SAMPLES:
        raw = game.sample_deal(players=players, options=game.options(), number=number)
        _SAMPLES[key] = json.dumps(raw)
    result: dict[str, Any] = json.loads(_SAMPLES[key])
    return result


def parsed_sample(game: Game[Any, Any], options: Any, players: int, number: int) -> Any:
    return game.parse_deal(sample(game, players, number), players=players, options=options)


def other_values(info: OptionInfo) -> list[Any]:
    """Legal values other than the default, to prove each house rule can be switched."""
    if info.kind == "bool":
        return [not info.default]
    if info.kind == "int":
        return [info.default + 1 if info.default != info.maximum else info.default - 1]
    return [choice for choice in info.choices if choice != info.default]


def ill_typed_values(info: OptionInfo) -> list[Any]:
    """Values of the wrong type (or out of range) for one house rule."""
    if info.kind == "bool":
        return ["yes", 1, None]
    if info.kind == "int":
        below = [info.minimum - 1] if info.minimum is not None else []
        above = [info.maximum + 1] if info.maximum is not None else []
        return ["3", 1.5, True, None, *below, *above, 10**5000, -(10**5000)]
    return ["__no_such_choice__", True, None, [info.default]]


def test_there_is_at_least_one_game() -> None:
    assert GAMES
    assert "bridge-rummy" in {game.slug for game in all_games()}


FAMILIES = ("adjudicator.grids", "adjudicator.rummy", "adjudicator.tricks")


def game_classes() -> list[type[Game[Any, Any]]]:
    """Every public, concrete game class defined in a family package, read from the modules
    themselves (not from the list of games, which may have forgotten one)."""
    found = []
    for family in FAMILIES:
        package = importlib.import_module(family)
        for info in pkgutil.walk_packages(package.__path__, f"{family}."):
            module = importlib.import_module(info.name)
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if (
                    issubclass(cls, Game)
                    and cls.__module__ == module.__name__
                    and not cls.__name__.startswith("_")  # shared bases such as _GridGame
                    and not inspect.isabstract(cls)
                ):
                    found.append(cls)
    return found


def test_every_game_class_is_in_the_list_of_games_once_under_its_own_slug() -> None:
    classes = game_classes()
    assert {cls.__name__ for cls in classes} >= {"BridgeRummy", "Brummy", "Brummagem"}
    inherited = [cls.__name__ for cls in classes if "slug" not in vars(cls)]
    assert not inherited, f"these game classes inherit their slug: {inherited}"
    claimed = Counter(cls.slug for cls in classes)
    shared = {slug: n for slug, n in claimed.items() if n > 1}
    assert not shared, f"game classes sharing a slug: {shared}"
    listed = Counter(type(game) for game in all_games())
    assert listed == Counter(classes), "every game class is listed in GAMES exactly once"
    for cls in classes:
        assert type(get_game(cls.slug)) is cls, f"{cls.__name__} is not what {cls.slug} finds"


def test_each_game_belongs_to_the_family_package_it_names() -> None:
    for game in all_games():
        assert type(game).__module__.startswith(f"adjudicator.{game.family}."), game.slug


def test_an_unknown_game_is_refused_with_the_known_ones_named() -> None:
    with pytest.raises(UnknownGameError) as caught:
        get_game("snap")
    assert caught.value.code == "unknown_game"
    assert caught.value.field == "game"
    assert "bridge-rummy" in str(caught.value)


@pytest.mark.parametrize("game", GAMES)
def test_game_is_found_by_its_slug(game: Game[Any, Any]) -> None:
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", game.slug)
    assert get_game(game.slug) is game
    assert game.name.strip()
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.lower_is_better, bool)


@pytest.mark.parametrize("game", GAMES)
def test_players_outside_the_range_are_refused(game: Game[Any, Any]) -> None:
    for players in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(BadEntryError) as caught:
            game.check_players(players)
        assert caught.value.field == "seats"
    sizes = game.table_sizes()
    assert sizes[0] == game.min_players and sizes[-1] == game.max_players
    for players in sizes:
        game.check_players(players)
    # A count inside the range that the game is not for (Alkort is for 4 or 2, not 3) is
    # refused as any other, on the seats, saying the count.
    for players in set(range(game.min_players, game.max_players + 1)) - set(sizes):
        with pytest.raises(BadEntryError) as caught:
            game.check_players(players)
        assert caught.value.field == "seats"
        assert f"not {players}" in caught.value.message


# ---------------------------------------------------------------------------------------------
# House rules
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_default_options_are_valid_and_round_trip(game: Game[Any, Any]) -> None:
    defaults = game.options()
    assert game.options({}) == defaults
    data = options_as_dict(defaults)
    json.dumps(data)
    assert parse_options(game.options_type, data) == defaults
    assert game.options(data) == defaults


def declared_house_rules(cls: type[Any]) -> list[tuple[str, str, Any, tuple[Any, ...]]]:
    """``(name, kind, default, choices)`` for each house rule, read without ``dataclasses``: the
    names and types from the classes' own annotation text (base class first), the defaults from
    an instance built with no arguments."""
    defaults = vars(cls())
    declared = []
    for klass in reversed(cls.__mro__):
        for name, text in inspect.get_annotations(klass).items():
            assert isinstance(text, str), "the game modules use from __future__ import annotations"
            tree = ast.parse(text, mode="eval").body
            if isinstance(tree, ast.Name) and tree.id in ("bool", "int"):
                declared.append((name, tree.id, defaults[name], ()))
            else:
                assert isinstance(tree, ast.Subscript), f"{name}: unexpected type {text!r}"
                assert isinstance(tree.value, ast.Name) and tree.value.id == "Literal", text
                choices = ast.literal_eval(tree.slice)
                choices = choices if isinstance(choices, tuple) else (choices,)
                declared.append((name, "choice", defaults[name], choices))
    return declared


# The ruling each house rule settles, transcribed from shared/rulings.md (sections 1b, 2b, 3b).
# A new house rule must be added here, with its ruling id, or "" where the rulings give none.
RULINGS: dict[str, dict[str, str]] = {
    "brummy": {
        "face_extra": "B-4",
        "ace_high_runs": "B-1",
        "round_the_corner": "B-2",
        "knocker_tie_gets_5": "B-3",
        "only_top_scorer_gets_10": "B-3",
        "target": "B-6",
        "double_pack": "1a",  # no ambiguity id: the double pack is a rule of section 1a
    },
    "brummagem": {
        "face_extra": "B-4",
        "ace_high_runs": "B-1",
        "round_the_corner": "B-2",
        "knocker_tie_gets_5": "B-3",
        "only_top_scorer_gets_10": "B-3",
        "target": "B-6",
        "double_pack": "1a",
        "row_model": "M-1",
        "two_pairs": "M-3",
    },
    "bridge-rummy": {
        "ace_low_value": "R-1",
        "round_then_double": "R-3",
        "hand_rummy_own_melds_only": "R-4",
        "single_layoff_to_joker_needs_one_or_three": "R-6",
        "min_naturals_per_meld": "R-8",
        "tie_break": "R-11",
    },
    "crummy-rummy": {
        "rounds": "CR-1",
        "joker_restriction": "CR-3",
        "exact_contract_sizes": "CR-4",
        "round_the_corner": "CR-6",
    },
    "voormsi": {
        "trick_reading": "V-1",
        "ks_rule": "V-2",
        "forced_play": "V-4",
        "multi_beat": "V-5",
        "all_nine_keeps_captures": "V-8",
        "whole_pack": "V-12",
    },
    "alkort": {
        "two_beats_three": "A-2",
        "fridufaer": "A-3",
        "target": "8a",  # no ambiguity id: section 8a says the target is not stated
    },
    "treikort": {
        "games": "T-3",
        "pope": "9a",  # no ambiguity id: the Pope is a rule of section 9a
        "pope_holds": "T-5",
    },
    "rummy": {"must_discard_to_go_out": "P-2", "target": "P-3"},
    "boathouse-rummy": {"double_payments": "BH-1", "target": "P-3"},
    "gamblers-rummy": {"lowest_count_wins_on_refusal": "G-1", "target": "P-3"},
    "knock-rummy": {
        "penalty_on_tie": "K-1",
        "tied_winners": "K-2",
        "bonus_to_any_zero_winner": "K-3",
        "target": "P-3",  # 4.1's "no target score is given", which Knock Rummy inherits
    },
    "brus": {
        "hands": "6a",  # no ambiguity id: "a set number of hands (configurable)" is section 6a
        "must_beat": "BR-3",
    },
    "continental-rummy": {
        "any_partition": "C-1",
        "all_joker_sequences": "C-2",
        "jokerless_bonus": "C-5",
        "one_suit_bonus": "C-5",
        "target": "P-3",  # the parent game's ruling: no target is given, each hand settles
    },
}


@pytest.mark.parametrize("game", GAMES)
def test_every_house_rule_is_described_as_declared(game: Game[Any, Any]) -> None:
    infos = game.describe_options()
    described = [(info.name, info.kind, info.default, info.choices) for info in infos]
    assert described == declared_house_rules(game.options_type)
    for info in infos:
        kinds = {"bool": (bool,), "int": (int,), "choice": tuple({type(c) for c in info.choices})}
        assert type(info.default) in kinds[info.kind], info.name
        if info.kind == "choice":
            assert info.default in info.choices
        assert info.doc.strip(), f"{info.name} has no sentence saying what it does"


@pytest.mark.parametrize("game", GAMES)
def test_every_house_rule_cites_its_ruling(game: Game[Any, Any]) -> None:
    assert game.slug in RULINGS, f"add {game.slug}'s house rules and their rulings to RULINGS"
    assert {info.name: info.rule for info in game.describe_options()} == RULINGS[game.slug]


@pytest.mark.parametrize("game", GAMES)
def test_every_house_rule_can_be_switched_and_round_trips(game: Game[Any, Any]) -> None:
    for info in game.describe_options():
        for value in other_values(info):
            options = game.options({info.name: value})
            assert getattr(options, info.name) == value
            data = options_as_dict(options)
            assert data[info.name] == value
            assert game.options(json.loads(json.dumps(data))) == options


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_house_rule_is_refused(game: Game[Any, Any]) -> None:
    with pytest.raises(UnknownOptionError) as caught:
        game.options({"no_such_house_rule": True})
    assert caught.value.code == "unknown_option"
    assert caught.value.field == "options.no_such_house_rule"


@pytest.mark.parametrize("game", GAMES)
def test_an_ill_typed_house_rule_is_refused(game: Game[Any, Any]) -> None:
    for info in game.describe_options():
        for value in ill_typed_values(info):
            with pytest.raises(BadOptionError) as caught:
                game.options({info.name: value})
            assert caught.value.code == "bad_option", (info.name, value)
            assert caught.value.field == f"options.{info.name}"


@pytest.mark.parametrize("game", GAMES)
def test_every_whole_number_house_rule_has_a_range_holding_its_default(
    game: Game[Any, Any],
) -> None:
    for info in game.describe_options():
        if info.kind != "int":
            continue
        low, high = info.minimum, info.maximum
        assert low is not None and high is not None, f"{info.name} needs both bounds"
        assert low <= info.default <= high, info.name
        for value in (low, high):
            assert getattr(game.options({info.name: value}), info.name) == value
        for value in (low - 1, high + 1):
            with pytest.raises(BadOptionError) as caught:
                game.options({info.name: value})
            assert (caught.value.code, caught.value.field) == ("bad_option", f"options.{info.name}")
            assert f"between {low:,} and {high:,}, not {value:,}" in str(caught.value)


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_is_labelled_in_words(game: Game[Any, Any]) -> None:
    for info in game.describe_options():
        if info.kind != "choice":
            assert (info.labels, info.labelled_choices()) == ((), ()), info.name
            continue
        assert len(info.labels) == len(info.choices), f"{info.name}: a label for every choice"
        assert all(label.strip() for label in info.labels), f"{info.name}: an empty label"
        assert len(set(info.labels)) == len(info.labels), f"{info.name}: two labels alike"
        # A label says what the value means; the raw value again tells a player nothing.
        assert not {str(c) for c in info.choices} & set(info.labels), info.name
        assert info.labelled_choices() == tuple(zip(info.choices, info.labels, strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_a_true_or_false_house_rule_has_no_range_and_no_labels(game: Game[Any, Any]) -> None:
    for info in game.describe_options():
        if info.kind == "bool":
            assert (info.minimum, info.maximum, info.choices, info.labels) == (
                None,
                None,
                (),
                (),
            )


# ---------------------------------------------------------------------------------------------
# Deals and the tally
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_sample_deals_round_trip_through_their_canonical_form(game: Game[Any, Any]) -> None:
    options = game.options()
    for players in player_counts(game):
        for number in range(1, 4):
            parsed = parsed_sample(game, options, players, number)
            data = game.deal_as_data(parsed, players=players, options=options)
            json.dumps(data)
            again = game.parse_deal(json.loads(json.dumps(data)), players=players, options=options)
            assert again == parsed
            assert game.deal_as_data(again, players=players, options=options) == data
            # The record's description says what the JSON may hold: the schema accepts it.
            schema = json_schema(game.record(options, players), players)
            jsonschema.validate(data, schema)


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_deal_tallies(game: Game[Any, Any]) -> None:
    options = game.options()
    for players in player_counts(game):
        result = game.tally(
            [parsed_sample(game, options, players, 1)], players=players, options=options
        )
        assert isinstance(result, Tally)
        assert len(result.deals) == 1
        units = len(game.seating(players, options).units)
        assert len(result.totals) == units
        assert set(result.marks) == {mark.key for mark in game.marks}
        assert all(len(counts) == units for counts in result.marks.values())
        assert result.lower_is_better is game.lower_is_better
        assert result.status.strip()
        json.dumps(result.as_dict())
        deal = result.deals[0]
        assert deal.number == 1
        assert [r.seat for r in deal.results] == list(range(units))
        assert all(r.explanation for r in deal.results), "every seat's score is explained"
        assert deal.totals == tuple(r.points for r in deal.results)
        assert deal.totals == result.totals


@pytest.mark.parametrize("game", GAMES)
def test_no_deals_tally_to_nothing(game: Game[Any, Any]) -> None:
    options = game.options()
    result = game.tally([], players=game.min_players, options=options)
    assert result.deals == ()
    # One total per scoring unit: a side, in a game played in sides at its smallest table.
    assert result.totals == (0,) * len(game.seating(game.min_players, options).units)
    assert not result.finished
    assert result.winners == ()


@pytest.mark.parametrize("game", GAMES)
def test_a_full_game_of_sample_deals_finishes_and_refuses_one_more(game: Game[Any, Any]) -> None:
    options = game.options()
    players = game.min_players
    deals: list[Any] = []
    if isinstance(game.end_rule(options, players), Open):
        # No end of its own (Rummy's running net, P-3): the table stops when it likes.
        deals = [parsed_sample(game, options, players, n) for n in range(1, OPEN_DEALS + 1)]
        result = game.tally(deals, players=players, options=options)
        assert not result.finished and result.winners == ()
        if game.settles:
            assert sum(result.totals) == 0, "a settlement game's nets sum to zero"
        return
    result = game.tally(deals, players=players, options=options)
    while not result.finished:
        assert len(deals) < MAX_DEALS, f"{game.name} did not finish in {MAX_DEALS} deals"
        deals.append(parsed_sample(game, options, players, len(deals) + 1))
        result = game.tally(deals, players=players, options=options)
        assert result.deals[-1].totals == result.totals
    assert result.winners, "a finished game names its winners"
    assert set(result.winners) <= set(range(players))
    best = min(result.totals) if game.lower_is_better else max(result.totals)
    assert all(result.totals[seat] == best for seat in result.winners)
    one_more = parsed_sample(game, options, players, len(deals) + 1)
    with pytest.raises(GameOverError) as caught:
        game.tally([*deals, one_more], players=players, options=options)
    assert caught.value.code == "game_over"


OPEN_GAMES = [
    pytest.param(game, id=game.slug)
    for game in all_games()
    if isinstance(game.end_rule(game.options(), game.min_players), Open)
]


@pytest.mark.parametrize("game", OPEN_GAMES or [pytest.param(None, marks=pytest.mark.skip)])
def test_an_open_game_plays_on_and_its_nets_square(game: Game[Any, Any]) -> None:
    """An ``Open()`` game (Rummy's P-3: each hand settled as it is played) never finishes of
    itself; in a settlement game the nets sum to zero and who-pays-whom squares them."""
    options = game.options()
    for players in player_counts(game):
        deals = [parsed_sample(game, options, players, n) for n in range(1, 11)]
        result = game.tally(deals, players=players, options=options)
        assert not result.finished and result.winners == ()
        assert (
            "each hand is settled as it is played"
            in game.tally([], players=players, options=options).status
        )
        if game.settles:
            assert sum(result.totals) == 0
            squared = list(result.totals)
            for payment in result.settlement:
                squared[payment.payer] += payment.amount
                squared[payment.payee] -= payment.amount
            assert squared == [0] * len(squared)


@pytest.mark.parametrize("game", GAMES)
def test_running_totals_add_up_the_points(game: Game[Any, Any]) -> None:
    options = game.options()
    players = game.max_players
    deals = [parsed_sample(game, options, players, number) for number in range(1, 4)]
    result = game.tally(deals, players=players, options=options)
    # Totals are per scoring unit: each side in a partnership game.
    totals = [0] * len(game.seating(players, options).units)
    rule = game.end_rule(options, players)
    for deal in result.deals:
        for r in deal.results:
            totals[r.seat] += r.points
        if isinstance(rule, ExactTarget):
            totals = [rule.bounce(total) for total in totals]  # past the target bounces back
        assert deal.totals == tuple(totals)


# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------

ODD_BODIES = [
    pytest.param({}, id="empty"),
    pytest.param({"cards": 5}, id="cards-a-number"),
    pytest.param({"cards": "ZZ"}, id="bad-card"),
    pytest.param({"cards": "AS KS QS"}, id="three-cards"),
    pytest.param({"grid": "AS"}, id="one-card-grid"),
    pytest.param({"players": "four"}, id="players-a-word"),
    pytest.param({"players": 2, "hands": "none"}, id="hands-a-word"),
    pytest.param({"melds": [None], "layoffs": [3]}, id="melds-of-nothing"),
    pytest.param({"options": "loud"}, id="options-a-word"),
    pytest.param(None, id="the-games-sample-deal"),
]


def question_ids() -> list[Any]:
    return [
        pytest.param(game, name, id=f"{game.slug}-{name}")
        for game in all_games()
        for name in game.questions()
    ]


def ask(game: Game[Any, Any], name: str, body: Any) -> dict[str, Any] | AdjudicationError:
    """The answer, or the refusal (any other exception fails the test)."""
    try:
        return game.ask(name, body)
    except AdjudicationError as err:
        return err


@pytest.mark.parametrize("body", ODD_BODIES)
@pytest.mark.parametrize(("game", "name"), question_ids())
def test_every_question_answers_or_refuses_cleanly(
    game: Game[Any, Any], name: str, body: dict[str, Any] | None
) -> None:
    question = game.questions()[name]
    assert question.name == name
    assert question.summary.strip()
    if body is None:
        body = {**sample(game, game.min_players, 1), "players": game.min_players}
    outcome = ask(game, name, body)
    if isinstance(outcome, AdjudicationError):
        assert outcome.code != AdjudicationError.code
        assert outcome.field, f"{name} refused {body!r} without naming a field"
        json.dumps(outcome.as_dict())
    else:
        assert isinstance(outcome, dict)
        json.dumps(outcome)


@pytest.mark.parametrize(("game", "name"), question_ids())
def test_every_question_reads_the_house_rules(game: Game[Any, Any], name: str) -> None:
    with pytest.raises(UnknownOptionError):
        game.ask(name, {"options": {"no_such_house_rule": True}})


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_question_is_refused(game: Game[Any, Any]) -> None:
    with pytest.raises(UnknownQuestionError) as caught:
        game.ask("no-such-question", {})
    assert caught.value.code == "unknown_question"
    assert caught.value.field == "question"
    known = ", ".join(game.questions()) or "none"
    assert str(caught.value) == (
        f"{game.name} has no question 'no-such-question'; it answers: {known}."
    )


# ---------------------------------------------------------------------------------------------
# Packs
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_games_pack_checks(game: Game[Any, Any]) -> None:
    options = game.options()
    for players in player_counts(game):
        pack = game.pack(options, players)
        assert len(pack) > 0
        cards = list(pack)
        pack.check(cards)
        with pytest.raises(TooManyCopiesError):
            pack.check([*cards, cards[0]])
        missing = [c for c in (*ALL_CARDS, JOKER) if c not in pack]
        if missing:
            with pytest.raises(NotInPackError):
                pack.check([missing[0]])
