"""A club of five years: ``python bench/club.py [--db sqlite|postgres] [--saturate 10]``.

Issue 29, item 7. Builds a club that has met every week for five years: 260 nights, eight
finished games a night (Rummy, Knock Rummy, Crummy Rummy and Alkort: 2,080 games), 30 players
on its roster and three more merged into them (each played the first year under a second
name), six members (organisers, recorders, members; four of them linked to their player), and
five seasons, one a year. Nights, games and seats are bulk-created; every ledger entry is added
one by one through the ledger's chain, copied from a game of its kind played once through the
services, so each game is a real, sealed ledger.

Then, for each page a member reads (the club's page with the current season's leaderboard, the
all-time leaderboard, a finished season's table, a club player's page, a page of the club's
history far back, one's own page) and, beside them, today's nights list (the home page):

- in this process, through Django's test client: the queries and milliseconds of a *cold*
  read (nothing kept: no replayed ledger, no run of ratings) and of a *warm* one (read again,
  nothing changed);
- served the production way (``./dev serve``: gunicorn, DEBUG off, whitenoise, as
  ``bench/load.py`` does), a closed-loop saturating run (wrk, ``--connections`` at once,
  ``--saturate`` seconds each) with the member's session: requests per second, and that as a
  fraction of the minimal view's (``/ping/``, measured first and last), so the figures mean
  something on any machine.

Exit status 1 if a page answers anything but 200 or wrk counts an error.
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import load

YEARS = 5  # ``--years``: 52 weekly nights and a season each
GAMES_A_NIGHT = 8
PLAYERS = 30
MERGED = 3  # players who played the first year under a second name, merged afterwards
# Each game's kind, with how many of every 20 games are of it; all are seated four.
KINDS = (("rummy", 8), ("knock-rummy", 5), ("crummy-rummy", 4), ("alkort", 3))
SEATED = 4
NAMES = [
    "Ann",
    "Bob",
    "Cy",
    "Di",
    "Ed",
    "Flo",
    "Gus",
    "Hal",
    "Ida",
    "Jo",
    "Kit",
    "Lou",
    "Max",
    "Ned",
    "Ola",
    "Pia",
    "Quin",
    "Ros",
    "Sam",
    "Tea",
    "Ulf",
    "Vera",
    "Walt",
    "Xan",
    "Yngve",
    "Zoe",
    "Åsa",
    "Björn",
    "Dóra",
    "Eir",
]


@dataclass(frozen=True)
class Club:
    """What the pages are read with: the club, a member's session, and what the pages name."""

    pk: int
    user: int
    season: int  # a finished season
    player: int  # a player who played all five years (and was merged into)
    nights: int
    games: int
    entries: int


# Building the club -------------------------------------------------------------------------------


