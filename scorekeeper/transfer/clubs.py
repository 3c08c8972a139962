"""A club exported and imported as a whole (:mod:`scorekeeper.transfer.club_format`).

The export is the club's name, its roster (who is merged into whom, and the merges' log), its
seasons, its members as account names with their roles, and every club night as a night's
export writes it (:func:`scorekeeper.transfer.exporting.export_document`).

The import makes a **new club**, the importing person its organiser, through the same checks as
a night's import, in the same three steps: the file is checked against its schema and its caps
(the nights' ``FILE_*`` caps among them) before anything is replayed; every night's ledgers are
replayed in memory (:func:`scorekeeper.transfer.importing.check_document`), and the roster,
its merges and its seasons checked; then everything is written in one transaction, or nothing.
The roster is the new club's (never the importer's own players, whose ratings stay as they
were), merges are pointed again as they were (no seat is written otherwise, so the club's
ratings are those it had), and seasons named again.

A file imported twice makes one club: a file whose nights' entries (by their tokens) are all
held by the nights of one club the importer is a member of is that club, answered as it is,
with nothing written (an export imported back where it came from, or the same file twice).
A club whose nights hold no entry has nothing to be known by, and is made again.

Members are not added: those whose account name is an account here are said, to invite.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Min, Q
from django.utils import timezone
from django.utils.translation import gettext

from scorekeeper.clubs import services as club_services
from scorekeeper.exceptions import ServiceError
from scorekeeper.models import Club, Entry, Membership, Night, NightPlayer, Player, PlayerMerge
from scorekeeper.models import Seat as SeatRow
from scorekeeper.nights import services as night_services
from scorekeeper.transfer import club_format, exporting, importing
from scorekeeper.transfer.importing import GamePlan, ImportRefused, NightPlan

# Export -----------------------------------------------------------------------------------------


def club_nights(club: Club) -> list[Night]:
    """The club's nights in the order they were recorded (their first entry; a night of no
    entry by its date): imported in that order, the games finish in the order they did, and
    the ratings read from them are the same."""
    first = dict(
        Night.objects.filter(club=club)
        .annotate(first=Min("games__entries__id"))
        .values_list("pk", "first")
    )
    nights = Night.objects.filter(club=club).select_related("owner")
    return sorted(nights, key=lambda n: (first[n.pk] is None, first[n.pk] or 0, n.date, n.pk))


def export_club(club: Club) -> dict[str, Any]:
    """The club as one JSON document (:data:`club_format.SCHEMA`), in a fixed number of
    queries."""
    nights = club_nights(club)
    document = exporting.export_document(nights)
    ids = [night.pk for night in nights]
    tabled = NightPlayer.objects.filter(night__in=ids).values("player")
    seated = SeatRow.objects.filter(game__night__in=ids).values("player")
    # The roster, and anyone a club night seats who is not on it (a night's own history).
    players = list(
        Player.objects.filter(Q(club=club) | Q(pk__in=seated) | Q(pk__in=tabled)).order_by("pk")
    )
    number = {player.pk: k for k, player in enumerate(players, start=1)}
    named: dict[str, int] = defaultdict(int)
    for player in players:
        named[player.name.casefold()] += 1
    shared = {p.pk for p in players if named[p.name.casefold()] > 1}
    seats: dict[int, list[dict[str, int]]] = defaultdict(list)
    where = {night.pk: k for k, night in enumerate(nights)}
    rows = SeatRow.objects.filter(player__in=shared, game__night__in=nights).values_list(
        "player", "game__night", "game__number", "position"
    )
    for holder, night, game, position in rows.order_by("game__night", "game__number", "position"):
        seats[holder].append({"night": where[night], "game": game, "position": position})
    merges = PlayerMerge.objects.filter(merged__in=number, into__in=number).order_by("at", "pk")
    return {
        "format": club_format.FORMAT,
        "version": club_format.VERSION,
        "exported_at": timezone.now().isoformat(),
        "name": club.name,
        "members": [
            {"name": m.user.username, "role": m.role}
            for m in Membership.objects.filter(club=club).select_related("user").order_by("pk")
        ],
        "players": [
            {
                "id": number[player.pk],
                "name": player.name,
                "same_as": number.get(player.same_as_id) if player.same_as_id else None,
                **({"seats": seats[player.pk]} if player.pk in shared else {}),
            }
            for player in players
        ],
        "merges": [
            {
                "merged": number[merge.merged_id],
                "into": number[merge.into_id],
                "at": merge.at.isoformat(),
                "undone_at": merge.undone_at.isoformat() if merge.undone_at else None,
                "renamed": merge.renamed,
            }
            for merge in merges
        ],
        "seasons": [
            {"name": s.name, "starts": s.starts.isoformat(), "ends": s.ends.isoformat()}
            for s in club.seasons.order_by("starts", "pk")
        ],
        "export": document,
    }


# Import: checked without the database ------------------------------------------------------------


@dataclass(frozen=True)
class _RosterPlayer:
    where: str
    number: int
    name: str
    same_as: int | None


@dataclass(frozen=True)
class _Merge:
    merged: int
    into: int
    at: datetime.datetime | None
    undone_at: datetime.datetime | None
    renamed: str


@dataclass(frozen=True)
class _Season:
    where: str
    name: str
    starts: datetime.date
    ends: datetime.date


@dataclass(frozen=True)
class ClubPlan:
    """A club file, checked: what :func:`import_club` writes."""

    name: str
    members: tuple[tuple[str, str], ...]  # (account name, role)
    players: tuple[_RosterPlayer, ...]
    seats: Mapping[tuple[int, int, int], int]  # (night, game number, position) -> player number
    merges: tuple[_Merge, ...]
    seasons: tuple[_Season, ...]
    nights: tuple[NightPlan, ...]


def _refuse(where: str, message: str) -> ImportRefused:
    return ImportRefused(message, field=where)


def _when(value: str | None) -> datetime.datetime | None:
    if value is None:
        return None
    parsed = datetime.datetime.fromisoformat(value)  # the schema bounds it (an offset, a year)
    return parsed if parsed.tzinfo else timezone.make_aware(parsed)


def check_club(document: Any) -> ClubPlan:
    """The file as a checked club; :class:`ImportRefused` at the first thing that is wrong.
    Its caps first (nothing replayed for a file past them), then every night replayed, then
    the roster, its merges and its seasons. Reads nothing from the database."""
    if isinstance(document, dict):
        if document.get("format") != club_format.FORMAT:
            raise _refuse(
                "format",
                f"This is not a Scorekeeper club export (its format should be "
                f"{club_format.FORMAT!r}).",
            )
        if document.get("version") != club_format.VERSION:
            raise _refuse(
                "version",
                f"This club export is version {document.get('version')!r}; this site reads "
                f"version {club_format.VERSION}.",
            )
    problem = club_format.first_problem(document)
    if problem is not None:
        raise _refuse(problem.path, f"The file's {problem.path} {problem.message}.")
    name = " ".join(document["name"].split())
    if not name:
        raise _refuse("name", "The file's name should be the club's name, not blank.")
    try:
        # A club with no night yet: its roster, seasons and members alone.
        nights = (
            importing.check_document(document["export"]) if document["export"]["nights"] else []
        )
    except ImportRefused as refused:
        raise _refuse(f"export.{refused.field}", refused.message) from None
    players = _check_players(document.get("players", ()))
    seats = _check_seats(document.get("players", ()), nights)
    merges = _check_merges(document.get("merges", ()), {p.number: p for p in players})
    _check_apart(players, seats, nights)
    return ClubPlan(
        name=name,
        members=tuple((m["name"], m["role"]) for m in document.get("members", ())),
        players=players,
        seats=seats,
        merges=merges,
        seasons=_check_seasons(document.get("seasons", ())),
        nights=tuple(nights),
    )


def _check_players(data: Iterable[Mapping[str, Any]]) -> tuple[_RosterPlayer, ...]:
    players: dict[int, _RosterPlayer] = {}
    names: dict[str, str] = {}  # a roster name (any case) -> where
    for k, raw in enumerate(data):
        where = f"players[{k}]"
        if raw["id"] in players:
            raise _refuse(f"{where}.id", f"The file's {where}.id is another player's.")
        name = " ".join(raw["name"].split())
        if not name:
            raise _refuse(f"{where}.name", f"The file's {where}.name should be a name, not blank.")
        same_as = raw.get("same_as")
        if same_as is None:
            if name.casefold() in names:
                raise _refuse(
                    f"{where}.name",
                    f"The file's {where}.name is {names[name.casefold()]}'s too: a roster has "
                    "one player of each name.",
                )
            names[name.casefold()] = where
        players[raw["id"]] = _RosterPlayer(where, raw["id"], name, same_as)
    for player in players.values():
        if player.same_as is None:
            continue
        if player.same_as not in players or player.same_as == player.number:
            raise _refuse(
                f"{player.where}.same_as",
                f"The file's {player.where}.same_as names no other player of the file.",
            )
    _roots(tuple(players.values()))  # a chain of merges ends on the roster
    return tuple(players.values())


def _roots(players: tuple[_RosterPlayer, ...]) -> dict[int, int]:
    """Each player's number -> the number of the player it is read as (the end of its chain of
    merges, on the roster); :class:`ImportRefused` for a loop. Each player is walked once, so a
    file of long chains costs no more than one of short ones."""
    by_number = {p.number: p for p in players}
    roots: dict[int, int] = {}
    for player in players:
        path: list[int] = []
        on_path: set[int] = set()
        number: int | None = player.number
        while number is not None and number not in roots:
            if number in on_path:
                raise _refuse(
                    f"{player.where}.same_as",
                    f"The file's {player.where}.same_as is a loop of merges.",
                )
            path.append(number)
            on_path.add(number)
            number = by_number[number].same_as
        root = path[-1] if number is None else roots[number]
        roots |= dict.fromkeys(path, root)
    return roots


def _check_seats(
    data: Iterable[Mapping[str, Any]], nights: list[NightPlan]
) -> dict[tuple[int, int, int], int]:
    """Each seat a player lists as theirs: a seat of the file's nights, under their name."""
    games = {(k, game.number): game for k, night in enumerate(nights) for game in night.games}
    seats: dict[tuple[int, int, int], int] = {}
    for k, raw in enumerate(data):
        name = " ".join(raw["name"].split()).casefold()
        for j, seat in enumerate(raw.get("seats", ())):
            where = f"players[{k}].seats[{j}]"
            key = (seat["night"], seat["game"], seat["position"])
            game = games.get(key[:2])
            if game is None or key[2] >= len(game.players):
                raise _refuse(where, f"The file's {where} names no seat of the file's nights.")
            if game.players[key[2]].casefold() != name or key in seats:
                raise _refuse(
                    where, f"The file's {where} names a seat another player of the file sits in."
                )
            seats[key] = raw["id"]
    return seats


