"""Disputing a hand: the ruling and the ``dispute`` entry written together and tied to the hand;
what is refused; the ledger still chains and replays; the amend that settles a dispute."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command

from adjudicator.errors import AdjudicationError
from adjudicator.games import get_game
from scorekeeper.desk import disputes
from scorekeeper.exceptions import InvalidInput
from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Ruling
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory


def record(game: Game, by: Any, deals: int = 3) -> list[Entry]:
    return [game_services.deal_record(game=game, by=by, data=deal) for deal in SAMPLE_DEALS[:deals]]


def verify(game: Game) -> str:
    out = io.StringIO()
    call_command("verify_ledger", "--game", str(game.pk), stdout=out, stderr=out)
    return out.getvalue()


def test_it_saves_a_ruling_and_a_dispute_entry_tied_to_the_hand(
    bridge_game: Game, alice: Any, bob: Any
) -> None:
    hands = record(bridge_game, alice)
    ruling = disputes.hand_dispute(game=bridge_game, deal_key=hands[1].pk, by=bob, note="Tom?")
    entry = ruling.dispute
    assert entry is not None
    assert (entry.kind, entry.deal_id, entry.supersedes_id) == ("dispute", hands[1].pk, None)
    assert entry.recorded_by == bob
    assert ruling.night == bridge_game.night
    assert (ruling.game_slug, ruling.question) == ("bridge-rummy", "settle")
    # The hand as recorded is the question's input, and the answer is kept as given.
    assert ruling.data == hands[1].data
    assert entry.data["question"] == "settle"
    assert entry.data["input"] == hands[1].data
    assert entry.data["answer"] == ruling.answer
    assert entry.data["summary"] == ruling.answer["explanation"][0]
    assert entry.data["options"] == ruling.options == {}
    assert Entry.objects.get(pk=entry.pk).ruling == ruling


def test_the_ruling_is_read_under_the_games_house_rules(night: Any, alice: Any) -> None:
    game = GameFactory(night=night, slug="bridge-rummy", options={"round_then_double": True})
    hand = record(game, alice, deals=1)[0]
    ruling = disputes.hand_dispute(game=game, deal_key=hand.pk, by=alice)
    assert ruling.options == {"round_then_double": True}
    assert ruling.dispute is not None
    assert ruling.dispute.data["options"] == {"round_then_double": True}


def test_the_desk_may_ask_about_the_hand_as_the_table_says_it_was(
    bridge_game: Game, alice: Any
) -> None:
    hand = record(bridge_game, alice, deals=1)[0]
    said = {**SAMPLE_DEALS[1]}
    ruling = disputes.hand_dispute(
        game=bridge_game, deal_key=hand.pk, by=alice, question="settle", data=said
    )
    assert ruling.data == said
    assert ruling.dispute is not None
    assert ruling.dispute.data["input"] == said


def test_a_round_numbered_game_is_asked_about_the_round_the_hand_is(night: Any, alice: Any) -> None:
    game = GameFactory(night=night, slug="crummy-rummy", players=["Mary", "Tom", "Dick"])
    definition = get_game("crummy-rummy")
    options = definition.options(game.options)
    deals = [definition.sample_deal(players=3, options=options, number=n) for n in (1, 2)]
    hands = [game_services.deal_record(game=game, by=alice, data=d) for d in deals]
    hand = disputes.hand_of(game, hands[1].pk)
    assert (hand.question, hand.data["round"], hand.number) == ("settle", 2, 2)


def test_a_round_after_a_void_is_disputed_as_the_round_it_is(night: Any, alice: Any) -> None:
    """Issue 26, item 11: the round after a void is disputed as the round the tally plays (the
    first, whose contract the hand was played to), not by its place in the ledger (the second
    round recorded); the table calls it round 1 too (a round voided is played again)."""
    game = GameFactory(night=night, slug="crummy-rummy", players=["Mary", "Tom", "Dick"])
    definition = get_game("crummy-rummy")
    first_round = definition.sample_deal(
        players=3, options=definition.options(game.options), number=1
    )
    voided = game_services.deal_record(game=game, by=alice, data=first_round)
    game_services.deal_void(game=game, deal_key=voided.pk, by=alice, revision=voided.pk)
    again = game_services.deal_record(game=game, by=alice, data=first_round)
    hand = disputes.hand_of(game, again.pk)
    assert (hand.number, hand.data["round"]) == (1, 1)
    ruling = disputes.hand_dispute(game=game, deal_key=again.pk, by=alice)
    assert ruling.data["round"] == 1


def test_a_brummy_hand_is_disputed_as_its_knock(night: Any, alice: Any) -> None:
    game = GameFactory(night=night, slug="brummy", players=["Mary", "Tom", "Dick"])
    data = {"knocked": 1, "grids": [{"seat": s, "total": t} for s, t in enumerate((30, 12, 41))]}
    hand = game_services.deal_record(game=game, by=alice, data=data)
    ruling = disputes.hand_dispute(game=game, deal_key=hand.pk, by=alice)
    assert (ruling.question, ruling.data) == ("knock", {"scores": [30, 12, 41], "knocked": 1})


def test_a_brummy_hands_grids_are_scored_under_the_games_house_rules(
    night: Any, alice: Any
) -> None:
    # Issue 26: the dispute scored the grids as if the game had the default house rules. With
    # the face-card extra (ruling 1b) this grid, written row by row, scores 12, not 6.
    game = GameFactory(
        night=night, slug="brummy", players=["Mary", "Tom"], options={"face_extra": True}
    )
    grid = "KS 2H 5D / 9S JH 10D / 3C 7C QH"
    data = {"knocked": 0, "grids": [{"seat": 0, "cards": grid}, {"seat": 1, "total": 9}]}
    hand = game_services.deal_record(game=game, by=alice, data=data)
    ruling = disputes.hand_dispute(game=game, deal_key=hand.pk, by=alice)
    assert ruling.data == {"scores": [12, 9], "knocked": 0}
    assert ruling.options == {"face_extra": True}
    assert ruling.answer["bonuses"] == [10, 0]


@pytest.mark.parametrize(
    ("which", "says"),
    [
        pytest.param("other-game", "has no deal", id="a-hand-of-another-game"),
        pytest.param("nothing", "has no deal", id="no-such-hand"),
        pytest.param("voided", "is voided: bring it back to dispute it", id="a-voided-hand"),
    ],
)
def test_it_refuses_a_hand_it_cannot_dispute(
    bridge_game: Game, alice: Any, which: str, says: str
) -> None:
    hands = record(bridge_game, alice)
    other = GameFactory(night=bridge_game.night, slug="bridge-rummy")
    if which == "voided":
        game_services.deal_void(game=bridge_game, deal_key=hands[2].pk, by=alice)
    key = {"other-game": hands[0].pk, "nothing": 10**9, "voided": hands[2].pk}[which]
    game = other if which == "other-game" else bridge_game
    with pytest.raises(InvalidInput, match=says) as refused:
        disputes.hand_dispute(game=game, deal_key=key, by=alice)
    assert refused.value.field == "deal"
    assert not Entry.objects.filter(kind="dispute").exists()
    assert not Ruling.objects.exists()


def test_it_refuses_someone_who_may_not_record_at_the_night(
    bridge_game: Game, alice: Any, carol: Any
) -> None:
    hand = record(bridge_game, alice, deals=1)[0]
    with pytest.raises(PermissionDenied):
        disputes.hand_dispute(game=bridge_game, deal_key=hand.pk, by=carol)
    assert not Ruling.objects.exists()


def test_a_question_the_engine_refuses_saves_nothing(bridge_game: Game, alice: Any) -> None:
    hand = record(bridge_game, alice, deals=1)[0]
    with pytest.raises(AdjudicationError):
        disputes.hand_dispute(
            game=bridge_game, deal_key=hand.pk, by=alice, question="settle", data={"went_out": 9}
        )
    assert not Entry.objects.filter(kind="dispute").exists()
    assert not Ruling.objects.exists()


def test_a_seat_must_be_at_the_table(bridge_game: Game, alice: Any) -> None:
    hand = record(bridge_game, alice, deals=1)[0]
    with pytest.raises(InvalidInput) as refused:
        disputes.hand_dispute(game=bridge_game, deal_key=hand.pk, by=alice, seat=4)
    assert refused.value.field == "seat"
    ruling = disputes.hand_dispute(game=bridge_game, deal_key=hand.pk, by=alice, seat=2)
    assert ruling.dispute is not None and ruling.dispute.seat == 2


def test_the_chain_still_verifies_and_the_standings_replay_unchanged(
    bridge_game: Game, alice: Any
) -> None:
    hands = record(bridge_game, alice)
    before = scoreboard.game_standings(bridge_game)
    disputes.hand_dispute(game=bridge_game, deal_key=hands[0].pk, by=alice, seat=1)
    scoreboard.forget_kept()  # replayed from the ledger, not a kept tally
    after = scoreboard.game_standings(bridge_game)
    assert after.tally.totals == before.tally.totals
    assert [h.key for h in after.history] == [h.key for h in before.history]
    assert not after.problems
    # The next hand is still hand 4, and records after the dispute chain on.
    assert after.next_number == 4
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[3])
    assert "every link holds" in verify(bridge_game)


def test_the_dispute_entry_is_hashed_with_its_seat(bridge_game: Game, alice: Any) -> None:
    from scorekeeper import chain

    hand = record(bridge_game, alice, deals=1)[0]
    entry = disputes.hand_dispute(game=bridge_game, deal_key=hand.pk, by=alice, seat=1).dispute
    assert entry is not None
    assert chain.content_of(entry)["seat"] == 1
    assert entry.hash == chain.entry_hash(chain.content_of(entry), entry.prev_hash)


# The amend that settles a dispute ----------------------------------------------------------------


def test_an_amend_points_back_at_the_dispute_it_settles(bridge_game: Game, alice: Any) -> None:
    hands = record(bridge_game, alice)
    dispute = disputes.hand_dispute(game=bridge_game, deal_key=hands[1].pk, by=alice).dispute
    assert dispute is not None
    amend = game_services.deal_amend(
        game=bridge_game, deal_key=hands[1].pk, by=alice, data=SAMPLE_DEALS[4], settles=dispute
    )
    assert amend.settles == dispute
    assert list(dispute.settled_by.all()) == [amend]
    assert "every link holds" in verify(bridge_game)


@pytest.mark.parametrize(
    "which",
    [
        pytest.param("another-hands", id="a-dispute-of-another-hand"),
        pytest.param("not-a-dispute", id="an-entry-that-is-no-dispute"),
        pytest.param("another-games", id="a-dispute-of-another-game"),
        pytest.param("settled", id="a-dispute-already-settled"),
    ],
)
def test_an_amend_settles_only_an_open_dispute_of_its_own_hand(
    bridge_game: Game, alice: Any, which: str
) -> None:
    hands = record(bridge_game, alice)
    other = GameFactory(night=bridge_game.night, slug="bridge-rummy")
    elsewhere = record(other, alice, deals=1)[0]
    mine = disputes.hand_dispute(game=bridge_game, deal_key=hands[1].pk, by=alice).dispute
    assert mine is not None
    if which == "settled":
        game_services.deal_amend(
            game=bridge_game, deal_key=hands[1].pk, by=alice, data=SAMPLE_DEALS[4], settles=mine
        )
    settles: Any = {
        "another-hands": disputes.hand_dispute(game=bridge_game, deal_key=hands[0].pk, by=alice),
        "not-a-dispute": hands[1],
        "another-games": disputes.hand_dispute(game=other, deal_key=elsewhere.pk, by=alice),
        "settled": mine,
    }[which]
    settles = settles.dispute if isinstance(settles, Ruling) else settles
    with pytest.raises(InvalidInput) as refused:
        game_services.deal_amend(
            game=bridge_game, deal_key=hands[1].pk, by=alice, data=SAMPLE_DEALS[5], settles=settles
        )
    assert refused.value.field == "settles"


def test_the_game_page_reads_each_hands_disputes_and_what_settled_them(
    bridge_game: Game, alice: Any
) -> None:
    hands = record(bridge_game, alice)
    ruling = disputes.hand_dispute(game=bridge_game, deal_key=hands[1].pk, by=alice)
    amend = game_services.deal_amend(
        game=bridge_game,
        deal_key=hands[1].pk,
        by=alice,
        data=SAMPLE_DEALS[4],
        settles=ruling.dispute,
    )
    found = disputes.hand_disputes(scoreboard.game_standings(bridge_game))
    assert list(found) == [hands[1].pk]
    [shown] = found[hands[1].pk]
    assert (shown.ruling_id, shown.summary) == (ruling.pk, ruling.dispute.data["summary"])
    assert shown.settled_by == (amend,)
