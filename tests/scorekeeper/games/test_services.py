"""Every write goes through a service: who may make it, and what the ledger looks like after."""

from __future__ import annotations

import datetime
import uuid
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied

from adjudicator.errors import AdjudicationError
from scorekeeper.access import roles
from scorekeeper.exceptions import Conflict, InvalidInput
from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Night, Player
from scorekeeper.nights import selectors as night_selectors
from scorekeeper.nights import services as night_services
from scorekeeper.nights.demo import SAMPLE_DEALS, SAMPLE_TOTALS
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory, NightFactory, PlayerFactory

# Deal 7 as far as it can be reproduced (rulings 3c, R-10): Mary out, Tom 20, Dick 30, Alice 100.
DEAL_7 = {
    "went_out": 0,
    "hands": [{"seat": 1, "held": 20}, {"seat": 2, "held": 30}, {"seat": 3, "not_down": True}],
}
ALICE_HELD_120 = {
    "went_out": 0,
    "hands": [{"seat": 1, "held": 36}, {"seat": 2, "held": 5}, {"seat": 3, "held": 120}],
}


def totals(game: Game) -> tuple[int, ...]:
    return scoreboard.game_standings(game).tally.totals


def record_sample(game: Game, by: Any, deals: int = 6) -> list[Entry]:
    return [game_services.deal_record(game=game, by=by, data=deal) for deal in SAMPLE_DEALS[:deals]]


# Players ----------------------------------------------------------------------------------------


def test_it_creates_a_player_with_tidied_spaces(alice: Any) -> None:
    player = night_services.player_create(owner=alice, name="  Mary   Ann ")
    assert player.name == "Mary Ann"
    assert player.owner == alice


@pytest.mark.parametrize(
    ("name", "says"),
    [
        pytest.param("", "Give the player a name.", id="empty"),
        pytest.param("   ", "Give the player a name.", id="only-spaces"),
        pytest.param("x" * 41, "at most 40 characters", id="too-long"),
        pytest.param("mary", "You already have a player called mary.", id="taken-any-case"),
    ],
)
def test_it_refuses_a_player_name(alice: Any, name: str, says: str) -> None:
    PlayerFactory(owner=alice, name="Mary")
    with pytest.raises(InvalidInput) as caught:
        night_services.player_create(owner=alice, name=name)
    assert caught.value.field == "name"
    assert says in caught.value.message
    assert Player.objects.count() == 1


def test_bob_adds_a_player_to_alices_list(night: Night, alice: Any, bob: Any) -> None:
    player = night_services.night_player_add(night=night, by=bob, name="Harriet")
    assert player.owner == alice


def test_a_known_player_sits_down_at_the_table_without_a_second_copy(
    night: Night, alice: Any
) -> None:
    mary = PlayerFactory(owner=alice, name="Mary")
    assert night_services.night_player_add(night=night, by=alice, name=" MARY ") == mary
    assert Player.objects.count() == 1
    assert night_selectors.table_for_night(night) == [mary]


def test_the_table_keeps_the_order_players_sat_down(night: Night, alice: Any) -> None:
    for name in ("Zed", "Ann", "Mo"):
        night_services.night_player_add(night=night, by=alice, name=name)
    assert [p.name for p in night_selectors.table_for_night(night)] == ["Zed", "Ann", "Mo"]


def test_a_player_already_at_the_table_is_refused(night: Night, alice: Any) -> None:
    night_services.night_player_add(night=night, by=alice, name="Harriet")
    with pytest.raises(InvalidInput) as caught:
        night_services.night_player_add(night=night, by=alice, name="harriet")
    assert (caught.value.field, caught.value.message) == (
        "name",
        "Harriet is already at the table.",
    )


def test_carol_cannot_add_a_player_to_alices_night(night: Night, carol: Any) -> None:
    with pytest.raises(PermissionDenied):
        night_services.night_player_add(night=night, by=carol, name="Harriet")
    assert not Player.objects.filter(name="Harriet").exists()


def test_a_player_at_the_table_is_renamed_everywhere(night: Night, alice: Any, bob: Any) -> None:
    harriet = night_services.night_player_add(night=night, by=alice, name="Harriet")
    game = GameFactory(night=night, slug="brummy", players=["Harriet", "Tom"])
    night_services.night_player_rename(night=night, by=bob, player_id=harriet.pk, name="  Hattie  ")
    assert scoreboard.game_standings(game).names == ("Hattie", "Tom")
    assert [p.name for p in night_selectors.table_for_night(night)] == ["Hattie", "Tom"]


