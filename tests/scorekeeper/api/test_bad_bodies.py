"""No body breaks the API (issue 11): every write endpoint, every kind of bad body.

Each API operation that takes a body (read from the OpenAPI schema, so a new one cannot slip
past) gets a good body, which is first checked to succeed, then each bad body made from it:
a key given twice, a key the endpoint does not take, wrong types, NaN, Infinity, 1e309,
numbers of thirty and five thousand digits, a body nested too deep, and one over Django's
DATA_UPLOAD_MAX_MEMORY_SIZE. Each must be a 400 with the API's one error body (code, a
sentence, field), and nothing may be written: every table of the app counts the same rows.
"""

from __future__ import annotations

import copy
import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import Model
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from scorekeeper.access import sharing, tokens
from scorekeeper.clubs import services as club_services
from scorekeeper.games import services as game_services
from scorekeeper.house_rules import profiles
from scorekeeper.models import Game, Membership, Night, Player
from scorekeeper.nights import services as night_services
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import GameFactory, NightFactory, UserFactory


@dataclass
class World:
    alice: User
    night: Night
    game: Game
    deal: int  # the id of a deal's record, never amended
    profile: int
    link: str  # bob's night's join link, which alice may join
    export: dict[str, Any]
    club: dict[str, Any]  # alice's club: its id, carol's, a claim, two players, a season...


MEL = {"cards": "4C JK 6C", "other_hand_sizes": [3, 9, 11]}

