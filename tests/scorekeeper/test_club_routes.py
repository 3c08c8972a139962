"""Nobody where they don't belong, in a club: ``test_routes.py``'s walk, over every route that
names a club, as each of the club's roles and everyone around it.

The routes are read as ``test_routes.py`` reads them (Django's resolver, the OpenAPI schema):
every page and API route under ``clubs/<id:pk>/``, one's own page (``me/``), and every route of
a night, its games and its rulings, asked for a night of club A (started by a recorder of the
club who is none of the people below). They are asked by:

- ``organiser``, ``recorder``, ``member``: club A's, in that role;
- ``former``: was a member of club A until an organiser removed them;
- ``other_club``: an organiser of club B;
- ``watcher``: joined club A's night by its watch link, no member of the club;
- ``stranger``: signed in, in no club and no night;
- ``anon``: signed out;
- ``token``: a script with club A's member's API token (``Authorization: Token ...``).

A club route's answer must be the one ``CLUB_TABLE`` names; a night's route answers each as
``test_routes.TABLE`` answers the person who stands where they stand (``AS_NIGHT``): an
organiser runs the night as its owner does, a recorder records as the night's recorders do,
a member and a watcher watch. No 500, and no answer to anyone with no part in club A carries
club A's name or its players' names (a watcher sees the night's table, never the rest of the
roster or the club). Each request runs in a savepoint rolled back after it.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client

from adjudicator.games import get_game
from scorekeeper.access import sharing, tokens
from scorekeeper.clubs import services as club_services
from scorekeeper.desk import asking
from scorekeeper.games import services as game_services
from scorekeeper.models import ClubInvite, Membership
from scorekeeper.nights import services as night_services
from tests.factories import GameFactory, HouseRuleProfileFactory, NightFactory, UserFactory
from tests.scorekeeper import test_routes as walk

pytestmark = pytest.mark.django_db

PEOPLE = (
    "organiser",
    "recorder",
    "member",
    "former",
    "other_club",
    "watcher",
    "stranger",
    "anon",
    "token",
)
CLUB_A = "Quillfeather Society"
CLUB_B = "Marrowbone Circle"
TABLE_NAMES = ("Amberly", "Bramwell", "Cressida", "Dorian")  # seated at club A's night
ROSTER_NAMES = ("Ottoline", "Peregrine", "Rosamund", "Sylvester", "Theodora")  # the rest
B_NAMES = ("Wilhelmina", "Xavierre", "Yolanda")  # club B's roster

# Who has no part in club A, and what each must never be shown.
NO_PART = ("former", "other_club", "watcher", "stranger", "anon")


def P(
    organiser: int,
    recorder: int,
    member: int,
    former: int,
    other_club: int,
    watcher: int,
    stranger: int,
    anon: int,
    token: int,
) -> dict[str, int]:
    """What each person gets, in the order of ``PEOPLE``."""
    statuses = (organiser, recorder, member, former, other_club, watcher, stranger, anon, token)
    return dict(zip(PEOPLE, statuses, strict=True))


def EVERY(status: int) -> dict[str, int]:
    return dict.fromkeys(PEOPLE, status)


# The pages: the signed out (and a script, whose token signs nobody in to a page) are sent to
# sign in; anyone not a member is told the club does not exist; a member whose role is below
# the one a write needs is refused (403) before the form is read.
SEE = P(200, 200, 200, 404, 404, 404, 404, 302, 302)
NO_POST = P(405, 405, 405, 405, 405, 405, 405, 302, 302)
NO_GET = NO_POST


def PAGE_WRITE(organiser: int, recorder: int, member: int) -> dict[str, int]:
    return P(organiser, recorder, member, 404, 404, 404, 404, 302, 302)


# The API: 401 for the signed out; a script with the member's token is the member.
def API(organiser: int, recorder: int, member: int) -> dict[str, int]:
    return P(organiser, recorder, member, 404, 404, 404, 404, 401, member)


API_SEE = API(200, 200, 200)

# Route name -> method -> status, per person in the order of ``PEOPLE``.
CLUB_TABLE: dict[str, dict[str, dict[str, int]]] = {
    # Only organisers carry a club out; every member sees it, its roster, seasons and tables.
    "api_club_export": {"GET": API(200, 403, 403)},
    "api_club": {"GET": API_SEE, "PATCH": API(200, 403, 403)},
    "api_club_members": {"GET": API_SEE},
    "api_club_member": {"DELETE": API(204, 403, 403), "PATCH": API(200, 403, 403)},
    "api_club_membership": {"DELETE": API(204, 204, 204)},
    "api_club_invites": {"GET": API(200, 403, 403), "POST": API(201, 403, 403)},
    "api_club_invite": {"DELETE": API(204, 403, 403)},
    "api_club_players": {"GET": API_SEE, "POST": API(201, 201, 403)},
    # Rosamund is nobody's: an organiser's claim is confirmed at once, a recorder's waits;
    # the member is Ottoline already (400: unlink first); the script's member is nobody yet.
    "api_club_player_claim": {"POST": P(201, 201, 400, 404, 404, 404, 404, 401, 201)},
    # Ottoline is the member's: theirs to unlink, and an organiser's; nobody else's.
    "api_club_player_person": {"DELETE": P(204, 403, 204, 404, 404, 404, 404, 401, 403)},
    "api_club_claims": {"GET": API(200, 403, 403)},
    "api_club_claim": {"POST": API(200, 403, 403)},
    "api_club_merges": {"GET": API_SEE, "POST": API(201, 403, 403)},
    "api_club_merge_undo": {"POST": API(200, 403, 403)},
    # Nothing chosen (400) for those who may move nights in; a member may not.
    "api_club_move_in_review": {"POST": API(400, 400, 403)},
    "api_club_move_in": {"POST": API(400, 400, 403)},
    "api_club_seasons": {"GET": API_SEE, "POST": API(201, 403, 403)},
    "api_club_season_end": {"POST": API(200, 403, 403)},
    "api_club_ratings": {"GET": API_SEE},
    "api_club_season_table": {"GET": API_SEE},
    "api_club_player_ratings": {"GET": API_SEE},
    "api_club_player_record": {"GET": API_SEE},
    "api_club_player_rivals": {"GET": API_SEE},
    # One's own page: everyone's, and it shows only one's own games (the leak check).
    "api_me": {"GET": P(200, 200, 200, 200, 200, 200, 200, 401, 200)},
    "club_export": {"GET": PAGE_WRITE(200, 403, 403), "POST": NO_POST},
    "club_detail": {"GET": SEE, "POST": NO_POST},
    "club_night_create": {"GET": NO_GET, "POST": PAGE_WRITE(302, 302, 403)},
    "club_members": {"GET": SEE, "POST": NO_POST},
    "club_member_role": {"GET": NO_GET, "POST": PAGE_WRITE(302, 403, 403)},
    "club_member_remove": {"GET": NO_GET, "POST": PAGE_WRITE(302, 403, 403)},
    "club_leave": {"GET": NO_GET, "POST": PAGE_WRITE(302, 302, 302)},
    # The new link is shown on the page (200).
    "club_invite_make": {"GET": NO_GET, "POST": PAGE_WRITE(200, 403, 403)},
    "club_invite_stop": {"GET": NO_GET, "POST": PAGE_WRITE(302, 403, 403)},
    "club_roster": {"GET": SEE, "POST": NO_POST},
    "club_player_add": {"GET": NO_GET, "POST": PAGE_WRITE(302, 302, 403)},
    "club_claim": {"GET": NO_GET, "POST": PAGE_WRITE(302, 302, 400)},
    "club_claim_answer": {"GET": NO_GET, "POST": PAGE_WRITE(302, 403, 403)},
    "club_unlink": {"GET": NO_GET, "POST": PAGE_WRITE(302, 403, 302)},
    # A merge is reviewed first (POST: 200, the review); with nothing chosen, a GET is a 400.
    "club_merge": {"GET": PAGE_WRITE(400, 403, 403), "POST": PAGE_WRITE(200, 403, 403)},
    "club_unmerge": {"GET": NO_GET, "POST": PAGE_WRITE(302, 403, 403)},
    "club_player": {"GET": SEE, "POST": NO_POST},
    "club_seasons": {"GET": SEE, "POST": NO_POST},
    "club_season_create": {"GET": NO_GET, "POST": PAGE_WRITE(302, 403, 403)},
    "club_season_end": {"GET": NO_GET, "POST": PAGE_WRITE(302, 403, 403)},
    "club_season": {"GET": SEE, "POST": NO_POST},
    "club_season_card": {"GET": SEE, "POST": NO_POST},
    "club_move_in": {"GET": PAGE_WRITE(200, 200, 403), "POST": PAGE_WRITE(400, 400, 403)},
    "my_page": {"GET": P(200, 200, 200, 200, 200, 200, 200, 302, 302), "POST": NO_POST},
}

# What stands for whom in ``test_routes.TABLE`` at club A's night.
AS_NIGHT = {
    "organiser": "owner",
    "recorder": "recorder",
    "member": "viewer",
    "former": "stranger",
    "other_club": "stranger",
    "watcher": "viewer",
    "stranger": "stranger",
    "anon": "anon",
}


# The routes --------------------------------------------------------------------------------


def club_route(route: walk.Route) -> bool:
    """A route that names club A: under a club's id, or one's own page."""
    return (route.kind == "clubs" and "<id:pk>" in route.pattern) or route.name in ME


ME = ("my_page", "api_me")
NIGHT_KINDS = ("nights", "games", "rulings")


def night_route(route: walk.Route) -> bool:
    """A route of one night, its games or its rulings (a club night is a night)."""
    return route.kind in NIGHT_KINDS and "<id:pk>" in route.pattern


def cases() -> Iterator[tuple[walk.Route, str, str]]:
    for route in walk.all_routes():
        if club_route(route):
            for method in CLUB_TABLE.get(route.name, {}):
                yield route, method, "rummy"
        elif night_route(route):
            for method in walk.TABLE[route.name]:
                for family in walk.families(route, method):
                    yield route, method, family


def expected(route: walk.Route, method: str, family: str, person: str) -> int:
    if club_route(route):
        return CLUB_TABLE[route.name][method][person]
    if person == "token":  # the member's script: the API's viewer, a page's signed-out visitor
        person = "member" if route.api else "anon"
    return walk.expected(route, method, family, AS_NIGHT[person])


# The world -----------------------------------------------------------------------------------


class World(walk.World):
    """``test_routes.World``, its side "A" being club A's night, with club A's people."""

    people: dict[str, Any]
    api_key: str
    parts: dict[str, dict[str, int]]  # a route's own ids where the club's default does not fit


def _club_night(world: World, host: Any, club: Any) -> None:
    """A night of club A as ``test_routes`` builds night A: a game of each family, two deals
    each, a ruling; its players are the club's."""
    night = NightFactory(owner=host, club=club, place="The long table")
    world.night["A"] = night
    world.games["A"] = {}
    for family, slug in walk.FAMILIES.items():
        game = GameFactory(night=night, slug=slug, players=list(TABLE_NAMES))
        definition = get_game(slug)
        options = definition.options(game.options)
        for number in (1, 2):
            data = definition.sample_deal(players=len(TABLE_NAMES), options=options, number=number)
            entry = game_services.deal_record(game=game, by=host, data=data)
        world.games["A"][family] = game
        world.deal[game.pk] = entry.pk
    world.player["A"] = night.players.order_by("pk").first().pk  # type: ignore[union-attr]
    world.profile["A"] = HouseRuleProfileFactory(owner=host, name="Host's house rules").pk
    world.api_token["A"] = tokens.token_create(user=host, name="Host's script")[0].pk
    ruling = asking.ruling_save(
        night=night, by=host, slug="rummy", question="deal", data={}, players=4
    )
    world.ruling["A"] = ruling.pk
    world.token = sharing.link_make(night=night, by=host)