@pytest.mark.parametrize(
    ("name", "field", "says"),
    [
        ("tom", "name", "There is already a player called tom."),
        ("   ", "name", "Give the player a name."),
        ("x" * 41, "name", "A name is at most 40 characters."),
    ],
    ids=["taken in another case", "blank", "too long"],
)
def test_a_rename_is_refused_with_the_reason(
    night: Night, alice: Any, name: str, field: str, says: str
) -> None:
    harriet = night_services.night_player_add(night=night, by=alice, name="Harriet")
    night_services.night_player_add(night=night, by=alice, name="Tom")
    with pytest.raises(InvalidInput) as caught:
        night_services.night_player_rename(night=night, by=alice, player_id=harriet.pk, name=name)
    assert (caught.value.field, caught.value.message) == (field, says)
    assert Player.objects.get(pk=harriet.pk).name == "Harriet"


def test_only_a_player_at_this_nights_table_can_be_renamed_or_taken_off(
    night: Night, alice: Any, carol: Any
) -> None:
    elsewhere = PlayerFactory(owner=alice, name="Elsewhere")
    for change in (
        lambda: night_services.night_player_rename(
            night=night, by=alice, player_id=elsewhere.pk, name="Moved"
        ),
        lambda: night_services.night_player_leave(night=night, by=alice, player_id=elsewhere.pk),
    ):
        with pytest.raises(InvalidInput) as caught:
            change()
        assert caught.value.field == "player"
    harriet = night_services.night_player_add(night=night, by=alice, name="Harriet")
    with pytest.raises(PermissionDenied):
        night_services.night_player_rename(
            night=night, by=carol, player_id=harriet.pk, name="Carol's"
        )
    with pytest.raises(PermissionDenied):
        night_services.night_player_leave(night=night, by=carol, player_id=harriet.pk)
    assert night_selectors.table_for_night(night) == [harriet]


def test_a_player_taken_off_the_table_keeps_their_games(night: Night, alice: Any) -> None:
    game = GameFactory(night=night, slug="brummy", players=["Harriet", "Tom"])
    harriet = Player.objects.get(owner=alice, name="Harriet")
    night_services.night_player_leave(night=night, by=alice, player_id=harriet.pk)
    assert [p.name for p in night_selectors.table_for_night(night)] == ["Tom"]
    assert scoreboard.game_standings(game).names == ("Harriet", "Tom")
    assert harriet in night_selectors.players_off_table(night)  # one tap to sit them down again


# Nights -----------------------------------------------------------------------------------------


def test_it_creates_a_night(alice: Any) -> None:
    night = night_services.night_create(
        owner=alice, date=datetime.date(2025, 12, 24), place=" The pub ", notes=" Bring cards "
    )
    assert (night.owner, night.place, night.notes) == (alice, "The pub", "Bring cards")


def test_alice_adds_carol_as_a_recorder(night: Night, alice: Any, carol: Any) -> None:
    assert night_services.night_add_recorder(night=night, by=alice, username=" CAROL ") == carol
    assert roles.can_record(carol, night)


def test_bob_cannot_add_recorders(night: Night, bob: Any, carol: Any) -> None:
    with pytest.raises(PermissionDenied):
        night_services.night_add_recorder(night=night, by=bob, username="carol")
    assert not roles.can_record(carol, night)


def test_carol_cannot_make_herself_a_recorder(night: Night, carol: Any) -> None:
    with pytest.raises(PermissionDenied):
        night_services.night_add_recorder(night=night, by=carol, username="carol")