# (method, schema path) -> (path with ids, a good body, the status the good body gets)
Good = Callable[[World], tuple[str, dict[str, Any], int]]
GOOD: dict[tuple[str, str], Good] = {
    ("POST", "/api/v1/adjudicate/{game}/{question}/"): lambda w: (
        "/api/v1/adjudicate/bridge-rummy/meld/",
        dict(MEL),
        200,
    ),
    ("POST", "/api/v1/games/{id}/deals/"): lambda w: (
        f"/api/v1/games/{w.game.pk}/deals/",
        {"game": "bridge-rummy", "deal": SAMPLE_DEALS[1], "number": 2, "seat": 0},
        201,
    ),
    ("POST", "/api/v1/games/{id}/deals/{deal}/amend/"): lambda w: (
        f"/api/v1/games/{w.game.pk}/deals/{w.deal}/amend/",
        {
            "game": "bridge-rummy",
            "deal": SAMPLE_DEALS[0],
            "revision": w.deal,
            "note": "checked",
            "seat": 0,
        },
        201,
    ),
    ("POST", "/api/v1/games/{id}/deals/{deal}/void/"): lambda w: (
        f"/api/v1/games/{w.game.pk}/deals/{w.deal}/void/",
        {"revision": w.deal, "note": "wrong table"},
        201,
    ),
    ("POST", "/api/v1/games/{id}/deals/{deal}/confirm/"): lambda w: (
        f"/api/v1/games/{w.game.pk}/deals/{w.deal}/confirm/",
        {"seat": 1, "revision": w.deal},
        201,
    ),
    ("POST", "/api/v1/games/{id}/deals/{deal}/dispute/"): lambda w: (
        f"/api/v1/games/{w.game.pk}/deals/{w.deal}/dispute/",
        {"note": "Was Alice's hand counted right?", "seat": 1},
        201,
    ),
    # The night's own export, imported back: it is here already (200, nothing written).
    ("POST", "/api/v1/import/"): lambda w: ("/api/v1/import/", w.export, 200),
    # The club's own export, imported as a new club of alice's (its nights hold no entry yet).
    ("POST", "/api/v1/clubs/import/"): lambda w: ("/api/v1/clubs/import/", _club_file(w), 201),
    ("POST", "/api/v1/join/"): lambda w: ("/api/v1/join/", {"token": w.link}, 200),
    ("POST", "/api/v1/nights/"): lambda w: (
        "/api/v1/nights/",
        {"date": "2026-11-22", "place": "The Swan", "notes": ""},
        201,
    ),
    ("POST", "/api/v1/nights/{id}/games/"): lambda w: (
        f"/api/v1/nights/{w.night.pk}/games/",
        {"game": "bridge-rummy", "players": list(w.game.seats.values_list("player", flat=True))},
        201,
    ),
    ("PATCH", "/api/v1/nights/{id}/"): lambda w: (
        f"/api/v1/nights/{w.night.pk}/",
        {"confirmations": True},
        200,
    ),
    ("PATCH", "/api/v1/nights/{id}/people/{username}/"): lambda w: (
        f"/api/v1/nights/{w.night.pk}/people/bob/",
        {"role": "viewer"},
        200,
    ),
    ("POST", "/api/v1/nights/{id}/recorders/"): lambda w: (
        f"/api/v1/nights/{w.night.pk}/recorders/",
        {"username": "carol"},
        201,
    ),
    ("POST", "/api/v1/nights/{id}/rulings/"): lambda w: (
        f"/api/v1/nights/{w.night.pk}/rulings/",
        {"game": "bridge-rummy", "question": "meld", "input": dict(MEL), "note": "ok"},
        201,
    ),
    ("POST", "/api/v1/players/"): lambda w: ("/api/v1/players/", {"name": "Newcomer"}, 201),
    ("POST", "/api/v1/profiles/"): lambda w: (
        "/api/v1/profiles/",
        {"game": "knock-rummy", "name": "Nanni's", "options": {}},
        201,
    ),
    ("PATCH", "/api/v1/profiles/{id}/"): lambda w: (
        f"/api/v1/profiles/{w.profile}/",
        {"name": "Renamed"},
        200,
    ),
    ("POST", "/api/v1/tokens/"): lambda w: ("/api/v1/tokens/", {"name": "my script"}, 201),
    # clubs (issue 29)
    ("POST", "/api/v1/clubs/"): lambda w: ("/api/v1/clubs/", {"name": "Fridays"}, 201),
    ("PATCH", "/api/v1/clubs/{id}/"): lambda w: (
        f"/api/v1/clubs/{w.club['pk']}/",
        {"name": "Thursdays"},
        200,
    ),
    ("PATCH", "/api/v1/clubs/{id}/members/{user}/"): lambda w: (
        f"/api/v1/clubs/{w.club['pk']}/members/{w.club['carol']}/",
        {"role": "recorder"},
        200,
    ),
    ("POST", "/api/v1/clubs/{id}/invites/"): lambda w: (
        f"/api/v1/clubs/{w.club['pk']}/invites/",
        {"days": 30},
        201,
    ),
    # bob's club's invitation, which alice opens
    ("POST", "/api/v1/clubs/join/"): lambda w: (
        "/api/v1/clubs/join/",
        {"token": w.club["token"]},
        201,
    ),
    ("POST", "/api/v1/clubs/{id}/players/"): lambda w: (
        f"/api/v1/clubs/{w.club['pk']}/players/",
        {"name": "Dag"},
        201,
    ),
    ("POST", "/api/v1/clubs/{id}/claims/{claim}/"): lambda w: (
        f"/api/v1/clubs/{w.club['pk']}/claims/{w.club['claim']}/",
        {"confirmed": True},
        200,
    ),
    ("POST", "/api/v1/clubs/{id}/merges/"): lambda w: (
        f"/api/v1/clubs/{w.club['pk']}/merges/",
        {"merged": w.club["cy"], "into": w.club["cecilia"]},
        201,
    ),
    ("POST", "/api/v1/clubs/{id}/seasons/"): lambda w: (
        f"/api/v1/clubs/{w.club['pk']}/seasons/",
        {"name": "Next", "ends": "2099-12-31"},
        201,
    ),
    ("POST", "/api/v1/clubs/{id}/seasons/{season}/end/"): lambda w: (
        f"/api/v1/clubs/{w.club['pk']}/seasons/{w.club['season']}/end/",
        {"on": datetime.date.today().isoformat()},
        200,
    ),
    ("POST", "/api/v1/clubs/{id}/move-in/review/"): lambda w: (
        f"/api/v1/clubs/{w.club['pk']}/move-in/review/",
        {"nights": [w.night.pk]},
        200,
    ),
    ("POST", "/api/v1/clubs/{id}/move-in/"): lambda w: (
        f"/api/v1/clubs/{w.club['pk']}/move-in/",
        {"nights": [w.night.pk], "choices": [{"player": p, "into": None} for p in w.club["own"]]},
        200,
    ),
}


ADJUDICATE = "/api/v1/adjudicate/{game}/{question}/"


