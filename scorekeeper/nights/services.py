"""Writes to a night and its people, each in one transaction: the night, its recorders, its
players and who sits at its table.

The API views and the page views both call these. Each checks who is acting and either writes
everything or nothing; refusals are :class:`scorekeeper.exceptions.ServiceError`, permission
problems ``PermissionDenied``.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils.formats import number_format
from django.utils.translation import gettext

from scorekeeper import limits
from scorekeeper.access import clubs, roles
from scorekeeper.exceptions import (
    InvalidInput,
)
from scorekeeper.models import Club, Game, Night, NightPlayer, NightViewer, Player
from scorekeeper.nights.selectors import roster

# A night's text too long, one sentence per field.
TOO_LONG = {
    "place": lambda: gettext("A night's place holds at most %(most)s characters."),
    "notes": lambda: gettext("A night's notes hold at most %(most)s characters."),
}


def _lock_game(game: Game) -> Game:
    """Serialize writers of one game (PostgreSQL row lock; SQLite's IMMEDIATE does it anyway)."""
    return Game.objects.select_for_update().get(pk=game.pk)


# Players ----------------------------------------------------------------------------------------


def _player_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise InvalidInput(gettext("Give the player a name."), field="name")
    if len(name) > 40:
        raise InvalidInput("A name is at most 40 characters.", field="name")
    return name


@transaction.atomic
def player_create(*, owner: User, name: str, club: Club | None = None) -> Player:
    """A new player on the owner's roster, or (``club``) on the club's: the caller checked that
    the owner may add to it."""
    name = _player_name(name)
    taken = InvalidInput(
        gettext("You already have a player called %(name)s.") % {"name": name}, field="name"
    )
    if club is not None:
        taken = InvalidInput(
            gettext("The club already has a player called %(name)s.") % {"name": name},
            field="name",
        )
    if roster(owner=owner, club=club).filter(name__iexact=name).exists():
        raise taken
    try:
        # Two requests can both pass the check above (a double tap, on PostgreSQL): the unique
        # constraint decides, and the loser gets the answer the second of two taps in turn gets.
        with transaction.atomic():
            return Player.objects.create(owner=owner, club=club, name=name)
    except IntegrityError:
        raise taken from None


def _roster_player(owner: User | int, club: Club | int | None, name: str) -> Player:
    """The roster's player of that name (any case), made if there is none; safe against races."""
    owner_id = owner if isinstance(owner, int) else owner.pk
    club_id = club if club is None or isinstance(club, int) else club.pk
    found = roster(owner=owner_id, club=club_id).filter(name__iexact=name).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Player.objects.create(owner_id=owner_id, club_id=club_id, name=name)
    except IntegrityError:  # made by a concurrent request a moment ago
        return roster(owner=owner_id, club=club_id).get(name__iexact=name)


@transaction.atomic
def owners_player(*, owner: User, name: str, club: Club | int | None = None) -> Player:
    """The roster's player of that name (any case), made if there is none (an import's seats):
    the owner's own, or the club's."""
    return _roster_player(owner, club, _player_name(name))


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


def room_at_table(night: Night, players: Iterable[Player], *, field: str) -> None:
    """Refuse to seat players at the night's table past its most (``limits.TABLE``, what an
    import takes). Takes the night's row lock, so two requests cannot both pass the most."""
    Night.objects.select_for_update().filter(pk=night.pk).first()
    seated = set(NightPlayer.objects.filter(night=night).values_list("player_id", flat=True))
    newcomers = {player.pk for player in players} - seated
    if newcomers and len(seated) + len(newcomers) > limits.TABLE:
        raise InvalidInput(
            gettext("A night's table seats at most %(most)d players: start another night.")
            % {"most": limits.TABLE},
            field=field,
        )


@transaction.atomic
def night_player_add(*, night: Night, by: User, name: str) -> Player:
    """Seat a player at a night's table: one of its roster's players (the club's, or the
    owner's), or a new one on it."""
    roles.require_recorder(by, night)
    player = _roster_player(night.owner_id, night.club_id, _player_name(name))
    room_at_table(night, [player], field="name")
    if not _seat_at_table(night, player):
        raise InvalidInput(
            gettext("%(name)s is already at the table.") % {"name": player.name}, field="name"
        )
    return player


def _table_player(night: Night, player_id: int) -> Player:
    """A player at this night's table (the page's and the API's choice of whom to change)."""
    seated = NightPlayer.objects.filter(night=night, player_id=player_id).select_related("player")
    row = seated.first()
    if row is None:
        raise InvalidInput(gettext("That player is not at this night's table."), field="player")
    return row.player


@transaction.atomic
def night_player_rename(*, night: Night, by: User, player_id: int, name: str) -> Player:
    """Call a player at the table by another name. A player is one person across nights, so
    the name changes wherever they are shown, their past games too; the ledger is untouched
    (seats and entries name the player by id, never by name)."""
    roles.require_recorder(by, night)
    player = _table_player(night, player_id)
    name = _player_name(name)
    taken = InvalidInput(
        gettext("There is already a player called %(name)s.") % {"name": name}, field="name"
    )
    if (
        roster(owner=player.owner_id, club=player.club_id)
        .filter(name__iexact=name)
        .exclude(pk=player.pk)
    ):
        raise taken
    player.name = name
    try:
        with transaction.atomic():  # a rename racing another to the same name: one wins
            player.save(update_fields=["name"])
    except IntegrityError:
        raise taken from None
    return player


@transaction.atomic
def night_player_leave(*, night: Night, by: User, player_id: int) -> Player:
    """Take a player off the night's table: no longer offered for the next game's seats. Games
    they sat in keep them."""
    roles.require_recorder(by, night)
    player = _table_player(night, player_id)
    NightPlayer.objects.filter(night=night, player=player).delete()
    return player


# Nights -----------------------------------------------------------------------------------------


@transaction.atomic
def night_create(
    *,
    owner: User,
    date: datetime.date,
    place: str = "",
    notes: str = "",
    confirmations: bool = False,
    club: Club | None = None,
) -> Night:
    """A new night (of ``club``, if given: the owner must record in it). Its date and text
    within the app's limits, which an import holds to too (so every night exported imports
    again)."""
    if club is not None and not clubs.records_in_club(owner, club.pk):
        raise PermissionDenied(
            gettext("Only the club's organisers and recorders may start its nights.")
        )
    problem = limits.date_problem(date)
    if problem is not None:
        raise InvalidInput(problem, field="date")
    place, notes = place.strip(), notes.strip()
    for field, text, most in (("place", place, limits.PLACE), ("notes", notes, limits.NOTES)):
        if len(text) > most:
            raise InvalidInput(
                TOO_LONG[field]() % {"most": number_format(most, force_grouping=True)}, field=field
            )
    return Night.objects.create(
        owner=owner, club=club, date=date, place=place, notes=notes, confirmations=confirmations
    )


@transaction.atomic
def night_add_recorder(*, night: Night, by: User, username: str) -> User:
    roles.require_owner(by, night, "add people who record")
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise InvalidInput(
            gettext("There is no account called %(name)s.") % {"name": repr(username.strip())},
            field="username",
        )
    if user.pk == night.owner_id:
        raise InvalidInput(gettext("The owner can already record."), field="username")
    night.recorders.add(user)
    NightViewer.objects.filter(night=night, user=user).delete()  # a recorder, no longer a viewer
    return user


@transaction.atomic
def night_remove_recorder(*, night: Night, by: User, username: str) -> None:
    """Take away someone's right to record in a night. Their past entries stay in the ledger."""
    roles.require_owner(by, night, "remove people who record")
    user = night.recorders.filter(username__iexact=username.strip()).first()
    if user is None:
        raise InvalidInput(
            gettext("%(name)s does not record in this night.") % {"name": repr(username.strip())},
            field="username",
        )
    night.recorders.remove(user)


@transaction.atomic
def night_set_language(*, night: Night, by: User, language: str) -> None:
    """The table's language: the night's big screen and share cards speak it whatever each
    phone's own (``""``: each phone its own). What was recorded is not touched: only how it
    is said."""
    roles.require_owner(by, night, "choose the table's language")
    if language and language not in dict(settings.LANGUAGES):
        raise InvalidInput(gettext("Choose one of the languages offered."), field="language")
    Night.objects.filter(pk=night.pk).update(language=language)
    night.language = language
