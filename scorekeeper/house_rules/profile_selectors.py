"""Reads for house-rule profiles, and how a set of house rules differs from the published rules.

A profile is visible to its owner only; anyone else's lookup finds nothing (a 404). The
differences are derived from the engine's description of each house rule
(:class:`adjudicator.options.OptionInfo`): its doc, its ruling id and its labels. Nothing here
names a game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet
from django.db.models.functions import Lower
from django.utils.functional import Promise
from django.utils.translation import pgettext, pgettext_lazy

from adjudicator.errors import AdjudicationError
from adjudicator.game import Game as GameDefinition
from adjudicator.games import all_games, get_game
from adjudicator.options import OptionInfo
from scorekeeper.exceptions import InvalidInput
from scorekeeper.languages.speaking import say
from scorekeeper.models import Game, HouseRuleProfile


def profiles_for_user(user: User | AnonymousUser) -> QuerySet[HouseRuleProfile]:
    """The user's own profiles (nobody sees another account's)."""
    if not user.is_authenticated:
        return HouseRuleProfile.objects.none()
    return HouseRuleProfile.objects.filter(owner=user).order_by("slug", Lower("name"), "id")


def profiles_for_game(user: User | AnonymousUser, slug: str) -> QuerySet[HouseRuleProfile]:
    return profiles_for_user(user).filter(slug=slug)


def games_with_options() -> tuple[GameDefinition[Any, Any], ...]:
    """The games that have house rules at all (only those can have a profile)."""
    return tuple(game for game in all_games() if game.describe_options())


# The names the pages give the house rules, by key: the engine gives most rules none (a page
# "names it after its key"), so the names a player reads are the pages' words, translated in
# the pages' catalog. A key not listed here (a rule added since) reads as its key, capitalised;
# tests/scorekeeper/languages/test_desk_and_names_said.py says which. The English is the
# key's words.
RULE_NAMES: dict[str, Promise] = {
    "ace_low_value": pgettext_lazy("house rule", "Ace low value"),
    "round_then_double": pgettext_lazy("house rule", "Round then double"),
    "hand_rummy_own_melds_only": pgettext_lazy("house rule", "Hand rummy own melds only"),
    "single_layoff_to_joker_needs_one_or_three": pgettext_lazy(
        "house rule", "Single layoff to joker needs one or three"
    ),
    "min_naturals_per_meld": pgettext_lazy("house rule", "Min naturals per meld"),
    "tie_break": pgettext_lazy("house rule", "Tie break"),
    "face_extra": pgettext_lazy("house rule", "Face extra"),
    "ace_high_runs": pgettext_lazy("house rule", "Ace high runs"),
    "round_the_corner": pgettext_lazy("house rule", "Round the corner"),
    "knocker_tie_gets_5": pgettext_lazy("house rule", "Knocker tie gets 5"),
    "only_top_scorer_gets_10": pgettext_lazy("house rule", "Only top scorer gets 10"),
    "target": pgettext_lazy("house rule", "Target"),
    "double_pack": pgettext_lazy("house rule", "Double pack"),
    "row_model": pgettext_lazy("house rule", "Row model"),
    "two_pairs": pgettext_lazy("house rule", "Two pairs"),
    "trick_reading": pgettext_lazy("house rule", "Trick reading"),
    # Translators: KS is the king of spades, as the cards are written on every page.
    "ks_rule": pgettext_lazy("house rule", "Ks rule"),
    "forced_play": pgettext_lazy("house rule", "Forced play"),
    "multi_beat": pgettext_lazy("house rule", "Multi beat"),
    "all_nine_keeps_captures": pgettext_lazy("house rule", "All nine keeps captures"),
    "whole_pack": pgettext_lazy("house rule", "Whole pack"),
    "hands": pgettext_lazy("house rule", "Hands"),
    "must_beat": pgettext_lazy("house rule", "Must beat"),
    "two_beats_three": pgettext_lazy("house rule", "Two beats three"),
    # Translators: Alkort's word for a hand that may not be exchanged (Icelandic "friðufær").
    "fridufaer": pgettext_lazy("house rule", "Fridufaer"),
    "games": pgettext_lazy("house rule", "Games"),
    "pope": pgettext_lazy("house rule", "Pope"),
    "pope_holds": pgettext_lazy("house rule", "Pope holds"),
    "must_discard_to_go_out": pgettext_lazy("house rule", "Must discard to go out"),
    "double_payments": pgettext_lazy("house rule", "Double payments"),
    "lowest_count_wins_on_refusal": pgettext_lazy("house rule", "Lowest count wins on refusal"),
    "penalty_on_tie": pgettext_lazy("house rule", "Penalty on tie"),
    "tied_winners": pgettext_lazy("house rule", "Tied winners"),
    "bonus_to_any_zero_winner": pgettext_lazy("house rule", "Bonus to any zero winner"),
    "any_partition": pgettext_lazy("house rule", "Any partition"),
    "all_joker_sequences": pgettext_lazy("house rule", "All joker sequences"),
    "jokerless_bonus": pgettext_lazy("house rule", "Jokerless bonus"),
    "one_suit_bonus": pgettext_lazy("house rule", "One suit bonus"),
    "rounds": pgettext_lazy("house rule", "Rounds"),
    "joker_restriction": pgettext_lazy("house rule", "Joker restriction"),
    "exact_contract_sizes": pgettext_lazy("house rule", "Exact contract sizes"),
}


def option_label(info: OptionInfo) -> str:
    """The name a player reads for a house rule ("Penalty on tie"), as the forms show it, in
    the language spoken."""
    named = RULE_NAMES.get(info.name)
    if named is not None:
        return str(named)
    if info.title:
        return say(info.title)
    return info.name.replace("_", " ").capitalize()


def option_doc(info: OptionInfo) -> str:
    """What a house rule does, in the language spoken (the engine's sentence)."""
    return say(info.doc)


def choice_labels(info: OptionInfo) -> list[tuple[Any, str]]:
    """A choice's values, each with its label in the language spoken."""
    return [(value, say(label)) for value, label in info.labelled_choices()]


def shown_value(info: OptionInfo, value: Any) -> str:
    """A house rule's value as a player reads it, in the language spoken: a choice's label,
    on/off, or the number."""
    if info.kind == "choice":
        labels: dict[Any, str] = dict(choice_labels(info))
        return labels.get(value, str(value))
    if info.kind == "bool":
        # Translators: a yes-or-no house rule's value ("Round the corner: on").
        return pgettext("house rule", "on") if value else pgettext("house rule", "off")
    return str(value)


# The end of a sentence: a stop followed by a space and what starts the next one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(])")


def first_sentence(doc: str) -> str:
    """The first sentence of an option's doc (all of it when it is one sentence).

    >>> first_sentence("Play to a target. 0 plays on with no end.")
    'Play to a target.'
    >>> first_sentence("Jokers are wild (by default, none).")
    'Jokers are wild (by default, none).'
    """
    return _SENTENCE_END.split(doc.strip(), maxsplit=1)[0]


@dataclass(frozen=True)
class Difference:
    """One way a set of house rules differs from the published rules."""

    name: str
    label: str
    rule: str
    sentence: str
    doc: str
    default: Any
    value: Any
    default_shown: str
    value_shown: str


def differences(
    definition: GameDefinition[Any, Any], options: Mapping[str, Any] | None
) -> list[Difference]:
    """Every house rule in ``options`` that differs from the published rule, in the game's order.

    ``options`` is JSON as stored; rules that no longer read as this game's give no list.
    """
    try:
        parsed = definition.options(options)
    except AdjudicationError:
        return []
    found = []
    for info in definition.describe_options():
        value = getattr(parsed, info.name)
        if value == info.default and type(value) is type(info.default):
            continue
        found.append(
            Difference(
                name=info.name,
                label=option_label(info),
                rule=info.rule,
                sentence=first_sentence(option_doc(info)),
                doc=option_doc(info),
                default=info.default,
                value=value,
                default_shown=shown_value(info, info.default),
                value_shown=shown_value(info, value),
            )
        )
    return found


def game_differences(game: Game) -> list[Difference]:
    """How a game's house rules differ from the published ones (none for a game not known)."""
    try:
        definition = get_game(game.slug)
    except AdjudicationError:
        return []
    return differences(definition, game.options)


def profile_differences(profile: HouseRuleProfile) -> list[Difference]:
    try:
        definition = get_game(profile.slug)
    except AdjudicationError:
        return []
    return differences(definition, profile.options)


def profile_options_for_start(profile: HouseRuleProfile, slug: str) -> dict[str, Any]:
    """The house rules a game of ``slug`` starts with when this profile is chosen.

    A profile is for one game: choosing it for another is refused, naming the field ``profile``.
    """
    if profile.slug != slug:
        raise InvalidInput(
            f"{profile.name} is a set of house rules for {profile.game_name}, "
            f"not for {get_game(slug).name}.",
            field="profile",
        )
    return dict(profile.options)


@dataclass(frozen=True)
class GameProfiles:
    """A game's profiles, for the profiles page."""

    definition: GameDefinition[Any, Any]
    profiles: list[tuple[HouseRuleProfile, list[Difference]]]


def profiles_by_game(user: User | AnonymousUser) -> list[GameProfiles]:
    """The user's profiles grouped per game, games in the engine's order; games without any
    profile are left out."""
    by_slug: dict[str, list[HouseRuleProfile]] = {}
    for profile in profiles_for_user(user):
        by_slug.setdefault(profile.slug, []).append(profile)
    return [
        GameProfiles(game, [(p, profile_differences(p)) for p in by_slug[game.slug]])
        for game in all_games()
        if game.slug in by_slug
    ]