@pytest.mark.parametrize(
    ("username", "says"),
    [
        pytest.param("dave", "There is no account called 'dave'.", id="no-such-account"),
        pytest.param("alice", "The owner can already record.", id="the-owner"),
    ],
)
def test_it_refuses_a_recorder(night: Night, alice: Any, username: str, says: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        night_services.night_add_recorder(night=night, by=alice, username=username)
    assert (caught.value.field, caught.value.message) == ("username", says)


# Games ------------------------------------------------------------------------------------------


def sample_players(owner: Any) -> list[Player]:
    return [PlayerFactory(owner=owner, name=name) for name in ("Mary", "Tom", "Dick", "Alice")]


def test_bob_starts_a_game_with_seats_in_order(night: Night, alice: Any, bob: Any) -> None:
    players = sample_players(alice)
    game = game_services.game_start(
        night=night,
        by=bob,
        slug="bridge-rummy",
        players=players[::-1],
        options={"ace_low_value": 1},
    )
    seated = list(game.seats.order_by("position").values_list("player__name", flat=True))
    assert seated == ["Alice", "Dick", "Tom", "Mary"]
    assert game.created_by == bob


def test_a_game_keeps_every_house_rule_not_just_the_changes(night: Night, alice: Any) -> None:
    game = game_services.game_start(
        night=night,
        by=alice,
        slug="bridge-rummy",
        players=sample_players(alice),
        options={"ace_low_value": 1},
    )
    assert game.options["ace_low_value"] == 1
    assert game.options["tie_break"] == "none"
    assert set(game.options) >= {"round_then_double", "min_naturals_per_meld"}


def test_carol_cannot_start_a_game_in_alices_night(night: Night, alice: Any, carol: Any) -> None:
    with pytest.raises(PermissionDenied):
        game_services.game_start(
            night=night, by=carol, slug="bridge-rummy", players=sample_players(alice)
        )
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("slug", "options", "code", "field"),
    [
        pytest.param("canasta", {}, "unknown_game", "game", id="unknown-game"),
        pytest.param(
            "bridge-rummy", {"jokers": 4}, "unknown_option", "options.jokers", id="unknown-option"
        ),
        pytest.param(
            "bridge-rummy",
            {"ace_low_value": 5},
            "bad_option",
            "options.ace_low_value",
            id="option-not-a-choice",
        ),
        pytest.param(
            "bridge-rummy",
            {"round_then_double": "yes"},
            "bad_option",
            "options.round_then_double",
            id="option-not-a-bool",
        ),
    ],
)
def test_it_refuses_a_game_the_engine_does_not_know(
    night: Night, alice: Any, slug: str, options: dict[str, Any], code: str, field: str
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        game_services.game_start(
            night=night, by=alice, slug=slug, players=sample_players(alice), options=options
        )
    assert (caught.value.code, caught.value.field) == (code, field)
    assert not Game.objects.exists()


def test_it_refuses_a_game_for_one(night: Night, alice: Any) -> None:
    with pytest.raises(AdjudicationError) as caught:
        game_services.game_start(
            night=night, by=alice, slug="bridge-rummy", players=sample_players(alice)[:1]
        )
    assert caught.value.field == "players"
    assert "2 to 5 players, not 1" in caught.value.message


def test_it_refuses_one_player_in_two_seats(night: Night, alice: Any) -> None:
    mary, tom, *_ = sample_players(alice)
    with pytest.raises(InvalidInput, match="only one seat"):
        game_services.game_start(
            night=night, by=alice, slug="bridge-rummy", players=[mary, tom, mary]
        )


def test_it_refuses_carols_own_players_at_alices_table(
    night: Night, alice: Any, carol: Any
) -> None:
    stranger = PlayerFactory(owner=carol, name="Zed")
    with pytest.raises(InvalidInput) as caught:
        game_services.game_start(
            night=night,
            by=alice,
            slug="bridge-rummy",
            players=[*sample_players(alice)[:2], stranger],
        )
    assert caught.value.message == "Zed cannot join this night."
    assert caught.value.field == "players"


# Recording deals --------------------------------------------------------------------------------


def test_the_sample_score_card_adds_up_deal_by_deal(bridge_game: Game, alice: Any) -> None:
    for deal, expected in zip(SAMPLE_DEALS, SAMPLE_TOTALS, strict=True):
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
        assert totals(bridge_game) == expected


def test_the_sample_score_card_gives_the_printed_stars(bridge_game: Game, alice: Any) -> None:
    record_sample(bridge_game, alice)
    # Mary went out in deals 1, 3 and 5, Tom in 2 and 6, Dick in 4.
    assert scoreboard.game_standings(bridge_game).tally.marks["stars"] == (3, 2, 1, 0)


def test_bob_records_a_deal(bridge_game: Game, bob: Any) -> None:
    entry = game_services.deal_record(game=bridge_game, by=bob, data=SAMPLE_DEALS[0])
    assert (entry.kind, entry.recorded_by) == (Entry.Kind.RECORD, bob)


def test_carol_cannot_record_a_deal(bridge_game: Game, carol: Any) -> None:
    with pytest.raises(PermissionDenied):
        game_services.deal_record(game=bridge_game, by=carol, data=SAMPLE_DEALS[0])
    assert not Entry.objects.exists()


def test_a_deal_is_kept_in_canonical_form(bridge_game: Game, alice: Any) -> None:
    entry = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[5])
    assert entry.data == {
        "went_out": 1,
        "hand_rummy": False,
        "hands": [
            {"seat": 0, "cards": "KS QH 10D 9C"},
            {"seat": 2, "held": 10},
            {"seat": 3, "not_down": True},
        ],
    }


