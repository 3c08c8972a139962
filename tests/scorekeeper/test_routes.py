"""Nobody where they don't belong: every route, as everyone, against a table of what each may do.

The routes are read, not listed by hand: the pages from Django's URL resolver (walked
recursively, the admin's own pages and static files left out) and the API's methods from its
OpenAPI schema. Each is asked, by each of six people, with each method it allows (and GET and
POST for every page), with an empty body (or, for a few writes, a real one: ``BODIES``):

- ``anon``: a signed-out visitor;
- ``stranger``: signed in, no part in night A (they own night B);
- ``link``: not signed in, opened night A's join link;
- ``viewer``, ``recorder``, ``owner``: night A's.

The answer must be the one ``TABLE`` names. The same request for night B's objects (as anyone
with no part in B) must answer exactly as for an object that does not exist (a 404, never a 403
or a 200 that tells it exists), and no answer to anyone ever carries the names of a night they
have no part in (lists included), or an object or a method where text belongs. No 500
anywhere. A route or an API method without a row in
``TABLE`` fails the completeness test: add it, with what each person may do.

The six are in no club. ``test_club_routes.py`` walks every route that names a club (and a club
night's own routes) the same way, as each of a club's roles, a former member, an organiser of
another club, a watcher of the club's night, a stranger, the signed out and a member's API token.

The world is built once for the module inside a transaction that is rolled back at the end;
each request runs in a savepoint rolled back after it, so no write changes what the next sees.
"""

from __future__ import annotations

import copy
import datetime
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.core.cache import caches
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from drf_spectacular.generators import SchemaGenerator

from adjudicator.games import get_game
from scorekeeper.access import sharing, tokens
from scorekeeper.clubs import services as club_services
from scorekeeper.desk import asking
from scorekeeper.games import services as game_services
from scorekeeper.models import ClubInvite, Game, Membership, Night
from scorekeeper.nights import services as night_services
from tests.factories import GameFactory, HouseRuleProfileFactory, NightFactory, UserFactory

pytestmark = pytest.mark.django_db

ROLES = ("anon", "stranger", "link", "viewer", "recorder", "owner")
METHODS = ("GET", "POST", "PATCH", "DELETE")
MISSING = 987654  # an id no object has

# One game of each family, with players whose names belong to one night only.
FAMILIES = {"rummy": "bridge-rummy", "grids": "brummy", "tricks": "voormsi"}
NAMES_A = ("Amberly", "Bramwell", "Cressida", "Dorian")
NAMES_B = ("Wilhelmina", "Xavierre", "Yolanda", "Zebedee")


def R(
    anon: int, stranger: int, link: int, viewer: int, recorder: int, owner: int
) -> dict[str, int]:
    """What each person gets, in the order of ``ROLES``."""
    return dict(zip(ROLES, (anon, stranger, link, viewer, recorder, owner), strict=True))


def ALL(status: int) -> dict[str, int]:
    return R(status, status, status, status, status, status)


# A club's page and a write to it, for people in no club.
CLUB_PAGE = {"GET": R(302, 404, 302, 404, 404, 404), "POST": R(302, 405, 302, 405, 405, 405)}
CLUB_WRITE = {"GET": R(302, 405, 302, 405, 405, 405), "POST": R(302, 404, 302, 404, 404, 404)}
# A club's objects, for the six people (none of them in a club): not found, or signed out.
NO_CLUB = R(401, 404, 401, 404, 404, 404)

