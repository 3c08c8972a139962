"""The other side confirms each hand, on a night that asks for it (issue 21).

Mary, Tom, Dick and Alice play Voormsi at four: Mary and Dick against Tom and Alice. Mary records
hand 1; Tom or Alice confirms it, Dick (her partner) cannot. At Rummy, Mary, Tom and Dick each
play alone: anyone but the recorder confirms.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from adjudicator.games import get_game
from scorekeeper import chain
from scorekeeper.desk import disputes
from scorekeeper.exceptions import Conflict, InvalidInput
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.history import ratings
from scorekeeper.history.scope import of_user
from scorekeeper.models import Entry, Game, Night
from scorekeeper.standings import scoreboard
from scorekeeper.transfer import exporting, importing
from tests.factories import GameFactory, NightFactory, UserFactory
from tests.scorekeeper.pages.test_deals import form_fields

MARY, TOM, DICK, ALICE = range(4)
HAND_1 = {"went_out": 1, "hands": [{"seat": 0, "held": 10}, {"seat": 2, "held": 25}]}
HX = {"HTTP_HX_REQUEST": "true"}


def offered(html: str) -> set[str]:
    """Who the page's confirm buttons name ("Confirmed by" is said once beside them)."""
    return set(re.findall(r'<span class="sr">Confirmed by </span>([^<]+)</button>', html))


@pytest.fixture
def asking_night(night: Night) -> Night:
    night.confirmations = True
    night.save()
    return night


def sample(game: Game, number: int) -> dict[str, Any]:
    definition = get_game(game.slug)
    return definition.sample_deal(
        players=game.seats.count(), options=definition.options(game.options), number=number
    )


@pytest.fixture
def voormsi(asking_night: Night) -> Game:
    return GameFactory(night=asking_night, slug="voormsi")


@pytest.fixture
def rummy(asking_night: Night) -> Game:
    return GameFactory(night=asking_night, slug="rummy", players=["Mary", "Tom", "Dick"])


def test_a_hand_waits_for_the_other_side_and_counts_meanwhile(voormsi: Game, alice: Any) -> None:
    entry = game_services.deal_record(game=voormsi, by=alice, data=sample(voormsi, 1), seat=MARY)
    standings = scoreboard.game_standings(voormsi)
    assert [h.number for h in standings.unconfirmed] == [1]
    assert standings.tally.deals  # the totals count it at once
    assert [seat for seat, _ in standings.history[0].confirmers] == [TOM, ALICE]
    assert "confirms hand 1" not in standings.name_status()  # the game goes on: nothing waits
    with pytest.raises(InvalidInput, match="Dick plays with Mary") as refused:
        confirmations.deal_confirm(game=voormsi, deal_key=entry.pk, by=alice, seat=DICK)
    assert refused.value.field == "seat"
    confirmed = confirmations.deal_confirm(
        game=voormsi, deal_key=entry.pk, by=alice, seat=TOM, revision=entry.pk
    )
    assert (confirmed.kind, confirmed.deal_id, confirmed.seat) == ("confirm", entry.pk, TOM)
    after = scoreboard.game_standings(voormsi)
    assert after.unconfirmed == [] and after.history[0].confirmed_by == "Tom"
    assert after.tally.totals == standings.tally.totals  # a confirmation changes no score


def test_in_a_game_played_alone_anyone_but_the_recorder_confirms(rummy: Game, alice: Any) -> None:
    entry = game_services.deal_record(game=rummy, by=alice, data=HAND_1, seat=TOM)
    assert [s for s, _ in scoreboard.game_standings(rummy).history[0].confirmers] == [MARY, DICK]
    with pytest.raises(InvalidInput, match="a player of another side confirms it"):
        confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=TOM)
    confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=DICK)


def test_a_hand_without_its_recorder_is_refused_where_the_game_asks(
    rummy: Game, alice: Any
) -> None:
    """Issue 26, 10.7: with no recorder known, every seat was offered, the recorder's too."""
    with pytest.raises(InvalidInput, match="Say who at the table records this hand") as refused:
        game_services.deal_record(game=rummy, by=alice, data=HAND_1)
    assert refused.value.field == "seat"
    entry = game_services.deal_record(game=rummy, by=alice, data=HAND_1, seat=MARY)
    with pytest.raises(InvalidInput, match="Say who at the table records") as refused:
        game_services.deal_amend(
            game=rummy, deal_key=entry.pk, by=alice, data=HAND_1, revision=entry.pk
        )
    assert refused.value.field == "seat"
    assert list(rummy.entries.values_list("kind", flat=True)) == ["record"]


