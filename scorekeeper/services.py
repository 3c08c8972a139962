"""Every write to game data, each in one transaction.

The API views and the page views both call these and nothing else writes. Each checks who is
acting, validates through the adjudicator, and either writes everything or nothing. Rules
problems surface as :class:`adjudicator.errors.AdjudicationError`, other refusals as
:class:`scorekeeper.exceptions.ServiceError`, permission problems as ``PermissionDenied``.
"""

from __future__ import annotations

import datetime
import math
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Max

from adjudicator.errors import AdjudicationError, BadEntryError
from adjudicator.options import options_as_dict
from adjudicator.registry import get_game
from scorekeeper import selectors
from scorekeeper.exceptions import Conflict, InvalidInput
from scorekeeper.models import Entry, Game, Night, NightPlayer, Player, Seat


def _require_recorder(user: User, night: Night) -> None:
    if not selectors.can_record(user, night):
        raise PermissionDenied("Only the night's owner and the people they added may record.")


def _lock_game(game: Game) -> Game:
    """Serialize writers of one game (PostgreSQL row lock; SQLite's IMMEDIATE does it anyway)."""
    return Game.objects.select_for_update().get(pk=game.pk)


# Players ----------------------------------------------------------------------------------------


def _player_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise InvalidInput("Give the player a name.", field="name")
    if len(name) > 40:
        raise InvalidInput("A name is at most 40 characters.", field="name")
    return name


@transaction.atomic
def player_create(*, owner: User, name: str) -> Player:
    name = _player_name(name)
    taken = InvalidInput(f"You already have a player called {name}.", field="name")
    if Player.objects.filter(owner=owner, name__iexact=name).exists():
        raise taken
    try:
        # Two requests can both pass the check above (a double tap, on PostgreSQL): the unique
        # constraint decides, and the loser gets the answer the second of two taps in turn gets.
        with transaction.atomic():
            return Player.objects.create(owner=owner, name=name)
    except IntegrityError:
        raise taken from None


def _owners_player(owner: User | int, name: str) -> Player:
    """The owner's player of that name (any case), made if there is none; safe against races."""
    owner_id = owner if isinstance(owner, int) else owner.pk
    found = Player.objects.filter(owner_id=owner_id, name__iexact=name).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Player.objects.create(owner_id=owner_id, name=name)
    except IntegrityError:  # made by a concurrent request a moment ago
        return Player.objects.get(owner_id=owner_id, name__iexact=name)


def _seat_at_table(night: Night, player: Player) -> bool:
    """Put a player at the night's table; False if they were already there."""
    if NightPlayer.objects.filter(night=night, player=player).exists():
        return False
    try:
        with transaction.atomic():
            NightPlayer.objects.create(night=night, player=player)
    except IntegrityError:  # seated by a concurrent request a moment ago
        return False
    return True


@transaction.atomic
def night_player_add(*, night: Night, by: User, name: str) -> Player:
    """Seat a player at a night's table: one of the owner's players, or a new one for them."""
    _require_recorder(by, night)
    player = _owners_player(night.owner_id, _player_name(name))
    if not _seat_at_table(night, player):
        raise InvalidInput(f"{player.name} is already at the table.", field="name")
    return player


# Nights -----------------------------------------------------------------------------------------


@transaction.atomic
def night_create(*, owner: User, date: datetime.date, place: str = "", notes: str = "") -> Night:
    return Night.objects.create(owner=owner, date=date, place=place.strip(), notes=notes.strip())


@transaction.atomic
def night_add_recorder(*, night: Night, by: User, username: str) -> User:
    if night.owner_id != by.pk:
        raise PermissionDenied("Only the night's owner may add people who record.")
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise InvalidInput(f"There is no account called {username.strip()!r}.", field="username")
    if user.pk == night.owner_id:
        raise InvalidInput("The owner can already record.", field="username")
    night.recorders.add(user)
    return user


@transaction.atomic
def night_remove_recorder(*, night: Night, by: User, username: str) -> None:
    """Take away someone's right to record in a night. Their past entries stay in the ledger."""
    if night.owner_id != by.pk:
        raise PermissionDenied("Only the night's owner may remove people who record.")
    user = night.recorders.filter(username__iexact=username.strip()).first()
    if user is None:
        raise InvalidInput(f"{username.strip()!r} does not record in this night.", field="username")
    night.recorders.remove(user)


# Games ------------------------------------------------------------------------------------------