# Route name -> method -> status, per person in the order of ROLES:
#   R(anon, stranger, link, viewer, recorder, owner); ALL(s) when everyone gets s.
# 302 for the signed-out is the sign-in page; 401 the API's; 403 a link visitor's for any write.
TABLE: dict[str, dict[str, dict[str, int]]] = {
    "home": {"GET": ALL(200), "POST": ALL(200)},
    "ping": {"GET": ALL(200), "POST": ALL(405)},
    "signup": {"GET": ALL(200), "POST": ALL(200)},
    "login": {"GET": ALL(200), "POST": ALL(200)},
    "logout": {"GET": ALL(405), "POST": ALL(302)},
    # The language switch, on every page: anyone may choose, and goes back where they were.
    "language_choose": {"GET": ALL(405), "POST": ALL(302)},
    "password_change": {
        "GET": R(302, 200, 302, 200, 200, 200),
        "POST": R(302, 200, 302, 200, 200, 200),
    },
    "password_change_done": {
        "GET": R(302, 200, 302, 200, 200, 200),
        "POST": R(302, 405, 302, 405, 405, 405),
    },
    "password_reset": {"GET": ALL(200), "POST": ALL(200)},
    "password_reset_done": {"GET": ALL(200), "POST": ALL(405)},
    "password_reset_confirm": {"GET": ALL(200), "POST": ALL(200)},
    "password_reset_complete": {"GET": ALL(200), "POST": ALL(405)},
    "night_create": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 400, 403, 400, 400, 400),
    },
    "night_detail": {
        "GET": R(302, 404, 200, 200, 200, 200),
        "POST": R(302, 404, 200, 200, 200, 200),
    },
    "night_add_player": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 302, 302),
    },
    # Renaming the first player at night A's table (BODIES).
    "night_table_player": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 302, 302),
    },
    # The owner turns confirmations on (BODIES); a recorder may not.
    "night_confirmations": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 403, 302),
    },
    # The owner chooses the table's language (BODIES); a recorder may not.
    "night_language": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 403, 302),
    },
    "night_add_recorder": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 403, 302),
    },
    "night_remove_recorder": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 403, 302),
    },
    "game_create": {
        "GET": R(302, 404, 403, 403, 302, 302),
        "POST": R(302, 404, 403, 403, 302, 302),
    },
    "game_detail": {"GET": R(302, 404, 200, 200, 200, 200), "POST": ALL(405)},
    "game_scoreboard": {"GET": R(302, 404, 200, 200, 200, 200), "POST": ALL(405)},
    # A page of a game's older hands: whoever sees the game (its board lists the newest).
    "game_hands": {"GET": R(302, 404, 200, 200, 200, 200), "POST": ALL(405)},
    "deal_record": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 400, 400),
    },
    "grid_score": {"GET": R(302, 404, 403, 404, 404, 404), "POST": R(302, 405, 403, 405, 405, 405)},
    "best_grid": {"GET": R(302, 404, 403, 404, 404, 404), "POST": R(302, 405, 403, 405, 405, 405)},
    "trick_verdicts": {
        "GET": R(302, 404, 403, 200, 200, 200),
        "POST": R(302, 405, 403, 405, 405, 405),
    },
    "deal_amend": {"GET": R(302, 404, 403, 403, 200, 200), "POST": R(302, 404, 403, 403, 400, 400)},
    # With the revision it changes (a void without one is refused: see the API's row).
    "deal_void": {"GET": R(302, 405, 403, 405, 405, 405), "POST": R(302, 404, 403, 403, 302, 302)},
    # The world's nights do not ask for confirmations: a recorder's is refused (400, inline).
    "deal_confirm": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 400, 400),
    },
    # The world's games all end by their own rule: a recorder's end is refused (400, inline).
    "game_end": {"GET": R(302, 405, 403, 405, 405, 405), "POST": R(302, 404, 403, 403, 400, 400)},
    "game_end_undo": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 400, 400),
    },
    # The world's games have deals, so they stay: refused inline (400) or with 409.
    "game_remove": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 400, 400),
    },
    "desk": {"GET": R(302, 200, 302, 200, 200, 200), "POST": R(302, 405, 302, 405, 405, 405)},
    # An empty body asks nothing the engine answers: refused inline (400), nothing saved.
    "hand_dispute": {
        "GET": R(302, 405, 302, 405, 405, 405),
        "POST": R(302, 404, 302, 403, 400, 400),
    },
    "ruling_detail": {
        "GET": R(302, 404, 302, 200, 200, 200),
        "POST": R(302, 405, 302, 405, 405, 405),
    },
    # Access first (issue 26): a watcher is refused whatever the form holds.
    "ruling_save": {
        "GET": R(302, 405, 302, 405, 405, 405),
        "POST": R(302, 404, 302, 403, 200, 200),
    },
    "api_players": {
        "GET": R(401, 200, 401, 200, 200, 200),
        "POST": R(401, 201, 401, 201, 201, 201),
    },
    "api_ratings": {"GET": R(401, 200, 401, 200, 200, 200)},
    "api_nights": {"GET": R(401, 200, 401, 200, 200, 200), "POST": R(401, 400, 401, 400, 400, 400)},
    "api_night": {
        "GET": R(401, 404, 401, 200, 200, 200),
        "PATCH": R(401, 404, 401, 403, 403, 200),  # only the owner changes the night (BODIES)
    },
    "api_night_recorders": {"POST": R(401, 404, 401, 403, 403, 201)},
    "api_night_recorder": {"DELETE": R(401, 404, 401, 403, 403, 204)},
    "api_night_games": {"POST": R(401, 404, 401, 403, 201, 201)},
    "api_game": {
        "GET": R(401, 404, 401, 200, 200, 200),
        "DELETE": R(401, 404, 401, 403, 409, 409),
    },
    "api_game_deals": {
        "GET": R(401, 404, 401, 200, 200, 200),
        "POST": R(401, 404, 401, 403, 201, 201),
    },
    "api_deal_amend": {"POST": R(401, 404, 401, 403, 400, 400)},
    # With the revision it changes; without one, a void is a 400 for everyone who may see the
    # game (issue 11: no last writer wins; tests/scorekeeper/api/test_deals.py proves it).
    "api_deal_void": {"POST": R(401, 404, 401, 403, 201, 201)},
    # The world's nights do not ask for confirmations: refused (400) to those who may record.
    "api_deal_confirm": {"POST": R(401, 404, 401, 403, 400, 400)},
    # A hand disputed as recorded (an empty body asks the hand's own question).
    "api_hand_dispute": {"POST": R(401, 404, 401, 403, 201, 201)},
    "api_game_standings": {"GET": R(401, 404, 401, 200, 200, 200)},
    "api_game_end": {
        "POST": R(401, 404, 401, 403, 400, 400),
        "DELETE": R(401, 404, 401, 403, 400, 400),
    },
    "api_game_types": {"GET": ALL(200)},
    "api_adjudicate": {"POST": ALL(400)},
    "api_night_rulings": {
        "GET": R(401, 404, 401, 200, 200, 200),
        "POST": R(401, 404, 401, 403, 400, 400),  # access first: a watcher's empty body too
    },
    "api_schema": {"GET": ALL(200), "POST": ALL(405)},
    "api_docs": {"GET": ALL(200), "POST": ALL(405)},
    "api_export_schema": {"GET": ALL(200), "POST": ALL(405)},
    "api_night_export": {"GET": R(401, 404, 401, 200, 200, 200)},
    "api_export": {"GET": R(401, 200, 401, 200, 200, 200)},
    "api_night_export_csv": {"GET": R(401, 404, 401, 200, 200, 200)},
    "api_export_csv": {"GET": R(401, 200, 401, 200, 200, 200)},
    "api_import": {"POST": R(401, 400, 401, 400, 400, 400)},
    # A club none of the six is in (an organiser's, of the world's seventh person): its export
    # is a 404 to everyone signed in. An import is anyone's (an empty body: refused, 400).
    "api_club_export": {"GET": R(401, 404, 401, 404, 404, 404)},
    "api_club_import": {"POST": R(401, 400, 401, 400, 400, 400)},
    "api_club_export_schema": {"GET": ALL(200), "POST": ALL(405)},
    "club_export": {
        "GET": R(302, 404, 302, 404, 404, 404),
        "POST": R(302, 405, 302, 405, 405, 405),
    },
    # The upload form; an empty upload is refused under the file field (400, inline).
    "club_import": {
        "GET": R(302, 200, 302, 200, 200, 200),
        "POST": R(302, 400, 302, 400, 400, 400),
    },
    "api_profiles": {
        "GET": R(401, 200, 401, 200, 200, 200),
        "POST": R(401, 400, 401, 400, 400, 400),
    },
    "api_profile": {
        "DELETE": R(401, 404, 401, 404, 404, 204),
        "GET": R(401, 404, 401, 404, 404, 200),
        "PATCH": R(401, 404, 401, 404, 404, 200),
    },
    "api_tokens": {
        "GET": R(401, 200, 401, 200, 200, 200),
        "POST": R(401, 400, 401, 400, 400, 400),  # an empty body: a token needs a name
    },
    "api_token": {"DELETE": R(401, 404, 401, 404, 404, 204)},
    "api_night_link": {
        "DELETE": R(401, 404, 401, 403, 403, 204),
        "GET": R(401, 404, 401, 403, 403, 200),
        "POST": R(401, 404, 401, 403, 403, 201),
    },
    "api_night_people": {"GET": R(401, 404, 401, 200, 200, 200)},
    "api_night_person": {
        "DELETE": R(401, 404, 401, 403, 403, 204),
        "PATCH": R(401, 404, 401, 403, 403, 200),
    },
    "api_join": {"POST": R(401, 400, 401, 400, 400, 400)},
    # Clubs (issue 29): none of the six is in a club, so each club's objects are not found;
    # their own list is empty, and a club is started or joined with a body (400 without one).
    "api_clubs": {"GET": R(401, 200, 401, 200, 200, 200), "POST": R(401, 400, 401, 400, 400, 400)},
    "api_club_join": {"POST": R(401, 400, 401, 400, 400, 400)},
    "api_club": {"GET": NO_CLUB, "PATCH": NO_CLUB},
    "api_club_members": {"GET": NO_CLUB},
    "api_club_member": {"PATCH": NO_CLUB, "DELETE": NO_CLUB},
    "api_club_membership": {"DELETE": NO_CLUB},
    "api_club_invites": {"GET": NO_CLUB, "POST": NO_CLUB},
    "api_club_invite": {"DELETE": NO_CLUB},
    "api_club_players": {"GET": NO_CLUB, "POST": NO_CLUB},
    "api_club_player_claim": {"POST": NO_CLUB},
    "api_club_player_person": {"DELETE": NO_CLUB},
    "api_club_claims": {"GET": NO_CLUB},
    "api_club_claim": {"POST": NO_CLUB},
    "api_club_merges": {"GET": NO_CLUB, "POST": NO_CLUB},
    "api_club_merge_undo": {"POST": NO_CLUB},
    "api_club_move_in_review": {"POST": NO_CLUB},
    "api_club_move_in": {"POST": NO_CLUB},
    "api_club_seasons": {"GET": NO_CLUB, "POST": NO_CLUB},
    "api_club_season_end": {"POST": NO_CLUB},
    "api_club_ratings": {"GET": NO_CLUB},
    "api_club_season_table": {"GET": NO_CLUB},
    "api_club_player_ratings": {"GET": NO_CLUB},
    "api_club_player_record": {"GET": NO_CLUB},
    "api_club_player_rivals": {"GET": NO_CLUB},
    # One's own games: nobody of the six is a player confirmed as them, so it is empty.
    "api_me": {"GET": R(401, 200, 401, 200, 200, 200)},
    "history": {"GET": R(302, 200, 302, 200, 200, 200), "POST": R(302, 405, 302, 405, 405, 405)},
    "night_recap": {
        "GET": R(302, 404, 200, 200, 200, 200),
        "POST": ALL(405),
    },
    "night_export": {
        "GET": R(302, 404, 302, 200, 200, 200),
        "POST": R(302, 405, 302, 405, 405, 405),
    },
    "player_list": {
        "GET": R(302, 200, 302, 200, 200, 200),
        "POST": R(302, 405, 302, 405, 405, 405),
    },
    "player_detail": {
        "GET": R(302, 404, 302, 200, 200, 200),
        "POST": R(302, 405, 302, 405, 405, 405),
    },
    "ratings": {"GET": R(302, 200, 302, 200, 200, 200), "POST": R(302, 405, 302, 405, 405, 405)},
    "game_result_card": {"GET": R(302, 404, 200, 200, 200, 200), "POST": ALL(405)},
    "night_result_card": {"GET": R(302, 404, 200, 200, 200, 200), "POST": ALL(405)},
    "export": {"GET": R(302, 200, 302, 200, 200, 200), "POST": R(302, 405, 302, 405, 405, 405)},
    "export_all": {"GET": R(302, 200, 302, 200, 200, 200), "POST": R(302, 405, 302, 405, 405, 405)},
    # An import answers with a redirect, whatever came of it (post/redirect/get).
    "import": {"GET": R(302, 405, 302, 405, 405, 405), "POST": R(302, 302, 302, 302, 302, 302)},
    "profiles": {"GET": R(302, 200, 302, 200, 200, 200), "POST": R(302, 405, 302, 405, 405, 405)},
    "profile_create": {"GET": ALL(302), "POST": ALL(302)},
    "profile_edit": {
        "GET": R(302, 404, 302, 404, 404, 200),
        "POST": R(302, 404, 302, 404, 404, 200),
    },
    "profile_delete": {
        "GET": R(302, 405, 302, 405, 405, 405),
        "POST": R(302, 404, 302, 404, 404, 302),
    },
    "share_join": {"GET": ALL(302), "POST": ALL(405)},
    # API tokens are each account's own: another's answers as if it did not exist.
    "tokens": {"GET": R(302, 200, 302, 200, 200, 200), "POST": R(302, 200, 302, 200, 200, 200)},
    "token_revoke": {
        "GET": R(302, 405, 302, 405, 405, 405),
        "POST": R(302, 404, 302, 404, 404, 302),
    },
    "night_share": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 403, 302),
    },
    "night_share_stop": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 403, 302),
    },
    "night_person_role": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 403, 302),
    },
    "night_person_remove": {
        "GET": R(302, 405, 403, 405, 405, 405),
        "POST": R(302, 404, 403, 403, 403, 302),
    },
    "game_screen": {"GET": R(302, 404, 200, 200, 200, 200), "POST": ALL(405)},
    "manifest": {"GET": ALL(200), "POST": ALL(405)},
    "service_worker": {"GET": ALL(200), "POST": ALL(405)},
    "offline": {"GET": ALL(200), "POST": ALL(405)},
    # languages: the scripts' catalog per language (the switch is beside the sign-in pages)
    "javascript_catalog": {"GET": ALL(200), "POST": ALL(405)},
    # Clubs (issue 29). Nobody here is in a club: a club's pages answer as if it did not exist
    # (the sign-in page first for the signed out); the list, starting one and one's own page
    # are everyone's.
    "club_list": {"GET": R(302, 200, 302, 200, 200, 200), "POST": R(302, 405, 302, 405, 405, 405)},
    "club_create": {
        "GET": R(302, 405, 302, 405, 405, 405),
        "POST": R(302, 400, 302, 400, 400, 400),  # an empty body: a club needs a name
    },
    # The invitation link to club A: the signed out are asked to sign in, the signed in to join.
    "club_join": {"GET": ALL(200), "POST": R(302, 302, 302, 302, 302, 302)},
    "club_detail": CLUB_PAGE,
    "club_night_create": CLUB_WRITE,
    "club_members": CLUB_PAGE,
    "club_member_role": CLUB_WRITE,
    "club_member_remove": CLUB_WRITE,
    "club_leave": CLUB_WRITE,
    "club_invite_make": CLUB_WRITE,
    "club_invite_stop": CLUB_WRITE,
    "club_roster": CLUB_PAGE,
    "club_player_add": CLUB_WRITE,
    "club_claim": CLUB_WRITE,
    "club_claim_answer": CLUB_WRITE,
    "club_unlink": CLUB_WRITE,
    "club_merge": {"GET": R(302, 404, 302, 404, 404, 404), "POST": R(302, 404, 302, 404, 404, 404)},
    "club_unmerge": CLUB_WRITE,
    "club_player": CLUB_PAGE,
    "club_seasons": CLUB_PAGE,
    "club_season_create": CLUB_WRITE,
    "club_season_end": CLUB_WRITE,
    "club_season": CLUB_PAGE,
    "club_season_card": CLUB_PAGE,
    "club_move_in": {
        "GET": R(302, 404, 302, 404, 404, 404),
        "POST": R(302, 404, 302, 404, 404, 404),
    },
    "my_page": {"GET": R(302, 200, 302, 200, 200, 200), "POST": R(302, 405, 302, 405, 405, 405)},
    # Any other address under /api/v1/: the API's JSON 404, for everyone.
    "api_not_found": {"GET": ALL(404), "POST": ALL(404)},
}

