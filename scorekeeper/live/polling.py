"""The live scoreboard's poll: every phone at the table asks every two seconds "anything new?".

Nearly every answer is "no", so that answer is made cheap: no session read, no user read, no
rendering, no session write, one indexed query.

- **The change marker** is the game's newest ledger entry id: recording, amending and voiding
  each add an entry (the ledger is append-only), so the id moves on every change a board shows.
  It is read with one query on the ``(game, id)`` index (:func:`marker`).
- **The version a phone holds** comes back as ``If-None-Match`` (the board's ``ETag``) or as
  ``?since=`` (the htmx poll). When it is still current the answer is ``204 No Content`` to htmx
  (htmx 2 swaps nothing on a 204) and ``304 Not Modified`` to a plain conditional GET.
- **The poll key** proves, without a database read, that this browser session was shown this
  game a moment ago, signed in as a given user: it signs the game, the user's id (0 for a
  visitor by a join link) and a digest of the session cookie, with a time stamp. With a fresh
  key the poll skips signing-in and the access check (two or three queries). A key older than
  :data:`POLL_KEY_AGE`, or from another session, takes the full path (sign-in, access, then
  the marker), which hands out a new key in the ``X-Poll-Key`` header. So a person whose
  access was withdrawn hears "nothing changed" for at most that long, and never sees a score
  they could not see before.
- **A changed board for a watcher** is answered early too, when one was already rendered for
  this ledger and kept (:func:`scorekeeper.live.board_cache.kept_viewer_board`): the access check
  is asked of the database for the key's user (one query, which also reads what the board
  shows), so a withdrawn right or a deactivated account is refused at once, by the full path.
  The answer hands back the key it was sent, never a fresher one, so the key still expires
  :data:`POLL_KEY_AGE` after the last full check of the session (a password changed elsewhere
  ends this session at that check). A recorder's board (it has forms, which need the session's
  CSRF token), a visitor's, and a board not yet kept take the full path.
- **Where it is answered**: :class:`PollMiddleware`, placed early in ``MIDDLEWARE`` (after the
  security, CSP and static-file layers, before sessions, CSRF, sign-in, messages, htmx and
  axes), answers these before any of those run, and before URL resolution. None of them has
  anything to do for it: it reads no session and no user (the key stands for them), changes
  nothing, and what it sends is a 204 with no body or a fragment that is swapped into a page
  that already passed them. The host is still checked against ``ALLOWED_HOSTS``, and https is
  still enforced (the security layer runs first). Anything else goes on down the stack
  unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.conf import settings
from django.core import signing
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.crypto import constant_time_compare, salted_hmac

from scorekeeper.live import board_cache
from scorekeeper.models import Entry

POLL_KEY_AGE = 300  # seconds a poll key skips the sign-in and access checks
POLL_KEY_HEADER = "X-Poll-Key"
_SALT = "scorekeeper.live.poll"


def marker(game_id: int) -> int:
    """The game's change marker: its newest ledger entry's id (0 before the first deal).

    The same query as ``Entry.objects.filter(game_id=...).order_by("-id")[:1]``, written once
    as SQL: building and compiling that queryset took several times longer than running it,
    and this runs for every phone every 2 s."""
    with connection.cursor() as cursor:
        cursor.execute(_marker_sql(), [game_id])
        row = cursor.fetchone()
    return int(row[0]) if row else 0


@cache
def _marker_sql() -> str:
    quote = connection.ops.quote_name
    meta = Entry._meta
    table, key = quote(meta.db_table), quote(str(meta.pk.column))
    game = quote(str(meta.get_field("game").column))
    return f"SELECT {key} FROM {table} WHERE {game} = %s ORDER BY {key} DESC LIMIT 1"


def etag(game_id: int, version: int) -> str:
    return f'"g{game_id}-{version}"'


def _session_digest(request: HttpRequest) -> str:
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    return salted_hmac(_SALT, session_key, algorithm="sha256").hexdigest()[:20]


def poll_key(request: HttpRequest, game_id: int) -> str:
    """A key for this browser session to poll this game on the fast path for a while."""
    user = getattr(request, "user", None)
    user_id = user.pk if user is not None and user.is_authenticated else 0
    value = f"{game_id}:{user_id}:{_session_digest(request)}"
    return signing.TimestampSigner(salt=_SALT).sign(value)


def _sent_key(request: HttpRequest) -> str:
    return request.headers.get(POLL_KEY_HEADER) or request.GET.get("key", "")


def key_user(request: HttpRequest, game_id: int) -> int | None:
    """The user id a fresh poll key of this session and game carries (0: a visitor by a join
    link); ``None`` for no key, an old one, or another session's or game's."""
    key = _sent_key(request)
    if not key or not request.COOKIES.get(settings.SESSION_COOKIE_NAME):
        return None
    try:
        value = signing.TimestampSigner(salt=_SALT).unsign(key, max_age=POLL_KEY_AGE)
    except signing.BadSignature:  # also SignatureExpired
        return None
    user = value.split(":")[1] if value.count(":") == 2 else ""
    if not (user.isdecimal() and user.isascii()):
        return None
    expected = f"{game_id}:{user}:{_session_digest(request)}"
    return int(user) if constant_time_compare(value, expected) else None


def asked_version(request: HttpRequest, game_id: int) -> int | None:
    """The version of the board the asker holds: from ``If-None-Match`` or ``?since=``."""
    for tag in request.headers.get("If-None-Match", "").split(","):
        tag = tag.strip().removeprefix("W/")
        prefix = f'"g{game_id}-'
        if tag.startswith(prefix) and tag.endswith('"'):
            number = tag[len(prefix) : -1]
            if number.isdecimal() and number.isascii() and len(number) < 19:
                return int(number)
    since = request.GET.get("since", "")
    if since.isdecimal() and since.isascii() and len(since) < 19:
        return int(since)
    return None


def unchanged(request: HttpRequest, game_id: int, version: int) -> HttpResponse:
    """Nothing changed: 204 to htmx (nothing to swap), 304 to a conditional GET."""
    if request.headers.get("HX-Request") == "true":
        response = HttpResponse(status=204)
    else:
        response = HttpResponseNotModified()
    response["ETag"] = etag(game_id, version)
    response["Cache-Control"] = "private, no-cache"
    # As the board's view says it (it varies on both): so it stays true of the fast answer,
    # which the view's decorators never see.
    patch_vary_headers(response, ("HX-Request", "Cookie"))
    return response


def fast_unchanged(request: HttpRequest, game_id: int) -> HttpResponse | None:
    """The fast path: a fresh poll key and a current version answer at once, after one query.
    ``None`` when the full path must answer (no key, an old key, or the board changed)."""
    version = asked_version(request, game_id)
    if version is None or key_user(request, game_id) is None:
        return None
    if marker(game_id) != version:
        return None
    return unchanged(request, game_id, version)


def fast_answer(request: HttpRequest, game_id: int) -> HttpResponse | None:
    """The scoreboard's fast path (see the module's docstring): "nothing changed" after one
    query, or a watcher's kept board after two; ``None`` when the full path must answer."""
    version = asked_version(request, game_id)
    user_id = key_user(request, game_id)
    if version is None or user_id is None:
        return None
    if marker(game_id) == version:
        return unchanged(request, game_id, version)
    if not user_id:
        return None  # a visitor by a join link: the full path checks the link
    key = _sent_key(request)
    kept = board_cache.kept_viewer_board(game_id, user_id, key)
    if kept is None:
        return None
    html, shown = kept
    response = HttpResponse(html)
    response["ETag"] = etag(game_id, shown)
    response["Cache-Control"] = "private, no-cache"
    response[POLL_KEY_HEADER] = key  # the same key: it still expires after the last full check
    patch_vary_headers(response, ("HX-Request", "Cookie"))
    return response


