"""Writes for house-rule profiles: create, rename, update and delete, each in one transaction.

A profile is not ledger data. A game started from one copies the options into the game
(``Game.options``), so nothing done to a profile afterwards changes a game already started.
The engine validates every set of options (``game.options(data)`` refuses unknown rules and bad
values, naming ``options.<rule>``); a profile stores the canonical form, every rule included.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from adjudicator.games import get_game
from adjudicator.options import options_as_dict
from scorekeeper.exceptions import InvalidInput
from scorekeeper.models import HouseRuleProfile

MAX_NAME = HouseRuleProfile._meta.get_field("name").max_length or 60


def _profile_name(name: str) -> str:
    name = " ".join(str(name).split())
    if not name:
        raise InvalidInput("Give the house rules a name, such as “Nanni's rules”.", field="name")
    if len(name) > MAX_NAME:
        raise InvalidInput(f"A profile's name is at most {MAX_NAME} characters.", field="name")
    if "\x00" in name:
        raise InvalidInput("A profile's name cannot hold a NUL character.", field="name")
    return name


def _canonical(slug: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every house rule of the game, validated by the engine (unknown or bad values refused)."""
    definition = get_game(slug)
    return options_as_dict(definition.options(options))


def _taken(owner: User, slug: str, name: str, exclude: int | None = None) -> InvalidInput | None:
    same = HouseRuleProfile.objects.filter(owner=owner, slug=slug, name__iexact=name)
    if exclude is not None:
        same = same.exclude(pk=exclude)
    if same.exists():
        return InvalidInput(
            f"You already have house rules called {name} for {get_game(slug).name}.",
            field="name",
        )
    return None


def _require_owner(profile: HouseRuleProfile, by: User) -> None:
    # Views look profiles up among the user's own (a 404 for anyone else's); this guards
    # a caller that did not.
    if profile.owner_id != by.pk:
        raise PermissionDenied("Only the account that saved these house rules may change them.")


def _save(profile: HouseRuleProfile) -> HouseRuleProfile:
    # Two phones saving the same name at once both pass the check above on PostgreSQL; the
    # unique constraint refuses the second, which is said as the same sentence, not a 500.
    try:
        with transaction.atomic():
            profile.save()
    except IntegrityError:
        err = _taken(profile.owner, profile.slug, profile.name, exclude=profile.pk)
        raise err or InvalidInput(
            "That name was just taken: choose another.", field="name"
        ) from None
    return profile


@transaction.atomic
def profile_create(
    *, owner: User, slug: str, name: str, options: Mapping[str, Any] | None = None
) -> HouseRuleProfile:
    """Save a game's house rules under a name, unique (any case) per owner and game."""
    canonical = _canonical(slug, options)
    name = _profile_name(name)
    if err := _taken(owner, slug, name):
        raise err
    return _save(HouseRuleProfile(owner=owner, slug=slug, name=name, options=canonical))


@transaction.atomic
def profile_rename(*, profile: HouseRuleProfile, by: User, name: str) -> HouseRuleProfile:
    _require_owner(profile, by)
    name = _profile_name(name)
    if err := _taken(profile.owner, profile.slug, name, exclude=profile.pk):
        raise err
    profile.name = name
    return _save(profile)


@transaction.atomic
def profile_update(
    *,
    profile: HouseRuleProfile,
    by: User,
    options: Mapping[str, Any] | None = None,
    name: str | None = None,
) -> HouseRuleProfile:
    """Change a profile's house rules and, if given, its name.

    ``options``, when given, is the whole set: rules it leaves out go back to the published
    ones. Games already started keep the rules they started with.
    """
    _require_owner(profile, by)
    if options is not None:
        profile.options = _canonical(profile.slug, options)
    if name is not None:
        name = _profile_name(name)
        if err := _taken(profile.owner, profile.slug, name, exclude=profile.pk):
            raise err
        profile.name = name
    return _save(profile)


@transaction.atomic
def profile_delete(*, profile: HouseRuleProfile, by: User) -> None:
    """Delete a profile; games started from it keep their own copy of the rules."""
    _require_owner(profile, by)
    profile.delete()