def _with_body() -> list[tuple[str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    # One route answers every question (its own operation per question in the schema).
    return sorted(
        {
            (method.upper(), ADJUDICATE if path.startswith("/api/v1/adjudicate/") else path)
            for path, operations in schema["paths"].items()
            for method, operation in operations.items()
            if method in {"post", "put", "patch", "delete"} and "requestBody" in operation
        }
    )


def test_every_endpoint_that_takes_a_body_is_tried() -> None:
    assert _with_body() == sorted(GOOD), "give each new API write a good body in GOOD"


@pytest.fixture
def world(db: Any) -> World:
    alice = UserFactory(username="alice")
    bob = UserFactory(username="bob")
    UserFactory(username="carol")
    night = NightFactory(owner=alice, confirmations=True)  # so that a hand can be confirmed
    night.recorders.add(bob)
    game = GameFactory(night=night, slug="bridge-rummy")
    entry = game_services.deal_record(game=game, by=alice, data=SAMPLE_DEALS[0], seat=0)
    profile = profiles.profile_create(owner=alice, slug="knock-rummy", name="House")
    tokens.token_create(user=alice, name="old script")
    link = sharing.link_make(night=NightFactory(owner=bob), by=bob)
    client = APIClient()
    client.force_authenticate(alice)
    export = client.get(f"/api/v1/nights/{night.pk}/export/").json()
    return World(alice, night, game, entry.pk, profile.pk, link, export, _club(alice, bob))


def _club_file(w: World) -> dict[str, Any]:
    client = APIClient()
    client.force_authenticate(w.alice)
    return dict(client.get(f"/api/v1/clubs/{w.club['pk']}/export/").json())


def _club(alice: User, bob: User) -> dict[str, Any]:
    """alice's club (carol a member, asking to be Cy; Cy and Cecilia on its roster; a season
    on), and an invitation to bob's."""
    club = club_services.club_create(by=alice, name="Thursday")
    carol = User.objects.get(username="carol")
    Membership.objects.create(club=club, user=carol)
    cy, cecilia = (
        night_services.player_create(owner=alice, name=name, club=club)
        for name in ("Cy", "Cecilia")
    )
    claim = club_services.claim_ask(club=club, by=carol, player_id=cy.pk)
    today = datetime.date.today()
    season = club_services.season_create(
        club=club, by=alice, name="Now", starts=today, ends=today + datetime.timedelta(days=30)
    )
    theirs = club_services.club_create(by=bob, name="Bob's")
    return {
        "pk": club.pk,
        "carol": carol.pk,
        "claim": claim.pk,
        "cy": cy.pk,
        "cecilia": cecilia.pk,
        "season": season.pk,
        "token": club_services.invite_make(club=theirs, by=bob),
        "own": list(Player.objects.filter(owner=alice, club=None).values_list("pk", flat=True)),
    }


def counts() -> dict[str, int]:
    models: list[type[Model]] = [*apps.get_app_config("scorekeeper").get_models(), User]
    return {m._meta.label: m._default_manager.count() for m in models}


def send(world: World, method: str, path: str, raw: str) -> Any:
    client = APIClient()
    client.force_authenticate(world.alice)
    return client.generic(method, path, raw, content_type="application/json")


def _dumps(value: Any) -> str:
    return json.dumps(value)


def _first(body: dict[str, Any]) -> str:
    return next(iter(body))


def _replace_first(body: dict[str, Any], raw: str) -> str:
    """The body with its first key's value written as ``raw`` (JSON text, maybe not valid)."""
    key = _first(body)
    rest = {k: v for k, v in body.items() if k != key}
    tail = _dumps(rest)[1:]
    return "{" + _dumps(key) + ": " + raw + (", " + tail if rest else "}")


HUGE = str(10**30)
BEYOND = "1" + "0" * 5000

# name -> (make the raw body from the good one, the field named or None, words in the sentence)
BAD: dict[str, tuple[Callable[[dict[str, Any]], str], str | None, str]] = {
    "key-twice": (
        lambda b: _dumps(b)[:-1] + f", {_dumps(_first(b))}: {_dumps(b[_first(b)])}}}",
        None,
        "appears twice",
    ),
    "key-twice-nested": (
        lambda b: _replace_first(b, '{"a": 1, "a": 2}'),
        None,
        "appears twice",
    ),
    "unknown-field": (lambda b: _dumps({**b, "colour": "red"}), "colour", ""),
    "not-an-object": (lambda b: _dumps([b]), "", ""),
    "a-bare-string": (lambda b: '"hello"', "", ""),
    "null": (lambda b: "null", "", ""),
    "every-value-a-list": (lambda b: _dumps({k: [[True]] for k in b}), "", ""),
    "every-value-a-number": (lambda b: _dumps({k: 7 for k in b}), "", ""),
    "NaN": (lambda b: _replace_first(b, "NaN"), None, "NaN is not a number JSON allows"),
    "Infinity": (lambda b: _replace_first(b, "Infinity"), None, "not a number JSON allows"),
    "-Infinity": (lambda b: _replace_first(b, "-Infinity"), None, "not a number JSON allows"),
    "1e309": (lambda b: _replace_first(b, "1e309"), None, "1e309 is too large"),
    "30-digits": (lambda b: _replace_first(b, HUGE), "", ""),
    "every-value-30-digits": (lambda b: _dumps({k: 10**30 for k in b}), "", ""),
    "5000-digits": (lambda b: _replace_first(b, BEYOND), None, "digits"),
    "nested-40-deep": (lambda b: _replace_first(b, "[" * 40 + "]" * 40), None, "nests"),
    "over-the-size-limit": (
        lambda b: _dumps(b) + " " * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0),
        None,
        "too large",
    ),
}


@pytest.mark.parametrize("operation", sorted(GOOD), ids=lambda op: f"{op[0]} {op[1]}")
def test_the_good_body_is_taken(world: World, operation: tuple[str, str]) -> None:
    """The control: each bad body below differs from one the endpoint takes."""
    path, body, ok = GOOD[operation](world)
    response = send(world, operation[0], path, _dumps(body))
    assert response.status_code == ok, response.content


# Where a bad body is a good one: an invitation's one field is its days, and 7 is one of them.
GOOD_AFTER_ALL = {(("POST", "/api/v1/clubs/{id}/invites/"), "every-value-a-number")}


@pytest.mark.parametrize("bad", sorted(BAD))
@pytest.mark.parametrize("operation", sorted(GOOD), ids=lambda op: f"{op[0]} {op[1]}")
def test_a_bad_body_is_a_clear_400_and_writes_nothing(
    world: World, operation: tuple[str, str], bad: str
) -> None:
    if (operation, bad) in GOOD_AFTER_ALL:
        pytest.skip("a good body here")
    path, body, _ = GOOD[operation](world)
    make, field, words = BAD[bad]
    before = counts()
    response = send(world, operation[0], path, make(body))
    assert response.status_code == 400, response.content[:500]
    error = response.json()
    assert isinstance(error["code"], str) and error["code"], error
    assert isinstance(error["message"], str) and len(error["message"].split()) >= 3, error
    assert "field" in error
    if field:  # the key it named, for the unknown field
        assert error["field"] == field, error
    elif field is None:  # refused as the body was read, before any field was looked at
        assert error["field"] is None, error
    assert words in error["message"], error
    assert counts() == before


# A lone surrogate (issue 26: "\udc00" in any echoed input was a 500 from the JSON renderer) ----


def _strings(value: Any, path: str = "") -> list[str]:
    """The path of every string in ``value`` (as the API names a field)."""
    if isinstance(value, str):
        return [path]
    if isinstance(value, dict):
        return [
            found
            for key, item in value.items()
            for found in _strings(item, f"{path}.{key}" if path else key)
        ]
    if isinstance(value, list):
        return [found for i, item in enumerate(value) for found in _strings(item, f"{path}[{i}]")]
    return []


def _put(value: Any, path: str, text: str) -> Any:
    """``value`` with the string at ``path`` (as _strings names it) replaced by ``text``."""
    steps = [s for s in path.replace("[", ".[").split(".") if s]
    out = copy.deepcopy(value)
    here = out
    for step in steps[:-1]:
        here = here[int(step[1:-1])] if step.startswith("[") else here[step]
    last = steps[-1]
    here[int(last[1:-1]) if last.startswith("[") else last] = text
    return out


LONE = "AS \udc00 KS"  # json.dumps writes it "\udc00", as a client that split a pair would


@pytest.mark.parametrize("operation", sorted(GOOD), ids=lambda op: f"{op[0]} {op[1]}")
def test_a_lone_surrogate_in_any_key_or_text_is_a_400_naming_the_field(
    world: World, operation: tuple[str, str]
) -> None:
    path, body, _ = GOOD[operation](world)
    strings = _strings(body)
    # In a key of the body; in the first text the body holds and in its last (the deepest
    # of an import: a ledger entry's record); in a key of the object holding that last one.
    cases: list[tuple[Any, str | None]] = [({**body, "\udc00": 1}, None)]
    for where in dict.fromkeys([strings[0], strings[-1]] if strings else []):
        cases.append((_put(body, where, LONE), where))
    if strings and "." in strings[-1]:
        holder = strings[-1].rsplit(".", 1)[0]
        inner = copy.deepcopy(body)
        here = inner
        for step in [s for s in holder.replace("[", ".[").split(".") if s]:
            here = here[int(step[1:-1])] if step.startswith("[") else here[step]
        here["\udc00"] = "x"
        cases.append((inner, holder))
    for bad, field in cases:
        before = counts()
        response = send(world, operation[0], path, json.dumps(bad))
        assert response.status_code == 400, response.content[:300]
        error = response.json()
        assert error["code"] == "parse_error", error
        assert error["field"] == field, error
        assert "is not valid Unicode: it holds a lone surrogate" in error["message"]
        assert counts() == before
