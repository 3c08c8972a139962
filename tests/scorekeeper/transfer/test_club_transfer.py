"""A club exported and imported as a whole (issue 29, item 5): the round trip gives back the
same nights, ledgers, standings, ratings, roster, merges and seasons in a new club of the
importer's; a file imported twice is one club; a file past a cap, or one forged entry, is
refused with nothing written; and nothing the importer already had changes."""

from __future__ import annotations

import copy
import datetime
import doctest
import json
import time
import uuid
from typing import Any

import jsonschema
import pytest

from scorekeeper.clubs import identity
from scorekeeper.clubs import services as club_services
from scorekeeper.history import ratings, records
from scorekeeper.history.scope import Scope, of_club, of_user
from scorekeeper.models import Club, Entry, Membership, Night, Player, PlayerMerge, Season
from scorekeeper.standings import scoreboard
from scorekeeper.transfer import club_format, clubs, exporting, importing
from tests.factories import UserFactory, played_night
from tests.scorekeeper.transfer.played_club import a_club, maria_night, moved_in

pytestmark = pytest.mark.django_db


def what_it_holds(club: Club) -> dict[str, Any]:
    """Everything of a club an import must give back: its nights' ledgers as exported (less
    who wrote them), each game's standings and who sat where (read as after merges), its
    roster and merges by name, its seasons."""
    nights = clubs.club_nights(club)
    document = exporting.export_document(nights)
    for night in document["nights"]:
        night.pop("owner")
        for game in night["games"]:
            game.pop("created_by")
            for entry in game["entries"]:
                entry.pop("recorded_by")
                entry.pop("token")
    same = identity.read_as()
    games = []
    for night in nights:
        for game in night.games.order_by("number"):
            found = scoreboard.game_standings(game)
            assert found is not None
            seats = [
                Player.objects.get(pk=identity.one_of(same, seat.player_id)).name
                for seat in game.seats.order_by("position")
            ]
            games.append((game.slug, found.tally.totals, found.tally.finished, seats))
    players = Player.objects.filter(club=club)
    return {
        "nights": document["nights"],
        "games": games,
        "roster": sorted(
            (p.name, p.same_as.name if p.same_as else "") for p in players.select_related("same_as")
        ),
        "merges": sorted(
            (m.merged.name, m.into.name, m.undone_at is not None)
            for m in PlayerMerge.objects.filter(merged__club=club)
        ),
        "seasons": list(club.seasons.order_by("starts").values_list("name", "starts", "ends")),
    }


def board(scope: Scope) -> list[tuple[str, int, int, str]]:
    found = ratings.leaderboard(scope)
    return [(r.player.name, r.rating.games, r.won, str(r.rating)) for r in found.rows]


def club_reads(club: Club) -> dict[str, Any]:
    """What the club's history reads: its leaderboard all time and each season's, and each
    roster player's record (games played and won per game, feats), by name."""
    records_by_name = {}
    everything = of_club(club)
    for player in everything.players:
        found = records.player_record(everything, player)
        records_by_name[player.name] = (
            [(g.slug, g.played, g.won) for g in found.games],
            [(f.key, str(f.value)) for f in found.feats],
        )
    return {
        "all time": board(everything),
        "seasons": [board(of_club(club, season)) for season in club.seasons.order_by("starts")],
        "records": records_by_name,
    }


def test_the_doctests_of_the_club_format_hold() -> None:
    assert doctest.testmod(club_format).failed == 0


def test_a_club_export_validates_against_its_published_schema(alice: Any, bob: Any) -> None:
    document = clubs.export_club(a_club(alice, bob))
    jsonschema.Draft202012Validator(club_format.SCHEMA).validate(document)
    assert club_format.first_problem(document) is None
    # Its nights are a night's export, as published: the night import reads them as they are.
    jsonschema.Draft202012Validator(importing.export_format.SCHEMA).validate(document["export"])
    assert len(importing.check_document(document["export"])) == 3