# Where a game's family changes the answer (the grids' calculators are for grid games only).
BY_FAMILY: dict[tuple[str, str, str], dict[str, int]] = {
    ("grid_score", "GET", "grids"): R(302, 404, 403, 200, 200, 200),
    ("best_grid", "GET", "grids"): R(302, 404, 403, 200, 200, 200),
}


# The routes ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    name: str
    pattern: str  # as in urls.py, prefixes joined: "nights/<id:pk>/recorders/"

    @property
    def api(self) -> bool:
        return self.pattern.startswith("api/")

    @property
    def kind(self) -> str:
        """What ``pk`` means in the route: its first word after the API prefix."""
        return self.pattern.removeprefix("api/v1/").split("/", 1)[0]


SKIPPED = ("admin/", "static/", "media/", "__debug__/")


def _walk(patterns: list[Any], prefix: str = "") -> Iterator[Route]:
    for entry in patterns:
        pattern = prefix + str(entry.pattern)
        if pattern.startswith(SKIPPED):
            continue
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, pattern)
        elif isinstance(entry, URLPattern):
            yield Route(entry.name or pattern, pattern)


def all_routes() -> list[Route]:
    return list(_walk(get_resolver().url_patterns))


def schema_methods() -> dict[str, set[str]]:
    """Each API route's methods, from the OpenAPI schema, by route name."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    found: dict[str, set[str]] = {}
    for path, operations in schema["paths"].items():
        url = re.sub(
            r"\{(\w+)\}",
            lambda m: "x" if m.group(1) in ("game", "question", "username") else "1",
            path,
        )
        name = resolve(url).url_name
        found.setdefault(name, set()).update(
            m.upper() for m in operations if m.upper() in (*METHODS, "PUT")
        )
    return found


# The world: night A (owner, recorder, viewer, a join link) and night B (the stranger's) -------


@dataclass
class World:
    night: dict[str, Night] = field(default_factory=dict)
    games: dict[str, dict[str, Game]] = field(default_factory=dict)
    deal: dict[int, int] = field(default_factory=dict)  # game pk -> a deal's key
    player: dict[str, int] = field(default_factory=dict)
    profile: dict[str, int] = field(default_factory=dict)
    api_token: dict[str, int] = field(default_factory=dict)  # an API token of the night's owner
    ruling: dict[str, int] = field(default_factory=dict)  # a ruling saved to the night
    club: dict[str, int] = field(default_factory=dict)  # a club (none of the six is in it)
    users: dict[str, Any] = field(default_factory=dict)
    # Each side's club (of people outside the six): its id ("pk") and its objects' ids.
    club: dict[str, dict[str, int]] = field(default_factory=dict)
    token: str = ""
    club: dict[str, Any] = field(default_factory=dict)  # a club of each side, nobody here in it
    club_token: str = ""  # an invitation to club A
    question: tuple[str, str] = ("", "")


def _night(world: World, side: str, owner: Any, names: tuple[str, ...]) -> Night:
    night = NightFactory(owner=owner, place=f"The {names[0]} kitchen")
    world.night[side] = night
    world.games[side] = {}
    for family, slug in FAMILIES.items():
        game = GameFactory(night=night, slug=slug, players=list(names))
        definition = get_game(slug)
        options = definition.options(game.options)
        for number in (1, 2):
            data = definition.sample_deal(players=len(names), options=options, number=number)
            entry = game_services.deal_record(game=game, by=owner, data=data)
        world.games[side][family] = game
        world.deal[game.pk] = entry.pk
    world.player[side] = night.players.order_by("pk").first().pk  # type: ignore[union-attr]
    profile = HouseRuleProfileFactory(owner=owner, name=f"{names[0]} house rules")
    world.profile[side] = profile.pk
    world.api_token[side] = tokens.token_create(user=owner, name=f"{names[0]} script")[0].pk
    ruling = asking.ruling_save(
        night=night, by=owner, slug="rummy", question="deal", data={}, players=4
    )
    world.ruling[side] = ruling.pk
    return night


def _club(world: World, side: str, names: tuple[str, ...]) -> None:
    """A club of two people none of the six is: a member, an invitation, a player claimed, a
    merge and a season."""
    first = names[0].lower()
    maker = UserFactory(username=f"{first}_organiser")
    member = UserFactory(username=f"{first}_member")
    # Named apart from the nights: the invitation shows club A's name to whoever opens it.
    club = club_services.club_create(by=maker, name=f"Club {side}")
    Membership.objects.create(club=club, user=member)
    token = club_services.invite_make(club=club, by=maker)
    if side == "A":
        world.club_token = token
    players = [
        night_services.player_create(owner=maker, name=f"{name} of the club", club=club)
        for name in names[:3]
    ]
    claim = club_services.claim_ask(club=club, by=member, player_id=players[0].pk)
    merge = club_services.merge(club=club, by=maker, merged_id=players[2].pk, into_id=players[1].pk)
    today = datetime.date.today()
    season = club_services.season_create(
        club=club, by=maker, name=f"{names[0]} season", starts=today, ends=today
    )
    world.club[side] = {
        "pk": club.pk,
        "user": member.pk,
        "invite": ClubInvite.objects.get(club=club).pk,
        "player": players[0].pk,
        "claim": claim.pk,
        "merge": merge.pk,
        "season": season.pk,
    }


def build_world() -> World:
    world = World()
    owner = UserFactory(username="amberly_owner")
    stranger = UserFactory(username="wilhelmina_owner")
    recorder = UserFactory(username="bramwell_recorder")
    viewer = UserFactory(username="cressida_viewer")
    world.users = {"owner": owner, "stranger": stranger, "recorder": recorder, "viewer": viewer}
    night = _night(world, "A", owner, NAMES_A)
    _night(world, "B", stranger, NAMES_B)
    night.recorders.add(recorder)
    sharing.night_join(night=night, user=viewer)
    world.token = sharing.link_make(night=night, by=owner)
    sharing.link_make(night=world.night["B"], by=stranger)
    _club(world, "A", NAMES_A)
    _club(world, "B", NAMES_B)
    slug = FAMILIES["rummy"]
    world.question = (slug, next(iter(get_game(slug).questions())))
    return world


def rolled_back[T](django_db_blocker: Any, build: Callable[[], T]) -> Iterator[T]:
    """What ``build`` makes, kept for a module inside a transaction rolled back at its end."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield build()
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@pytest.fixture(scope="module")
def world(django_db_setup: Any, django_db_blocker: Any) -> Iterator[World]:
    """Built once, in a transaction rolled back when the module is done."""
    yield from rolled_back(django_db_blocker, build_world)