def test_the_same_token_twice_records_once(bridge_game: Game, alice: Any) -> None:
    token = uuid.uuid4()
    first = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0], token=token)
    again = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0], token=token)
    assert again == first
    assert Entry.objects.count() == 1
    assert totals(bridge_game) == SAMPLE_TOTALS[0]


def test_a_token_used_in_another_game_is_a_conflict(bridge_game: Game, alice: Any) -> None:
    other = GameFactory(night=bridge_game.night)
    token = uuid.uuid4()
    game_services.deal_record(game=other, by=alice, data=SAMPLE_DEALS[0], token=token)
    with pytest.raises(Conflict) as caught:
        game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0], token=token)
    assert caught.value.field == "token"
    assert not bridge_game.entries.exists()


def test_an_eighth_deal_is_refused_because_the_game_is_over(bridge_game: Game, alice: Any) -> None:
    record_sample(bridge_game, alice)
    game_services.deal_record(game=bridge_game, by=alice, data=DEAL_7)
    assert scoreboard.game_standings(bridge_game).tally.finished
    with pytest.raises(AdjudicationError) as caught:
        game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    assert caught.value.code == "game_over"
    assert bridge_game.entries.count() == 7


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        pytest.param(ALICE_HELD_120, "impossible_count", "hands[2].held", id="held-over-100"),
        pytest.param(
            {
                **ALICE_HELD_120,
                "hands": [*ALICE_HELD_120["hands"][:2], {"seat": 3, "cards": "AS 11H"}],
            },
            "bad_card",
            "hands[2].cards",
            id="bad-card",
        ),
        pytest.param({"went_out": 0}, "bad_entry", "hands", id="no-hands"),
        pytest.param(
            {"went_out": "Mary", "hands": []}, "bad_entry", "went_out", id="went-out-a-name"
        ),
    ],
)
def test_a_rejected_deal_writes_nothing(
    bridge_game: Game, alice: Any, data: dict[str, Any], code: str, field: str
) -> None:
    record_sample(bridge_game, alice, deals=2)
    before = Entry.objects.count()
    with pytest.raises(AdjudicationError) as caught:
        game_services.deal_record(game=bridge_game, by=alice, data=data)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert Entry.objects.count() == before
    assert totals(bridge_game) == SAMPLE_TOTALS[1]


@pytest.mark.parametrize(
    ("data", "says", "not_says"),
    [
        pytest.param(ALICE_HELD_120, "Alice went down", "Seat 4", id="impossible-count"),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 2, "held": 5}]},
            "Say what Tom and Alice held",
            "seat 2",
            id="two-hands-missing",
        ),
        pytest.param(
            {"went_out": 0, "hands": [{"seat": 1, "held": 5}, {"seat": 1, "held": 5}]},
            "Tom is listed twice",
            "Seat 2",
            id="listed-twice",
        ),
        pytest.param(
            {"went_out": 4, "hands": []},
            "There is no seat 5: this table has seats 1 to 4 (0 to 3 in JSON).",
            "Alice",
            id="seat-numbers-given-stay-numbers",
        ),
    ],
)
def test_refusals_name_the_players(
    bridge_game: Game, alice: Any, data: dict[str, Any], says: str, not_says: str
) -> None:
    with pytest.raises(AdjudicationError) as caught:
        game_services.deal_record(game=bridge_game, by=alice, data=data)
    assert says in caught.value.message
    assert not_says not in caught.value.message
    assert str(caught.value) == caught.value.message


