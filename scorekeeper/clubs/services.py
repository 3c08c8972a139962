"""Writes to a club, each in one transaction: the club, its members and invitations, who is
who on its roster, merges of two players into one, its seasons, and nights moved in.

Who may do each is read in ``scorekeeper.access.clubs`` and asked again here, inside the
transaction, with the club's row locked where two requests could both pass a check (the last
organiser leaving twice, two seasons named at once). Refusals are ``InvalidInput`` (a field and
a sentence) or ``PermissionDenied``; nothing is half written.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from scorekeeper import limits
from scorekeeper.access import clubs as access
from scorekeeper.clubs import identity
from scorekeeper.clubs import seasons as season_reads
from scorekeeper.exceptions import InvalidInput
from scorekeeper.models import (
    Club,
    ClubInvite,
    Membership,
    Night,
    NightPlayer,
    Player,
    PlayerClaim,
    PlayerMerge,
    Season,
    Seat,
)

Role = Membership.Role

# An invitation lasts this many days unless the organiser chooses another of these.
INVITE_DAYS = (1, 7, 30)
INVITE_DEFAULT_DAYS = 7
INVITE_SALT = "scorekeeper.clubs.invite"


def _lock(club: Club) -> Club:
    """The club's row, locked until the transaction ends (PostgreSQL; SQLite's writes are
    serial anyway): two requests that check then write about one club go one after the other."""
    return Club.objects.select_for_update().get(pk=club.pk)


def _role(user: User, club: Club) -> Role:
    role = access.role_in(user, club)
    if role is None:
        raise PermissionDenied(gettext("You are not a member of this club."))
    return role


def _organiser(user: User, club: Club, refusal: str) -> None:
    access.require(_role(user, club), Role.ORGANISER, refusal)


def _name(text: str, most: int, empty: str, too_long: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise InvalidInput(empty, field="name")
    if len(name) > most:
        raise InvalidInput(too_long % {"most": most}, field="name")
    return name


def _club_name(text: str) -> str:
    return _name(
        text,
        limits.CLUB_NAME,
        gettext("Give the club a name."),
        gettext("A club's name is at most %(most)d characters."),
    )


# The club ---------------------------------------------------------------------------------------


@transaction.atomic
def club_create(*, by: User, name: str) -> Club:
    """A new club, with its maker as its first organiser."""
    club = Club.objects.create(name=_club_name(name), created_by=by)
    Membership.objects.create(club=club, user=by, role=Role.ORGANISER)
    return club


@transaction.atomic
def club_rename(*, club: Club, by: User, name: str) -> Club:
    _organiser(by, club, gettext("Only the club's organisers may rename it."))
    club.name = _club_name(name)
    club.save(update_fields=["name"])
    return club


# Invitations ------------------------------------------------------------------------------------


def _nonce_hash(nonce: str) -> str:
    return hashlib.sha256(nonce.encode()).hexdigest()


@transaction.atomic
def invite_make(*, club: Club, by: User, days: int = INVITE_DEFAULT_DAYS) -> str:
    """An invitation link's token, valid ``days`` days: the only time it is known (only its
    nonce's digest is kept). Anyone signed in who opens it may join as a member."""
    _organiser(by, club, gettext("Only the club's organisers may invite people."))
    if days not in INVITE_DAYS:
        raise InvalidInput(
            gettext("An invitation lasts 1, 7 or 30 days."),
            field="days",
        )
    nonce = secrets.token_urlsafe(24)
    invite = ClubInvite.objects.create(
        club=club,
        nonce_hash=_nonce_hash(nonce),
        created_by=by,
        expires_at=timezone.now() + datetime.timedelta(days=days),
    )
    return signing.dumps([invite.pk, nonce], salt=INVITE_SALT)