def client_for(role: str, world: World) -> Client:
    for cache in caches.all():  # no throttle's count from an earlier walk
        cache.clear()
    client = Client(raise_request_exception=False)
    if role in world.users:
        client.force_login(world.users[role])
    elif role == "link":
        response = client.get(f"/join/{world.token}/")
        assert response.status_code == 302, response
    return client


# Asking --------------------------------------------------------------------------------------


def url_for(route: Route, world: World, side: str, family: str = "rummy") -> str:
    """The route's URL for night ``side``'s objects ("A", "B"), or for none ("missing")."""
    missing = side == "missing"
    game = None if missing else world.games[side][family]

    def value(match: re.Match[str]) -> str:
        name = match.group(2)
        if name == "pk":
            if missing:
                return str(MISSING)
            assert game is not None
            return str(
                {
                    "nights": game.night_id,
                    "games": game.pk,
                    "players": world.player[side],
                    "profiles": world.profile[side],
                    "tokens": world.api_token[side],
                    "account": world.api_token[side],
                    "rulings": world.ruling[side],
                    "clubs": world.club[side]["pk"],
                }[route.kind]
            )
        if name in CLUB_PARTS:
            return str(MISSING if missing else world.club[side][name])
        if name == "deal":
            return str(MISSING if game is None else world.deal[game.pk])
        if name == "username":
            return world.users["recorder"].username
        if name == "uidb64":
            return "MQ"
        if name == "token" and route.name == "club_join":
            return world.club_token if side == "A" else "x" * 43
        if name == "token" and route.name == "password_reset_confirm":
            return "set-password"
        if name == "token":
            return world.token if side == "A" else "x" * 43
        if name == "language":
            return "sv"
        if name == "game":
            return world.question[0]
        if name == "question":
            return world.question[1]
        raise AssertionError(f"{route.name}: no value for <{name}>")

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", value, route.pattern)