def stamp(response: HttpResponse, request: HttpRequest, game_id: int, version: int) -> None:
    """Label a board (or a "nothing changed") with its version and a fresh poll key."""
    response["ETag"] = etag(game_id, version)
    response["Cache-Control"] = "private, no-cache"
    response[POLL_KEY_HEADER] = poll_key(request, game_id)


_SAMPLE_ID = 918273645  # an id placed in the scoreboard's URL to find the URL's fixed parts


def _scoreboard_path_parts() -> tuple[str, str]:
    """The scoreboard URL's text before and after the game id, read from the URL conf once."""
    path = reverse("game_scoreboard", args=[_SAMPLE_ID])
    before, after = path.split(str(_SAMPLE_ID))
    return before, after


class PollMiddleware:
    """Answers the scoreboard's fresh-keyed poll, when nothing changed or a watcher's board is
    kept, before the rest of the stack (see the module's docstring); passes every other
    request on."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.parts: tuple[str, str] | None = None

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET":  # ?since= (htmx) or If-None-Match (a conditional GET)
            game_id = self._game_id(request.path_info)
            if game_id is not None:
                request.get_host()  # ALLOWED_HOSTS, as CommonMiddleware would check it
                fast = fast_answer(request, game_id)
                if fast is not None:
                    return fast
        return self.get_response(request)

    def _game_id(self, path: str) -> int | None:
        if self.parts is None:
            self.parts = _scoreboard_path_parts()
        before, after = self.parts
        if not (path.startswith(before) and path.endswith(after)):
            return None
        number = path[len(before) : len(path) - len(after)]
        # As the URL's <id:...> converter accepts: a row id, no more than 2**63 - 1.
        if number.isdecimal() and number.isascii() and len(number) < 19:
            return int(number)
        return None