def invite_for(token: str) -> ClubInvite | None:
    """The invitation a link's token opens, or None: a token not signed by this site, changed,
    revoked, or past its day. Every failure answers the same."""
    if len(token) > 200:
        return None
    try:
        pk, nonce = signing.loads(token, salt=INVITE_SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(pk, int) or not isinstance(nonce, str):
        return None
    invite = ClubInvite.objects.select_related("club").filter(pk=pk).first()
    if invite is None or not hmac.compare_digest(invite.nonce_hash, _nonce_hash(nonce)):
        return None
    if invite.revoked_at is not None or invite.expires_at <= timezone.now():
        return None
    return invite


@transaction.atomic
def invite_revoke(*, club: Club, by: User, invite_id: int) -> None:
    """Stop an invitation: its link lets nobody in from now on (who joined by it stays)."""
    _organiser(by, club, gettext("Only the club's organisers may stop an invitation."))
    invite = ClubInvite.objects.filter(club=club, pk=invite_id, revoked_at__isnull=True).first()
    if invite is None:
        raise InvalidInput(gettext("There is no such invitation open."), field="invite")
    invite.revoked_at = timezone.now()
    invite.save(update_fields=["revoked_at"])


@transaction.atomic
def club_join(*, token: str, user: User) -> tuple[Club, bool]:
    """Join the club a link invites to, as a member (the club, and whether the user is new to
    it). A member already in keeps their role."""
    invite = invite_for(token)
    if invite is None:
        raise InvalidInput(
            gettext("This invitation has expired or was stopped: ask for a new one."),
            field="token",
        )
    club = invite.club
    if Membership.objects.filter(club=club, user=user).exists():
        return club, False
    try:
        with transaction.atomic():  # the link opened twice at once (PostgreSQL)
            Membership.objects.create(club=club, user=user, role=Role.MEMBER)
    except IntegrityError:
        return club, False
    return club, True


# Members ----------------------------------------------------------------------------------------


def _member(club: Club, user_id: int) -> Membership:
    found = Membership.objects.select_related("user").filter(club=club, user_id=user_id).first()
    if found is None:
        raise InvalidInput(gettext("That person is not a member of this club."), field="user")
    return found


def _keeps_an_organiser(club: Club, leaving: Membership) -> None:
    """Refuse to leave the club without an organiser (the club's row is locked)."""
    if leaving.role != Role.ORGANISER:
        return
    others = Membership.objects.filter(club=club, role=Role.ORGANISER).exclude(pk=leaving.pk)
    if not others.exists():
        raise InvalidInput(
            gettext("A club needs an organiser: make another member one first."), field="user"
        )


@transaction.atomic
def club_leave(*, club: Club, user: User) -> None:
    """Leave the club: its nights, roster and history are no longer the user's to see. What they
    recorded stays; a player they said was them stays theirs on their own page."""
    club = _lock(club)
    membership = _member(club, user.pk)
    _keeps_an_organiser(club, membership)
    membership.delete()


@transaction.atomic
def member_remove(*, club: Club, by: User, user_id: int) -> None:
    """An organiser takes a member out of the club: they lose every club night at once."""
    club = _lock(club)
    _organiser(by, club, gettext("Only the club's organisers may remove members."))
    membership = _member(club, user_id)
    _keeps_an_organiser(club, membership)
    membership.delete()


@transaction.atomic
def member_role_set(*, club: Club, by: User, user_id: int, role: str) -> Membership:
    """An organiser makes a member an organiser, a recorder or a member."""
    club = _lock(club)
    _organiser(by, club, gettext("Only the club's organisers may change roles."))
    if role not in Role.values:
        raise InvalidInput(
            gettext("A member is an organiser, a recorder or a member."), field="role"
        )
    membership = _member(club, user_id)
    if role != Role.ORGANISER:
        _keeps_an_organiser(club, membership)
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


# Who is who -------------------------------------------------------------------------------------


def _club_player(club: Club, player_id: int, field: str = "player") -> Player:
    """A player on the club's roster (not merged into another)."""
    found = Player.objects.filter(club=club, pk=player_id, same_as__isnull=True).first()
    if found is None:
        raise InvalidInput(gettext("That player is not on the club's roster."), field=field)
    return found


def _link(player: Player, user: User) -> None:
    """Say ``player`` is ``user`` (the club's one player for them)."""
    if Player.objects.filter(club=player.club_id, person=user).exclude(pk=player.pk).exists():
        raise InvalidInput(
            gettext("You are already a player of this club: unlink that one first."),
            field="player",
        )
    player.person = user
    player.save(update_fields=["person"])


@transaction.atomic
def claim_ask(*, club: Club, by: User, player_id: int) -> PlayerClaim:
    """A member says "this player is me". An organiser's own claim is confirmed at once; a
    member's waits for an organiser."""
    club = _lock(club)
    role = _role(by, club)
    player = _club_player(club, player_id)
    if player.person_id is not None:
        raise InvalidInput(
            gettext("%(name)s is already linked to an account.") % {"name": player.name},
            field="player",
        )
    if Player.objects.filter(club=club, person=by).exists():
        raise InvalidInput(
            gettext("You are already a player of this club: unlink that one first."),
            field="player",
        )
    open_claims = PlayerClaim.objects.filter(player__club=club, answered_at__isnull=True)
    if open_claims.filter(user=by).exists():
        raise InvalidInput(
            gettext("You have already asked: an organiser will answer."), field="player"
        )
    claim = PlayerClaim.objects.create(player=player, user=by)
    if role == Role.ORGANISER:
        _answer(claim, by, confirmed=True)
    return claim


def _answer(claim: PlayerClaim, by: User, *, confirmed: bool) -> None:
    if confirmed:
        _link(claim.player, claim.user)
    claim.answered_by, claim.answered_at, claim.confirmed = by, timezone.now(), confirmed
    claim.save(update_fields=["answered_by", "answered_at", "confirmed"])
    if confirmed:  # the player is taken: every other claim to them is answered no
        others = PlayerClaim.objects.filter(player=claim.player, answered_at__isnull=True)
        for other in others.exclude(pk=claim.pk):
            other.answered_by, other.answered_at = by, claim.answered_at
            other.save(update_fields=["answered_by", "answered_at"])


@transaction.atomic
def claim_answer(*, club: Club, by: User, claim_id: int, confirmed: bool) -> PlayerClaim:
    """An organiser confirms (or turns down) a member's "this player is me"."""
    club = _lock(club)
    _organiser(by, club, gettext("Only the club's organisers may confirm who is who."))
    claim = (
        PlayerClaim.objects.select_related("player", "user")
        .filter(pk=claim_id, player__club=club, answered_at__isnull=True)
        .first()
    )
    if claim is None:
        raise InvalidInput(gettext("There is no such request waiting."), field="claim")
    if confirmed and not Membership.objects.filter(club=club, user=claim.user).exists():
        raise InvalidInput(
            gettext("%(name)s is no longer a member.") % {"name": claim.user.username},
            field="claim",
        )
    if confirmed and claim.player.person_id is not None:
        raise InvalidInput(
            gettext("%(name)s is already linked to an account.") % {"name": claim.player.name},
            field="claim",
        )
    _answer(claim, by, confirmed=confirmed)
    return claim


@transaction.atomic
def self_unlink(*, club: Club, by: User, player_id: int) -> Player:
    """The person themselves, or an organiser, says the player is not that account after all."""
    club = _lock(club)
    role = _role(by, club)
    player = Player.objects.filter(club=club, pk=player_id, person__isnull=False).first()
    if player is None:
        raise InvalidInput(gettext("That player is not linked to an account."), field="player")
    if player.person_id != by.pk:
        access.require(
            role, Role.ORGANISER, gettext("Only the club's organisers may unlink someone else.")
        )
    player.person = None
    player.save(update_fields=["person"])
    return player


# One person, one player -------------------------------------------------------------------------


def _same_game(first: Player, second: Player) -> Seat | None:
    """A seat of ``first`` in a game where ``second`` sat too (both read as merged so far)."""
    same = identity.read_as()
    mine = identity.all_as(same, identity.one_of(same, first.pk))
    theirs = identity.all_as(same, identity.one_of(same, second.pk))
    games = Seat.objects.filter(player__in=theirs).values("game")
    return (
        Seat.objects.select_related("game__night")
        .filter(player__in=mine, game__in=games)
        .order_by("game__night__date", "game__number")
        .first()
    )


@transaction.atomic
def merge(*, club: Club, by: User, merged_id: int, into_id: int) -> PlayerMerge:
    """Read ``merged`` as ``into`` from now on: one person who was two players on the roster.

    No seat and no entry changes (both are sealed): ``merged`` points at ``into``
    (``Player.same_as``), leaves the roster, and every history reads their games as
    ``into``'s. Refused for two players who sat in one game (two people), and for two players
    linked to two accounts. :func:`unmerge` undoes it."""
    club = _lock(club)
    _organiser(by, club, gettext("Only the club's organisers may merge players."))
    merged = _club_player(club, merged_id, "merged")
    into = _club_player(club, into_id, "into")
    if merged.pk == into.pk:
        raise InvalidInput(gettext("Choose two different players."), field="into")
    if merged.person_id is not None and into.person_id not in (None, merged.person_id):
        raise InvalidInput(
            gettext("%(first)s and %(second)s are linked to two accounts: two people.")
            % {"first": merged.name, "second": into.name},
            field="into",
        )
    return _point(merged, into, by, field="into")


def _point(merged: Player, into: Player, by: User, *, field: str) -> PlayerMerge:
    """Point ``merged`` at ``into``, and log it: what a merge and a matched arrival do."""
    together = _same_game(merged, into)
    if together is not None:
        raise InvalidInput(
            gettext(
                "%(first)s and %(second)s sat at the same game (%(game)s, %(night)s): "
                "they are two people."
            )
            % {
                "first": merged.name,
                "second": into.name,
                "game": str(together.game),
                "night": str(together.game.night),
            },
            field=field,
        )
    if merged.person_id is not None and into.person_id is None:
        # The account is the person: it comes along to the player they are now read as.
        person = merged.person_id
        Player.objects.filter(pk=merged.pk).update(person=None)
        Player.objects.filter(pk=into.pk).update(person=person)
    Player.objects.filter(pk=merged.pk).update(club=into.club_id, same_as=into)
    # Tonight's tables: whoever sat ``merged`` down now has ``into`` there instead.
    for row in NightPlayer.objects.filter(player=merged):
        if not NightPlayer.objects.filter(night=row.night_id, player=into).exists():
            NightPlayer.objects.create(night_id=row.night_id, player=into)
        row.delete()
    PlayerClaim.objects.filter(player=merged, answered_at__isnull=True).update(
        answered_by=by, answered_at=timezone.now()
    )
    return PlayerMerge.objects.create(merged=merged, into=into, by=by)


def _free_name(club: Club, name: str) -> str:
    """``name``, or the first "name (2)", "name (3)"… no one on the club's roster has."""
    taken = {
        n.casefold()
        for n in Player.objects.filter(club=club, same_as__isnull=True).values_list(
            "name", flat=True
        )
    }
    if name.casefold() not in taken:
        return name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[: limits.NAME - len(suffix)] + suffix
        if candidate.casefold() not in taken:
            return candidate
        number += 1


@transaction.atomic
def unmerge(*, club: Club, by: User, merge_id: int) -> PlayerMerge:
    """Undo a merge: the two are two players again, each with their own games. Should the
    merged player's name have been taken meanwhile, they come back as "name (2)"."""
    club = _lock(club)
    _organiser(by, club, gettext("Only the club's organisers may undo a merge."))
    done = (
        PlayerMerge.objects.select_related("merged", "into")
        .filter(pk=merge_id, merged__club=club, undone_at__isnull=True)
        .first()
    )
    if done is None or done.merged.same_as_id != done.into_id:
        raise InvalidInput(gettext("There is no such merge to undo."), field="merge")
    name = _free_name(club, done.merged.name)
    Player.objects.filter(pk=done.merged_id).update(same_as=None, name=name)
    done.undone_by, done.undone_at = by, timezone.now()
    done.renamed = name if name != done.merged.name else ""
    done.save(update_fields=["undone_by", "undone_at", "renamed"])
    return done


# Seasons ----------------------------------------------------------------------------------------


def _season_name(text: str) -> str:
    return _name(
        text,
        limits.SEASON_NAME,
        gettext("Give the season a name."),
        gettext("A season's name is at most %(most)d characters."),
    )


def _in_range(day: datetime.date, field: str) -> None:
    problem = limits.date_problem(day)
    if problem is not None:
        raise InvalidInput(problem, field=field)


@transaction.atomic
def season_create(
    *, club: Club, by: User, name: str, ends: datetime.date, starts: datetime.date | None = None
) -> Season:
    """Name a season: from ``starts`` (by default the day after the last season ends) to
    ``ends``, both days in. Seasons never overlap."""
    club = _lock(club)
    _organiser(by, club, gettext("Only the club's organisers may name seasons."))
    name = _season_name(name)
    begins = starts or season_reads.next_start(club)
    if begins is None:
        raise InvalidInput(gettext("Say when the club's first season starts."), field="starts")
    _in_range(begins, "starts")
    _in_range(ends, "ends")
    if ends < begins:
        raise InvalidInput(
            gettext("A season ends on or after the day it starts (%(day)s).")
            % {"day": begins.isoformat()},
            field="ends",
        )
    overlapping = Season.objects.filter(club=club, starts__lte=ends, ends__gte=begins).first()
    if overlapping is not None:
        raise InvalidInput(
            gettext("%(name)s runs from %(starts)s to %(ends)s: seasons do not overlap.")
            % {
                "name": overlapping.name,
                "starts": overlapping.starts.isoformat(),
                "ends": overlapping.ends.isoformat(),
            },
            field="starts",
        )
    return Season.objects.create(club=club, name=name, starts=begins, ends=ends)


@transaction.atomic
def season_end(*, club: Club, by: User, season_id: int, on: datetime.date | None = None) -> Season:
    """End the current season early, on ``on`` (today by default). A finished season's table
    is final: its dates never change again."""
    club = _lock(club)
    _organiser(by, club, gettext("Only the club's organisers may end a season."))
    today = timezone.localdate()
    day = on or today
    season = Season.objects.filter(club=club, pk=season_id).first()
    if season is None:
        raise InvalidInput(gettext("There is no such season."), field="season")
    if season_reads.finished(season, today):
        raise InvalidInput(
            gettext("%(name)s is over: its table is final.") % {"name": season.name},
            field="season",
        )
    if not season.starts <= day <= season.ends or day < today:
        raise InvalidInput(
            gettext("%(name)s can end from today to %(ends)s.")
            % {"name": season.name, "ends": season.ends.isoformat()},
            field="on",
        )
    season.ends = day
    season.save(update_fields=["ends"])
    return season


# Moving in --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Arrival:
    """One of a person's players whose nights move into a club, and whom they may be there:
    ``match`` the club's player of the same name (any case), if there is one."""

    player: Player
    match: Player | None


def _own_nights(club: Club, by: User, night_ids: Sequence[int]) -> list[Night]:
    if not night_ids:
        raise InvalidInput(gettext("Choose the nights to move in."), field="nights")
    if len(night_ids) > limits.FILE_NIGHTS:
        raise InvalidInput(
            gettext("Move at most %(most)d nights at once.") % {"most": limits.FILE_NIGHTS},
            field="nights",
        )
    nights = list(Night.objects.filter(pk__in=night_ids, owner=by, club__isnull=True))
    if len(nights) != len(set(night_ids)):
        raise InvalidInput(
            gettext("Only nights of your own that belong to no club move in."), field="nights"
        )
    # What was settled stays settled: a finished season's final table takes no night later.
    today = timezone.localdate()
    for night in sorted(nights, key=lambda n: n.date):
        season = Season.objects.filter(club=club, starts__lte=night.date, ends__gte=night.date)
        over = season.filter(ends__lt=today).first()
        if over is not None:
            raise InvalidInput(
                gettext(
                    "%(night)s falls in %(season)s, which is over: its final table takes no "
                    "more nights."
                )
                % {"night": str(night), "season": over.name},
                field="nights",
            )
    return nights


def movable_nights(by: User) -> list[Night]:
    """The nights a person may move into a club: their own, in no club yet, newest first."""
    return list(Night.objects.filter(owner=by, club__isnull=True).order_by("-date", "-id"))


def arrivals(*, club: Club, by: User, night_ids: Sequence[int]) -> list[Arrival]:
    """Who comes with those nights (their own roster's players who sat or sit at them), each
    with the club's player of the same name, if any: what the review shows."""
    nights = _own_nights(club, by, night_ids)
    seated = Seat.objects.filter(game__night__in=nights).values("player")
    tabled = NightPlayer.objects.filter(night__in=nights).values("player")
    players = Player.objects.filter(owner=by, club__isnull=True, same_as__isnull=True).filter(
        pk__in=seated
    ) | Player.objects.filter(owner=by, club__isnull=True, same_as__isnull=True).filter(
        pk__in=tabled
    )
    roster = {p.name.casefold(): p for p in Player.objects.filter(club=club, same_as__isnull=True)}
    return [
        Arrival(player, roster.get(player.name.casefold()))
        for player in players.distinct().order_by("name", "pk")
    ]


@transaction.atomic
def move_in(
    *, club: Club, by: User, night_ids: Sequence[int], choices: Mapping[int, int | None]
) -> list[Night]:
    """Move a person's nights into the club. Each player who comes along is, as the person
    chose in the review (``choices``: player -> the club's player they are, or None for a new
    player on the club's roster), never matched silently: every player must have a choice.

    No total changes: the nights keep their games, seats and ledgers (a night's club is not
    sealed); a player matched to the club's is merged into them (:func:`merge`'s record,
    undoable the same way)."""
    club = _lock(club)
    access.require(
        _role(by, club),
        Role.RECORDER,
        gettext("Only the club's organisers and recorders may move nights in."),
    )
    nights = _own_nights(club, by, night_ids)
    coming = arrivals(club=club, by=by, night_ids=night_ids)
    missing = [a.player.name for a in coming if a.player.pk not in choices]
    if missing:
        raise InvalidInput(
            gettext("Say who %(name)s is in the club.") % {"name": missing[0]}, field="choices"
        )
    for arrival in coming:
        target_id = choices[arrival.player.pk]
        if target_id is None:
            taken = Player.objects.filter(
                club=club, same_as__isnull=True, name__iexact=arrival.player.name
            )
            if taken.exists():
                raise InvalidInput(
                    gettext(
                        "The club already has a player called %(name)s: choose them, or "
                        "rename yours first."
                    )
                    % {"name": arrival.player.name},
                    field="choices",
                )
            Player.objects.filter(pk=arrival.player.pk).update(club=club)
            continue
        _point(arrival.player, _club_player(club, target_id, "choices"), by, field="choices")
    Night.objects.filter(pk__in=[n.pk for n in nights]).update(club=club)
    return nights