def _other_club(world: World, club: Any, organiser: Any) -> None:
    """Club B's objects, one of each kind a club's path names (``world.club["B"]``): asked
    for through club A's path, each must answer as one that does not exist."""
    b_member = UserFactory(username="b_member_person")
    Membership.objects.create(club=club, user=b_member)
    players = [
        night_services.player_create(owner=organiser, name=name, club=club) for name in B_NAMES
    ]
    claim = club_services.claim_ask(club=club, by=b_member, player_id=players[0].pk)
    merge = club_services.merge(
        club=club, by=organiser, merged_id=players[2].pk, into_id=players[1].pk
    )
    today = datetime.date.today()
    season = club_services.season_create(
        club=club, by=organiser, name="Marrow season", starts=today, ends=today
    )
    club_services.invite_make(club=club, by=organiser)
    world.club["B"] = {
        "pk": club.pk,
        "user": b_member.pk,
        "invite": ClubInvite.objects.filter(club=club).latest("pk").pk,
        "player": players[1].pk,
        "claim": claim.pk,
        "merge": merge.pk,
        "season": season.pk,
    }


def build_world() -> World:
    world = World()
    user = {name: UserFactory(username=f"{name}_person") for name in PEOPLE if name != "anon"}
    host = UserFactory(username="host_person")
    spare = UserFactory(username="spare_person")
    club = club_services.club_create(by=user["organiser"], name=CLUB_A)
    for name, role in (
        ("recorder", Membership.Role.RECORDER),
        ("member", Membership.Role.MEMBER),
        ("token", Membership.Role.MEMBER),
        ("former", Membership.Role.MEMBER),
        ("spare", Membership.Role.MEMBER),
    ):
        Membership.objects.create(
            club=club, user=spare if name == "spare" else user[name], role=role
        )
    Membership.objects.create(club=club, user=host, role=Membership.Role.ORGANISER)
    club_services.member_remove(club=club, by=user["organiser"], user_id=user["former"].pk)
    other = club_services.club_create(by=user["other_club"], name=CLUB_B)
    _other_club(world, other, user["other_club"])

    _club_night(world, host, club)
    sharing.night_join(night=world.night["A"], user=user["watcher"])
    roster = {
        name: night_services.player_create(owner=host, name=name, club=club)
        for name in ROSTER_NAMES
    }
    organiser = user["organiser"]
    # The member is Ottoline (asked, confirmed); the spare asks to be Peregrine (waiting).
    mine = club_services.claim_ask(club=club, by=user["member"], player_id=roster["Ottoline"].pk)
    club_services.claim_answer(club=club, by=organiser, claim_id=mine.pk, confirmed=True)
    claim = club_services.claim_ask(club=club, by=spare, player_id=roster["Peregrine"].pk)
    merge = club_services.merge(
        club=club, by=organiser, merged_id=roster["Sylvester"].pk, into_id=roster["Theodora"].pk
    )
    today = datetime.date.today()
    season = club_services.season_create(
        club=club, by=organiser, name="Harvest season", starts=today, ends=today
    )
    club_services.invite_make(club=club, by=organiser)
    world.club["A"] = {
        "pk": club.pk,
        "user": spare.pk,
        "invite": ClubInvite.objects.filter(club=club).latest("pk").pk,
        "player": roster["Rosamund"].pk,  # nobody's yet
        "claim": claim.pk,
        "merge": merge.pk,
        "season": season.pk,
    }
    world.parts = {"api_club_player_person": {"player": roster["Ottoline"].pk}}
    world.api_key = tokens.token_create(user=user["token"], name="Member's script")[1]
    world.people = user
    # test_routes' bodies name night A's viewer and a recorder the host added (to be removed).
    helper = UserFactory(username="helper_person")
    world.night["A"].recorders.add(helper)
    world.users = {"viewer": user["watcher"], "recorder": helper, "owner": host}
    world.extra = {"spare": spare, "roster": roster, "club": club}  # type: ignore[attr-defined]
    return world