def test_a_hand_whose_recorder_is_not_known_is_confirmed_by_nobody(rummy: Game, alice: Any) -> None:
    """A hand kept without its recorder (written before the app asked for one): no side is
    offered, a confirmation is refused, and an amend saying who records it can be confirmed."""
    entry = Entry.objects.create(game=rummy, kind="record", data=HAND_1, recorded_by=alice)
    standings = scoreboard.game_standings(rummy)
    assert [h.number for h in standings.unconfirmed] == [1]
    assert standings.history[0].confirmers == ()
    for seat in (MARY, TOM, DICK):
        with pytest.raises(InvalidInput, match="Nobody said who recorded this hand"):
            confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=seat)
    amend = game_services.deal_amend(
        game=rummy, deal_key=entry.pk, by=alice, data=HAND_1, revision=entry.pk, seat=TOM
    )
    assert [s for s, _ in scoreboard.game_standings(rummy).history[0].confirmers] == [MARY, DICK]
    confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=MARY)
    assert scoreboard.game_standings(rummy).history[0].confirmed_by == "Mary"
    assert amend.seat == TOM


def test_an_amend_is_confirmed_by_the_other_side_of_whoever_amended_it(
    voormsi: Game, alice: Any
) -> None:
    """An amend is a whole record: the hand as it stands is its amender's word alone. Mary's
    hand corrected by Tom is confirmed by Mary's side (Mary or Dick), not by Tom's."""
    entry = game_services.deal_record(game=voormsi, by=alice, data=sample(voormsi, 1), seat=MARY)
    game_services.deal_amend(
        game=voormsi,
        deal_key=entry.pk,
        by=alice,
        data=sample(voormsi, 2),
        revision=entry.pk,
        seat=TOM,
    )
    assert [s for s, _ in scoreboard.game_standings(voormsi).history[0].confirmers] == [
        MARY,
        DICK,
    ]
    with pytest.raises(InvalidInput, match="Alice plays with Tom, who recorded this hand"):
        confirmations.deal_confirm(game=voormsi, deal_key=entry.pk, by=alice, seat=ALICE)
    confirmations.deal_confirm(game=voormsi, deal_key=entry.pk, by=alice, seat=DICK)


def test_confirming_twice_answers_the_first_and_a_changed_hand_is_looked_at_again(
    rummy: Game, alice: Any, bob: Any
) -> None:
    entry = game_services.deal_record(game=rummy, by=alice, data=HAND_1, seat=MARY)
    first = confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=bob, seat=TOM)
    again = confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=TOM)
    assert again.pk == first.pk
    with pytest.raises(Conflict, match="Tom already confirmed"):
        confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=DICK)
    amend = game_services.deal_amend(
        game=rummy, deal_key=entry.pk, by=alice, data=HAND_1, revision=entry.pk, seat=MARY
    )
    # The amend needs confirming again; a page still showing the first record is refused.
    assert [h.number for h in scoreboard.game_standings(rummy).unconfirmed] == [1]
    with pytest.raises(Conflict):
        confirmations.deal_confirm(
            game=rummy, deal_key=entry.pk, by=alice, seat=DICK, revision=entry.pk
        )
    confirmations.deal_confirm(
        game=rummy, deal_key=entry.pk, by=alice, seat=DICK, revision=amend.pk
    )
    assert scoreboard.game_standings(rummy).unconfirmed == []


def test_refusals_a_night_that_does_not_ask_a_voided_hand_a_stranger(
    rummy: Game, alice: Any, carol: Any
) -> None:
    entry = game_services.deal_record(game=rummy, by=alice, data=HAND_1, seat=MARY)
    with pytest.raises(InvalidInput, match="Seat 9 is not at this table"):
        confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=8)
    with pytest.raises(InvalidInput, match="Seat 4 is not at this table"):
        game_services.deal_record(game=rummy, by=alice, data=HAND_1, seat=3)
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=carol, seat=TOM)
    void = game_services.deal_void(game=rummy, deal_key=entry.pk, by=alice, revision=entry.pk)
    with pytest.raises(InvalidInput, match="voided"):
        confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=TOM)
    game_services.deal_amend(
        game=rummy, deal_key=entry.pk, by=alice, data=HAND_1, revision=void.pk, seat=MARY
    )
    confirmations.night_ask_confirmations(night=rummy.night, by=alice, on=False)
    with pytest.raises(InvalidInput, match="does not ask") as refused:
        confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=TOM)
    assert refused.value.field == "deal"
    assert scoreboard.game_standings(rummy).unconfirmed == []  # nothing waits any more


def test_the_game_end_waits_for_every_hand(rummy: Game, alice: Any) -> None:
    entry = game_services.deal_record(game=rummy, by=alice, data=HAND_1, seat=MARY)
    with pytest.raises(InvalidInput, match="has not confirmed hand 1 yet") as refused:
        game_services.game_end(game=rummy, by=alice)
    assert refused.value.field == "game"
    confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=DICK)
    game_services.game_end(game=rummy, by=alice)
    assert scoreboard.game_standings(rummy).finished


