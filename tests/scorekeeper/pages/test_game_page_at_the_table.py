"""The game page when the table is busy: two phones, a ledger with a problem, bad numbers.

Each story comes from the issue "Found in use": a second phone recording the same deal, a void
that broke a game for good, a page that answered 500 on a row it could not read.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services as game_services
from scorekeeper.ledger import reading
from scorekeeper.models import Entry, Game
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory
from tests.scorekeeper.pages.test_deals import HX, form_fields, is_whole_page


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def page(client: Client, game: Game) -> str:
    response = client.get(game.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


# Two phones, one deal ---------------------------------------------------------------------------


def test_the_form_says_which_deal_it_records(alice_client: Client, bridge_game: Game) -> None:
    html = page(alice_client, bridge_game)
    assert "Record deal 1" in html
    assert '<input type="hidden" name="number" value="1"' in html


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_deal_another_phone_just_recorded_is_not_recorded_twice(
    alice_client: Client, bridge_game: Game, bob: Any, htmx: bool
) -> None:
    # Bob's phone records deal 1 while Alice's still shows "Record deal 1".
    game_services.deal_record(game=bridge_game, by=bob, data=SAMPLE_DEALS[0], number=1)
    mine = form_fields(SAMPLE_DEALS[0], number=1)
    response = alice_client.post(
        reverse("deal_record", args=[bridge_game.pk]), mine, **(HX if htmx else {})
    )
    assert response.status_code == (200 if htmx else 409)
    html = response.content.decode()
    assert is_whole_page(html) is not htmx
    assert "bob recorded deal 1 from another phone" in html
    assert "Mary -20 · Tom +40 · Dick +0 · Alice +100" in html
    assert "Record as deal 2" in html
    assert '<input type="hidden" name="number" value="2"' in html
    assert 'name="held_1" value="36"' in html  # what Alice entered is kept
    assert f'name="token" value="{mine["token"]}"' in html
    assert bridge_game.entries.count() == 1
    # One tap records hers as the next deal.
    again = alice_client.post(reverse("deal_record", args=[bridge_game.pk]), mine | {"number": "2"})
    assert again.status_code == 302
    assert [h.number for h in scoreboard.game_standings(bridge_game).history] == [1, 2]


# A ledger that does not replay is shown, never a 500 --------------------------------------------


@pytest.fixture
def broken_game(bridge_game: Game, alice: Any) -> tuple[Game, Entry]:
    first = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[1])
    # A row no service writes (an older version, a hand edit): deal 1 unreadable.
    Entry.objects.create(
        game=bridge_game,
        kind=Entry.Kind.AMEND,
        deal_id=first.pk,
        supersedes=first,
        data={"went_out": "nobody"},
        recorded_by=alice,
    )
    return bridge_game, first


def test_every_read_of_a_broken_ledger_answers(
    alice_client: Client, broken_game: tuple[Game, Entry], api: Any
) -> None:
    game, first = broken_game
    html = page(alice_client, game)
    assert "Some deals are not in the totals." in html
    assert "Deal 1&#x27;s record cannot be read" in html
    assert "Amend deal 1 to enter it again, or void it." in html
    poll = alice_client.get(reverse("game_scoreboard", args=[game.pk]), **HX)
    assert poll.status_code == 200
    assert "Deal 1&#x27;s record cannot be read" in poll.content.decode()
    amend = alice_client.get(reverse("deal_amend", args=[game.pk, first.pk]))
    assert amend.status_code == 200
    assert "old record cannot be read" in amend.content.decode()
    standings = api.get(reverse("api_game_standings", args=[game.pk]))
    assert standings.status_code == 200
    assert [(p["number"], p["fix"]) for p in standings.json()["problems"]] == [
        (1, "Amend deal 1 to enter it again, or void it.")
    ]


def test_the_fix_the_page_names_repairs_the_game(
    alice_client: Client, broken_game: tuple[Game, Entry]
) -> None:
    game, first = broken_game
    latest = reading.latest_revision(game, first.pk)
    assert latest is not None
    response = alice_client.post(
        reverse("deal_void", args=[game.pk, first.pk]), {"revision": latest.pk}
    )
    assert response.status_code == 302
    assert "not in the totals" not in page(alice_client, game)


# Old values stay visible ------------------------------------------------------------------------


def test_an_amended_deal_shows_what_it_said_struck_through(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    first = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    corrected = {
        **SAMPLE_DEALS[0],
        "hands": [{"seat": 1, "held": 46}, *SAMPLE_DEALS[0]["hands"][1:]],
    }
    game_services.deal_amend(game=bridge_game, deal_key=first.pk, by=alice, data=corrected)
    html = page(alice_client, bridge_game)
    assert 'Tom <s aria-label="was 40">+40</s> +50' in html
    game_services.deal_void(game=bridge_game, deal_key=first.pk, by=alice)
    html = page(alice_client, bridge_game)
    assert '<strong>Deal 1</strong> <span class="tag">voided</span>' in html
    assert 'Tom <s aria-label="was 50">+50</s>' in html


# Numbers Python's isdigit accepts and int refuses ------------------------------------------------


@pytest.mark.parametrize(
    "revision",
    ["²", "9" * 5000, str(2**63), "-1", "abc"],
    ids=["superscript", "5000-nines", "2^63", "negative", "letters"],
)
def test_a_void_with_an_unsound_revision_is_refused_inline(
    alice_client: Client, bridge_game: Game, alice: Any, revision: str
) -> None:
    first = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    response = alice_client.post(
        reverse("deal_void", args=[bridge_game.pk, first.pk]), {"revision": revision}
    )
    assert response.status_code == 400
    assert "This page is out of date" in response.content.decode()
    assert bridge_game.entries.count() == 1


@pytest.mark.parametrize("field", ["number", "revision"])
def test_a_deal_form_with_an_absurd_number_is_refused(
    alice_client: Client, bridge_game: Game, field: str
) -> None:
    response = alice_client.post(
        reverse("deal_record", args=[bridge_game.pk]),
        form_fields(SAMPLE_DEALS[0], **{field: "9" * 5000}),
    )
    assert response.status_code == 400
    assert bridge_game.entries.count() == 0


# A grid preview belongs to grid games -----------------------------------------------------------


@pytest.mark.parametrize("view", ["grid_score", "best_grid"])
def test_a_grid_preview_of_a_game_without_grids_is_404(
    alice_client: Client, bridge_game: Game, view: str
) -> None:
    response = alice_client.get(reverse(view, args=[bridge_game.pk]), {"seat": 0, "cards_0": "AS"})
    assert response.status_code == 404


def test_games_are_named_by_their_order_in_the_night(
    alice_client: Client, bridge_game: Game
) -> None:
    assert "Game 1: Bridge Rummy" in page(alice_client, bridge_game)


# A game whose rules read the deal's number (Crummy Rummy's rounds), after a void -------------


def _crummy_after_a_void(night: Any) -> tuple[Game, list[Entry]]:
    """Rounds 1, 2 and 3 recorded, then round 2 voided: two rounds count."""
    game: Game = GameFactory(night=night, slug="crummy-rummy", players=["Ann", "Ben", "Cy", "Di"])
    definition = reading.game_definition(game)
    entries = [
        game_services.deal_record(
            game=game,
            by=night.owner,
            data=definition.sample_deal(players=4, options=definition.options(), number=n),
        )
        for n in (1, 2, 3)
    ]
    game_services.deal_void(game=game, deal_key=entries[1].pk, by=night.owner)
    return game, entries


def test_a_round_voided_is_played_again_under_its_number(alice_client: Client, night: Any) -> None:
    """Issue 26: after a Crummy Rummy round was voided the page said "Round 4: … deals" and
    "Record round 4" while the round to play was the third, as its contract said."""
    game, entries = _crummy_after_a_void(night)
    standings = scoreboard.game_standings(game)
    # The round recorded third now counts as round 2, and is scored to round 2's contract.
    assert [(h.key, h.number, h.voided) for h in standings.history] == [
        (entries[0].pk, 1, False),
        (entries[1].pk, 2, True),
        (entries[2].pk, 2, False),
    ]
    assert standings.history[2].summary.startswith("Round 2 (3 sets of 3):")
    assert standings.next_number == reading.next_deal_number(game) == 3
    assert standings.next_note == "Round 3 of 5: 2 runs of 4."
    assert standings.next_turn is not None
    assert standings.next_turn["text"] == "Round 3: Cy deals, Di plays first"
    html = page(alice_client, game)
    assert "<h2>Record round 3</h2>" in html
    assert '<input type="hidden" name="number" value="3"' in html
    assert "Round 3: Cy deals, Di plays first" in html
    assert "Round 4" not in html


def test_a_form_from_before_a_round_was_voided_is_renumbered_not_stuck(
    alice_client: Client, night: Any
) -> None:
    """A phone that showed "Record round 4" before another phone voided round 2: refused with
    the round it is, and ready to record as that round in one tap."""
    game, _ = _crummy_after_a_void(night)
    definition = reading.game_definition(game)
    fields = {
        "went_out": "1",
        "how_0": "held",
        "held_0": "20",
        "how_2": "held",
        "held_2": "30",
        "how_3": "held",
        "held_3": "40",
    }
    url = reverse("deal_record", args=[game.pk])
    html = alice_client.post(url, fields | {"number": "4"}, **HX).content.decode()
    assert "The next round is round 3, not 4." in html
    assert '<input type="hidden" name="number" value="3"' in html
    assert "Record round 3<span" in html
    answer = alice_client.post(url, fields | {"number": "3"}, **HX).content.decode()
    assert "Round 3 recorded" in answer
    assert len(scoreboard.game_standings(game).tally.deals) == 3
    assert definition.deal_word == "round"


@pytest.mark.parametrize("slug", ["bridge-rummy", "voormsi"])
def test_other_games_keep_a_voided_deals_number(
    alice_client: Client, night: Any, slug: str
) -> None:
    """A deal's number is a name the table gave it: the deal after a void takes a new one."""
    game: Game = GameFactory(night=night, slug=slug)
    definition = reading.game_definition(game)
    entries = [
        game_services.deal_record(
            game=game,
            by=night.owner,
            data=definition.sample_deal(players=4, options=definition.options(), number=n),
        )
        for n in (1, 2, 3)
    ]
    game_services.deal_void(game=game, deal_key=entries[1].pk, by=night.owner)
    standings = scoreboard.game_standings(game)
    assert [h.number for h in standings.history] == [1, 2, 3]
    assert standings.next_number == reading.next_deal_number(game) == 4
    assert standings.next_turn is not None
    assert standings.next_turn["text"].startswith(f"{definition.deal_word.capitalize()} 4: ")
    assert f"<h2>Record {definition.deal_word} 4</h2>" in page(alice_client, game)