@pytest.fixture(scope="module")
def world(django_db_setup: Any, django_db_blocker: Any) -> Iterator[World]:
    """Built once, in a transaction rolled back when the module is done."""
    yield from walk.rolled_back(django_db_blocker, build_world)


def client_for(person: str, world: World) -> Client:
    for cache in caches.all():  # no throttle's count from an earlier walk
        cache.clear()
    if person == "token":
        return Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {world.api_key}")
    client = Client(raise_request_exception=False)
    if person != "anon":
        client.force_login(world.people[person])
    return client


def url_for(route: walk.Route, world: World, family: str) -> str:
    url = walk.url_for(route, world, "A", family)
    for part, pk in world.parts.get(route.name, {}).items():
        url = url.replace(f"/{part}s/{world.club['A'][part]}/", f"/{part}s/{pk}/")
        url = url.replace(f"/players/{world.club['A'][part]}/", f"/players/{pk}/")
    return url


def _id(world: World, part: str) -> int:
    return world.club["A"][part]


def _roster(world: World, name: str) -> int:
    return int(world.extra["roster"][name].pk)  # type: ignore[attr-defined]


def _later(days: int) -> str:
    return (datetime.date.today() + datetime.timedelta(days=days)).isoformat()


# Bodies for the writes where an empty one would be refused for what it lacks (a 400) before
# it showed who may write: the organiser's (and a recorder's) go through, the rest are refused.
CLUB_BODIES: dict[tuple[str, str], Any] = {
    ("club_night_create", "POST"): lambda w: {"date": _later(0), "place": "The club room"},
    ("club_member_role", "POST"): lambda w: {"user": _id(w, "user"), "role": "recorder"},
    ("club_member_remove", "POST"): lambda w: {"user": _id(w, "user")},
    ("club_invite_make", "POST"): lambda w: {"days": 7},
    ("club_invite_stop", "POST"): lambda w: {"invite": _id(w, "invite")},
    ("club_player_add", "POST"): lambda w: {"name": "Newcomer"},
    ("club_claim", "POST"): lambda w: {"player": _id(w, "player")},
    ("club_claim_answer", "POST"): lambda w: {"claim": _id(w, "claim"), "confirmed": "1"},
    # The member's own player (Ottoline): theirs to unlink, an organiser's too.
    ("club_unlink", "POST"): lambda w: {"player": _roster(w, "Ottoline")},
    ("club_merge", "POST"): lambda w: {
        "merged": _id(w, "player"),
        "into": _roster(w, "Peregrine"),
    },
    ("club_unmerge", "POST"): lambda w: {"merge": _id(w, "merge")},
    ("club_season_create", "POST"): lambda w: {
        "name": "Winter season",
        "starts": _later(1),
        "ends": _later(30),
    },
    ("club_season_end", "POST"): lambda w: {"season": _id(w, "season")},
    ("api_club", "PATCH"): lambda w: {"name": "Renamed society"},
    ("api_club_member", "PATCH"): lambda w: {"role": "recorder"},
    ("api_club_players", "POST"): lambda w: {"name": "Newcomer"},
    ("api_club_claim", "POST"): lambda w: {"confirmed": True},
    ("api_club_merges", "POST"): lambda w: {
        "merged": _id(w, "player"),
        "into": _roster(w, "Peregrine"),
    },
    ("api_club_seasons", "POST"): lambda w: {
        "name": "Winter season",
        "starts": _later(1),
        "ends": _later(30),
    },
}