def test_a_game_over_by_its_own_rule_is_finished_once_confirmed(
    asking_night: Night, alice: Any
) -> None:
    """Bridge Rummy ends after seven deals: the seventh ends the tally, but the game (and its
    ratings) wait for the other side."""
    game = GameFactory(night=asking_night, slug="bridge-rummy")
    entries = [
        game_services.deal_record(game=game, by=alice, data=sample(game, n), seat=MARY)
        for n in range(1, 8)
    ]
    standings = scoreboard.game_standings(game)
    assert standings.tally.finished and not standings.finished
    assert "The game ends once the other side confirms deals 1, 2, 3, 4, 5, 6, 7." in (
        standings.name_status()
    )
    assert ratings.rated_games(of_user(alice)) == []
    for entry in entries:
        confirmations.deal_confirm(game=game, deal_key=entry.pk, by=alice, seat=TOM)
    assert scoreboard.game_standings(game).finished
    rated = ratings.rated_games(of_user(alice))
    assert [r.game.pk for r in rated] == [game.pk]
    assert rated[0].at == max(e.pk for e in Entry.objects.filter(kind="confirm"))


def test_a_voided_hand_holds_nothing_up(asking_night: Night, alice: Any) -> None:
    """Issue 26, item 11: a voided hand counted among those waiting held the game's end."""
    game = GameFactory(night=asking_night, slug="bridge-rummy")
    entries = [
        game_services.deal_record(game=game, by=alice, data=sample(game, n), seat=MARY)
        for n in range(1, 8)
    ]
    game_services.deal_void(game=game, deal_key=entries[-1].pk, by=alice, revision=entries[-1].pk)
    game_services.deal_record(game=game, by=alice, data=sample(game, 7), seat=MARY)
    waiting = scoreboard.game_standings(game).unconfirmed
    assert [h.number for h in waiting] == [1, 2, 3, 4, 5, 6, 8]  # hand 7 is voided
    for history in waiting:
        confirmations.deal_confirm(game=game, deal_key=history.key, by=alice, seat=TOM)
    standings = scoreboard.game_standings(game)
    assert standings.unconfirmed == [] and standings.finished
    assert "confirms" not in standings.name_status()
    assert [r.game.pk for r in ratings.rated_games(of_user(alice))] == [game.pk]


def test_confirmations_are_chained_exported_and_imported(voormsi: Game, alice: Any) -> None:
    entry = game_services.deal_record(game=voormsi, by=alice, data=sample(voormsi, 1), seat=MARY)
    game_services.deal_record(game=voormsi, by=alice, data=sample(voormsi, 2), seat=TOM)
    confirmations.deal_confirm(game=voormsi, deal_key=entry.pk, by=alice, seat=ALICE)
    ledger = list(voormsi.entries.order_by("id"))
    walked, broken = chain.first_break(voormsi.pk, ledger, start=ledger[0].prev_hash)
    assert (walked, broken) == (3, None)
    document = exporting.export_document([voormsi.night])
    assert document["nights"][0]["confirmations"] is True
    rows = document["nights"][0]["games"][0]["entries"]
    assert [(r["kind"], r["seat"], r["deal"]) for r in rows] == [
        ("record", MARY, None),
        ("record", TOM, None),
        ("confirm", ALICE, 1),
    ]
    other = UserFactory(username="dora")
    [night] = importing.import_nights(owner=other, document=document)
    assert night.confirmations
    copied = scoreboard.game_standings(night.games.get())
    assert [h.number for h in copied.unconfirmed] == [2]
    assert copied.history[0].confirmed_by == "Alice"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda rows: rows[2].update(seat=DICK), "another side than its recorder"),
        (lambda rows: rows.append({**rows[2], "n": 4, "token": None}), "already confirmed"),
        (lambda rows: rows[2].update(deal=9), "names no earlier entry"),
        (lambda rows: rows[2].update(supersedes=1), "supersedes nothing"),
    ],
)
def test_an_import_refuses_a_confirmation_the_app_would_refuse(
    voormsi: Game, alice: Any, change: Any, message: str
) -> None:
    entry = game_services.deal_record(game=voormsi, by=alice, data=sample(voormsi, 1), seat=MARY)
    game_services.deal_record(game=voormsi, by=alice, data=sample(voormsi, 2), seat=TOM)
    confirmations.deal_confirm(game=voormsi, deal_key=entry.pk, by=alice, seat=ALICE)
    document = exporting.export_document([voormsi.night])
    change(document["nights"][0]["games"][0]["entries"])
    with pytest.raises(importing.ImportRefused, match=message):
        importing.import_nights(owner=UserFactory(), document=document)


# The pages ---------------------------------------------------------------------------------------


def test_the_table_records_hands_it_across_and_the_board_marks_what_waits(
    rummy: Game, alice: Any
) -> None:
    client = Client()
    client.force_login(alice)
    page = client.get(rummy.get_absolute_url()).content.decode()
    assert "Who is recording?" in page
    url = reverse("deal_record", args=[rummy.pk])
    answer = client.post(url, form_fields(HAND_1, number=1, recorder=MARY), **HX).content.decode()
    entry = Entry.objects.get()
    assert entry.seat == MARY, answer
    assert "Hand the phone across to confirm" in answer
    assert offered(answer) == {"Tom", "Dick"}  # not Mary, who recorded it
    assert "not confirmed yet" in answer  # the tally's row is marked
    # The phone remembers who records on it: the next form has Mary chosen.
    again = client.get(rummy.get_absolute_url()).content.decode()
    assert re.search(r'name="recorder" value="0"[^>]*checked', again)
    confirmed = client.post(
        reverse("deal_confirm", args=[rummy.pk, entry.pk]),
        {"seat": str(DICK), "revision": str(entry.pk)},
        **HX,
    ).content.decode()
    assert "Hand 1 confirmed by Dick." in confirmed
    assert "not confirmed yet" not in confirmed
    assert "✓ Dick" in confirmed