def _check_merges(
    data: Iterable[Mapping[str, Any]], players: Mapping[int, _RosterPlayer]
) -> tuple[_Merge, ...]:
    merges = []
    for k, raw in enumerate(data):
        where = f"merges[{k}]"
        for part in ("merged", "into"):
            if raw[part] not in players:
                raise _refuse(
                    f"{where}.{part}", f"The file's {where}.{part} names no player of the file."
                )
        undone = _when(raw.get("undone_at"))
        if undone is None and players[raw["merged"]].same_as != raw["into"]:
            raise _refuse(
                where,
                f"The file's {where} is a merge not undone, but its player's same_as says "
                "otherwise.",
            )
        merges.append(
            _Merge(raw["merged"], raw["into"], _when(raw.get("at")), undone, raw.get("renamed", ""))
        )
    return tuple(merges)


def _check_apart(
    players: tuple[_RosterPlayer, ...],
    seats: Mapping[tuple[int, int, int], int],
    nights: list[NightPlan],
) -> None:
    """Two players read as one never sat at one game (a merge's own check): else they are
    two people, and the file's merges are not the club's."""
    by_number = {p.number: p for p in players}
    by_name: dict[str, list[int]] = defaultdict(list)
    for player in players:
        by_name[player.name.casefold()].append(player.number)

    roots = _roots(players)

    def read_as(number: int) -> int:
        return roots[number]

    for k, night in enumerate(nights):
        for game in night.games:
            held: dict[int, str] = {}
            for position, name in enumerate(game.players):
                number = seats.get((k, game.number or 0, position))
                found = by_name.get(name.casefold(), [])
                if number is None and len(found) == 1:
                    number = found[0]
                if number is None:
                    continue
                one = read_as(number)
                if one in held:
                    raise _refuse(
                        f"{by_number[number].where}.same_as",
                        f"The file's {by_number[number].where} and {held[one]} are read as one "
                        f"player, but both sat at {game.where}: they are two people.",
                    )
                held[one] = by_number[number].where