# Bodies: empty, except for a few writes where a real one shows who may write (not only 400).
def _deal(world: World, family: str, number: int) -> dict[str, Any]:
    game = world.games["A"][family]
    definition = get_game(game.slug)
    players = game.seats.count()
    return definition.sample_deal(
        players=players, options=definition.options(game.options), number=number
    )


# What a club's path names besides the club (``<id:user>``...): the ids in ``World.club``.
CLUB_PARTS = ("user", "invite", "player", "claim", "merge", "season")

BODIES: dict[tuple[str, str], Any] = {
    ("api_game_deals", "POST"): lambda w, f: {"deal": _deal(w, f, 3)},
    ("api_night_recorders", "POST"): lambda w, f: {"username": w.users["viewer"].username},
    ("api_night_person", "PATCH"): lambda w, f: {"role": "viewer"},
    ("api_night_games", "POST"): lambda w, f: {
        "game": "brummy",
        "players": list(w.games["A"]["grids"].seats.values_list("player_id", flat=True)),
    },
    ("night_add_recorder", "POST"): lambda w, f: {"username": w.users["viewer"].username},
    ("night_add_player", "POST"): lambda w, f: {"name": "Newcomer"},
    ("night_table_player", "POST"): lambda w, f: {
        "player": w.games["A"]["rummy"].seats.first().player_id,
        "name": "Renamed",
    },
    ("night_remove_recorder", "POST"): lambda w, f: {"username": w.users["recorder"].username},
    ("night_person_remove", "POST"): lambda w, f: {"username": w.users["recorder"].username},
    ("api_players", "POST"): lambda w, f: {"name": "Newcomer"},
    # A void names the entry it replaces: the deal's record (world.deal), never amended.
    ("api_deal_void", "POST"): lambda w, f: {"revision": w.deal[w.games["A"][f].pk]},
    ("deal_void", "POST"): lambda w, f: {"revision": w.deal[w.games["A"][f].pk]},
    ("api_deal_confirm", "POST"): lambda w, f: {"seat": 1, "revision": w.deal[w.games["A"][f].pk]},
    ("deal_confirm", "POST"): lambda w, f: {"seat": 1, "revision": w.deal[w.games["A"][f].pk]},
    ("api_night", "PATCH"): lambda w, f: {"confirmations": True},
    ("night_confirmations", "POST"): lambda w, f: {"confirmations": "1"},
    ("night_language", "POST"): lambda w, f: {"language": "is"},
    ("language_choose", "POST"): lambda w, f: {"language": "sv", "next": "/"},
    ("night_person_role", "POST"): lambda w, f: {
        "username": w.users["recorder"].username,
        "role": "viewer",
    },
}