# Amending and voiding ---------------------------------------------------------------------------


def test_amending_keeps_the_old_entry_and_changes_the_totals(bridge_game: Game, alice: Any) -> None:
    first, *_ = record_sample(bridge_game, alice, deals=2)
    # Tom held 26, not 36: 30 rather than 40, and every later running total moves with it.
    corrected = {
        **SAMPLE_DEALS[0],
        "hands": [{"seat": 1, "held": 26}, *SAMPLE_DEALS[0]["hands"][1:]],
    }
    amend = game_services.deal_amend(
        game=bridge_game, deal_key=first.pk, by=alice, data=corrected, note=" Tom miscounted "
    )
    assert (amend.kind, amend.supersedes, amend.deal, amend.note) == (
        Entry.Kind.AMEND,
        first,
        first,
        "Tom miscounted",
    )
    assert Entry.objects.filter(pk=first.pk, data=first.data).exists()
    assert totals(bridge_game) == (80, 10, 50, 120)
    # The amended deal keeps its place: it is still deal 1.
    history = scoreboard.game_standings(bridge_game).history
    assert [h.key for h in history] == [first.pk, first.pk + 1]
    assert history[0].number == 1


def test_bob_amends_and_carol_cannot(bridge_game: Game, bob: Any, carol: Any) -> None:
    (first,) = record_sample(bridge_game, bob, deals=1)
    game_services.deal_amend(game=bridge_game, deal_key=first.pk, by=bob, data=SAMPLE_DEALS[0])
    with pytest.raises(PermissionDenied):
        game_services.deal_amend(
            game=bridge_game, deal_key=first.pk, by=carol, data=SAMPLE_DEALS[0]
        )
    with pytest.raises(PermissionDenied):
        game_services.deal_void(game=bridge_game, deal_key=first.pk, by=carol)
    assert bridge_game.entries.count() == 2


def test_voiding_keeps_the_deal_in_history_and_out_of_the_totals(
    bridge_game: Game, alice: Any
) -> None:
    first, second = record_sample(bridge_game, alice, deals=2)
    void = game_services.deal_void(game=bridge_game, deal_key=first.pk, by=alice, note="misdeal")
    assert (void.kind, void.supersedes, void.note) == (Entry.Kind.VOID, first, "misdeal")
    # Only deal 2 counts now; it keeps the number the table knows it by.
    assert totals(bridge_game) == (100, -20, 50, 20)
    history = scoreboard.game_standings(bridge_game).history
    assert [(h.key, h.voided, h.number) for h in history] == [
        (first.pk, True, 1),
        (second.pk, False, 2),
    ]


def test_a_voided_deal_comes_back_through_an_amend(bridge_game: Game, alice: Any) -> None:
    first, _ = record_sample(bridge_game, alice, deals=2)
    void = game_services.deal_void(game=bridge_game, deal_key=first.pk, by=alice)
    back = game_services.deal_amend(
        game=bridge_game, deal_key=first.pk, by=alice, data=SAMPLE_DEALS[0], revision=void.pk
    )
    assert back.supersedes == void
    assert totals(bridge_game) == SAMPLE_TOTALS[1]
    assert scoreboard.game_standings(bridge_game).history[0].number == 1


def test_voiding_a_voided_deal_is_refused(bridge_game: Game, alice: Any) -> None:
    (first,) = record_sample(bridge_game, alice, deals=1)
    game_services.deal_void(game=bridge_game, deal_key=first.pk, by=alice)
    with pytest.raises(InvalidInput, match="already voided"):
        game_services.deal_void(game=bridge_game, deal_key=first.pk, by=alice)
    assert bridge_game.entries.count() == 2


def test_a_stale_revision_is_a_conflict(bridge_game: Game, alice: Any, bob: Any) -> None:
    (first,) = record_sample(bridge_game, alice, deals=1)
    # Alice and Bob both open deal 1; Bob saves first.
    game_services.deal_amend(
        game=bridge_game, deal_key=first.pk, by=bob, data=SAMPLE_DEALS[0], revision=first.pk
    )
    with pytest.raises(Conflict) as caught:
        game_services.deal_amend(
            game=bridge_game, deal_key=first.pk, by=alice, data=SAMPLE_DEALS[0], revision=first.pk
        )
    assert caught.value.status == 409
    assert caught.value.field == "revision"
    with pytest.raises(Conflict):
        game_services.deal_void(game=bridge_game, deal_key=first.pk, by=alice, revision=first.pk)
    assert bridge_game.entries.count() == 2


