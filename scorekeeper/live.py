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
  game a moment ago: it signs the game and a digest of the session cookie, with a time stamp.
  With a fresh key the poll skips signing-in and the access check (two or three queries). A key
  older than :data:`POLL_KEY_AGE`, or from another session, takes the full path (sign-in,
  access, then the marker), which hands out a new key in the ``X-Poll-Key`` header. So a
  person whose access was withdrawn hears "nothing changed" for at most that long, and never
  sees a score they could not see before.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.crypto import constant_time_compare, salted_hmac

from scorekeeper.models import Entry

POLL_KEY_AGE = 300  # seconds a poll key skips the sign-in and access checks
POLL_KEY_HEADER = "X-Poll-Key"
_SALT = "scorekeeper.live.poll"


def marker(game_id: int) -> int:
    """The game's change marker: its newest ledger entry's id (0 before the first deal)."""
    found = Entry.objects.filter(game_id=game_id).order_by("-id").values_list("id", flat=True)[:1]
    return next(iter(found), 0)


def etag(game_id: int, version: int) -> str:
    return f'"g{game_id}-{version}"'


def _session_digest(request: HttpRequest) -> str:
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    return salted_hmac(_SALT, session_key, algorithm="sha256").hexdigest()[:20]


def poll_key(request: HttpRequest, game_id: int) -> str:
    """A key for this browser session to poll this game on the fast path for a while."""
    return signing.TimestampSigner(salt=_SALT).sign(f"{game_id}:{_session_digest(request)}")


def _fresh_key(request: HttpRequest, game_id: int) -> bool:
    key = request.headers.get(POLL_KEY_HEADER) or request.GET.get("key", "")
    if not key or not request.COOKIES.get(settings.SESSION_COOKIE_NAME):
        return False
    try:
        value = signing.TimestampSigner(salt=_SALT).unsign(key, max_age=POLL_KEY_AGE)
    except signing.BadSignature:  # also SignatureExpired
        return False
    return constant_time_compare(value, f"{game_id}:{_session_digest(request)}")


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
    return response


def fast_unchanged(request: HttpRequest, game_id: int) -> HttpResponse | None:
    """The fast path: a fresh poll key and a current version answer at once, after one query.
    ``None`` when the full path must answer (no key, an old key, or the board changed)."""
    version = asked_version(request, game_id)
    if version is None or not _fresh_key(request, game_id):
        return None
    if marker(game_id) != version:
        return None
    return unchanged(request, game_id, version)


def stamp(response: HttpResponse, request: HttpRequest, game_id: int, version: int) -> None:
    """Label a board (or a "nothing changed") with its version and a fresh poll key."""
    response["ETag"] = etag(game_id, version)
    response["Cache-Control"] = "private, no-cache"
    response[POLL_KEY_HEADER] = poll_key(request, game_id)
