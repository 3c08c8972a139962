"""History reads a scope: a merge makes two players one from their first game on, exactly as a
ledger in which they were one from the start; its undo makes them two again; nothing sealed
is touched; one's own page reads every player who is them as one."""

from __future__ import annotations

import datetime
import io
from typing import Any

import pytest
from django.core.management import call_command

from scorekeeper.clubs import services as club_services
from scorekeeper.exceptions import InvalidInput
from scorekeeper.history import ratings, records, rivals
from scorekeeper.history.scope import of_club, of_self, of_user
from scorekeeper.models import Player
from scorekeeper.nights import services as night_services
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory, NightFactory, UserFactory
from tests.scorekeeper.history.club_ledgers import (
    Ledger,
    Script,
    alkort,
    build,
    figures,
    renamed,
    rummy,
)


@pytest.fixture(autouse=True)
def _fresh() -> Any:
    ratings.forget_runs()
    scoreboard.forget_kept()
    yield
    ratings.forget_runs()


def day(month: int, date: int) -> datetime.date:
    return datetime.date(2026, month, date)


# Cy and Cyd are one person, never at one game. Apart, neither has met Dee five times, nor
# played three games with Ann as partners, nor won more than three in a row; as one, Dee is
# their nemesis (8 meetings, 5 behind), Ann their partner (3 games, 2 won), and their longest
# streak 5 games, from the first night into the second.
THURSDAYS: Script = [
    (
        day(1, 8),
        [
            rummy("Ann", "Bob", "Cy", winner=2),
            rummy("Cy", "Dee", winner=1),
            alkort("Ann", "Bob", "Cy", "Dee"),
            rummy("Cy", "Eve", winner=0, held=20),
        ],
    ),
    (
        day(1, 15),
        [
            rummy("Cyd", "Dee", winner=0),
            rummy("Ann", "Cyd", "Eve", winner=1, held=5),
            alkort("Ann", "Eve", "Cyd", "Bob"),
            rummy("Dee", "Cyd", winner=0),
        ],
    ),
    (
        day(1, 22),
        [
            rummy("Cy", "Dee", winner=0),
            alkort("Eve", "Ann", "Bob", "Cyd"),
            rummy("Dee", "Cyd", "Bob", winner=0, held=30),
            rummy("Cy", "Ann", winner=1),
        ],
    ),
    (
        day(1, 29),
        [
            rummy("Cyd", "Dee", winner=1),
            rummy("Dee", "Cy", winner=0, held=15),
            rummy("Bob", "Cyd", winner=1),
        ],
    ),
]


def ledger_holds() -> list[str]:
    """``verify_ledger``'s answer, line by line: OK last (it raises CommandError on any
    break), after a NOTE for each renamed player's seat."""
    said = io.StringIO()
    call_command("verify_ledger", stdout=said)
    lines = said.getvalue().splitlines()
    assert lines[-1].startswith("OK: "), lines
    return lines[:-1]


@pytest.fixture
def two(alice: Any) -> Ledger:
    """The Thursday club, where Cy is two players: Cy, and Cyd."""
    return build(alice, "Thursdays", THURSDAYS)


@pytest.fixture
def one(alice: Any) -> Ledger:
    """The same games in another club, where Cy was one player from the start."""
    return build(alice, "Thursdays again", renamed(THURSDAYS, {"Cyd": "Cy"}))


