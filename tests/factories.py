"""factory-boy factories for the app's models. Ledger entries go through services, not here."""

from __future__ import annotations

import datetime
from typing import Any

import factory
from django.contrib.auth import get_user_model

from adjudicator.games import get_game
from adjudicator.options import options_as_dict
from scorekeeper.models import (
    Club,
    Game,
    HouseRuleProfile,
    Membership,
    Night,
    NightPlayer,
    Player,
    Season,
    Seat,
)
from scorekeeper.nights.selectors import roster


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", "password")

    @factory.post_generation
    def saved(obj: Any, create: bool, extracted: Any, **kwargs: Any) -> None:
        if create:
            obj.save()


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


class NightFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Night

    owner = factory.SubFactory(UserFactory)
    date = factory.LazyFunction(datetime.date.today)
    place = "The kitchen table"


class ClubFactory(factory.django.DjangoModelFactory):
    """A club; its maker is not a member (``MembershipFactory`` makes one)."""

    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    created_by = factory.SubFactory(UserFactory)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    user = factory.SubFactory(UserFactory)
    role = Membership.Role.MEMBER


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Season

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Season {n}")
    starts = factory.LazyFunction(lambda: datetime.date.today() - datetime.timedelta(days=30))
    ends = factory.LazyFunction(lambda: datetime.date.today() + datetime.timedelta(days=60))


class GameFactory(factory.django.DjangoModelFactory):
    """A game with seats: ``GameFactory(players=["Mary", "Tom"])`` seats those names in order."""

    class Meta:
        model = Game
        skip_postgeneration_save = True

    night = factory.SubFactory(NightFactory)
    number = factory.LazyAttribute(lambda game: game.night.games.count() + 1)
    slug = "bridge-rummy"
    options = factory.LazyAttribute(lambda game: options_as_dict(get_game(game.slug).options()))
    created_by = factory.LazyAttribute(lambda game: game.night.owner)

    @factory.post_generation
    def players(game: Game, create: bool, extracted: Any, **kwargs: Any) -> None:
        names = extracted or ("Mary", "Tom", "Dick", "Alice")
        definition = get_game(game.slug)
        seating = definition.seating(len(names), definition.options(game.options))
        for position, name in enumerate(names):
            # The night's roster: its club's, or its owner's (scorekeeper.nights.selectors).
            player = roster(owner=game.night.owner_id, club=game.night.club_id).filter(
                name__iexact=name
            ).first() or Player.objects.create(
                owner=game.night.owner, club=game.night.club, name=name
            )
            team = seating.unit_of(position) if seating.partnerships else None
            Seat.objects.create(game=game, player=player, position=position, team=team)
            NightPlayer.objects.get_or_create(night=game.night, player=player)


# history: a night played through, with corrections, for looking back ---------------------------


def played_night(owner: Any, *, recorder: Any = None, place: str = "The kitchen table") -> Night:
    """A night of two games: Bridge Rummy to its end (Mary wins, deal 1 amended, deal 3 voided
    and brought back, with notes), and a Brummy game still going (Mary, Tom, Dick)."""
    from scorekeeper.games import services as game_services
    from scorekeeper.nights.demo import SAMPLE_DEALS

    night = NightFactory(owner=owner, place=place)
    if recorder is not None:
        night.recorders.add(recorder)
    by = recorder or owner
    bridge = GameFactory(night=night, slug="bridge-rummy")
    entries = [game_services.deal_record(game=bridge, by=by, data=deal) for deal in SAMPLE_DEALS]
    game_services.deal_amend(
        game=bridge, deal_key=entries[0].pk, by=owner, data=SAMPLE_DEALS[0], note="Tom recounted"
    )
    game_services.deal_void(game=bridge, deal_key=entries[2].pk, by=owner, note="=not sure")
    game_services.deal_amend(game=bridge, deal_key=entries[2].pk, by=owner, data=SAMPLE_DEALS[2])
    last = {
        "went_out": 0,
        "hands": [{"seat": 1, "held": 20}, {"seat": 2, "held": 30}, {"seat": 3, "not_down": True}],
    }
    game_services.deal_record(game=bridge, by=owner, data=last)
    brummy = GameFactory(night=night, slug="brummy", players=["Mary", "Tom", "Dick"])
    for grids in ((30, 12, 41), (18, 22, 5)):
        data = {"knocked": None, "grids": [{"seat": s, "total": t} for s, t in enumerate(grids)]}
        game_services.deal_record(game=brummy, by=owner, data=data)
    return night


class HouseRuleProfileFactory(factory.django.DjangoModelFactory):
    """House-rule profiles (issue 10): ``options`` as given, stored canonical like the service."""

    class Meta:
        model = HouseRuleProfile

    owner = factory.SubFactory(UserFactory)
    slug = "knock-rummy"
    name = factory.Sequence(lambda n: f"House rules {n}")
    options = factory.LazyAttribute(lambda p: options_as_dict(get_game(p.slug).options()))

    @classmethod
    def _create(cls, model_class: Any, *args: Any, **kwargs: Any) -> Any:
        kwargs["options"] = options_as_dict(get_game(kwargs["slug"]).options(kwargs["options"]))
        return super()._create(model_class, *args, **kwargs)


# clubs (issue 29) ----------------------------------------------------------------------------