def body_for(route: Route, method: str, world: World, family: str) -> dict[str, Any]:
    make = BODIES.get((route.name, method))
    return make(world, family) if make else {}


def ask(
    client: Client, method: str, url: str, api: bool, body: dict[str, Any] | None = None
) -> tuple[int, str]:
    """One request, in a savepoint rolled back after it: nothing it writes outlives it (the
    client's cookies are put back too, so signing out or in changes nothing for the next)."""
    cookies = copy.deepcopy(client.cookies)
    with transaction.atomic():
        if method == "GET":
            response = client.get(url)
        elif api:
            data = json.dumps(body or {})
            response = client.generic(method, url, data, content_type="application/json")
        elif method == "POST":
            response = client.post(url, body or {})
        else:
            response = client.generic(method, url)
        transaction.set_rollback(True)
    client.cookies = cookies
    content = b"" if getattr(response, "streaming", False) else response.content
    if getattr(response, "streaming", False):
        content = b"".join(response.streaming_content)  # type: ignore[attr-defined]
    return response.status_code, content.decode(errors="replace")


# What each may do ------------------------------------------------------------------------------

FOREIGN = {  # whose names each person must never be shown
    "anon": ("A", "B"),
    "stranger": ("A",),
    "link": ("B",),
    "viewer": ("B",),
    "recorder": ("B",),
    "owner": ("B",),
}