def test_a_merge_reads_as_a_ledger_where_they_were_one_from_the_start_and_its_undo_as_two(
    alice: Any, two: Ledger, one: Ledger
) -> None:
    assert ledger_holds() == []
    as_two = figures(of_club(two.club), two)
    as_one = figures(of_club(one.club), one)
    assert set(as_two["players"]) == {"Ann", "Bob", "Cy", "Cyd", "Dee", "Eve"}
    assert as_two != as_one  # the proof below could not pass by saying nothing
    for name in ("Cy", "Cyd"):
        apart = as_two["players"][name]["rivals"]
        assert (apart["nemesis"], apart["partner"]) == (None, None)

    merged = club_services.merge(
        club=two.club, by=alice, merged_id=two.player("Cyd").pk, into_id=two.player("Cy").pk
    )
    assert ledger_holds() == []  # nothing sealed changed
    after = figures(of_club(two.club), two)
    assert after == as_one
    cy = after["players"]["Cy"]["rivals"]
    assert cy["nemesis"][:3] == ("Dee", 3, 5)
    assert cy["partner"][:2] == ("Ann", 2)
    assert len(cy["longest"]) == 5
    assert after["boards"][""][0] == as_two["boards"][""][0] == 15  # the same games, read anew

    club_services.unmerge(club=two.club, by=alice, merge_id=merged.pk)
    assert ledger_holds() == []
    assert figures(of_club(two.club), two) == as_two


def test_a_person_reads_the_merge_in_every_club_scope_they_see(
    alice: Any, two: Ledger, one: Ledger
) -> None:
    """The user's own scope (the Players and Ratings pages) reads the same map: after the
    merge, the Thursday club's Cy is one player there too."""
    cy, cyd = two.player("Cy"), two.player("Cyd")
    club_services.merge(club=two.club, by=alice, merged_id=cyd.pk, into_id=cy.pk)
    mine = of_user(alice)
    assert cyd not in records.visible_players(mine)
    found = records.player_record(mine, cy)
    assert found.games == records.player_record(of_club(one.club), one.player("Cy")).games
    board = {row.player.pk: row.played for row in ratings.leaderboard(mine).rows}
    assert cyd.pk not in board and board[cy.pk] == 15


def test_a_merge_after_a_read_is_never_answered_from_the_read_before_it(
    alice: Any, two: Ledger
) -> None:
    cy, cyd = two.player("Cy"), two.player("Cyd")
    before = {row.player.name: row.played for row in ratings.leaderboard(of_club(two.club)).rows}
    assert (before["Cy"], before["Cyd"]) == (7, 8)
    ann_before = rivals.rivals(of_club(two.club), two.player("Ann"))
    merged = club_services.merge(club=two.club, by=alice, merged_id=cyd.pk, into_id=cy.pk)
    # Nothing in the ledger changed: only who is read as whom names the kept read apart.
    after = {row.player.name: row.played for row in ratings.leaderboard(of_club(two.club)).rows}
    assert "Cyd" not in after and after["Cy"] == 15
    ann_after = rivals.rivals(of_club(two.club), two.player("Ann"))
    assert ann_after.partner is not None and ann_after.partner.partner == cy
    assert ann_before.partner is None
    club_services.unmerge(club=two.club, by=alice, merge_id=merged.pk)
    again = {row.player.name: row.played for row in ratings.leaderboard(of_club(two.club)).rows}
    assert again == before


def test_a_search_by_name_finds_the_nights_of_everyone_read_as_them(
    alice: Any, two: Ledger
) -> None:
    nights = [game.night for game in two.games[::4]]  # each night's first game
    cy = two.player("Cy")
    # Cy went home after the first night's games: off its table, still in its seats.
    night_services.night_player_leave(night=nights[0], by=alice, player_id=cy.pk)
    assert list(records.search_nights(of_club(two.club), player="cyd")) == nights[:0:-1]
    club_services.merge(club=two.club, by=alice, merged_id=cy.pk, into_id=two.player("Cyd").pk)
    assert list(records.search_nights(of_club(two.club), player="cyd")) == nights[::-1]
    assert list(records.search_nights(of_club(two.club), player="eve")) == nights[2::-1]


