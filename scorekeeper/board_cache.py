"""The changed scoreboard, rendered once per change and served from Django's cache after that.

After a deal is recorded, every phone at the table (and every phone watching it) asks for the
new board within two seconds. They all get the same HTML, but for three things: the viewer's
role (a recorder sees Amend, Void and End; a viewer does not), the poll key and the CSRF token
(both per browser session). So the board is rendered once per (game, what it shows, role) with
markers where the key and the token go, kept in the ``default`` cache, and each later phone gets
that HTML with its own key and token put in.

What it shows is :func:`scorekeeper.selectors.board_signature`: the ledger's newest entry (id
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
from functools import cache

from django.core.cache import cache as django_cache
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language

from scorekeeper import selectors

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
    poll's fast path (``scorekeeper.live``), which knows the asker only by the user id its key
    carries. The access check is asked of the database, as on the full path. ``None`` when the
    full path must answer: no access (it says 404), a recorder (whose board has forms, and so
    needs the session's CSRF token), or no board kept for this signature yet (it renders)."""
    access = selectors.board_access(user_id, game_id)
    if access is None or access.can_record:
        return None
    html = django_cache.get(board_key(game_id, access.signature, False))
    if html is None:
        return None
    poll_marker, _ = markers()
    return str(html).replace(poll_marker, poll_key), access.signature[0]
