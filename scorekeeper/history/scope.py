"""Whose history is read: which nights, whose roster, and who is who.

Every look back (ratings, the leaderboard, records, streaks, rivals) reads one scope:

- a person's: the nights they can see, as the Players and History pages always have;
- a club's: its nights, all time or one season's (the nights dated in it);
- one's own: the games in which a player who is them sat, at any club or host.

Seats are read through the scope's ``same`` map: a merged player as the player they were
merged into (``scorekeeper.clubs.identity``), and on one's own page every player who is them
as one. Nothing sealed is rewritten for it, so a merge and its undo change what is read, and
nothing that is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet

from scorekeeper.access.roles import User, nights_for_user
from scorekeeper.clubs import identity
from scorekeeper.models import Club, Night, Player, Season, Seat


@dataclass(frozen=True)
class Scope:
    """Whose history: ``key`` names it in each process's kept runs ("user:5", "club:3",
    "club:3:season:7", "self:5"); ``nights`` the nights read; ``players`` whom one may look up
    in it; ``same`` who is read as whom."""

    key: str
    nights: QuerySet[Night] = field(compare=False, repr=False)
    players: QuerySet[Player] = field(compare=False, repr=False)
    same: Mapping[int, int] = field(compare=False, repr=False)
    season: Season | None = field(default=None, compare=False)

    def one(self, player: int) -> int:
        """The player ``player`` is read as here."""
        return self.same.get(player, player)

    def signature(self) -> tuple[tuple[int, int], ...]:
        """Who is read as whom, as a value: part of what names a kept run, so a merge or its
        undo is never answered from a run made before it."""
        return tuple(sorted(self.same.items()))


def of_user(user: User) -> Scope:
    """The nights the user can see, and the players in them (with the user's own roster and
    their clubs' rosters)."""
    nights = nights_for_user(user)
    if not user.is_authenticated:
        players = Player.objects.none()
    else:
        seen = Seat.objects.filter(game__night__in=nights).values("player")
        clubs = Club.objects.filter(memberships__user=user).values("pk")
        players = Player.objects.filter(
            Q(owner=user, club__isnull=True) | Q(club__in=clubs) | Q(pk__in=seen),
            same_as__isnull=True,
        ).order_by("name")
    return Scope(f"user:{user.pk or 0}", nights, players, identity.read_as())


def of_club(club: Club, season: Season | None = None) -> Scope:
    """The club's nights (of one season, when given: the nights dated from its first day to
    its last) and its roster."""
    nights = Night.objects.filter(club=club).order_by("-date", "-id")
    key = f"club:{club.pk}"
    if season is not None:
        nights = nights.filter(date__gte=season.starts, date__lte=season.ends)
        key = f"{key}:season:{season.pk}:{season.starts}:{season.ends}"
    players = Player.objects.filter(club=club, same_as__isnull=True).order_by("name")
    return Scope(key, nights, players, identity.read_as(), season)


def selves(user: User) -> list[Player]:
    """The players confirmed to be ``user``, at every club (and merged ones' targets)."""
    if not user.is_authenticated:
        return []
    return list(Player.objects.filter(person=user).order_by("pk"))


def of_self(user: User) -> Scope:
    """One's own games: every night where a player who is the user sat, at any club or host,
    read with all those players as one (the first of them)."""
    same = dict(identity.read_as())
    mine = {identity.one_of(same, p.pk) for p in selves(user)}
    if not mine:
        return Scope(f"self:{user.pk or 0}", Night.objects.none(), Player.objects.none(), same)
    first = min(mine)
    for player in mine - {first}:
        same[player] = first
    for merged, into in list(same.items()):
        if into in mine:
            same[merged] = first
    everyone = identity.all_as(same, first)
    nights = (
        Night.objects.filter(games__seats__player__in=everyone).distinct().order_by("-date", "-id")
    )
    seen = Seat.objects.filter(game__night__in=nights).values("player")
    players = Player.objects.filter(pk__in=seen, same_as__isnull=True).order_by("name")
    return Scope(f"self:{user.pk}", nights, players, same)