def test_a_club_exports_its_roster_merges_seasons_and_members_by_name_only(
    alice: Any, bob: Any
) -> None:
    document = clubs.export_club(a_club(alice, bob))
    assert document["name"] == "Thursday club"
    assert document["members"] == [
        {"name": "alice", "role": "organiser"},
        {"name": "bob", "role": "recorder"},
    ]
    assert "example.org" not in str(document)  # no e-mail of anyone's
    ids = {p["id"]: p for p in document["players"]}
    merged = {
        ids[p["id"]]["name"]: ids[p["same_as"]]["name"] for p in document["players"] if p["same_as"]
    }
    assert merged == {
        "Maria": "Mary",
        "Mary": "Mary",
        "Tom": "Tom",
        "Dick": "Dick",
        "Alice": "Alice",
    }
    # Two players called Mary (bob's, merged into the club's): each says which seats are theirs.
    marys = [p for p in document["players"] if p["name"] == "Mary"]
    assert len(marys) == 2 and all(p["seats"] for p in marys)
    assert [s["name"] for s in document["seasons"]] == ["Autumn", "Winter"]
    club = Club.objects.get(name="Thursday club")
    assert len(document["merges"]) == PlayerMerge.objects.filter(merged__club=club).count() >= 5
    assert len(document["export"]["nights"]) == 3


def test_a_club_comes_back_whole_in_a_new_club_of_the_importers(alice: Any, bob: Any) -> None:
    club = a_club(alice, bob)
    before, read = what_it_holds(club), club_reads(club)
    # Maria and bob's four, merged, are read as the club's four: nobody else is rated.
    assert sorted(name for name, _, _, _ in read["all time"]) == ["Alice", "Dick", "Mary", "Tom"]
    assert read["seasons"][0] and read["records"]["Mary"][0]
    document = clubs.export_club(club)
    dave = UserFactory(username="dave")
    done = clubs.import_club(owner=dave, document=document)
    assert not done.already_here and done.club.pk != club.pk
    assert done.club.name == "Thursday club"
    assert Membership.objects.get(club=done.club).user == dave  # dave alone: bob is to invite
    assert Membership.objects.get(club=done.club).role == "organiser"
    assert done.invite == (("alice", "organiser"), ("bob", "recorder"))
    assert what_it_holds(done.club) == before
    assert club_reads(done.club) == read
    # Its nights are the club's, on its roster: none of dave's own players was made.
    assert Night.objects.filter(club=done.club).count() == 3
    assert not Player.objects.filter(owner=dave, club__isnull=True).exists()


def test_a_club_imported_twice_is_one_club(alice: Any, bob: Any) -> None:
    document = clubs.export_club(a_club(alice, bob))
    dave = UserFactory(username="dave")
    first = clubs.import_club(owner=dave, document=document)
    once = (
        club_reads(first.club),
        Club.objects.count(),
        Night.objects.count(),
        Entry.objects.count(),
    )
    again = clubs.import_club(owner=dave, document=copy.deepcopy(document))
    assert again.already_here and again.club == first.club
    assert (
        club_reads(first.club),
        Club.objects.count(),
        Night.objects.count(),
        Entry.objects.count(),
    ) == once


def test_a_club_imported_back_where_it_came_from_is_that_club(alice: Any, bob: Any) -> None:
    club = a_club(alice, bob)
    before = (club_reads(club), Club.objects.count(), Entry.objects.count())
    done = clubs.import_club(owner=alice, document=clubs.export_club(club))
    assert done.already_here and done.club == club
    assert (club_reads(club), Club.objects.count(), Entry.objects.count()) == before


def test_a_club_held_here_in_part_is_refused(alice: Any, bob: Any) -> None:
    document = clubs.export_club(a_club(alice, bob))
    dave = UserFactory(username="dave")
    clubs.import_club(owner=dave, document=document)
    grown = copy.deepcopy(document)
    extra = copy.deepcopy(grown["export"]["nights"][0])
    for game in extra["games"]:
        for entry in game["entries"]:
            entry["token"] = str(uuid.uuid4())
    grown["export"]["nights"].append(extra)
    count = Club.objects.count()
    with pytest.raises(importing.ImportRefused) as refused:
        clubs.import_club(owner=dave, document=grown)
    assert refused.value.field == "export"
    assert Club.objects.count() == count