def test_the_owner_turns_confirmations_on_from_the_night_page(night: Night, alice: Any) -> None:
    """The page says what the tap changes before it: only the hands recorded after it."""
    client = Client()
    client.force_login(alice)
    page = client.get(night.get_absolute_url()).content.decode()
    assert "Ask the other side to confirm each hand" in page
    assert (
        "Only hands recorded from now on wait: hands already recorded count as they are, and a "
        "game already over stays over."
    ) in page
    assert 'aria-describedby="confirmations-what"' in page
    client.post(reverse("night_confirmations", args=[night.pk]), {"confirmations": "1"})
    night.refresh_from_db()
    assert night.confirmations
    page = client.get(night.get_absolute_url()).content.decode()
    assert "Stop asking for confirmations" in page
    assert (
        "Stopping changes nothing recorded: hands still waiting count as they are, and a game "
        "that waits only for them is over."
    ) in page


def test_the_start_a_night_box_says_it_can_change_later_for_the_hands_after(
    alice: Any,
) -> None:
    client = Client()
    client.force_login(alice)
    home = client.get(reverse("home")).content.decode()
    assert "The other side confirms each hand" in home
    assert "that changes only the hands recorded after, never a game already over" in home


def test_only_the_owner_changes_the_setting(night: Night, bob: Any) -> None:
    client = Client()
    client.force_login(bob)  # a recorder, not the owner
    response = client.post(reverse("night_confirmations", args=[night.pk]), {"confirmations": "1"})
    assert response.status_code == 403
    night.refresh_from_db()
    assert not night.confirmations


def test_a_confirmation_reaches_every_phone_at_the_next_poll(rummy: Game, alice: Any) -> None:
    """Issue 26: a confirmation is a ledger entry, so the board's version moves with it, and the
    poll of a phone holding the board from before serves the board without the hand waiting."""
    entry = game_services.deal_record(game=rummy, by=alice, data=HAND_1, seat=MARY)
    client = Client()
    client.force_login(alice)
    poll = reverse("game_scoreboard", args=[rummy.pk])
    before = client.get(f"{poll}?since=0", **HX)
    version = before["ETag"]
    assert offered(before.content.decode()) == {"Tom", "Dick"}
    confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=TOM, revision=entry.pk)
    held = version.strip('"').rsplit("-", 1)[1]
    after = client.get(f"{poll}?since={held}", **HX, HTTP_X_POLL_KEY=before["X-Poll-Key"])
    assert after.status_code == 200 and after["ETag"] != version
    board = after.content.decode()
    assert 'id="unconfirmed"' not in board and "✓ Tom" in board


def test_the_newest_hand_waiting_is_offered_first_and_older_ones_behind_one_tap(
    rummy: Game, alice: Any
) -> None:
    """Issue 26: a row of buttons per waiting hand pushed the newest hand's off the screen."""
    entries = [
        game_services.deal_record(game=rummy, by=alice, data=sample(rummy, n), seat=MARY)
        for n in (1, 2, 3)
    ]
    client = Client()
    client.force_login(alice)
    page = client.get(rummy.get_absolute_url()).content.decode()
    start = page.index('id="unconfirmed"')
    waiting = page[start : page.index("</details>", start)]
    newest = waiting.index("data-newest")
    older = waiting.index("<details")
    assert newest < older
    assert f'data-confirm="{entries[2].pk}"' in waiting[newest:older]
    assert f'data-confirm="{entries[0].pk}"' not in waiting[:older]
    assert "Confirm the earlier hands too (1, 2)" in waiting
    # Hand 2 before hand 1 behind the line (the nearest first); opened after confirming one.
    assert waiting.index(f'data-confirm="{entries[1].pk}"') < waiting.index(
        f'data-confirm="{entries[0].pk}"'
    )
    assert '<details class="older-waiting" data-older-waiting>' in waiting
    answer = client.post(
        reverse("deal_confirm", args=[rummy.pk, entries[0].pk]),
        {"seat": str(TOM), "revision": str(entries[0].pk)},
        **HX,
    ).content.decode()
    assert "Hand 1 confirmed by Tom." in answer
    assert '<details class="older-waiting" data-older-waiting open>' in answer
    assert "Confirm the earlier hand too (2)" in answer


# Turning the setting on or off: it applies from then on (issue 26) ------------------------------


def _finish(game: Game, by: Any, **seat: Any) -> list[Entry]:
    """Bridge Rummy's seven deals, the last of which ends it."""
    return [
        game_services.deal_record(game=game, by=by, data=sample(game, n), **seat)
        for n in range(1, 8)
    ]