@transaction.atomic
def game_start(
    *,
    night: Night,
    by: User,
    slug: str,
    players: Sequence[Player],
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Start a game with the players seated in the order given (seat 1 first)."""
    _require_recorder(by, night)
    definition = get_game(slug)
    parsed = definition.options(options)
    if len({p.pk for p in players}) != len(players):
        raise InvalidInput("A player can take only one seat.", field="players")
    allowed = set(selectors.players_for_night(night).values_list("pk", flat=True))
    strangers = [p.name for p in players if p.pk not in allowed]
    if strangers:
        raise InvalidInput(f"{', '.join(strangers)} cannot join this night.", field="players")
    try:
        definition.check_players(len(players))
    except BadEntryError as err:
        err.field = "players"  # the engine says "seats"; the input here is the list of players
        raise
    # Games are numbered in their night; the night's row lock serializes two games started at
    # once (PostgreSQL; SQLite's IMMEDIATE transactions already do).
    Night.objects.select_for_update().filter(pk=night.pk).first()
    number = (night.games.aggregate(top=Max("number"))["top"] or 0) + 1
    # Store every option, not just the changes, so the game keeps its rules if defaults move.
    game = Game.objects.create(
        night=night, number=number, slug=slug, options=options_as_dict(parsed), created_by=by
    )
    Seat.objects.bulk_create(
        Seat(game=game, player=player, position=position) for position, player in enumerate(players)
    )
    for player in players:
        _seat_at_table(night, player)
    return game


# The ledger -------------------------------------------------------------------------------------


def _validated(game: Game, data: Mapping[str, Any], replacing: int | None) -> dict[str, Any]:
    """Check a deal against the rules and against the rest of the game; return its canonical form.

    ``replacing`` is the deal being amended, which keeps its place in the game (a voided deal
    brought back returns to its old place); ``None`` appends a new deal.
    """
    names = tuple(game.seats.order_by("position").values_list("player__name", flat=True))
    try:
        return _validated_deal(game, data, replacing, len(names))
    except AdjudicationError as err:
        err.message = selectors.with_names(err.message, names)
        err.args = (err.message,)
        raise


def _validated_deal(
    game: Game, data: Mapping[str, Any], replacing: int | None, players: int
) -> dict[str, Any]:
    definition = selectors.game_definition(game)
    options = definition.options(game.options)
    deal = definition.parse_deal(data, players=players, options=options)
    keyed = [
        (entry.deal_key, definition.parse_deal(entry.data, players=players, options=options))
        for entry in selectors.current_entries(game)
        if entry.deal_key != replacing
    ]
    keyed.append((replacing if replacing is not None else math.inf, deal))  # type: ignore[arg-type]
    keyed.sort(key=lambda pair: pair[0])
    # Replaying the whole game catches what one deal alone cannot (a deal after the last one).
    definition.tally([d for _, d in keyed], players=players, options=options)
    canonical: dict[str, Any] = definition.deal_as_data(deal)
    return canonical


@transaction.atomic
def deal_record(
    *,
    game: Game,
    by: User,
    data: Mapping[str, Any],
    token: uuid.UUID | None = None,
) -> Entry:
    """Append a deal. A repeated ``token`` (a double tap, a retried request) records nothing new."""
    game = _lock_game(game)
    _require_recorder(by, game.night)
    if token is not None:
        earlier = Entry.objects.filter(token=token).first()
        if earlier is not None:
            if earlier.game_id != game.pk:
                raise Conflict("That form was already used for another game.", field="token")
            return earlier
    canonical = _validated(game, data, replacing=None)
    return Entry.objects.create(
        game=game,
        kind=Entry.Kind.RECORD,
        data=canonical,
        recorded_by=by,
        token=token or uuid.uuid4(),
    )


def _latest(game: Game, deal_key: int, revision: int | None) -> Entry:
    latest = selectors.latest_revision(game, deal_key)
    if latest is None:
        raise InvalidInput(f"Game {game.pk} has no deal {deal_key}.", field="deal")
    if revision is not None and latest.pk != revision:
        raise Conflict(
            "Someone changed this deal while you were editing it; look at it again.",
            field="revision",
        )
    return latest


def _supersede(**fields: Any) -> Entry:
    try:
        with transaction.atomic():
            return Entry.objects.create(**fields)
    except IntegrityError:  # another writer superseded the same entry first
        raise Conflict("Someone changed this deal at the same moment; look at it again.") from None


@transaction.atomic
def deal_amend(
    *,
    game: Game,
    deal_key: int,
    by: User,
    data: Mapping[str, Any],
    note: str = "",
    revision: int | None = None,
) -> Entry:
    """Replace a deal's record (a voided deal comes back this way). The old entry stays."""
    game = _lock_game(game)
    _require_recorder(by, game.night)
    latest = _latest(game, deal_key, revision)
    canonical = _validated(game, data, replacing=deal_key)
    return _supersede(
        game=game,
        kind=Entry.Kind.AMEND,
        deal_id=deal_key,
        supersedes=latest,
        data=canonical,
        note=note.strip()[:200],
        recorded_by=by,
    )


@transaction.atomic
def deal_void(
    *,
    game: Game,
    deal_key: int,
    by: User,
    note: str = "",
    revision: int | None = None,
) -> Entry:
    """Withdraw a deal from the scores. It stays in the history and can be brought back."""
    game = _lock_game(game)
    _require_recorder(by, game.night)
    latest = _latest(game, deal_key, revision)
    if latest.kind == Entry.Kind.VOID:
        raise InvalidInput("That deal is already voided.", field="deal")
    return _supersede(
        game=game,
        kind=Entry.Kind.VOID,
        deal_id=deal_key,
        supersedes=latest,
        data={},
        note=note.strip()[:200],
        recorded_by=by,
    )
