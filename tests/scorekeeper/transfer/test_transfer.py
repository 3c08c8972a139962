"""Export a night as JSON or CSV, and import the JSON: a round trip gives back the same night."""

from __future__ import annotations

import copy
import csv
import doctest
import io
import uuid
from typing import Any

import pytest

from scorekeeper.desk import asking
from scorekeeper.models import Entry, Night, Player
from scorekeeper.standings import charts, scoreboard
from scorekeeper.transfer import exporting, importing
from tests.factories import UserFactory, played_night


def _same_night(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The nights of an export without what an import may change: the owner, who recorded."""
    nights = copy.deepcopy(document["nights"])
    for night in nights:
        night.pop("owner")
        for game in night["games"]:
            game.pop("created_by")
            for entry in game["entries"]:
                entry.pop("recorded_by")
    return nights


def _standings(night: Night) -> list[tuple[str, tuple[Any, ...], tuple[int, ...], bool]]:
    return [
        (g.slug, s.tally.totals, s.tally.winners, s.tally.finished)
        for g in night.games.order_by("number")
        for s in [scoreboard.game_standings(g)]
    ]


def test_the_doctests_of_the_export_and_the_chart_hold() -> None:
    for module in (exporting, charts):
        assert doctest.testmod(module).failed == 0


def test_a_night_exports_its_whole_ledger(alice: Any, bob: Any) -> None:
    night = played_night(alice, recorder=bob)
    document = exporting.export_document([night])
    assert (document["format"], document["version"]) == ("scorekeeper-export", 1)
    (exported,) = document["nights"]
    assert exported["table"] == ["Mary", "Tom", "Dick", "Alice"]
    bridge, brummy = exported["games"]
    assert [s["player"] for s in bridge["seats"]] == ["Mary", "Tom", "Dick", "Alice"]
    assert bridge["options"] == night.games.get(number=1).options
    kinds = [(e["n"], e["kind"], e["deal"], e["supersedes"], e["note"]) for e in bridge["entries"]]
    assert kinds[6:] == [
        (7, "amend", 1, 1, "Tom recounted"),
        (8, "void", 3, 3, "=not sure"),
        (9, "amend", 3, 8, ""),
        (10, "record", None, None, ""),
    ]
    assert bridge["entries"][0]["recorded_by"] == "bob"
    tokens = {str(e.token) for e in Entry.objects.filter(game__night=night)}
    assert {e["token"] for g in exported["games"] for e in g["entries"]} == tokens
    assert len(brummy["entries"]) == 2


def test_export_import_export_gives_back_the_same_night(alice: Any, bob: Any) -> None:
    night = played_night(alice, recorder=bob)
    # Every part of a night: its ledgers, and the rulings the table saved from the desk.
    asking.ruling_save(
        night=night,
        by=bob,
        slug="knock-rummy",
        question="deadwood",
        data={"cards": "KS QH 5D"},
        options={"penalty_on_tie": False},
        note="as we play it",
    )
    asking.ruling_save(
        night=night, by=alice, slug="bridge-rummy", question="meld", data={"cards": "5H 6H 7H"}
    )
    first = exporting.export_document([night])
    assert [r["saved_by"] for r in first["nights"][0]["rulings"]] == ["bob", "alice"]
    dave = UserFactory(username="dave")
    (copied,) = importing.import_nights(owner=dave, document=first)
    assert copied.owner == dave and copied.pk != night.pk
    assert _standings(copied) == _standings(night)
    second = exporting.export_document([copied])
    # The tokens were in use (the same site): the import gave new ones, all else is the same.
    for doc in (first, second):
        for game in doc["nights"][0]["games"]:
            for entry in game["entries"]:
                entry.pop("token")
    assert _same_night(second) == _same_night(first)
    # The rulings come back whole, each asked again here, and keep who saved them by name.
    assert second["nights"][0]["rulings"] == first["nights"][0]["rulings"]
    shown = asking.rulings_for_night(copied)
    assert {r.ruling.saver_text for r in shown} == {
        "bob (imported by dave)",
        "alice (imported by dave)",
    }
    assert set(Player.objects.filter(owner=dave).values_list("name", flat=True)) == {
        "Mary",
        "Tom",
        "Dick",
        "Alice",
    }


def test_an_import_keeps_the_tokens_of_a_file_from_elsewhere(alice: Any) -> None:
    night = played_night(alice)
    first = exporting.export_document([night])
    for game in first["nights"][0]["games"]:
        for entry in game["entries"]:
            entry["token"] = str(uuid.uuid4())  # as if exported from another site
    (copied,) = importing.import_nights(owner=UserFactory(username="dave"), document=first)
    second = exporting.export_document([copied])
    assert _same_night(second) == _same_night(first)


def test_an_import_maps_players_by_name_to_the_owners_own(alice: Any) -> None:
    document = exporting.export_document([played_night(alice)])
    dave = UserFactory(username="dave")
    mary = Player.objects.create(owner=dave, name="MARY")
    (copied,) = importing.import_nights(owner=dave, document=document)
    assert copied.games.get(number=1).seats.get(position=0).player == mary
    assert Player.objects.filter(owner=dave).count() == 4


def test_a_ledger_that_does_not_replay_is_refused_and_nothing_is_written(alice: Any) -> None:
    document = exporting.export_document([played_night(alice)])
    # A deal after the game ended (Mary won at deal 7): the ledger cannot replay.
    bridge = document["nights"][0]["games"][0]
    extra = {**bridge["entries"][-1], "n": 99, "token": str(uuid.uuid4())}
    bridge["entries"].append(extra)
    dave = UserFactory(username="dave")
    with pytest.raises(importing.ImportRefused) as refused:
        importing.import_nights(owner=dave, document=document)
    assert "does not replay at nights[0].games[0].entries[10]" in refused.value.message
    assert "game is over" in refused.value.message
    assert not Night.objects.filter(owner=dave).exists()
    assert not Player.objects.filter(owner=dave).exists()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        pytest.param(lambda d: d.update(format="other"), "not a Scorekeeper export", id="format"),
        pytest.param(lambda d: d.update(version=9), "version 9", id="version"),
        pytest.param(
            lambda d: d.update(nights=[]), "nights should be a list of 1 to", id="no-nights"
        ),
        pytest.param(
            lambda d: d["nights"][0].update(date="soon"),
            "nights[0].date should be a date",
            id="date",
        ),
        pytest.param(
            lambda d: d["nights"][0]["games"][0].update(slug="canasta"), "canasta", id="game"
        ),
        pytest.param(
            lambda d: d["nights"][0]["games"][0]["entries"][6].update(supersedes=42),
            "names no earlier entry",
            id="supersedes",
        ),
        pytest.param(
            lambda d: d["nights"][0]["games"][0]["entries"][6].update(kind="erase"),
            "record, amend, void, end, confirm, dispute or setting",
            id="kind",
        ),
        pytest.param(
            # The amend of deal 1 pointing at a revision that a later one replaced.
            lambda d: d["nights"][0]["games"][0]["entries"][8].update(supersedes=3),
            "does not replay",
            id="stale-supersedes",
        ),
        pytest.param(
            lambda d: d["nights"][0]["games"][0]["entries"][0]["data"].update(went_out=9),
            "does not replay at nights[0].games[0].entries[0]",
            id="bad-deal",
        ),
    ],
)
def test_a_broken_file_is_refused_with_a_sentence(alice: Any, change: Any, says: str) -> None:
    document = exporting.export_document([played_night(alice)])
    change(document)
    dave = UserFactory(username="dave")
    with pytest.raises(importing.ImportRefused) as refused:
        importing.import_nights(owner=dave, document=document)
    assert says in refused.value.message
    assert not Night.objects.filter(owner=dave).exists()


def test_the_csv_has_a_row_per_deal_per_player_and_is_safe_in_a_spreadsheet(alice: Any) -> None:
    night = played_night(alice, place='=HYPERLINK("http://x")')
    Player.objects.filter(owner=alice, name="Dick").update(name="+Dick")
    rows = list(csv.reader(io.StringIO(exporting.export_csv([night]))))
    assert rows[0] == list(exporting.CSV_HEADER)
    assert len(rows) == 1 + 7 * 4 + 2 * 3  # Bridge Rummy: 7 deals, 4 players; Brummy: 2, 3
    first = rows[1]
    assert first[1].startswith("'=HYPERLINK")
    assert first[2:6] == ["1", "Bridge Rummy", "1", "Mary"]
    dick = [r for r in rows if r[5].endswith("Dick")]
    assert {r[5] for r in dick} == {"'+Dick"}
    # Mary's points and running total at the end of Bridge Rummy (she won).
    mary_last = [r for r in rows if r[3] == "Bridge Rummy" and r[5] == "Mary"][-1]
    bridge = scoreboard.game_standings(night.games.get(number=1))
    assert mary_last[7] == str(bridge.tally.totals[0])


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
def test_every_formula_start_is_quoted(cell: str) -> None:
    assert exporting.safe_cell(cell) == "'" + cell


def test_an_import_keeps_who_recorded_each_entry_and_a_re_export_names_them(
    alice: Any, bob: Any
) -> None:
    from django.core.management import call_command
    from django.test import Client

    first = exporting.export_document([played_night(alice, recorder=bob)])
    recorders = {e["recorded_by"] for g in first["nights"][0]["games"] for e in g["entries"]}
    assert recorders == {"alice", "bob"}
    dave = UserFactory(username="dave")
    (copied,) = importing.import_nights(owner=dave, document=first)
    entries = list(Entry.objects.filter(game__night=copied).order_by("id"))
    assert {e.recorded_by.username for e in entries} == {"dave"}
    assert {e.recorded_as for e in entries} == {"alice", "bob"}
    assert entries[0].recorder_text == f"{entries[0].recorded_as} (imported by dave)"
    # Kept in a re-export, so a second import credits the same people.
    again = exporting.export_document([copied])
    assert [e["recorded_by"] for g in again["nights"][0]["games"] for e in g["entries"]] == [
        e["recorded_by"] for g in first["nights"][0]["games"] for e in g["entries"]
    ]
    # Shown in each deal's revisions, and the chain (which hashes it) verifies.
    client = Client()
    client.force_login(dave)
    game = copied.games.order_by("number").first()
    assert game is not None
    html = client.get(game.get_absolute_url()).content.decode()
    assert "by bob (imported by dave)" in html or "by alice (imported by dave)" in html
    out = io.StringIO()
    call_command("verify_ledger", stdout=out)
    assert "broken" not in out.getvalue().lower()


def test_an_entry_made_here_hashes_as_before_the_imported_recorder_existed(alice: Any) -> None:
    from scorekeeper import chain

    night = played_night(alice)
    entry = Entry.objects.filter(game__night=night).order_by("id").first()
    assert entry is not None and entry.recorded_as == ""
    assert "recorded_as" not in chain.content_of(entry)
    assert chain.entry_hash(chain.content_of(entry), entry.prev_hash) == entry.hash