def _reads(user: Any, games: list[Game]) -> dict[str, Any]:
    """Everything a person reads of these games' results: each game's status and what waits,
    the ratings (leaderboard, when each game finished), and the History and Ratings pages."""
    ratings.forget_runs()
    client = Client()
    client.force_login(user)

    def page(name: str) -> str:
        html = client.get(reverse(name)).content.decode()
        html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
        return re.sub(r'"X-CSRFToken": "[^"]*"', "", html)

    found = [scoreboard.game_standings(Game.objects.get(pk=g.pk)) for g in games]
    return {
        "games": [
            (s.finished, s.name_status(), [h.number for h in s.unconfirmed], s.tally.totals)
            for s in found
        ],
        "rated": [(r.game.pk, r.at) for r in ratings.rated_games(of_user(user))],
        "leaderboard": [
            (row.player.name, row.rating.shown, row.rating.games, row.won)
            for row in ratings.leaderboard(of_user(user)).rows
        ],
        "history": page("history"),
        "ratings": page("ratings"),
    }


def test_turning_confirmations_on_leaves_every_game_already_over_as_it_was(
    night: Night, alice: Any
) -> None:
    """Issue 26, item 1: one tap turned won games back into "The game ends once the other side
    confirms hands 1, 2, 3, 4", and Ratings into "No finished games yet"."""
    won = GameFactory(night=night, slug="bridge-rummy")
    _finish(won, alice)
    ended = GameFactory(night=night, slug="rummy", players=["Mary", "Tom", "Dick"])
    game_services.deal_record(game=ended, by=alice, data=HAND_1)
    game_services.game_end(game=ended, by=alice)
    going = GameFactory(night=night, slug="bridge-rummy")
    early = [game_services.deal_record(game=going, by=alice, data=sample(going, n)) for n in (1, 2)]
    before = _reads(alice, [won, ended, going])
    assert len(before["rated"]) == 2

    confirmations.night_ask_confirmations(night=night, by=alice, on=True)
    assert _reads(alice, [won, ended, going]) == before
    for game in (won, ended, going):  # each game begun keeps where it changed
        (setting,) = game.entries.filter(kind="setting")
        assert (setting.data, setting.recorded_by, setting.seat) == (
            {"confirmations": True},
            alice,
            None,
        )
    # The hands recorded before count as they are; the next one waits.
    with pytest.raises(InvalidInput, match="recorded before this game asked"):
        confirmations.deal_confirm(game=going, deal_key=early[0].pk, by=alice, seat=TOM)
    third = game_services.deal_record(game=going, by=alice, data=sample(going, 3), seat=MARY)
    standings = scoreboard.game_standings(going)
    assert [h.number for h in standings.unconfirmed] == [3]
    assert [h.confirmers != () for h in standings.history] == [False, False, True]
    confirmations.deal_confirm(game=going, deal_key=third.pk, by=alice, seat=TOM)
    # A game begun after it asks from its first hand: its sealed setup says so.
    later = GameFactory(night=night, slug="bridge-rummy")
    game_services.deal_record(game=later, by=alice, data=sample(later, 1), seat=MARY)
    later.refresh_from_db()
    assert later.setup["confirmations"] is True
    assert not later.entries.filter(kind="setting").exists()
    assert [h.number for h in scoreboard.game_standings(later).unconfirmed] == [1]


def test_setting_what_is_already_set_writes_nothing(bridge_game: Game, alice: Any) -> None:
    game_services.deal_record(game=bridge_game, by=alice, data=sample(bridge_game, 1))
    confirmations.night_ask_confirmations(night=bridge_game.night, by=alice, on=False)
    assert list(bridge_game.entries.values_list("kind", flat=True)) == ["record"]


def test_turning_confirmations_off_lets_the_waiting_hands_count_and_ends_the_game_there(
    alice: Any,
) -> None:
    """A game over by its rule that waited only for confirmations is over from the setting's
    entry: it is rated after a game that finished meanwhile, not at its last hand."""
    asking = NightFactory(owner=alice, confirmations=True)
    waiting = GameFactory(night=asking, slug="bridge-rummy")
    hands = _finish(waiting, alice, seat=MARY)
    confirmations.deal_confirm(game=waiting, deal_key=hands[0].pk, by=alice, seat=TOM)
    other = GameFactory(night=NightFactory(owner=alice), slug="bridge-rummy")
    _finish(other, alice)
    assert [r.game.pk for r in ratings.rated_games(of_user(alice))] == [other.pk]
    assert "The game ends once the other side confirms deals 2, 3, 4, 5, 6, 7." in (
        scoreboard.game_standings(waiting).name_status()
    )

    confirmations.night_ask_confirmations(night=asking, by=alice, on=False)
    standings = scoreboard.game_standings(waiting)
    assert standings.finished and standings.unconfirmed == []
    assert "confirms" not in standings.name_status()
    assert standings.history[0].confirmed_by == "Tom"  # what was confirmed stays said
    setting = waiting.entries.get(kind="setting")
    rated = ratings.rated_games(of_user(alice))
    assert [(r.game.pk, r.at) for r in rated][-1] == (waiting.pk, setting.pk)
    assert [r.game.pk for r in rated] == [other.pk, waiting.pk]
    with pytest.raises(InvalidInput, match="does not ask"):
        confirmations.deal_confirm(game=waiting, deal_key=hands[1].pk, by=alice, seat=TOM)