def body_for(route: walk.Route, method: str, world: World, family: str) -> dict[str, Any]:
    make = CLUB_BODIES.get((route.name, method))
    if make:
        return make(world)
    return walk.body_for(route, method, world, family)


# The checks ----------------------------------------------------------------------------------


def markers(person: str, route: walk.Route) -> list[str]:
    """Whose names ``person`` must never be shown: club A's and its roster's for those with
    no part in it; club B's for club A's people. A watcher sees the night's table, and its
    page says whose night it is ("A night of ...", no link: ``night_detail.html``), never the
    rest of the roster, nor the club anywhere else."""
    if person == "watcher":
        return list(ROSTER_NAMES) if night_route(route) else [CLUB_A, *ROSTER_NAMES]
    if person in NO_PART:
        return [CLUB_A, *TABLE_NAMES, *ROSTER_NAMES]
    return [CLUB_B, *B_NAMES]


def _check(
    person: str, route: walk.Route, what: str, status: int, text: str, wrong: list[str]
) -> None:
    if status >= 500:
        wrong.append(f"{what}: {status} (a server error)")
    leaks = [marker for marker in markers(person, route) if marker in text]
    if leaks:
        wrong.append(f"{what}: shows {', '.join(leaks)} to {person}")


def test_every_club_route_has_a_row_in_the_club_table() -> None:
    routes = [route for route in walk.all_routes() if club_route(route)]
    api = walk.schema_methods()
    problems = []
    for route in routes:
        methods = api.get(route.name, {"GET", "POST"})
        missing = methods - set(CLUB_TABLE.get(route.name, {}))
        problems += [f"add {m} {route.name} to the club table" for m in sorted(missing)]
    names = {route.name for route in routes}
    problems += [
        f"{name} is in the club table but names no club" for name in set(CLUB_TABLE) - names
    ]
    problems += [
        f"{name} {method}: a status for each of {PEOPLE}"
        for name, rows in CLUB_TABLE.items()
        for method, row in rows.items()
        if set(row) != set(PEOPLE)
    ]
    assert len(routes) > 40, "the walk found too few club routes"
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("person", PEOPLE)
def test_each_person_around_a_club_gets_what_the_table_says(world: World, person: str) -> None:
    """Every route naming club A, and every route of club A's night, as ``person``."""
    client = client_for(person, world)
    wrong: list[str] = []
    for route, method, family in cases():
        url = url_for(route, world, family)
        what = f"{method} {url} ({route.name}, {family})"
        status, text = walk.ask(
            client, method, url, route.api, body_for(route, method, world, family)
        )
        want = expected(route, method, family, person)
        if status != want:
            wrong.append(f"{what}: {status}, the table says {want}")
        _check(person, route, what, status, text, wrong)
    assert not wrong, f"as {person}:\n" + "\n".join(wrong)


