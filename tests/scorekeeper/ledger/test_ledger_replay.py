"""Every change leaves a ledger that replays, and no read fails on one that does not.

The story of the issue that found it: in a two-player Brummy game, deals (10, 0), (0, 10), four
of (48, 48) and (5, 0) are recorded. Without deal 1 the game would end after the fifth deal
still counted, before the deal of (5, 0): voiding deal 1 must be refused, saying what to void
or amend first. And a ledger that got that way anyhow (an older version, a hand-made row) is
still shown, with the problem and its fix.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from adjudicator.errors import GameOverError
from scorekeeper.exceptions import InvalidInput, LedgerWouldBreak, StaleDeal, TokenReused
from scorekeeper.games import services as game_services
from scorekeeper.ledger import reading
from scorekeeper.models import Entry, Game, Night
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory


def grid_totals(a: int, b: int, knocked: int | None = None) -> dict[str, Any]:
    return {"knocked": knocked, "grids": [{"seat": 0, "total": a}, {"seat": 1, "total": b}]}


ISSUE_DEALS = [(10, 0), (0, 10), (48, 48), (48, 48), (48, 48), (48, 48), (5, 0)]


@pytest.fixture
def brummy(night: Night) -> Game:
    return GameFactory(night=night, slug="brummy", players=["Ann", "Ben"])


@pytest.fixture
def issue_ledger(brummy: Game, alice: Any) -> list[Entry]:
    return [
        game_services.deal_record(game=brummy, by=alice, data=grid_totals(a, b))
        for a, b in ISSUE_DEALS
    ]


def test_the_issue_game_ends_on_its_last_deal(brummy: Game, issue_ledger: list[Entry]) -> None:
    standings = scoreboard.game_standings(brummy)
    assert standings.tally.finished
    assert standings.tally.totals == (207, 202)
    assert standings.problems == ()


def test_a_void_that_would_end_the_game_early_is_refused(
    brummy: Game, alice: Any, issue_ledger: list[Entry]
) -> None:
    with pytest.raises(LedgerWouldBreak) as caught:
        game_services.deal_void(game=brummy, deal_key=issue_ledger[0].pk, by=alice)
    assert caught.value.field == "deal"
    assert caught.value.message == (
        "Without deal 1, deal 7 could no longer count: the game was already over before it. "
        "Void or amend it first, from the last, or amend deal 1 instead of voiding it."
    )
    assert brummy.entries.count() == len(ISSUE_DEALS)  # nothing written


def test_voiding_from_the_last_is_allowed(
    brummy: Game, alice: Any, issue_ledger: list[Entry]
) -> None:
    game_services.deal_void(game=brummy, deal_key=issue_ledger[-1].pk, by=alice)
    game_services.deal_void(game=brummy, deal_key=issue_ledger[0].pk, by=alice)
    standings = scoreboard.game_standings(brummy)
    assert standings.problems == ()
    assert standings.tally.totals == (192, 202)
    assert standings.tally.finished


def test_an_amend_that_would_strand_later_deals_is_refused(
    brummy: Game, alice: Any, issue_ledger: list[Entry]
) -> None:
    # Deal 1 as 48 each would end the game after deal 5 ((202, 202) is a tie, (250, 250) too...);
    # make deal 3 a win that ends it at once instead.
    with pytest.raises(LedgerWouldBreak) as caught:
        game_services.deal_amend(
            game=brummy, deal_key=issue_ledger[2].pk, by=alice, data=grid_totals(48, 0)
        )
    # A grid scores at most 48: (10, 10) + 48 per deal reaches 202 only at deal 6.
    assert "deal 7 could no longer count" in caught.value.message
    assert "or enter deal 3 differently" in caught.value.message


def test_recording_after_the_game_ended_gives_the_engines_reason(
    brummy: Game, alice: Any, issue_ledger: list[Entry]
) -> None:
    with pytest.raises(GameOverError) as caught:
        game_services.deal_record(game=brummy, by=alice, data=grid_totals(1, 1))
    assert "Ann" in str(caught.value)


# Reads never fail -------------------------------------------------------------------------------


def break_by_hand(game: Game, alice: Any, key: int, **fields: Any) -> Entry:
    """A row no service would write (an older version, a hand edit): straight into the table."""
    latest = reading.latest_revision(game, key)
    return Entry.objects.create(
        game=game, deal_id=key, supersedes=latest, recorded_by=alice, **fields
    )


def test_a_ledger_that_does_not_replay_is_shown_with_its_problem(
    brummy: Game, alice: Any, issue_ledger: list[Entry]
) -> None:
    break_by_hand(brummy, alice, issue_ledger[0].pk, kind=Entry.Kind.VOID, data={})
    standings = scoreboard.game_standings(brummy)
    assert standings.tally.totals == (192, 202)  # the five deals that can count
    assert [(p.key, p.number) for p in standings.problems] == [(issue_ledger[-1].pk, 7)]
    problem = standings.problems[0]
    assert problem.message == "Deal 7 cannot be counted: the game was already over before it."
    assert problem.fix == "Void deal 7, or amend it or an earlier deal."
    history = {h.number: h for h in standings.history}
    assert history[7].problem == problem
    assert history[7].result is None
    # The fix the problem names works, and the game replays again.
    game_services.deal_void(game=brummy, deal_key=issue_ledger[-1].pk, by=alice)
    assert scoreboard.game_standings(brummy).problems == ()


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({}, id="empty"),
        pytest.param({"grids": "nonsense"}, id="wrong-type"),
        pytest.param({"knocked": 7, "grids": []}, id="no-such-seat"),
        pytest.param([1, 2, 3], id="not-an-object"),
    ],
)
def test_an_unreadable_row_is_left_out_and_named(
    brummy: Game, alice: Any, issue_ledger: list[Entry], data: Any
) -> None:
    break_by_hand(brummy, alice, issue_ledger[1].pk, kind=Entry.Kind.AMEND, data=data)
    standings = scoreboard.game_standings(brummy)
    unreadable, stranded = standings.problems
    assert (unreadable.key, unreadable.number) == (issue_ledger[1].pk, 2)
    assert unreadable.message.startswith("Deal 2's record cannot be read: ")
    assert unreadable.fix == "Amend deal 2 to enter it again, or void it."
    # Without deal 2's (0, 10), Ann reaches 202 alone at deal 6: deal 7 cannot follow.
    assert stranded.number == 7
    assert standings.tally.totals == (202, 192)
    assert standings.tally.finished
    # Amending the unreadable deal back to something sound repairs the game.
    game_services.deal_amend(
        game=brummy, deal_key=issue_ledger[1].pk, by=alice, data=grid_totals(0, 10)
    )
    assert scoreboard.game_standings(brummy).problems == ()


# Deal numbers are the table's ---------------------------------------------------------------------


def test_numbers_stay_put_across_a_void(brummy: Game, alice: Any) -> None:
    _, second, _ = (
        game_services.deal_record(game=brummy, by=alice, data=grid_totals(a, b))
        for a, b in [(1, 2), (3, 4), (5, 6)]
    )
    game_services.deal_void(game=brummy, deal_key=second.pk, by=alice)
    standings = scoreboard.game_standings(brummy)
    assert [(h.number, h.voided) for h in standings.history] == [(1, False), (2, True), (3, False)]
    assert [h.number for h in standings.counted] == [1, 3]
    assert standings.next_number == 4
    fourth = game_services.deal_record(game=brummy, by=alice, data=grid_totals(0, 0), number=4)
    assert scoreboard.game_standings(brummy).history[-1].key == fourth.pk


def test_old_values_are_kept_beside_the_new(brummy: Game, alice: Any) -> None:
    first = game_services.deal_record(game=brummy, by=alice, data=grid_totals(12, 7))
    game_services.deal_amend(game=brummy, deal_key=first.pk, by=alice, data=grid_totals(12, 9))
    (history,) = scoreboard.game_standings(brummy).history
    assert history.seat_lines == [
        {"name": "Ann", "points": 12, "was": None},
        {"name": "Ben", "points": 9, "was": 7},
    ]
    game_services.deal_void(game=brummy, deal_key=first.pk, by=alice)
    (history,) = scoreboard.game_standings(brummy).history
    assert history.seat_lines == [
        {"name": "Ann", "points": None, "was": 12},
        {"name": "Ben", "points": None, "was": 9},
    ]


# Two phones, one deal ---------------------------------------------------------------------------


def test_a_stale_record_is_refused_with_what_was_recorded(
    brummy: Game, alice: Any, bob: Any
) -> None:
    game_services.deal_record(game=brummy, by=bob, data=grid_totals(12, 7), number=1)
    with pytest.raises(StaleDeal) as caught:
        game_services.deal_record(game=brummy, by=alice, data=grid_totals(12, 7), number=1)
    err = caught.value
    assert (err.code, err.status, err.field, err.expected) == ("stale_deal", 409, "number", 2)
    assert err.message == (
        "bob recorded deal 1 a moment ago. If yours is another deal, record it as deal 2."
    )
    assert err.latest["number"] == 1
    assert err.latest["recorded_by"] == "bob"
    assert err.latest["results"] == [{"name": "Ann", "points": 12}, {"name": "Ben", "points": 7}]
    assert brummy.entries.count() == 1
    # Told, alice records hers as the next deal.
    game_services.deal_record(game=brummy, by=alice, data=grid_totals(12, 7), number=2)
    assert brummy.entries.count() == 2


def test_the_refusals_call_a_deal_what_the_game_calls_it(
    night: Night, alice: Any, bob: Any
) -> None:
    """Rummy is played in hands: the page says "Record hand 2", and so do the refusals."""
    rummy = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    hand = {"went_out": 1, "hands": [{"seat": 0, "held": 10}, {"seat": 2, "held": 25}]}
    first = game_services.deal_record(game=rummy, by=bob, data=hand, number=1)
    with pytest.raises(StaleDeal) as caught:
        game_services.deal_record(game=rummy, by=alice, data=hand, number=1)
    assert caught.value.message == (
        "bob recorded hand 1 a moment ago. If yours is another hand, record it as hand 2."
    )
    with pytest.raises(InvalidInput, match=r"^The next hand is hand 2, not 3\.$"):
        game_services.deal_record(game=rummy, by=alice, data=hand, number=3)
    game_services.deal_void(game=rummy, deal_key=first.pk, by=alice, revision=first.pk)
    latest = reading.latest_revision(rummy, first.pk)
    assert latest is not None
    with pytest.raises(InvalidInput, match=r"^That hand is already voided\.$"):
        game_services.deal_void(game=rummy, deal_key=first.pk, by=alice, revision=latest.pk)


def test_a_number_ahead_of_the_game_is_refused(brummy: Game, alice: Any) -> None:
    with pytest.raises(InvalidInput, match=r"The next deal is deal 1, not 3\."):
        game_services.deal_record(game=brummy, by=alice, data=grid_totals(1, 1), number=3)


def test_a_token_replayed_with_the_same_deal_records_once(brummy: Game, alice: Any) -> None:
    token = uuid.uuid4()
    first = game_services.deal_record(game=brummy, by=alice, data=grid_totals(3, 4), token=token)
    # A retry may carry the number it was sent with: it answers the first entry all the same.
    again = game_services.deal_record(
        game=brummy, by=alice, data=grid_totals(3, 4), token=token, number=1
    )
    assert again == first
    assert brummy.entries.count() == 1


def test_a_token_reused_with_another_deal_is_refused(brummy: Game, alice: Any) -> None:
    token = uuid.uuid4()
    game_services.deal_record(game=brummy, by=alice, data=grid_totals(3, 4), token=token)
    with pytest.raises(TokenReused) as caught:
        game_services.deal_record(game=brummy, by=alice, data=grid_totals(3, 5), token=token)
    assert (caught.value.code, caught.value.status, caught.value.field) == (
        "token_reused",
        409,
        "token",
    )
    assert brummy.entries.count() == 1


# Work per request ---------------------------------------------------------------------------------


def test_recording_the_sixth_deal_parses_it_once_and_tallies_it_once(
    client: Any, bridge_game: Game, alice: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue counted 12 parses and 2 tallies for the sixth deal of a game; now the ledger's
    rows are parsed once per process and the new deal once, and one tally checks it: the
    replay it was checked with is kept for the board shown after it (issue 26)."""
    from django.urls import reverse

    from adjudicator.rummy.bridge_rummy import BridgeRummy
    from scorekeeper.nights.demo import SAMPLE_DEALS
    from tests.scorekeeper.pages.test_deals import form_fields

    for data in SAMPLE_DEALS[:5]:
        game_services.deal_record(game=bridge_game, by=alice, data=data)
    client.force_login(alice)
    client.get(bridge_game.get_absolute_url())  # the page as the phone shows it before
    calls = {"parse": 0, "tally": 0}
    parse, tally = BridgeRummy.parse_deal, BridgeRummy.tally

    def counted_parse(self: Any, *args: Any, **kwargs: Any) -> Any:
        calls["parse"] += 1
        return parse(self, *args, **kwargs)

    def counted_tally(self: Any, *args: Any, **kwargs: Any) -> Any:
        calls["tally"] += 1
        return tally(self, *args, **kwargs)

    monkeypatch.setattr(BridgeRummy, "parse_deal", counted_parse)
    monkeypatch.setattr(BridgeRummy, "tally", counted_tally)
    response = client.post(
        reverse("deal_record", args=[bridge_game.pk]),
        form_fields(SAMPLE_DEALS[5], number=6),
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "Record deal 7" in response.content.decode()
    assert calls == {"parse": 1, "tally": 1}