def markers(world: World, role: str) -> list[str]:
    names = {"A": NAMES_A, "B": NAMES_B}
    return [name for side in FOREIGN[role] for name in names[side]]


def families(route: Route, method: str) -> tuple[str, ...]:
    """A game's routes are read from a game of each family (the writes, from one: they are
    the same code for all); the others once."""
    return tuple(FAMILIES) if route.kind == "games" and method == "GET" else ("rummy",)


def cases() -> Iterator[tuple[Route, str, str]]:
    for route in all_routes():
        for method in TABLE.get(route.name, {}):
            for family in families(route, method):
                yield route, method, family


def expected(route: Route, method: str, family: str, role: str) -> int:
    row = BY_FAMILY.get((route.name, method, family), TABLE[route.name][method])
    return row[role]


OBJECT_TEXT = re.compile(r"&lt;bound method [\w.]+|<bound method [\w.]+|\bobject at 0x[0-9a-f]+")


def _check(role: str, what: str, status: int, text: str, world: World, wrong: list[str]) -> None:
    if status >= 500:
        wrong.append(f"{what}: {status} (a server error)")
    leaks = [marker for marker in markers(world, role) if marker in text]
    if leaks:
        wrong.append(f"{what}: shows {', '.join(leaks)} of a night {role} has no part in")
    # An object or a method formatted into text instead of what it says (issue 26: a card
    # read "Still going: <bound method Standings.nam…").
    for found in OBJECT_TEXT.finditer(text):
        wrong.append(f"{what}: shows {found.group()!r}")