# Where the refusal turns on whose object the body names, not on the role: unlinking one's own
# player is every member's, someone else's an organiser's (so an empty body is a 400).
WHOSE_BODY = ("club_unlink",)


@pytest.mark.parametrize("person", ["recorder", "member"])
def test_who_may_not_write_in_a_club_is_refused_before_the_body_is_read(
    world: World, person: str
) -> None:
    """Access first: every club write the table refuses ``person`` with a 403 (given a good
    body) is refused with the same 403 given an empty one."""
    client = client_for(person, world)
    wrong: list[str] = []
    for route, method, family in cases():
        if not club_route(route) or method == "GET":
            continue
        if expected(route, method, family, person) != 403 or route.name in WHOSE_BODY:
            continue
        url = url_for(route, world, family)
        status, _ = walk.ask(client, method, url, route.api, {})
        if status != 403:
            wrong.append(f"{method} {url} ({route.name}) with an empty body: {status}, not 403")
    assert not wrong, f"as {person}:\n" + "\n".join(wrong)


PARTS = ("user", "invite", "player", "claim", "merge", "season")


def _swapped(url: str, world: World, route: walk.Route, to: str) -> str | None:
    """Club A's ``url`` with the object its path names (after the club) swapped for club B's
    (``to="B"``) or for an id nothing has (``"missing"``); None when it names none."""
    for part in PARTS:
        if f"<id:{part}>" not in route.pattern:
            continue
        own = world.parts.get(route.name, {}).get(part, world.club["A"][part])
        other = walk.MISSING if to == "missing" else world.club["B"][part]
        prefix = "players" if part == "player" else f"{part}s"
        if part == "user":
            prefix = "members"
        return url.replace(f"/{prefix}/{own}/", f"/{prefix}/{other}/", 1)
    return None


