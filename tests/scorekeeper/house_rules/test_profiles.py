"""House-rule profiles: saving a group's house rules under a name, and how they differ from the
published rules (services and selectors)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied

from adjudicator.errors import AdjudicationError, BadOptionError, UnknownOptionError
from adjudicator.games import all_games, get_game
from adjudicator.options import options_as_dict
from scorekeeper.exceptions import InvalidInput
from scorekeeper.games import services as game_services
from scorekeeper.house_rules import profile_selectors, profiles
from scorekeeper.house_rules.profile_selectors import first_sentence
from scorekeeper.models import HouseRuleProfile, Night
from tests.factories import HouseRuleProfileFactory, PlayerFactory

NANNI = {"penalty_on_tie": True, "tied_winners": "each_full"}


def test_it_stores_every_rule_in_canonical_form(alice: Any) -> None:
    profile = profiles.profile_create(
        owner=alice, slug="knock-rummy", name="  Nanni's   rules ", options=NANNI
    )
    assert profile.name == "Nanni's rules"
    assert profile.options == options_as_dict(get_game("knock-rummy").options(NANNI))
    assert set(profile.options) == {i.name for i in get_game("knock-rummy").describe_options()}


@pytest.mark.parametrize(
    ("options", "error", "field"),
    [
        pytest.param({"colour": "red"}, UnknownOptionError, "options.colour", id="unknown-rule"),
        pytest.param({"penalty_on_tie": 1}, BadOptionError, "options.penalty_on_tie", id="int"),
        pytest.param({"tied_winners": "all"}, BadOptionError, "options.tied_winners", id="choice"),
        pytest.param({"target": -5}, BadOptionError, "options.target", id="below-minimum"),
    ],
)
def test_the_engine_refuses_bad_values(
    alice: Any, options: dict[str, Any], error: type[Exception], field: str
) -> None:
    with pytest.raises(error) as caught:
        profiles.profile_create(owner=alice, slug="knock-rummy", name="Bad", options=options)
    assert isinstance(caught.value, AdjudicationError)
    assert caught.value.field == field
    assert not HouseRuleProfile.objects.exists()


def test_an_unknown_game_is_refused(alice: Any) -> None:
    with pytest.raises(AdjudicationError):
        profiles.profile_create(owner=alice, slug="snap", name="Fast", options={})


@pytest.mark.parametrize("name", ["", "   ", "x" * 61], ids=["empty", "blank", "too-long"])
def test_a_profile_needs_a_sensible_name(alice: Any, name: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        profiles.profile_create(owner=alice, slug="knock-rummy", name=name, options={})
    assert caught.value.field == "name"


def test_a_name_is_unique_per_owner_and_game_in_any_case(alice: Any, bob: Any) -> None:
    profiles.profile_create(owner=alice, slug="knock-rummy", name="Nanni's rules")
    with pytest.raises(InvalidInput, match="already have house rules called") as caught:
        profiles.profile_create(owner=alice, slug="knock-rummy", name="NANNI'S RULES")
    assert caught.value.field == "name"
    # Another game, or another owner, may use the same name.
    profiles.profile_create(owner=alice, slug="rummy", name="Nanni's rules")
    profiles.profile_create(owner=bob, slug="knock-rummy", name="Nanni's rules")
    assert HouseRuleProfile.objects.count() == 3


def test_rename_and_update(alice: Any) -> None:
    profile = profiles.profile_create(owner=alice, slug="knock-rummy", name="Ours", options=NANNI)
    profiles.profile_rename(profile=profile, by=alice, name="Nanni's rules")
    profile.refresh_from_db()
    assert profile.name == "Nanni's rules"
    # Options are the whole set: a rule left out goes back to the published one.
    profiles.profile_update(profile=profile, by=alice, options={"target": 100})
    profile.refresh_from_db()
    assert profile.options["target"] == 100
    assert profile.options["penalty_on_tie"] is False
    assert profile.name == "Nanni's rules"


def test_renaming_onto_another_profile_is_refused(alice: Any) -> None:
    profiles.profile_create(owner=alice, slug="knock-rummy", name="Nanni's rules")
    other = profiles.profile_create(owner=alice, slug="knock-rummy", name="Ours")
    with pytest.raises(InvalidInput):
        profiles.profile_rename(profile=other, by=alice, name="nanni's rules")
    # Its own name in another case is fine.
    profiles.profile_rename(profile=other, by=alice, name="OURS")


def test_a_bad_update_changes_nothing(alice: Any) -> None:
    profile = profiles.profile_create(owner=alice, slug="knock-rummy", name="Ours", options=NANNI)
    with pytest.raises(BadOptionError):
        profiles.profile_update(profile=profile, by=alice, name="New", options={"target": "x"})
    profile.refresh_from_db()
    assert profile.name == "Ours"
    assert profile.options["penalty_on_tie"] is True


def test_only_the_owner_changes_a_profile(alice: Any, bob: Any) -> None:
    profile = HouseRuleProfileFactory(owner=alice)
    with pytest.raises(PermissionDenied):
        profiles.profile_rename(profile=profile, by=bob, name="Mine")
    with pytest.raises(PermissionDenied):
        profiles.profile_update(profile=profile, by=bob, options={})
    with pytest.raises(PermissionDenied):
        profiles.profile_delete(profile=profile, by=bob)
    assert HouseRuleProfile.objects.filter(pk=profile.pk).exists()


def test_a_game_keeps_its_rules_when_its_profile_changes_or_goes(alice: Any, night: Night) -> None:
    profile = profiles.profile_create(owner=alice, slug="knock-rummy", name="N", options=NANNI)
    players = [PlayerFactory(owner=alice, name=n) for n in ("Ann", "Ben", "Cy")]
    game = game_services.game_start(
        night=night,
        by=alice,
        slug="knock-rummy",
        players=players,
        options=profile_selectors.profile_options_for_start(profile, "knock-rummy"),
    )
    started_with = dict(game.options)
    profiles.profile_update(profile=profile, by=alice, options={"target": 50})
    game.refresh_from_db()
    assert game.options == started_with
    profiles.profile_delete(profile=profile, by=alice)
    game.refresh_from_db()
    assert game.options == started_with
    assert game.options["penalty_on_tie"] is True


def test_a_profile_is_for_its_own_game(alice: Any) -> None:
    profile = HouseRuleProfileFactory(owner=alice, slug="knock-rummy", name="N")
    with pytest.raises(InvalidInput, match="for Knock Rummy, not for Rummy") as caught:
        profile_selectors.profile_options_for_start(profile, "rummy")
    assert caught.value.field == "profile"


def test_profiles_are_their_owners_own(alice: Any, bob: Any) -> None:
    mine = HouseRuleProfileFactory(owner=alice)
    HouseRuleProfileFactory(owner=bob)
    assert list(profile_selectors.profiles_for_user(alice)) == [mine]


# Differences from the published rules ----------------------------------------------------------


def test_differences_name_each_changed_rule_with_its_ruling_and_doc() -> None:
    knock = get_game("knock-rummy")
    found = profile_selectors.differences(knock, NANNI)
    assert [d.name for d in found] == ["penalty_on_tie", "tied_winners"]
    tie, winners = found
    assert (tie.label, tie.rule, tie.default_shown, tie.value_shown) == (
        "Penalty on tie",
        "K-1",
        "off",
        "on",
    )
    assert tie.sentence.startswith("A knocker tied for lowest by another player also pays")
    assert (winners.rule, winners.default_shown, winners.value_shown) == (
        "K-2",
        "Tied winners share",
        "Each tied winner collects in full",
    )


def test_the_published_rules_have_no_differences() -> None:
    for game in all_games():
        assert profile_selectors.differences(game, options_as_dict(game.options())) == []


def test_every_rule_of_every_game_can_be_told_apart() -> None:
    """Each rule changed alone is one difference, with a label, a sentence and both values."""
    for game in all_games():
        for info in game.describe_options():
            if info.kind == "bool":
                value: Any = not info.default
            elif info.kind == "choice":
                value = next(c for c in info.choices if c != info.default)
            elif info.maximum is not None and info.default != info.maximum:
                value = info.maximum
            else:
                value = info.minimum if info.minimum is not None else info.default - 1
            (diff,) = profile_selectors.differences(game, {info.name: value})
            assert diff.label and diff.sentence and diff.default_shown != diff.value_shown


def test_rules_that_no_longer_read_give_no_differences() -> None:
    assert profile_selectors.differences(get_game("knock-rummy"), {"gone": 1}) == []


@pytest.mark.parametrize(
    ("doc", "sentence"),
    [
        ("One sentence.", "One sentence."),
        ("Play to a target. 0 plays on.", "Play to a target."),
        ("Pays 10 (e.g. a tie) more.", "Pays 10 (e.g. a tie) more."),
    ],
)
def test_first_sentence(doc: str, sentence: str) -> None:
    assert first_sentence(doc) == sentence


def test_two_saves_of_one_name_at_once_give_a_sentence_not_a_500(
    alice: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL two requests both pass the "is it taken?" check; the unique constraint
    refuses the second, which is said as a sentence naming the field."""
    profiles.profile_create(owner=alice, slug="knock-rummy", name="Nanni's rules")
    monkeypatch.setattr(profiles, "_taken", lambda *args, **kwargs: None)  # both checks passed
    with pytest.raises(InvalidInput, match="just taken") as caught:
        profiles.profile_create(owner=alice, slug="knock-rummy", name="nanni's rules")
    assert caught.value.field == "name"
    assert HouseRuleProfile.objects.count() == 1
