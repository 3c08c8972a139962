"""The deal form's answers where the eyes are (issue 18): what a good submit says and how it is
undone, what a refused one says beside the button, and the choices the form starts on."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services as game_services
from scorekeeper.history import ratings
from scorekeeper.history.scope import of_user
from scorekeeper.models import Entry, Game, Night
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.standings import scoreboard
from tests.factories import GameFactory
from tests.scorekeeper.pages.test_deals import (
    HX,
    IMPOSSIBLE,
    alice_held,
    form_fields,
    record_url,
    void_url,
)


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def checked(html: str, name: str) -> str | None:
    """The value of the radio ``name`` the page starts on."""
    for tag in re.findall(rf'<input type="radio" name="{name}"[^>]*>', html):
        if " checked" in tag:
            return re.search(r'value="([^"]*)"', tag).group(1)  # type: ignore[union-attr]
    return None


def recorded_box(html: str) -> str:
    start = html.index('<div class="recorded"')
    return html[start : html.index("</div>", start)]


# A good submit ---------------------------------------------------------------------------------


def test_a_recorded_deal_is_said_above_the_next_form_with_an_undo(
    alice_client: Client, bridge_game: Game
) -> None:
    html = alice_client.post(record_url(bridge_game), form_fields(SAMPLE_DEALS[0]), **HX)
    html = html.content.decode()
    entry = Entry.objects.get()
    box = recorded_box(html)
    # The deal's own named results, the new totals and the way to the board.
    assert "Deal 1 recorded</strong>: Mary -20, Tom +40, Dick +0, Alice +100." in box
    assert "Totals now: Mary -20 · Tom 40 · Dick 0 · Alice 100." in re.sub("<[^>]+>", "", box)
    assert 'href="#board"' in box
    # The undo is a void of that revision, through the board's void view.
    assert f'hx-post="{void_url(bridge_game, entry.pk)}"' in box
    assert f'name="revision" value="{entry.pk}"' in box
    assert "Undo: void deal 1" in box
    # It sits above the next deal's form.
    assert html.index('<div class="recorded"') < html.index("<h2>Record deal 2</h2>")


def test_the_undo_voids_the_deal_in_the_ledger(alice_client: Client, bridge_game: Game) -> None:
    alice_client.post(record_url(bridge_game), form_fields(SAMPLE_DEALS[0]), **HX)
    entry = Entry.objects.get()
    html = alice_client.post(
        void_url(bridge_game, entry.pk),
        {"revision": entry.pk, "note": "Undone just after it was recorded"},
        **HX,
    ).content.decode()
    void = Entry.objects.get(kind=Entry.Kind.VOID)
    assert void.supersedes == entry
    assert void.note == "Undone just after it was recorded"
    assert '<div class="recorded"' not in html
    assert f'<li class="deal voided" id="deal-{entry.pk}">' in html
    assert "Deal 1 voided: it stays in the history" in html


def test_without_scripts_the_page_says_what_was_recorded(
    alice_client: Client, bridge_game: Game
) -> None:
    response = alice_client.post(record_url(bridge_game), form_fields(SAMPLE_DEALS[0]))
    entry = Entry.objects.get()
    html = alice_client.get(response["Location"]).content.decode()
    assert "Deal 1 recorded" in recorded_box(html)
    # Once voided, or for a deal that is not there, nothing is said.
    game_services.deal_void(
        game=bridge_game, deal_key=entry.pk, by=entry.recorded_by, revision=entry.pk
    )
    url = bridge_game.get_absolute_url()
    for asked in [str(entry.pk), "9" * 30, "x", "-1", "²"]:
        html = alice_client.get(url, {"recorded": asked}).content.decode()
        assert '<div class="recorded"' not in html, asked


def test_a_deal_recorded_from_another_phone_is_not_announced_as_mine(
    alice_client: Client, bridge_game: Game, bob: Any
) -> None:
    game_services.deal_record(game=bridge_game, by=bob, data=SAMPLE_DEALS[0])
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert '<div class="recorded"' not in html


# The deal that ends the game (issue 26, item 4) ----------------------------------------------


def _one_deal_from_the_end(game: Game) -> None:
    """Bridge Rummy's first six deals: the seventh ends the game (seven to play)."""
    for deal in SAMPLE_DEALS:
        game_services.deal_record(game=game, by=game.night.owner, data=deal)


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_the_deal_that_ends_the_game_is_answered_with_the_verdict_and_an_undo(
    alice_client: Client, bridge_game: Game, htmx: bool
) -> None:
    _one_deal_from_the_end(bridge_game)
    response = alice_client.post(
        record_url(bridge_game), form_fields(SAMPLE_DEALS[0]), **(HX if htmx else {})
    )
    if not htmx:  # back to the game page, which says it too
        response = alice_client.get(response["Location"])
    html = response.content.decode()
    entry = Entry.objects.filter(kind=Entry.Kind.RECORD).order_by("-id").first()
    assert entry is not None
    box = recorded_box(html)
    assert "Deal 7 recorded</strong>: Mary -120, Tom +40, Dick +0, Alice +100." in box
    # The verdict, said where the eyes are, and the way back: the game is over, and Undo says so.
    assert '<p class="recorded-verdict"><strong>Game over: Mary wins on 40.</strong></p>' in box
    assert f'hx-post="{void_url(bridge_game, entry.pk)}"' in box
    assert "Undo: void deal 7" in box
    # No form for an eighth deal, and the answer is where the form was.
    assert "Record deal 8" not in html
    assert html.index('id="board"') < html.index('<section class="card" id="record">')