def test_every_route_has_a_row_in_the_permission_table() -> None:
    routes = all_routes()
    names = [route.name for route in routes]
    problems = [f"two routes named {name}" for name in set(names) if names.count(name) > 1]
    problems += [f"add {name} to the permission table" for name in names if name not in TABLE]
    api = schema_methods()
    for name, methods in sorted(api.items()):
        for method in sorted(methods - set(TABLE.get(name, {}))):
            problems.append(f"add {method} {name} to the permission table")
    for route in routes:
        if route.name not in api and route.name in TABLE:
            problems += [
                f"add {method} {route.name} to the permission table"
                for method in ("GET", "POST")
                if method not in TABLE[route.name]
            ]
    for name, rows in TABLE.items():
        problems += [
            f"{name} {method}: a status for each of {ROLES}"
            for method, row in rows.items()
            if set(row) != set(ROLES)
        ]
    problems += [
        f"{name} is in the table but no longer a route" for name in set(TABLE) - set(names)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("role", ROLES)
def test_each_person_gets_what_the_table_says(world: World, role: str) -> None:
    """Night A's every route, as ``role``: the table's status, no 500, no other night's names."""
    client = client_for(role, world)
    wrong: list[str] = []
    for route, method, family in cases():
        url = url_for(route, world, "A", family)
        what = f"{method} {url} ({route.name}, {family})"
        status, text = ask(client, method, url, route.api, body_for(route, method, world, family))
        want = expected(route, method, family, role)
        if status != want:
            wrong.append(f"{what}: {status}, the table says {want}")
        _check(role, what, status, text, world, wrong)
    assert not wrong, f"as {role}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("role", ["viewer", "recorder"])
def test_who_may_not_write_is_refused_before_the_body_is_read(world: World, role: str) -> None:
    """Access first (issue 26: a watcher's empty POST to a night's rulings was told what its
    body lacked, before the 403): every write, the API's and the pages', that the table refuses
    ``role`` with a 403 given a good body is refused with the same 403 given an empty one."""
    client = client_for(role, world)
    wrong: list[str] = []
    for route, method, family in cases():
        if method == "GET" or expected(route, method, family, role) != 403:
            continue
        url = url_for(route, world, "A", family)
        status, _ = ask(client, method, url, route.api, {})
        if status != 403:
            wrong.append(f"{method} {url} ({route.name}) with an empty body: {status}, not 403")
    assert not wrong, f"as {role}:\n" + "\n".join(wrong)


def _object_route(route: Route) -> bool:
    return "<id:pk>" in route.pattern


@pytest.mark.parametrize("role", ROLES)
def test_other_nights_objects_answer_as_if_they_did_not_exist(world: World, role: str) -> None:
    """Every route that names an object, for a night (or a player or profile) ``role`` has no
    part in: the very answer an id no object has gets (404, or the sign-in page before it),
    never a 2xx, never a 403 that a missing object would not get."""
    other = "A" if role == "stranger" else "B"
    client = client_for(role, world)
    wrong: list[str] = []
    for route, method, family in cases():
        if not _object_route(route):
            continue
        url = url_for(route, world, other, family)
        what = f"{method} {url} ({route.name}, {family}, night {other})"
        body = body_for(route, method, world, family)
        status, text = ask(client, method, url, route.api, body)
        missing = 404
        if status != 404:  # the sign-in page, 401, 405 or a 403: what would a missing one get?
            missing, _ = ask(
                client, method, url_for(route, world, "missing", family), route.api, body
            )
        if status != missing or 200 <= status < 300:
            wrong.append(f"{what}: {status}, where a missing one gets {missing}")
        _check(role, what, status, text, world, wrong)
    assert not wrong, f"as {role}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("role", ["viewer", "recorder", "owner"])
def test_a_deal_of_another_night_is_not_found_through_ones_own_game(
    world: World, role: str
) -> None:
    """``games/<own game>/deals/<a deal of night B>/...``: as for a deal that does not exist."""
    client = client_for(role, world)
    foreign = world.deal[world.games["B"]["rummy"].pk]
    wrong: list[str] = []
    for route, method, family in cases():
        if "<id:deal>" not in route.pattern or family != "rummy":
            continue
        url = url_for(route, world, "A", family)
        own = str(world.deal[world.games["A"]["rummy"].pk])
        crossed = url.replace(f"/deals/{own}/", f"/deals/{foreign}/")
        status, _ = ask(client, method, crossed, route.api)
        missing, _ = ask(
            client, method, url.replace(f"/deals/{own}/", f"/deals/{MISSING}/"), route.api
        )
        if status != missing or 200 <= status < 300:
            wrong.append(f"{method} {crossed}: {status}, where a missing deal gets {missing}")
    assert not wrong, "\n".join(wrong)