def test_the_same_change_sent_again_is_kept_once(bridge_game: Game, alice: Any) -> None:
    """A phone that never heard the answer (its offline queue resends): the same amend or void,
    by the same person against the same revision, answers the entry already made."""
    first, second = record_sample(bridge_game, alice, deals=2)
    changed = {**SAMPLE_DEALS[0], "hand_rummy": True}
    amend = {"game": bridge_game, "deal_key": first.pk, "by": alice, "revision": first.pk}
    once = game_services.deal_amend(**amend, data=changed, note="Tom miscounted")
    assert game_services.deal_amend(**amend, data=changed, note="Tom miscounted") == once
    void = {"game": bridge_game, "deal_key": second.pk, "by": alice, "revision": second.pk}
    voided = game_services.deal_void(**void)
    assert game_services.deal_void(**void) == voided
    assert bridge_game.entries.count() == 4
    # Not the same change: still out of date.
    with pytest.raises(Conflict):
        game_services.deal_amend(**amend, data=SAMPLE_DEALS[0], note="Tom miscounted")
    with pytest.raises(Conflict):
        game_services.deal_amend(**amend, data=changed, note="another reason")
    assert bridge_game.entries.count() == 4


def test_amending_a_deal_that_does_not_exist_is_refused(bridge_game: Game, alice: Any) -> None:
    with pytest.raises(InvalidInput) as caught:
        game_services.deal_amend(game=bridge_game, deal_key=999, by=alice, data=SAMPLE_DEALS[0])
    assert caught.value.field == "deal"


def test_a_deal_of_another_game_cannot_be_amended_here(bridge_game: Game, alice: Any) -> None:
    other = GameFactory(night=NightFactory(owner=alice))
    (elsewhere,) = record_sample(other, alice, deals=1)
    with pytest.raises(InvalidInput):
        game_services.deal_amend(
            game=bridge_game, deal_key=elsewhere.pk, by=alice, data=SAMPLE_DEALS[0]
        )
    with pytest.raises(InvalidInput):
        game_services.deal_void(game=bridge_game, deal_key=elsewhere.pk, by=alice)


def test_an_impossible_amend_writes_nothing(bridge_game: Game, alice: Any) -> None:
    (first,) = record_sample(bridge_game, alice, deals=1)
    with pytest.raises(AdjudicationError) as caught:
        game_services.deal_amend(game=bridge_game, deal_key=first.pk, by=alice, data=ALICE_HELD_120)
    assert caught.value.code == "impossible_count"
    assert "Alice" in caught.value.message
    assert bridge_game.entries.count() == 1


# Removing a game started by mistake -------------------------------------------------------------


def test_a_game_with_nothing_recorded_is_removed_with_its_seats(night: Night, bob: Any) -> None:
    game = GameFactory(night=night, slug="brummy", players=["Mary", "Tom"])
    game_services.game_remove(game=game, by=bob)
    assert not Game.objects.filter(pk=game.pk).exists()
    assert not night.games.exists()


def test_a_game_with_anything_in_its_ledger_stays(bridge_game: Game, alice: Any) -> None:
    (entry,) = record_sample(bridge_game, alice, deals=1)
    game_services.deal_void(game=bridge_game, by=alice, deal_key=entry.deal_key, revision=entry.pk)
    with pytest.raises(Conflict) as caught:
        game_services.game_remove(game=bridge_game, by=alice)
    assert caught.value.code == "game_has_entries"
    assert caught.value.message == (
        "Game 1: Bridge Rummy has deals in its ledger, so it stays; void a deal to take it out "
        "of the tally."
    )
    assert Game.objects.filter(pk=bridge_game.pk).exists()
    assert Entry.objects.filter(game=bridge_game).count() == 2


def test_carol_cannot_remove_a_game_of_alices_night(bridge_game: Game, carol: Any) -> None:
    with pytest.raises(PermissionDenied):
        game_services.game_remove(game=bridge_game, by=carol)
    assert Game.objects.filter(pk=bridge_game.pk).exists()