def test_importing_a_club_changes_nothing_the_importer_had(alice: Any, bob: Any) -> None:
    """What was settled stays settled: the importer's own nights (with players of the same
    names as the file's) and their other club keep every rating and every seat."""
    document = clubs.export_club(a_club(alice, bob))
    carol, erin, frank = (UserFactory(username=n) for n in ("carol", "erin", "frank"))
    own = played_night(carol, recorder=erin)  # erin sees carol's own night, and nothing else
    other = club_services.club_create(by=carol, name="Sunday club")
    club_services.club_join(token=club_services.invite_make(club=other, by=carol), user=frank)
    moved_in(other, carol, maria_night(carol), match=False)
    before = (
        board(of_user(erin)),
        club_reads(other),
        list(Entry.objects.values_list("pk", "hash")),
    )
    seats = {p.pk: p.seats.count() for p in Player.objects.filter(owner=carol)}
    done = clubs.import_club(owner=carol, document=document)
    assert not done.already_here
    assert (board(of_user(erin)), club_reads(other)) == before[:2]
    assert board(of_user(erin))  # carol's own night was rated: there was something to change
    assert (
        list(Entry.objects.filter(pk__lte=before[2][-1][0]).values_list("pk", "hash"))
        == (before[2])
    )
    assert {p.pk: p.seats.count() for p in Player.objects.filter(pk__in=seats)} == seats
    assert own.games.count() == 2 and not Player.objects.filter(club=done.club, owner=alice)


def _the_file(alice: Any, bob: Any) -> dict[str, Any]:
    return clubs.export_club(a_club(alice, bob))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        pytest.param(lambda d: d.update(format="scorekeeper-export"), "format", id="format"),
        pytest.param(lambda d: d.update(version=2), "version", id="version"),
        pytest.param(lambda d: d.update(name="   "), "name", id="blank-name"),
        pytest.param(lambda d: d.update(email="a@b"), "email", id="unknown-key"),
        pytest.param(
            lambda d: d["members"].append({"name": "eve", "role": "owner"}),
            "members[2].role",
            id="role",
        ),
        pytest.param(
            lambda d: d["players"][1].update(id=d["players"][0]["id"]),
            "players[1].id",
            id="player-id-twice",
        ),
        pytest.param(
            lambda d: d["players"][0].update(same_as=d["players"][0]["id"]),
            "players[0].same_as",
            id="merged-into-self",
        ),
        pytest.param(
            lambda d: d["seasons"][1].update(starts="2026-11-01"), "seasons[1].starts", id="overlap"
        ),
        pytest.param(
            lambda d: d["seasons"][0].update(ends="2026-08-01"), "seasons[0].ends", id="season-ends"
        ),
        pytest.param(
            lambda d: d["merges"][0].update(into=999), "merges[0].into", id="merge-of-no-one"
        ),
        pytest.param(
            lambda d: d["export"]["nights"][0]["games"][0]["entries"][6].update(supersedes=42),
            "export.nights[0].games[0].entries[6].supersedes",
            id="forged-entry",
        ),
        pytest.param(
            lambda d: d["export"]["nights"][0]["games"][0]["entries"][0]["data"].update(went_out=9),
            "export.nights[0].games[0].entries[0].data",
            id="forged-deal",
        ),
    ],
)
def test_a_bad_club_file_is_refused_naming_the_field_and_nothing_is_written(
    alice: Any, bob: Any, change: Any, field: str
) -> None:
    document = _the_file(alice, bob)
    change(document)
    counts = (Club.objects.count(), Player.objects.count(), Night.objects.count())
    dave = UserFactory(username="dave")
    with pytest.raises(importing.ImportRefused) as refused:
        clubs.import_club(owner=dave, document=document)
    assert refused.value.field == field, refused.value.message
    assert (Club.objects.count(), Player.objects.count(), Night.objects.count()) == counts
    assert not Season.objects.filter(club__memberships__user=dave).exists()