def _check_seasons(data: Iterable[Mapping[str, Any]]) -> tuple[_Season, ...]:
    seasons: list[_Season] = []
    for k, raw in enumerate(data):
        where = f"seasons[{k}]"
        name = " ".join(raw["name"].split())
        if not name:
            raise _refuse(f"{where}.name", f"The file's {where}.name should be a name, not blank.")
        starts = datetime.date.fromisoformat(raw["starts"])
        ends = datetime.date.fromisoformat(raw["ends"])
        if ends < starts:
            raise _refuse(f"{where}.ends", f"The file's {where} ends before it starts.")
        for other in seasons:
            if other.starts <= ends and starts <= other.ends:
                raise _refuse(
                    f"{where}.starts", f"The file's {where} overlaps {other.where}: seasons do not."
                )
        seasons.append(_Season(where, name, starts, ends))
    return tuple(seasons)


# Import: the write ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClubImported:
    """What a club's import did: the club (new, or the one already here), and the file's
    members who have an account here, to invite (none is added)."""

    club: Club
    invite: tuple[tuple[str, str], ...]  # (account name, role in the file)
    already_here: bool = False

    @property
    def invite_list(self) -> list[dict[str, str]]:
        return [{"name": name, "role": role} for name, role in self.invite]


def import_club(*, owner: User, document: Any) -> ClubImported:
    """A new club of the file for ``owner`` (its organiser), checked and replayed first, then
    written in one transaction: all or nothing. A file whose club is here already (by its
    entries' tokens, in a club ``owner`` is a member of) is answered with that club, nothing
    written."""
    plan = check_club(document)
    tokens = [row.token for n in plan.nights for g in n.games for row in g.rows if row.token]
    taken = importing.taken_tokens(tokens)
    for attempt in range(1, importing.WRITE_TRIES + 1):
        try:
            with transaction.atomic():
                here = _already_here(owner, plan, tokens)
                invite = _to_invite(owner, plan)
                if here is not None:
                    return ClubImported(here, invite, already_here=True)
                club = _write(owner, plan, importing.TokenGiver(taken))
                return ClubImported(club, invite)
        except IntegrityError:  # a token taken meanwhile (as a night's import)
            before, taken = taken, importing.taken_tokens(tokens)
            if attempt == importing.WRITE_TRIES or taken == before:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def _already_here(owner: User, plan: ClubPlan, tokens: list[Any]) -> Club | None:
    """The club of ``owner``'s whose nights hold every entry of the file, or None (none holds
    any); :class:`ImportRefused` for a file held in part. The owner's row is locked first, so
    two imports of one file by one person run one after the other (PostgreSQL)."""
    get_user_model().objects.select_for_update().filter(pk=owner.pk).exists()
    if not tokens:
        return None
    clubs = Membership.objects.filter(user=owner).values("club")
    held = Entry.objects.filter(
        Q(token__in=tokens) | Q(imported_as__token__in=tokens), game__night__club__in=clubs
    )
    homes = set(held.values_list("game__night__club", flat=True).distinct())
    if not homes:
        return None
    count = held.count()
    if len(homes) == 1 and count == len(tokens):
        return Club.objects.get(pk=homes.pop())
    raise _refuse(
        "export",
        gettext(
            "This club is already here in part (%(held)d of its %(entries)d entries are in "
            "your clubs' nights): import a club once."
        )
        % {"held": count, "entries": len(tokens)},
    )


