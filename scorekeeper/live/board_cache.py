"""The changed scoreboard, rendered once per change and served from Django's cache after that.

After a deal is recorded, every phone at the table (and every phone watching it) asks for the
new board within two seconds. They all get the same HTML, but for three things: the viewer's
role (a recorder sees Amend, Void and End; a viewer does not), the poll key and the CSRF token
(both per browser session). So the board is rendered once per (game, what it shows, role) with
markers where the key and the token go, kept in the ``default`` cache, and each later phone gets
that HTML with its own key and token put in.

What it shows is :func:`board_signature`: the ledger's newest entry (id
and hash: it names the whole ledger), the game's rules and its seats with the players' names.
The role is asked of the database on every request, as before. So a new deal, an amend, a void,
an end, a renamed player or a changed role each give a new key, and a board rendered for one
role is never shown to another. Entries expire after :data:`BOARD_TTL` seconds in any case.

The markers are derived from ``SECRET_KEY``: the same in every process (so a shared cache works
across servers), and not something a player's name can contain by chance or design.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.contrib.auth.models import User as AuthUser
from django.core.cache import cache as django_cache
from django.db import connection
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language

from scorekeeper.models import Entry, Game, Membership, Night, NightViewer, Player, Seat

BOARD_TTL = 600  # seconds; a board a phone has not asked for in ten minutes is rendered again
_SALT = "scorekeeper.board_cache"
_PREFIX = "board:v1:"


@cache
def markers() -> tuple[str, str]:
    """The stand-ins for the poll key and the CSRF token in a kept board (letters and digits
    only, so escaping leaves them alone)."""
    digest = salted_hmac(_SALT, "markers", algorithm="sha256").hexdigest()
    return f"pollkey{digest[:24]}", f"csrftoken{digest[24:48]}"


def board_key(game_id: int, signature: tuple[object, ...], can_record: bool) -> str:
    what = repr((game_id, signature, can_record, get_language()))
    return _PREFIX + hashlib.sha256(what.encode()).hexdigest()


def board_html(
    request: HttpRequest,
    game_id: int,
    key: str,
    version: int,
    render: Callable[[str, str], tuple[str, int]],
    poll_key: str,
) -> tuple[str, int]:
    """The board for this request and the ledger version it shows: from the cache, or rendered
    by ``render(poll_key, csrf_token)`` with the markers. A board is kept only if it shows
    ``version`` (a deal recorded between reading the signature and replaying the ledger gives
    a newer board: it is sent, not kept). Then this session's ``poll_key`` and CSRF token are
    put in."""
    poll_marker, csrf_marker = markers()
    html = django_cache.get(key)
    if html is None:
        html, shown = render(poll_marker, csrf_marker)
        if shown == version:
            django_cache.set(key, html, BOARD_TTL)
        version = shown
    html = html.replace(poll_marker, poll_key)
    if csrf_marker in html:  # only a recorder's board has forms
        html = html.replace(csrf_marker, get_token(request))
    return str(html), version


def kept_viewer_board(game_id: int, user_id: int, poll_key: str) -> tuple[str, int] | None:
    """A watcher's board as kept, with ``poll_key`` put in, and the version it shows; for the
    poll's fast path (``scorekeeper.live.polling``), which knows the asker only by the user id its key
    carries. The access check is asked of the database, as on the full path. ``None`` when the
    full path must answer: no access (it says 404), a recorder (whose board has forms, and so
    needs the session's CSRF token), or no board kept for this signature yet (it renders)."""
    access = board_access(user_id, game_id)
    if access is None or access.can_record:
        return None
    html = django_cache.get(board_key(game_id, access.signature, False))
    if html is None:
        return None
    poll_marker, _ = markers()
    return str(html).replace(poll_marker, poll_key), access.signature[0]


# What a board shows, asked of the database in one query ----------------------------------------


def board_signature(game: Game) -> tuple[Any, ...]:
    """What a game's scoreboard shows besides the viewer's role, in one query: the game's rules,
    its seats (players' names included, so a rename shows), and its ledger's newest entry, id
    and hash. The ledger is append-only and hash-chained, so that entry names the whole ledger
    (every deal, amend, void, end and change of setting: whether the game asks for
    confirmations is kept there too). Only a game with no entry yet reads its night's setting,
    which its first entry will seal. The first item is the change marker (0 when empty).

    Recorders' usernames are not in it: the app has no way to change one (only the admin)."""
    with connection.cursor() as cursor:
        cursor.execute(_board_sql(with_access=False), [game.pk, game.pk])
        rows = cursor.fetchall()
    return _signature(rows, 0) if rows else (0, "", game.slug, game.number, "", (), False)


@dataclass(frozen=True)
class BoardAccess:
    """A signed-in person's right to a game's scoreboard: whether they record, and what the
    board shows (:func:`board_signature`)."""

    can_record: bool
    signature: tuple[Any, ...]


def board_access(user_id: int, game_id: int) -> BoardAccess | None:
    """:func:`games_for_user`'s access check, :func:`can_record` and :func:`board_signature`
    in one query, for the scoreboard every phone asks for after each deal. ``None`` when the
    user is not active or the game is not in a night they own, record in or watch, nor a night
    of a club they are a member of (as :func:`games_for_user`). Asked by user id: the poll's fast path knows only that."""
    with connection.cursor() as cursor:
        cursor.execute(_board_sql(with_access=True), [user_id] * 5 + [game_id, game_id])
        rows = cursor.fetchall()
    if not rows or not rows[0][5]:
        return None
    owner, recorder, viewer = rows[0][0] == user_id, bool(rows[0][1]), bool(rows[0][2])
    member, club_recorder = bool(rows[0][3]), bool(rows[0][4])
    if not (owner or recorder or viewer or member):
        return None
    return BoardAccess(can_record=owner or recorder or club_recorder, signature=_signature(rows, 6))


def _signature(rows: list[tuple[Any, ...]], skip: int) -> tuple[Any, ...]:
    first = rows[0][skip:]
    newest_id, newest_hash, slug, number, options, asks = first[:6]
    seats = tuple(tuple(row[skip + 6 :]) for row in rows if row[skip + 6] is not None)
    unstarted = None if newest_id else bool(asks)  # a started game asks as its ledger says
    return (int(newest_id or 0), newest_hash or "", slug, number, repr(options), seats, unstarted)


@cache
def _board_sql(*, with_access: bool) -> str:
    """The board's query, written once as SQL: building and compiling it as querysets took
    several times longer than running it (as ``scorekeeper.live.polling.marker`` found). One row per
    seat (one row with empty seat columns for a game without seats)."""
    q = connection.ops.quote_name
    entry, seat, player, game, night = (m._meta for m in (Entry, Seat, Player, Game, Night))
    recorders = Night.recorders.through._meta
    viewer = NightViewer._meta

    def col(meta: Any, name: str) -> str:
        return q(str(meta.get_field(name).column))

    newest = (
        f"SELECT {col(entry, 'id')} AS newest_id, {col(entry, 'hash')} AS newest_hash"
        f" FROM {q(entry.db_table)} WHERE {col(entry, 'game')} = %s"
        f" ORDER BY {col(entry, 'id')} DESC LIMIT 1"
    )
    access = ""
    if with_access:
        is_recorder = (
            f"SELECT 1 FROM {q(recorders.db_table)} r WHERE r.{col(recorders, 'night')}"
            f" = g.{col(game, 'night')} AND r.{col(recorders, 'user')} = %s"
        )
        is_viewer = (
            f"SELECT 1 FROM {q(viewer.db_table)} v WHERE v.{col(viewer, 'night')}"
            f" = g.{col(game, 'night')} AND v.{col(viewer, 'user')} = %s"
        )
        # A member of the night's club sees it; its organisers and recorders record in it
        # (as :func:`scorekeeper.access.roles.nights_for_user` and ``can_record``).
        membership = Membership._meta
        in_club = (
            f"SELECT 1 FROM {q(membership.db_table)} m WHERE m.{col(membership, 'club')}"
            f" = n.{col(night, 'club')} AND m.{col(membership, 'user')} = %s"
        )
        recording = ", ".join(
            f"'{role.value}'" for role in (Membership.Role.ORGANISER, Membership.Role.RECORDER)
        )
        records_in_club = f"{in_club} AND m.{col(membership, 'role')} IN ({recording})"
        users = AuthUser._meta
        is_active = (
            f"SELECT 1 FROM {q(users.db_table)} u WHERE u.{col(users, 'id')} = %s"
            f" AND u.{col(users, 'is_active')}"
        )
        access = (
            f"n.{col(night, 'owner')}, EXISTS({is_recorder}), EXISTS({is_viewer}),"
            f" EXISTS({in_club}), EXISTS({records_in_club}), EXISTS({is_active}), "
        )
    return (
        f"SELECT {access}e.newest_id, e.newest_hash, g.{col(game, 'slug')},"
        f" g.{col(game, 'number')}, g.{col(game, 'options')}, n.{col(night, 'confirmations')},"
        f" s.{col(seat, 'position')}, s.{col(seat, 'team')}, s.{col(seat, 'player')},"
        f" p.{col(player, 'name')}"
        f" FROM {q(game.db_table)} g"
        f" JOIN {q(night.db_table)} n ON n.{col(night, 'id')} = g.{col(game, 'night')}"
        f" LEFT JOIN ({newest}) e ON 1 = 1"
        f" LEFT JOIN {q(seat.db_table)} s ON s.{col(seat, 'game')} = g.{col(game, 'id')}"
        f" LEFT JOIN {q(player.db_table)} p ON p.{col(player, 'id')} = s.{col(seat, 'player')}"
        f" WHERE g.{col(game, 'id')} = %s ORDER BY s.{col(seat, 'position')}"
    )


def last_entry_id(game: Game) -> int:
    """A cheap change marker for pollers: the newest ledger entry's id (0 when empty)."""
    return game.entries.order_by("-id").values_list("id", flat=True).first() or 0