def test_a_loop_of_merges_is_refused(alice: Any, bob: Any) -> None:
    document = _the_file(alice, bob)
    first, second = [p for p in document["players"] if p["same_as"] is None][:2]
    first["same_as"], second["same_as"] = second["id"], first["id"]
    with pytest.raises(importing.ImportRefused) as refused:
        clubs.import_club(owner=UserFactory(username="dave"), document=document)
    assert "loop of merges" in refused.value.message


def test_a_long_chain_of_merges_is_read_in_linear_time() -> None:
    """Each player walked once (a chain walked from each of its players would be quadratic:
    a file of 50,000 players, each merged into the next, would hold a worker for minutes)."""
    count = 50_000
    players = [
        {"id": n, "name": f"P{n}", "same_as": n + 1 if n < count else None}
        for n in range(1, count + 1)
    ]
    started = time.perf_counter()
    checked = clubs._check_players(players)
    roots = clubs._roots(checked)
    assert time.perf_counter() - started < 5
    assert set(roots.values()) == {count}


def test_two_players_merged_who_sat_at_one_game_are_refused(alice: Any, bob: Any) -> None:
    document = _the_file(alice, bob)
    tom = next(p for p in document["players"] if p["name"] == "Tom" and not p["same_as"])
    dick = next(p for p in document["players"] if p["name"] == "Dick" and not p["same_as"])
    dick["same_as"] = tom["id"]
    dave = UserFactory(username="dave")
    with pytest.raises(importing.ImportRefused) as refused:
        clubs.import_club(owner=dave, document=document)
    assert "two people" in refused.value.message
    assert not Club.objects.filter(memberships__user=dave).exists()


@pytest.mark.parametrize(
    ("cap", "grow"),
    [
        pytest.param("FILE_NIGHTS", "nights", id="nights"),
        pytest.param("FILE_ENTRIES", "entries", id="entries"),
        pytest.param("FILE_RULINGS", "rulings", id="rulings"),
    ],
)
def test_a_file_past_a_cap_is_refused_before_any_replay(
    alice: Any, bob: Any, monkeypatch: pytest.MonkeyPatch, cap: str, grow: str
) -> None:
    document = _the_file(alice, bob)
    export = document["export"]
    if grow == "nights":
        monkeypatch.setattr(importing.export_format, "MAX_NIGHTS", 2)
        monkeypatch.setitem(importing.export_format.SCHEMA["properties"]["nights"], "maxItems", 2)
    elif grow == "entries":
        monkeypatch.setattr(importing.export_format, "MAX_ENTRIES", 5)
    else:
        monkeypatch.setattr(importing.export_format, "MAX_RULINGS", 0)
        export["nights"][0]["rulings"] = [
            {"game": "rummy", "question": "deal", "input": {}, "players": 4}
        ]
    replayed: list[Any] = []
    monkeypatch.setattr(importing, "_check_night", lambda *a: replayed.append(a))
    with pytest.raises(importing.ImportRefused) as refused:
        clubs.import_club(owner=UserFactory(username="dave"), document=document)
    assert refused.value.field == "export.nights", refused.value.message
    assert replayed == []


def test_the_caps_are_the_nights_own() -> None:
    nights = club_format.SCHEMA["properties"]["export"]["properties"]["nights"]
    assert nights["maxItems"] == importing.export_format.MAX_NIGHTS
    night_export = importing.export_format.SCHEMA["properties"]["nights"]
    assert nights["items"] is night_export["items"]
    # A club may have no night yet; a night's export always holds one.
    assert (nights.get("minItems", 0), night_export["minItems"]) == (0, 1)


def test_a_club_with_no_night_yet_exports_and_imports_again() -> None:
    ann = UserFactory(username="ann")
    club = club_services.club_create(by=ann, name="Starting out")
    club_services.season_create(
        club=club,
        by=ann,
        name="First",
        starts=datetime.date(2026, 1, 1),
        ends=datetime.date(2026, 12, 31),
    )
    document = json.loads(json.dumps(clubs.export_club(club)))
    assert club_format.first_problem(document) is None
    made = clubs.import_club(owner=UserFactory(username="bea"), document=document)
    assert made.club.pk != club.pk
    assert [s.name for s in made.club.seasons.all()] == ["First"]