def _to_invite(owner: User, plan: ClubPlan) -> tuple[tuple[str, str], ...]:
    names = [name for name, _ in plan.members if name != owner.username]
    here = set(
        get_user_model().objects.filter(username__in=names).values_list("username", flat=True)
    )
    return tuple((name, role) for name, role in plan.members if name in here)


def _refusing[T](action: Callable[[], T], where: str) -> T:
    """Run a service; say where in the file a refusal comes from."""
    try:
        found = action()
    except (ServiceError, PermissionDenied) as err:
        message = getattr(err, "message", None) or str(err)
        raise _refuse(where, f"At {where}: {message}") from None
    return found


def _write(owner: User, plan: ClubPlan, token: importing.TokenGiver) -> Club:
    club = _refusing(partial(club_services.club_create, by=owner, name=plan.name), "name")
    roster = _Roster(owner, club, plan)
    for k, night in enumerate(plan.nights):
        roster.as_filed()  # the night's table: the roster's players by name, as in the file

        def seated(game: GamePlan, position: int, name: str, k: int = k) -> Player | None:
            return roster.seat((k, game.number or 0, position), name)

        importing.write_night(owner, night, token, club=club, seated=seated)
    roster.merged()
    for merge in plan.merges:
        PlayerMerge.objects.create(
            merged=roster.made[merge.merged],
            into=roster.made[merge.into],
            by=owner,
            at=merge.at or timezone.now(),
            undone_by=owner if merge.undone_at else None,
            undone_at=merge.undone_at,
            renamed=merge.renamed,
        )
    for season in plan.seasons:
        create = partial(
            club_services.season_create,
            club=club,
            by=owner,
            name=season.name,
            starts=season.starts,
            ends=season.ends,
        )
        _refusing(create, season.where)
    return club