def test_another_clubs_objects_through_ones_own_club_answer_as_missing(world: World) -> None:
    """``clubs/<A>/players/<a player of club B>/...`` (and its seasons, claims, merges,
    invitations, members), asked by club A's organiser: the very answer an id nothing has
    gets, never a 2xx, and nothing of club B in it."""
    client = client_for("organiser", world)
    wrong: list[str] = []
    seen = 0
    for route, method, family in cases():
        if not club_route(route):
            continue
        url = url_for(route, world, family)
        crossed = _swapped(url, world, route, "B")
        missing = _swapped(url, world, route, "missing")
        if crossed is None or missing is None:
            continue
        assert crossed != url, f"{route.name}: the walk did not swap the object in {url}"
        seen += 1
        body = body_for(route, method, world, family)
        status, text = walk.ask(client, method, crossed, route.api, body)
        expected_status, _ = walk.ask(client, method, missing, route.api, body)
        what = f"{method} {crossed} ({route.name}, club B's object)"
        if status != expected_status or 200 <= status < 300:
            wrong.append(f"{what}: {status}, where a missing one gets {expected_status}")
        _check("organiser", route, what, status, text, wrong)
    assert seen > 15, "the walk found too few routes naming a club's object"
    assert not wrong, "\n".join(wrong)