def test_undoing_the_deal_that_ended_the_game_plays_on_and_the_ratings_follow(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    _one_deal_from_the_end(bridge_game)
    alice_client.post(record_url(bridge_game), form_fields(SAMPLE_DEALS[0]), **HX)
    assert [r.game for r in ratings.rated_games(of_user(alice))] == [bridge_game]
    night = bridge_game.night.get_absolute_url()
    assert '<span class="won">♛ Mary' in alice_client.get(night).content.decode()
    entry = Entry.objects.filter(kind=Entry.Kind.RECORD).order_by("-id").first()
    assert entry is not None
    html = alice_client.post(
        void_url(bridge_game, entry.pk),
        {"revision": entry.pk, "note": "Undone just after it was recorded"},
        **HX,
    ).content.decode()
    # A void of the deal that ended the game re-opens it: the replay counts six deals again.
    standings = scoreboard.game_standings(bridge_game)
    assert not standings.finished
    assert standings.name_status() == "After deal 6 of 7: Mary lowest on 160."
    assert "Deal 7 voided: it stays in the history" in html
    assert "<h2>Record deal 8</h2>" in html
    assert ratings.rated_games(of_user(alice)) == []
    assert '<span class="going">still going: Mary' in alice_client.get(night).content.decode()


# A refused submit ------------------------------------------------------------------------------


def test_a_refusal_is_said_again_beside_the_button(alice_client: Client, bridge_game: Game) -> None:
    for extra in [{}, HX]:
        html = alice_client.post(
            record_url(bridge_game), form_fields(alice_held(120)), **extra
        ).content.decode()
        start = html.index("data-refusal")
        summary = html[start : html.index("</div>", start)]
        assert 'role="alert"' in html[start - 60 : start]
        assert "Not recorded:" in summary
        # The same sentence as beside the field, linked to the field.
        assert f'<a href="#id_held_3">{IMPOSSIBLE}' in summary
        button = html.index("Record deal 1<span")
        assert html.index(f"{IMPOSSIBLE}") < start < button


def test_a_form_left_empty_names_each_missing_choice_beside_the_button(
    alice_client: Client, bridge_game: Game
) -> None:
    html = alice_client.post(record_url(bridge_game), {}, **HX).content.decode()
    start = html.index("data-refusal")
    summary = html[start : html.index("</div>", start)]
    assert 'href="#id_went_out_0"' in summary


def test_a_good_form_has_no_refusal(alice_client: Client, bridge_game: Game) -> None:
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert "data-refusal" not in html


# The choices the form starts on ----------------------------------------------------------------


def test_each_seat_starts_on_its_kind_of_entry_of_the_last_deal(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    url = bridge_game.get_absolute_url()
    html = alice_client.get(url).content.decode()
    assert [checked(html, f"how_{p}") for p in range(4)] == ["held"] * 4
    # Mary went out (no entry); Tom and Dick gave counts, Alice was not down.
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    assert SAMPLE_DEALS[0]["hands"][2] == {"seat": 3, "not_down": True}
    html = alice_client.get(url).content.decode()
    assert [checked(html, f"how_{p}") for p in range(4)] == ["held", "held", "held", "not_down"]
    # Alice gives her cards next; the deal after that is voided: the one before it counts.
    cards = {**SAMPLE_DEALS[1], "went_out": 1}
    cards["hands"] = [
        {"seat": 0, "held": 10},
        {"seat": 2, "held": 10},
        {"seat": 3, "cards": "KS QH"},
    ]
    game_services.deal_record(game=bridge_game, by=alice, data=cards)
    voided = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    game_services.deal_void(game=bridge_game, deal_key=voided.pk, by=alice, revision=voided.pk)
    html = alice_client.get(url).content.decode()
    # Tom went out in deal 2: his choice comes from deal 1.
    assert [checked(html, f"how_{p}") for p in range(4)] == ["held", "held", "held", "cards"]


def test_the_way_of_the_last_hand_is_where_the_next_starts(
    alice_client: Client, night: Night, alice: Any, bob: Any
) -> None:
    game = GameFactory(night=night, slug="voormsi", players=["Ann", "Ben", "Cy", "Di"])
    url = game.get_absolute_url()
    assert checked(alice_client.get(url).content.decode(), "way") == "tricks"
    # Recorded quickly from Bob's phone: Alice's starts quickly too.
    game_services.deal_record(
        game=game, by=bob, data={"won": [7, 2], "first_five": 0, "captures": []}
    )
    assert checked(alice_client.get(url).content.decode(), "way") == "quick"


def test_a_refused_form_keeps_what_was_posted_not_the_last_choices(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    fields = form_fields(alice_held(120)) | {"how_3": "held"}
    html = alice_client.post(record_url(bridge_game), fields, **HX).content.decode()
    assert checked(html, "how_3") == "held"


def test_a_record_the_form_cannot_read_is_passed_over(
    alice_client: Client, bridge_game: Game, alice: Any
) -> None:
    first = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    # A row no service writes (an older version, a hand edit): the last deal unreadable.
    Entry.objects.create(
        game=bridge_game,
        kind=Entry.Kind.AMEND,
        deal_id=first.pk,
        supersedes=first,
        data={"went_out": "nobody", "hands": ["no seat", {"seat": 9, "held": 1}]},
        recorded_by=alice,
    )
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert [checked(html, f"how_{p}") for p in range(4)] == ["held"] * 4
    assert reverse("deal_record", args=[bridge_game.pk]) in html