class _Roster:
    """The file's players on the new club's roster, while its nights are written.

    A game seats players of the roster, and a merged player is no longer on it: so every
    player is on the roster while the nights are written, and pointed at the player it was
    merged into after (:meth:`merged`), as a merge does. Two players of one name (one merged
    into the other) cannot be on a roster at once: one of them is, the others are put aside
    (pointed at it) until a game seats them (:meth:`seat`). Names never change, so every
    game's seal keeps the names the file gives."""

    def __init__(self, owner: User, club: Club, plan: ClubPlan) -> None:
        self.plan = plan
        self.numbered = {player.number: player for player in plan.players}
        self.made: dict[int, Player] = {}
        self.groups: dict[str, list[int]] = defaultdict(list)  # a name (any case) -> players
        for player in plan.players:
            self.groups[player.name.casefold()].append(player.number)
        # Of each name, the one on the roster as the file has it (or the first).
        self.filed = {
            name: next((n for n in numbers if self._player(n).same_as is None), numbers[0])
            for name, numbers in self.groups.items()
        }
        self.active = dict(self.filed)
        for number in self.filed.values():
            player = self._player(number)
            create = partial(night_services.player_create, owner=owner, name=player.name, club=club)
            self.made[number] = _refusing(create, f"{player.where}.name")
        for name, numbers in self.groups.items():
            for number in numbers:
                if number not in self.made:
                    self.made[number] = Player.objects.create(
                        owner=owner,
                        club=club,
                        name=self._player(number).name,
                        same_as=self.made[self.filed[name]],
                    )

    def _player(self, number: int) -> _RosterPlayer:
        return self.numbered[number]

    def _activate(self, number: int) -> Player:
        name = self.made[number].name.casefold()
        was = self.active[name]
        if was != number:  # off the roster first: a name is one player's there
            Player.objects.filter(pk=self.made[was].pk).update(same_as=self.made[number])
            Player.objects.filter(pk=self.made[number].pk).update(same_as=None)
            self.active[name] = number
        return self.made[number]

    def as_filed(self) -> None:
        for number in self.filed.values():
            self._activate(number)

    def seat(self, seat: tuple[int, int, int], name: str) -> Player | None:
        """The player of a seat: the one the file lists it under, or the one of its name."""
        number = self.plan.seats.get(seat)
        if number is None:
            numbers = self.groups.get(name.casefold())
            if not numbers:
                return None  # a name the roster does not have: made on it by the import
            number = self.filed[name.casefold()]
        return self._activate(number)

    def merged(self) -> None:
        """Each player pointed as the file says; a merged one's place at a night's table is
        the player's they are read as (as a merge moves it)."""
        roots = _roots(self.plan.players)
        self.as_filed()
        for player in self.plan.players:
            if player.same_as is not None:
                Player.objects.filter(pk=self.made[player.number].pk).update(
                    same_as=self.made[player.same_as]
                )
        for player in self.plan.players:
            if player.same_as is None:
                continue
            merged, root = self.made[player.number].pk, self.made[roots[player.number]].pk
            for row in NightPlayer.objects.filter(player=merged):
                if not NightPlayer.objects.filter(night=row.night_id, player=root).exists():
                    NightPlayer.objects.create(night_id=row.night_id, player_id=root)
                row.delete()