def test_on_again_asks_only_for_the_hands_after_it(asking_night: Night, alice: Any) -> None:
    game = GameFactory(night=asking_night, slug="bridge-rummy")
    first = game_services.deal_record(game=game, by=alice, data=sample(game, 1), seat=MARY)
    confirmations.night_ask_confirmations(night=asking_night, by=alice, on=False)
    game_services.deal_record(game=game, by=alice, data=sample(game, 2))
    confirmations.night_ask_confirmations(night=asking_night, by=alice, on=True)
    third = game_services.deal_record(game=game, by=alice, data=sample(game, 3), seat=MARY)
    assert [h.number for h in scoreboard.game_standings(game).unconfirmed] == [3]
    # An amend of hand 1 is recorded now: it waits, as any hand recorded now does.
    game_services.deal_amend(
        game=game, deal_key=first.pk, by=alice, data=sample(game, 1), revision=first.pk, seat=TOM
    )
    assert [h.number for h in scoreboard.game_standings(game).unconfirmed] == [1, 3]
    assert third.seat == MARY


def test_an_amend_after_the_night_turned_on_waits_even_in_a_game_already_over(
    night: Night, alice: Any
) -> None:
    """A finished game keeps the night's setting in its ledger too, so a hand amended in it
    later is confirmed like any hand recorded then; until it is, the game waits again."""
    game = GameFactory(night=night, slug="bridge-rummy")
    hands = _finish(game, alice)
    confirmations.night_ask_confirmations(night=night, by=alice, on=True)
    assert scoreboard.game_standings(game).finished
    amend = game_services.deal_amend(
        game=game,
        deal_key=hands[1].pk,
        by=alice,
        data=sample(game, 1),
        revision=hands[1].pk,
        seat=MARY,
    )
    standings = scoreboard.game_standings(game)
    assert not standings.finished and [h.number for h in standings.unconfirmed] == [2]
    assert ratings.rated_games(of_user(alice)) == []
    confirm = confirmations.deal_confirm(
        game=game, deal_key=hands[1].pk, by=alice, seat=TOM, revision=amend.pk
    )
    assert [(r.game.pk, r.at) for r in ratings.rated_games(of_user(alice))] == [
        (game.pk, confirm.pk)
    ]


def test_a_table_ended_game_undone_after_the_night_turned_on_asks_for_the_hands_after(
    rummy: Game, alice: Any
) -> None:
    """The setting reaches an ended game too: undo its end and play on, and the next hand
    waits (the end waits for it); the ledger, end and undo and setting, imports whole."""
    confirmations.night_ask_confirmations(night=rummy.night, by=alice, on=False)
    game_services.deal_record(game=rummy, by=alice, data=HAND_1)
    game_services.game_end(game=rummy, by=alice)
    confirmations.night_ask_confirmations(night=rummy.night, by=alice, on=True)
    assert scoreboard.game_standings(rummy).finished
    game_services.game_end_undo(game=rummy, by=alice)
    second = game_services.deal_record(game=rummy, by=alice, data=HAND_1, seat=TOM)
    with pytest.raises(InvalidInput, match="has not confirmed hand 2 yet"):
        game_services.game_end(game=rummy, by=alice)
    confirmations.deal_confirm(game=rummy, deal_key=second.pk, by=alice, seat=MARY)
    game_services.game_end(game=rummy, by=alice)
    rummy.night.refresh_from_db()
    document = exporting.export_document([rummy.night])
    assert [r["kind"] for r in document["nights"][0]["games"][0]["entries"]] == [
        "record",
        "end",
        "setting",
        "void",
        "record",
        "confirm",
        "end",
    ]
    [night] = importing.import_nights(owner=UserFactory(username="dora"), document=document)
    copied = scoreboard.game_standings(night.games.get())
    assert copied.finished and copied.history[1].confirmed_by == "Mary"


