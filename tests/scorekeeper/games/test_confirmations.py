"""The other side confirms each hand, on a night that asks for it (issue 21).

Mary, Tom, Dick and Alice play Voormsi at four: Mary and Dick against Tom and Alice. Mary records
hand 1; Tom or Alice confirms it, Dick (her partner) cannot. At Rummy, Mary, Tom and Dick each
play alone: anyone but the recorder confirms.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from adjudicator.games import get_game
from scorekeeper import chain
from scorekeeper.exceptions import Conflict, InvalidInput
from scorekeeper.games import confirmations
from scorekeeper.games import services as game_services
from scorekeeper.history import ratings
from scorekeeper.models import Entry, Game, Night
from scorekeeper.standings import scoreboard
from scorekeeper.transfer import exporting, importing
from tests.factories import GameFactory, UserFactory
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


def test_a_hand_recorded_without_its_recorder_may_be_confirmed_by_anyone(
    rummy: Game, alice: Any
) -> None:
    entry = game_services.deal_record(game=rummy, by=alice, data=HAND_1)
    assert len(scoreboard.game_standings(rummy).history[0].confirmers) == 3
    confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=MARY)


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
    game_services.deal_amend(game=rummy, deal_key=entry.pk, by=alice, data=HAND_1, revision=void.pk)
    rummy.night.confirmations = False
    rummy.night.save()
    with pytest.raises(InvalidInput, match="does not ask") as refused:
        confirmations.deal_confirm(game=rummy, deal_key=entry.pk, by=alice, seat=TOM)
    assert refused.value.field == "deal"
    assert scoreboard.game_standings(rummy).unconfirmed == []  # nothing waits on such a night


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
    assert ratings.rated_games(alice) == []
    for entry in entries:
        confirmations.deal_confirm(game=game, deal_key=entry.pk, by=alice, seat=TOM)
    assert scoreboard.game_standings(game).finished
    rated = ratings.rated_games(alice)
    assert [r.game.pk for r in rated] == [game.pk]
    assert rated[0].at == max(e.pk for e in Entry.objects.filter(kind="confirm"))


def test_turning_confirmations_on_changes_the_kept_ratings(asking_night: Night, alice: Any) -> None:
    game = GameFactory(night=asking_night, slug="bridge-rummy")
    asking_night.confirmations = False
    asking_night.save()
    for n in range(1, 8):
        game_services.deal_record(game=game, by=alice, data=sample(game, n))
    assert len(ratings.rated_games(alice)) == 1
    asking_night.confirmations = True
    asking_night.save()
    assert ratings.rated_games(alice) == []  # no entry changed: the night's setting did


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
    client = Client()
    client.force_login(alice)
    assert (
        "Ask the other side to confirm each hand"
        in client.get(night.get_absolute_url()).content.decode()
    )
    client.post(reverse("night_confirmations", args=[night.pk]), {"confirmations": "1"})
    night.refresh_from_db()
    assert night.confirmations
    page = client.get(night.get_absolute_url()).content.decode()
    assert "Stop asking for confirmations" in page


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