def templates(by: Any) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Each kind's ledger, played once through the services at a night of nobody's club: the
    entries (kind and data) that finish a game of it."""
    from scorekeeper.games import services as game_services
    from scorekeeper.ledger import reading
    from scorekeeper.models import Entry
    from scorekeeper.standings import scoreboard
    from tests.factories import GameFactory, NightFactory

    night: Any = NightFactory(owner=by, place="Templates")  # type: ignore[no-untyped-call]
    found = {}
    for slug, _ in KINDS:
        game: Any = GameFactory(night=night, slug=slug, players=["A", "B", "C", "D"])  # type: ignore[no-untyped-call]
        definition = reading.game_definition(game)
        options = definition.options(game.options)
        deals = 1 if slug == "rummy" else 2  # settlement games: a deal or two, then the end
        for number in range(1, 40):
            raw = definition.sample_deal(players=SEATED, options=options, number=number)
            game_services.deal_record(game=game, by=by, data=raw)
            standings = scoreboard.game_standings(game)
            if standings.tally.finished or (standings.open_ended and number == deals):
                break
        if standings.open_ended:
            game_services.game_end(game=game, by=by)
        assert scoreboard.game_standings(game).finished, slug
        found[slug] = [(e.kind, e.data) for e in Entry.objects.filter(game=game).order_by("id")]
    return found


def build(years: int = YEARS, seed: int = 29) -> Club:
    """The club of ``years`` years, written to the database Django is set up on."""
    from django.db import transaction

    from adjudicator.games import get_game
    from adjudicator.options import options_as_dict
    from scorekeeper.clubs import services as club_services
    from scorekeeper.models import Entry, Game, Night, NightPlayer, Player, Seat
    from tests.factories import UserFactory

    rng = random.Random(seed)
    organiser: Any = UserFactory(username="organiser")  # type: ignore[no-untyped-call]
    club = club_services.club_create(by=organiser, name="The Thursday club")
    members = [organiser]
    for n, role in enumerate(("organiser", "recorder", "recorder", "member", "member")):
        user: Any = UserFactory(username=f"member{n}")  # type: ignore[no-untyped-call]
        token = club_services.invite_make(club=club, by=organiser)
        club_services.club_join(token=token, user=user)
        club_services.member_role_set(club=club, by=organiser, user_id=user.pk, role=role)
        members.append(user)
    played = templates(organiser)

    players = Player.objects.bulk_create(
        Player(owner=organiser, club=club, name=name) for name in NAMES[:PLAYERS]
    )
    seconds = Player.objects.bulk_create(  # the first year's second names of the first three
        Player(owner=organiser, club=club, name=f"{p.name} ({p.name[0]}.)")
        for p in players[:MERGED]
    )

    last = datetime.date.today() - datetime.timedelta(days=1)
    nights_in_all = 52 * years
    first = last - datetime.timedelta(weeks=nights_in_all - 1)
    dates = [first + datetime.timedelta(weeks=n) for n in range(nights_in_all)]
    nights = Night.objects.bulk_create(
        Night(owner=members[n % 3], club=club, date=day, place="The club room")
        for n, day in enumerate(dates)
    )
    kinds = [slug for slug, share in KINDS for _ in range(share)]
    options = {slug: options_as_dict(get_game(slug).options()) for slug, _ in KINDS}
    teams = {
        slug: get_game(slug).seating(SEATED, get_game(slug).options(options[slug]))
        for slug, _ in KINDS
    }
    plan: list[tuple[Game, list[Player]]] = []
    at_night: list[NightPlayer] = []
    for n, night in enumerate(nights):
        first_year = n < 52
        here = rng.sample(players, rng.randint(12, 20))
        if first_year:  # the three who had two names came as their second
            here = [seconds[players.index(p)] if p in players[:MERGED] else p for p in here]
        at_night += [NightPlayer(night=night, player=p) for p in here]
        for g in range(GAMES_A_NIGHT):
            slug = kinds[rng.randrange(len(kinds))]
            game = Game(
                night=night,
                number=g + 1,
                slug=slug,
                options=options[slug],
                created_by=night.owner,
            )
            plan.append((game, rng.sample(here, SEATED)))
    NightPlayer.objects.bulk_create(at_night)
    games = Game.objects.bulk_create(game for game, _ in plan)
    Seat.objects.bulk_create(
        Seat(
            game=game,
            player=player,
            position=p,
            team=teams[game.slug].unit_of(p) if teams[game.slug].partnerships else None,
        )
        for game, (_, seated) in zip(games, plan, strict=True)
        for p, player in enumerate(seated)
    )
    entries = 0
    for n, game in enumerate(games):  # one by one: each entry is chained to the last
        by = game.created_by
        with transaction.atomic():  # a night's commit, not an entry's (SQLite syncs each)
            for kind, data in played[game.slug]:
                if game.slug == "rummy" and kind == "record":  # who went out, what was held
                    winner = n % SEATED
                    hands = [{"seat": s, "held": 5 + (7 * n + 3 * s) % 40} for s in range(4)]
                    data = {"went_out": winner, "hands": [h for h in hands if h["seat"] != winner]}
                Entry.objects.create(game=game, kind=kind, data=data, recorded_by=by)
                entries += 1

    for year in range(years):  # one season a year, the last one running
        ends = dates[52 * year + 51] + datetime.timedelta(days=3)
        if year == years - 1:
            ends = datetime.date.today() + datetime.timedelta(days=30)
        club_services.season_create(
            club=club,
            by=organiser,
            name=f"Season {year + 1}",
            starts=dates[0] if year == 0 else None,
            ends=ends,
        )
    for second, player in zip(seconds, players, strict=False):
        club_services.merge(club=club, by=organiser, merged_id=second.pk, into_id=player.pk)
    for user, player in zip(members[:4], players, strict=False):  # "this player is me"
        claim = club_services.claim_ask(club=club, by=user, player_id=player.pk)
        if claim.answered_at is None:  # an organiser's own claim stands at once
            club_services.claim_answer(club=club, by=organiser, claim_id=claim.pk, confirmed=True)
    # Today's night, for the nights list beside the club's pages (the home page lists it).
    today = Night.objects.create(owner=organiser, club=club, date=datetime.date.today())
    del today
    season = club.seasons.order_by("starts")[min(2, years - 1)]
    return Club(club.pk, organiser.pk, season.pk, players[0].pk, len(nights), len(games), entries)


# The pages ---------------------------------------------------------------------------------------


def pages(club: Club) -> dict[str, str]:
    """Each page read, by what it is, and its path."""
    from django.urls import reverse

    return {
        "today's nights list (home)": reverse("home"),
        "club page (season board)": reverse("club_detail", args=[club.pk]),
        "all-time leaderboard": reverse("club_detail", args=[club.pk]) + "?season=all",
        "a season's table": reverse("club_season", args=[club.pk, club.season]),
        "a club player, all time": (
            reverse("club_player", args=[club.pk, club.player]) + "?season=all"
        ),
        "club history, page 10": reverse("club_detail", args=[club.pk]) + "?page=10",
        "one's own page": reverse("my_page"),
    }


def forget() -> None:
    from django.core.cache import cache

    from scorekeeper.history import ratings
    from scorekeeper.standings import scoreboard

    scoreboard.forget_kept()
    ratings.forget_runs()
    cache.clear()


def in_process(club: Club, reads: int) -> tuple[dict[str, tuple[int, float, int, float]], str]:
    """Each page's queries and median milliseconds, cold and warm; and the session cookie."""
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(User.objects.get(pk=club.user))
    client.get("/")  # the session's first request reads what later ones need not

    def read(path: str, before: Callable[[], None]) -> tuple[int, float]:
        times, queries = [], 0
        for _ in range(reads):
            before()
            with CaptureQueriesContext(connection) as made:
                started = time.perf_counter()
                status = client.get(path).status_code
                times.append((time.perf_counter() - started) * 1000)
            if status != 200:
                raise SystemExit(f"{path} answered {status}")
            queries = len(made)
        return queries, statistics.median(times)

    found = {}
    for name, path in pages(club).items():
        cold = read(path, forget)
        warm = read(path, lambda: None)
        found[name] = (*cold, *warm)
    return found, f"sessionid={client.cookies['sessionid'].value}"