def test_a_hand_disputed_before_the_night_asked_is_settled_by_an_amend_that_waits(
    night: Night, alice: Any
) -> None:
    """The ruling's amend is recorded after the setting: the other side confirms it. Undone
    at once (a void), nothing waits."""
    game = GameFactory(night=night, slug="bridge-rummy")
    hand = game_services.deal_record(game=game, by=alice, data=sample(game, 1))
    ruling = disputes.hand_dispute(game=game, deal_key=hand.pk, by=alice)
    confirmations.night_ask_confirmations(night=night, by=alice, on=True)
    amend = game_services.deal_amend(
        game=game,
        deal_key=hand.pk,
        by=alice,
        data=sample(game, 1),
        revision=hand.pk,
        seat=MARY,
        settles=ruling.dispute,
    )
    assert [h.number for h in scoreboard.game_standings(game).unconfirmed] == [1]
    confirmations.deal_confirm(game=game, deal_key=hand.pk, by=alice, seat=TOM)
    other = game_services.deal_record(game=game, by=alice, data=sample(game, 2), seat=MARY)
    client = Client()
    client.force_login(alice)
    undone = client.post(
        reverse("deal_void", args=[game.pk, other.pk]),
        {"revision": str(other.pk), "note": "Undone just after it was recorded"},
        **HX,
    ).content.decode()
    assert "Waiting for the other side to confirm" not in undone
    assert scoreboard.game_standings(game).unconfirmed == []
    night.refresh_from_db()
    document = exporting.export_document([night])
    [copy] = importing.import_nights(owner=UserFactory(username="dora"), document=document)
    copied = list(copy.games.get().entries.order_by("id"))
    kinds = ["record", "dispute", "setting", "amend", "confirm", "record", "void"]
    assert [e.kind for e in copied] == kinds
    assert copied[3].settles_id == copied[1].pk and amend.settles_id == ruling.dispute_id


def test_a_nights_setting_changed_outside_the_app_rewrites_no_game_and_is_named(
    asking_night: Night, alice: Any
) -> None:
    """Issue 26, 10.8: ``UPDATE scorekeeper_night SET confirmations=false`` went unnoticed and
    ended every waiting game. The games ask as their ledgers say; verify_ledger names it."""
    game = GameFactory(night=asking_night, slug="bridge-rummy")
    _finish(game, alice, seat=MARY)
    before = _reads(alice, [game])
    assert before["rated"] == []
    Night.objects.filter(pk=asking_night.pk).update(confirmations=False)
    assert _reads(alice, [game]) == before
    out = io.StringIO()
    with pytest.raises(CommandError, match="broken in 1 of 1 games"):
        call_command("verify_ledger", stdout=out, stderr=out)
    assert (
        f"BROKEN game {game.pk}: its night does not ask for confirmations, but its ledger says "
        "the game does (from its first entry): the night's setting was changed outside the app"
    ) in out.getvalue()
    # Put back, it agrees again; the owner's own change writes the ledger and agrees too.
    Night.objects.filter(pk=asking_night.pk).update(confirmations=True)
    confirmations.night_ask_confirmations(night=asking_night, by=alice, on=False)
    assert call_command("verify_ledger", stdout=io.StringIO()) is None


def test_only_the_owner_changes_it_and_nothing_is_written_when_refused(
    bridge_game: Game, alice: Any, bob: Any
) -> None:
    from django.core.exceptions import PermissionDenied

    game_services.deal_record(game=bridge_game, by=alice, data=sample(bridge_game, 1))
    with pytest.raises(PermissionDenied):
        confirmations.night_ask_confirmations(night=bridge_game.night, by=bob, on=True)
    bridge_game.night.refresh_from_db()
    assert not bridge_game.night.confirmations
    assert not bridge_game.entries.filter(kind="setting").exists()


# Export and import ---------------------------------------------------------------------------------


def test_an_import_keeps_a_confirmation_per_revision(rummy: Game, alice: Any) -> None:
    """Issue 26, item 11: record, confirm, amend, confirm again: the second confirmation is of
    the amend, not the hand's second."""
    entry = game_services.deal_record(game=rummy, by=alice, data=HAND_1, seat=MARY)
    confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=TOM)
    amend = game_services.deal_amend(
        game=rummy, deal_key=entry.pk, by=alice, data=HAND_1, revision=entry.pk, seat=MARY
    )
    confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=DICK)
    document = exporting.export_document([rummy.night])
    rows = document["nights"][0]["games"][0]["entries"]
    assert [(r["kind"], r["seat"]) for r in rows] == [
        ("record", MARY),
        ("confirm", TOM),
        ("amend", MARY),
        ("confirm", DICK),
    ]
    [night] = importing.import_nights(owner=UserFactory(username="dora"), document=document)
    copied = scoreboard.game_standings(night.games.get())
    assert copied.unconfirmed == [] and copied.history[0].confirmed_by == "Dick"
    assert amend.pk < copied.history[0].current.pk  # the copy's own ledger


