"""Reads: who sees which nights, and the standings replayed from the ledger."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from adjudicator.errors import AdjudicationError
from scorekeeper.access import roles
from scorekeeper.games import services as game_services
from scorekeeper.ledger import reading
from scorekeeper.live import board_cache
from scorekeeper.models import Game, Night
from scorekeeper.nights import selectors as night_selectors
from scorekeeper.nights.demo import SAMPLE_DEALS, SAMPLE_TOTALS
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory, NightFactory

NAMES = ("Mary", "Tom", "Dick", "Alice")


# Who sees what ----------------------------------------------------------------------------------


def test_alice_sees_the_night_she_owns(night: Night, alice: Any) -> None:
    assert list(roles.nights_for_user(alice)) == [night]


def test_bob_sees_the_night_he_records_in(night: Night, bob: Any) -> None:
    assert list(roles.nights_for_user(bob)) == [night]


def test_carol_sees_none_of_alices_nights(night: Night, carol: Any) -> None:
    assert list(roles.nights_for_user(carol)) == []


def test_nobody_signed_out_sees_any_night(night: Night) -> None:
    assert list(roles.nights_for_user(AnonymousUser())) == []


def test_a_night_with_several_recorders_is_listed_once(night: Night, carol: Any) -> None:
    night.recorders.add(carol)
    mine = NightFactory(owner=carol)
    assert list(roles.nights_for_user(carol)) == [mine, night]


@pytest.mark.parametrize(
    ("who", "may"),
    [
        pytest.param("alice", True, id="owner"),
        pytest.param("bob", True, id="recorder"),
        pytest.param("carol", False, id="outsider"),
    ],
)
def test_who_may_record(night: Night, request: pytest.FixtureRequest, who: str, may: bool) -> None:
    assert roles.can_record(request.getfixturevalue(who), night) is may


def test_nobody_signed_out_may_record(night: Night) -> None:
    assert roles.can_record(AnonymousUser(), night) is False


def test_players_for_a_night_are_the_owners_and_those_seated(
    bridge_game: Game, alice: Any, carol: Any
) -> None:
    guest_game = GameFactory(night=NightFactory(owner=carol), players=["Zed", "Yves"])
    assert sorted(p.name for p in night_selectors.players_for_night(bridge_game.night)) == sorted(
        NAMES
    )
    assert sorted(p.name for p in night_selectors.players_for_night(guest_game.night)) == [
        "Yves",
        "Zed",
    ]


# Standings --------------------------------------------------------------------------------------


def test_standings_of_a_game_with_no_deals(bridge_game: Game) -> None:
    standings = scoreboard.game_standings(bridge_game)
    assert standings.tally.totals == (0, 0, 0, 0)
    assert standings.history == ()
    assert standings.last_entry_id == 0
    assert standings.names == NAMES
    assert standings.name_status() == "No deals yet; 7 to play, lowest total wins."


def test_standings_name_the_leader(bridge_game: Game, alice: Any) -> None:
    for deal in SAMPLE_DEALS:
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
    standings = scoreboard.game_standings(bridge_game)
    assert standings.tally.totals == SAMPLE_TOTALS[-1]
    assert standings.name_status() == "After deal 6 of 7: Mary lowest on 160."
    rows = standings.rows
    stars = [next((m["text"] for m in r["marks"] if m["key"] == "stars"), "") for r in rows]
    assert [
        (r["name"], r["total"], star, r["leader"]) for r, star in zip(rows, stars, strict=True)
    ] == [
        ("Mary", 160, "***", True),
        ("Tom", 180, "**", False),
        ("Dick", 250, "*", False),
        ("Alice", 420, "", False),
    ]


def test_history_marks_amended_and_voided_deals(bridge_game: Game, alice: Any, bob: Any) -> None:
    first, second, third = (
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
        for deal in SAMPLE_DEALS[:3]
    )
    amend = game_services.deal_amend(
        game=bridge_game, deal_key=first.pk, by=bob, data=SAMPLE_DEALS[0], note="checked"
    )
    void = game_services.deal_void(game=bridge_game, deal_key=second.pk, by=alice)

    history = scoreboard.game_standings(bridge_game).history
    assert [(h.key, h.number, h.amended, h.voided) for h in history] == [
        (first.pk, 1, True, False),
        (second.pk, 2, False, True),
        (third.pk, 3, False, False),
    ]
    assert history[0].revisions == (first, amend)
    assert history[0].current == amend
    assert history[1].revisions == (second, void)
    assert history[1].result is None
    assert history[1].named_results == []
    assert [r["name"] for r in history[2].named_results] == list(NAMES)


def test_current_entries_leave_out_voided_deals(bridge_game: Game, alice: Any) -> None:
    first, second = (
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
        for deal in SAMPLE_DEALS[:2]
    )
    game_services.deal_void(game=bridge_game, deal_key=first.pk, by=alice)
    assert reading.current_entries(bridge_game) == [second]


def test_latest_revision_follows_the_deal(bridge_game: Game, alice: Any) -> None:
    first = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    assert reading.latest_revision(bridge_game, first.pk) == first
    amend = game_services.deal_amend(
        game=bridge_game, deal_key=first.pk, by=alice, data=SAMPLE_DEALS[0]
    )
    assert reading.latest_revision(bridge_game, first.pk) == amend
    assert reading.latest_revision(bridge_game, amend.pk) is None


# The poll marker --------------------------------------------------------------------------------


def test_last_entry_id_is_zero_before_any_deal(bridge_game: Game) -> None:
    assert board_cache.last_entry_id(bridge_game) == 0


def test_last_entry_id_moves_with_every_entry(bridge_game: Game, alice: Any) -> None:
    first = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    assert board_cache.last_entry_id(bridge_game) == first.pk
    void = game_services.deal_void(game=bridge_game, deal_key=first.pk, by=alice)
    assert board_cache.last_entry_id(bridge_game) == void.pk
    assert scoreboard.game_standings(bridge_game).last_entry_id == void.pk


def test_last_entry_id_ignores_other_games(bridge_game: Game, alice: Any) -> None:
    first = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    other = GameFactory(night=bridge_game.night)
    game_services.deal_record(game=other, by=alice, data=SAMPLE_DEALS[0])
    assert board_cache.last_entry_id(bridge_game) == first.pk


# Names for seats and sides ----------------------------------------------------------------------


def test_the_engines_sentences_get_the_players_names(bridge_game: Game, alice: Any) -> None:
    """The engine keeps the seats it mentions as data; the app never reads them out of prose."""
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    standings = scoreboard.game_standings(bridge_game)
    (deal,) = standings.history
    assert deal.summary == "Mary went out"
    assert str(deal.result.summary if deal.result else "") == "Seat 1 went out"  # the engine's own


def test_a_refusal_names_the_players(bridge_game: Game, alice: Any) -> None:
    deal = {"went_out": 0, "hands": [{"seat": 1, "held": 36}, {"seat": 2, "held": 5}]}
    with pytest.raises(AdjudicationError) as caught:
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
    assert caught.value.message == ("Say what Alice held (a count, the cards, or never went down).")
    assert caught.value.seats == (3,)