def first_read(server: load.Server, path: str, headers: dict[str, str]) -> float:
    """Milliseconds of one request, however long (a cold read of five years can take a while)."""
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=600)
    try:
        conn.request("GET", path, headers={"Host": "127.0.0.1", **headers})
        response = conn.getresponse()
        response.read()
    finally:
        conn.close()
    if response.status != 200:
        raise SystemExit(f"served {path} answered {response.status}")
    return (time.perf_counter() - started) * 1000


def served(
    club: Club, cookie: str, server: load.Server, seconds: int, connections: int
) -> tuple[dict[str, float], dict[str, float], float, int]:
    """Each page's first read on the new server (milliseconds: cold in the worker that answered
    it), its requests per second under wrk, the minimal view's, and the errors."""
    wrk = load.find_wrk()
    head = {"Cookie": cookie}
    firsts = {name: first_read(server, path, head) for name, path in pages(club).items()}
    cases = [("minimal", "/ping/", {})]
    cases += [(name, path, head) for name, path in pages(club).items()]
    cases += [("minimal, again", "/ping/", {})]
    rates, errors = {}, 0
    for name, path, headers in cases:
        first_read(server, path, headers)  # every worker may still be cold: not measured
        rate, failed = load.saturate(wrk, server, path, headers, seconds, connections)
        rates[name] = rate
        errors += failed
    minimal = statistics.mean([rates.pop("minimal"), rates.pop("minimal, again")])
    return firsts, rates, minimal, errors