def test_the_setting_and_where_it_changed_survive_export_and_import(
    night: Night, alice: Any
) -> None:
    """A game over before the night asked, one that asked from its middle, one that asked from
    its start: each reads the same after an import, and exports again the same."""
    won = GameFactory(night=night, slug="bridge-rummy")
    _finish(won, alice)
    going = GameFactory(night=night, slug="bridge-rummy")
    game_services.deal_record(game=going, by=alice, data=sample(going, 1))
    confirmations.night_ask_confirmations(night=night, by=alice, on=True)
    game_services.deal_record(game=going, by=alice, data=sample(going, 2), seat=MARY)
    later = GameFactory(night=night, slug="bridge-rummy")
    game_services.deal_record(game=later, by=alice, data=sample(later, 1), seat=TOM)
    before = _reads(alice, [won, going, later])
    night.refresh_from_db()
    document = exporting.export_document([night])
    games = document["nights"][0]["games"]
    assert document["nights"][0]["confirmations"] is True
    assert [g["confirmations"] for g in games] == [False, False, True]
    assert [(r["kind"], r["data"]) for r in games[1]["entries"]][1] == (
        "setting",
        {"confirmations": True},
    )
    [copy] = importing.import_nights(owner=alice, document=document)
    copies = list(copy.games.order_by("number"))
    after = _reads(alice, copies)
    assert after["games"] == before["games"]
    assert [g.setup["confirmations"] for g in copies] == [False, False, True]
    assert call_command("verify_ledger", stdout=io.StringIO()) is None
    again = exporting.export_document([copy])["nights"][0]
    strip = ("token", "recorded_at")
    assert [
        (g["confirmations"], [{k: v for k, v in r.items() if k not in strip} for r in g["entries"]])
        for g in again["games"]
    ] == [
        (g["confirmations"], [{k: v for k, v in r.items() if k not in strip} for r in g["entries"]])
        for g in games
    ]


def test_a_file_from_before_games_kept_their_setting_reads_as_it_did(
    voormsi: Game, alice: Any
) -> None:
    """A file that does not say how each game began: its games began as their night is."""
    entry = game_services.deal_record(game=voormsi, by=alice, data=sample(voormsi, 1), seat=MARY)
    game_services.deal_record(game=voormsi, by=alice, data=sample(voormsi, 2), seat=TOM)
    confirmations.deal_confirm(game=voormsi, deal_key=entry.pk, by=alice, seat=ALICE)
    document = exporting.export_document([voormsi.night])
    del document["nights"][0]["games"][0]["confirmations"]
    [night] = importing.import_nights(owner=UserFactory(username="dora"), document=document)
    copied = scoreboard.game_standings(night.games.get())
    assert [h.number for h in copied.unconfirmed] == [2]


def _setting_night(voormsi: Game, alice: Any) -> dict[str, Any]:
    """Voormsi: hand 1 before the night asks, then the setting, then hand 2 (Mary's)."""
    voormsi.night.confirmations = False
    voormsi.night.save()
    game_services.deal_record(game=voormsi, by=alice, data=sample(voormsi, 1))
    confirmations.night_ask_confirmations(night=voormsi.night, by=alice, on=True)
    game_services.deal_record(game=voormsi, by=alice, data=sample(voormsi, 2), seat=MARY)
    voormsi.night.refresh_from_db()
    return exporting.export_document([voormsi.night])


def test_an_old_confirmation_of_a_hand_of_no_known_recorder_imports_as_the_ledger_reads_it(
    voormsi: Game, alice: Any
) -> None:
    """Before a hand had to say who recorded it (issue 26, 10.7), a confirmations night could
    hold a hand of no known recorder, confirmed. The app refuses to confirm such a hand now,
    but the one it holds counts, so its export must import again and read the same."""
    document = _setting_night(voormsi, alice)
    _rows(document)[2].update(seat=None)
    _rows(document).append({"n": 4, "kind": "confirm", "deal": 3, "seat": TOM, "data": {}})
    [night] = importing.import_nights(owner=UserFactory(username="dora"), document=document)
    copied = scoreboard.game_standings(night.games.get())
    assert copied.unconfirmed == []
    assert exporting.export_document([night])["nights"][0]["games"][0]["entries"][-1]["seat"] == TOM


def _rows(document: dict[str, Any]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = document["nights"][0]["games"][0]["entries"]
    return rows


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            lambda d: _rows(d)[1].update(seat=TOM), "names no entry or seat", id="setting-seat"
        ),
        pytest.param(
            lambda d: _rows(d)[1].update(deal=1), "names no entry or seat", id="setting-deal"
        ),
        pytest.param(
            lambda d: _rows(d)[1].update(data={"confirmations": "yes"}),
            'should be a setting: {"confirmations": true}',
            id="setting-value",
        ),
        pytest.param(
            lambda d: _rows(d)[1].update(data={"confirmations": True, "more": 1}),
            "should be a setting",
            id="setting-more",
        ),
        pytest.param(
            lambda d: d["nights"][0]["games"][0].update(confirmations=True),
            "the game asked for confirmations already",
            id="setting-already",
        ),
        pytest.param(
            lambda d: d["nights"][0].update(confirmations=False),
            "its night's confirmations say otherwise",
            id="night-disagrees",
        ),
        pytest.param(
            lambda d: _rows(d).append(
                {"n": 4, "kind": "confirm", "deal": 1, "seat": TOM, "data": {}}
            ),
            "not waiting for a confirmation",
            id="confirm-a-hand-from-before",
        ),
    ],
)
def test_an_import_refuses_a_setting_the_app_would_not_write(
    voormsi: Game, alice: Any, change: Any, message: str
) -> None:
    document = _setting_night(voormsi, alice)
    importing.import_nights(owner=UserFactory(username="dora"), document=document)  # as it is
    change(document)
    with pytest.raises(importing.ImportRefused, match=re.escape(message)):
        importing.import_nights(owner=UserFactory(username="eve"), document=document)