def test_two_players_who_sat_at_one_game_are_two_people(alice: Any, two: Ledger) -> None:
    ann, cy = two.player("Ann"), two.player("Cy")
    with pytest.raises(InvalidInput) as refused:
        club_services.merge(club=two.club, by=alice, merged_id=cy.pk, into_id=ann.pk)
    assert refused.value.field == "into"
    assert "sat at the same game" in refused.value.message
    assert Player.objects.get(pk=cy.pk).same_as_id is None
    assert {row.player.name for row in ratings.leaderboard(of_club(two.club)).rows} >= {
        "Ann",
        "Cy",
    }


def test_an_undone_merge_brings_a_name_taken_meanwhile_back_numbered(
    alice: Any, two: Ledger
) -> None:
    cyd = two.player("Cyd")
    merged = club_services.merge(
        club=two.club, by=alice, merged_id=cyd.pk, into_id=two.player("Cy").pk
    )
    newcomer = night_services.player_create(owner=alice, name="Cyd", club=two.club)
    undone = club_services.unmerge(club=two.club, by=alice, merge_id=merged.pk)
    assert undone.renamed == "Cyd (2)"
    cyd.refresh_from_db()
    assert (cyd.name, cyd.same_as_id) == ("Cyd (2)", None)
    names = {row.player.name for row in ratings.leaderboard(of_club(two.club)).rows}
    assert {"Cy", "Cyd (2)"} <= names and newcomer.name not in names  # the newcomer never sat
    notes = ledger_holds()  # a rename is said, and is no break
    assert len(notes) == 8 and all("now Cyd (2) (a rename, not a break)" in n for n in notes)


# One's own page ---------------------------------------------------------------------------------


def test_ones_own_page_reads_every_player_who_is_them_as_one(alice: Any) -> None:
    cyra = UserFactory(username="cyra")
    thursdays = build(cyra, "Thursdays", THURSDAYS[:2])  # Cy in the first night, Cyd in the next
    gotland = build(
        cyra,
        "Gotland",
        [(day(2, 5), [rummy("Cyra", "Ulf", winner=0), rummy("Ulf", "Cyra", winner=0)])],
    )
    cy, cyra_there = thursdays.player("Cy"), gotland.player("Cyra")
    for club, player in ((thursdays.club, cy), (gotland.club, cyra_there)):
        club_services.claim_ask(club=club, by=cyra, player_id=player.pk)  # an organiser's: at once
    # A Cy at Alice's own table who was never confirmed to be her is not her.
    night = NightFactory(owner=alice, date=day(2, 6))
    GameFactory(night=night, slug="rummy", players=["Cy", "Bob"])
    stranger = Player.objects.get(owner=alice, club__isnull=True, name="Cy")

    mine = of_self(cyra)
    # Cyd's night is not hers: nobody said Cyd is her, nor merged Cyd into Cy.
    assert set(mine.nights) == {thursdays.games[0].night, gotland.games[0].night}
    assert mine.one(cyra_there.pk) == mine.one(cy.pk) == min(cy.pk, cyra_there.pk)
    assert mine.one(thursdays.player("Cyd").pk) == thursdays.player("Cyd").pk  # not merged
    assert stranger not in mine.players
    record = records.player_record(mine, cyra_there)
    as_cy = records.player_record(mine, cy)
    assert (record.games, record.feats) == (as_cy.games, as_cy.feats)
    assert {(g.slug, g.played, g.won) for g in record.games} == {("rummy", 5, 3), ("alkort", 1, 1)}
    (me,) = (row for row in ratings.leaderboard(mine).rows if row.player.pk == mine.one(cy.pk))
    assert (me.played, me.won) == (6, 4)
    assert sum(len(r.points) for r in ratings.player_ratings(mine, cyra_there)) == 6
    assert rivals.rivals(mine, cyra_there).finished == 6


def test_nobody_confirmed_has_no_games_of_their_own(alice: Any, two: Ledger) -> None:
    mine = of_self(alice)
    assert not mine.nights.exists() and not mine.players.exists()
    assert ratings.leaderboard(mine).rows == ()