def one_more_game(club: Club) -> tuple[float, float]:
    """Milliseconds of the all-time leaderboard read warm, and read again after one more game
    finished at the club's last night (what a member's phone asks on a club night)."""
    from scorekeeper.history import ratings, scope
    from scorekeeper.models import Club as ClubRow
    from scorekeeper.models import Entry, Night
    from tests.factories import GameFactory

    row = ClubRow.objects.get(pk=club.pk)

    def read() -> float:
        started = time.perf_counter()
        ratings.leaderboard(scope.of_club(row))
        return (time.perf_counter() - started) * 1000

    read()
    warm = read()
    night = Night.objects.filter(club=row, games__isnull=False).order_by("-date").first()
    assert night is not None
    names = list(night.players.values_list("name", flat=True)[:3])
    game: Any = GameFactory(night=night, slug="rummy", players=names)  # type: ignore[no-untyped-call]
    data = {"went_out": 0, "hands": [{"seat": 1, "held": 12}, {"seat": 2, "held": 30}]}
    Entry.objects.create(game=game, kind="record", data=data, recorded_by=night.owner)
    Entry.objects.create(game=game, kind="end", data={}, recorded_by=night.owner)
    return warm, read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument(
        "--pg-url",
        default="postgres://postgres@127.0.0.1:5432",
        help="the PostgreSQL server (no database name) for --db postgres",
    )
    parser.add_argument("--years", type=int, default=YEARS, help="of weekly nights (5)")
    parser.add_argument("--reads", type=int, default=5, help="reads of each page, cold and warm")
    parser.add_argument("--saturate", type=int, default=10, help="seconds per wrk run; 0: none")
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument(
        "--workers", help="gunicorn workers (WEB_CONCURRENCY); default its config's"
    )
    args = parser.parse_args()

    database_url, remove = load.make_database(args.db, args.pg_url)
    load.serve_here(database_url)
    process = None
    errors = 0
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connections

        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)  # as ./dev serve does
        started = time.monotonic()
        club = build(args.years)
        print(
            f"{args.db}: a club of {club.nights} weekly nights, {club.games} "
            f"finished games ({club.entries} ledger entries), {PLAYERS} players and "
            f"{MERGED} merged into them, {args.years} seasons; built in "
            f"{time.monotonic() - started:.0f} s"
        )
        found, cookie = in_process(club, args.reads)
        connections.close_all()
        print(f"\n{'page':28} {'cold q':>7} {'cold ms':>8} {'warm q':>7} {'warm ms':>8}")
        for name, (cold_q, cold_ms, warm_q, warm_ms) in found.items():
            print(f"{name:28} {cold_q:7} {cold_ms:8.1f} {warm_q:7} {warm_ms:8.1f}")
        warm, later = one_more_game(club)
        print(
            f"\nThe all-time leaderboard (the ratings alone): {warm:.0f} ms warm, {later:.0f} ms "
            "after one more game finished at the club"
        )
        connections.close_all()
        sys.stdout.flush()
        if args.saturate > 0:
            port = load.free_port()
            process = load.start_server(port, database_url, args.workers)
            firsts, rates, minimal, errors = served(
                club, cookie, load.Server(port), args.saturate, args.connections
            )
            print(
                f"\nServed (./dev serve, {args.workers or 'default'} workers): the first read "
                f"on a new server, then wrk, {args.connections} connections, {args.saturate} s "
                "a page"
            )
            print(f"{'page':28} {'first ms':>9} {'req/s':>7} {'of /ping/':>10}")
            print(f"{'minimal view (/ping/)':28} {'':>9} {minimal:7.0f} {1:10.3f}")
            for name, rate in rates.items():
                print(f"{name:28} {firsts[name]:9.0f} {rate:7.0f} {rate / minimal:10.3f}")
            print(f"errors: {errors}")
    finally:
        if process is not None:
            load.stop_server(process)
        remove()
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
