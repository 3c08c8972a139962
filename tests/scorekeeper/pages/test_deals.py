"""Recording, amending and voiding a deal through the game's page, with and without htmx."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game
from scorekeeper.nights.demo import SAMPLE_DEALS, SAMPLE_TOTALS

HX = {"HTTP_HX_REQUEST": "true"}
IMPOSSIBLE = "Alice went down, so can hold at most 100 points"


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def record_url(game: Game) -> str:
    return reverse("deal_record", args=[game.pk])


def amend_url(game: Game, deal: int) -> str:
    return reverse("deal_amend", args=[game.pk, deal])


def void_url(game: Game, deal: int) -> str:
    return reverse("deal_void", args=[game.pk, deal])


def form_fields(deal: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A raw deal as the page's form posts it (field names from deal_forms.BridgeRummyDealForm)."""
    fields: dict[str, Any] = {"went_out": deal["went_out"], "token": str(uuid.uuid4())}
    if deal.get("hand_rummy"):
        fields["hand_rummy"] = "on"
    for hand in deal["hands"]:
        p = hand["seat"]
        if hand.get("not_down"):
            fields[f"how_{p}"] = "not_down"
        elif "cards" in hand:
            fields[f"how_{p}"], fields[f"cards_{p}"] = "cards", hand["cards"]
        else:
            fields[f"how_{p}"], fields[f"held_{p}"] = "held", hand["held"]
    return fields | extra


def running_totals(html: str) -> list[tuple[int, ...]]:
    """The running total rows of the tally table, one per deal."""
    rows = re.findall(r'<tr class="running">(.*?)</tr>', html, re.S)
    return [tuple(int(n) for n in re.findall(r"<td>(-?\d+)</td>", row)) for row in rows]


def is_whole_page(html: str) -> bool:
    return "<html" in html or "<!doctype" in html.lower()


def alice_held(held: int) -> dict[str, Any]:
    """Deal 1, with Alice down and holding ``held`` points."""
    return {**SAMPLE_DEALS[0], "hands": [*SAMPLE_DEALS[0]["hands"][:2], {"seat": 3, "held": held}]}


# Recording --------------------------------------------------------------------------------------


def test_recording_without_scripts_returns_to_the_game(
    alice_client: Client, bridge_game: Game
) -> None:
    response = alice_client.post(record_url(bridge_game), form_fields(SAMPLE_DEALS[0]))
    assert response.status_code == 302
    entry = Entry.objects.get()
    # Back at the form, which says what was recorded (table.js: the answer where the eyes are).
    assert response["Location"] == f"{bridge_game.get_absolute_url()}?recorded={entry.pk}#record"
    assert entry.data == {
        "went_out": 0,
        "hand_rummy": False,
        "hands": [
            {"seat": 1, "held": 36},
            {"seat": 2, "held": 5},
            {"seat": 3, "not_down": True},
        ],
    }
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert running_totals(html) == [SAMPLE_TOTALS[0]]
    assert "Record deal 2" in html


def test_recording_with_htmx_returns_the_game_partial(
    alice_client: Client, bridge_game: Game
) -> None:
    response = alice_client.post(record_url(bridge_game), form_fields(SAMPLE_DEALS[0]), **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="game">')
    assert not is_whole_page(html)
    assert running_totals(html) == [SAMPLE_TOTALS[0]]
    # A fresh form for the next deal: nothing carried over, a new token.
    assert "Record deal 2" in html
    assert 'value="36"' not in html


def test_the_sample_score_card_through_the_page(alice_client: Client, bridge_game: Game) -> None:
    for number, deal in enumerate(SAMPLE_DEALS, start=1):
        response = alice_client.post(record_url(bridge_game), form_fields(deal), **HX)
        assert response.status_code == 200
        assert running_totals(response.content.decode()) == list(SAMPLE_TOTALS[:number])
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert running_totals(html) == list(SAMPLE_TOTALS)
    assert "After deal 6 of 7: Mary lowest on 160." in html
    # Stars in the header: Mary 3, Tom 2, Dick 1.
    assert re.findall(r'<span class="stars"[^>]*>(\*+)</span>', html) == ["***", "**", "*"]


def test_a_count_typed_without_choosing_how_still_counts(
    alice_client: Client, bridge_game: Game
) -> None:
    # Without scripts the radios may be left alone: the filled-in box says which it is.
    fields = form_fields(SAMPLE_DEALS[0])
    del fields["how_1"], fields["how_2"]
    alice_client.post(record_url(bridge_game), fields)
    assert Entry.objects.get().data["hands"][:2] == [
        {"seat": 1, "held": 36},
        {"seat": 2, "held": 5},
    ]


def test_cards_typed_in_any_case_are_kept_canonical(
    alice_client: Client, bridge_game: Game
) -> None:
    deal = {
        **SAMPLE_DEALS[0],
        "hands": [{"seat": 1, "cards": "ks qh 10d"}, *SAMPLE_DEALS[0]["hands"][1:]],
    }
    alice_client.post(record_url(bridge_game), form_fields(deal))
    assert Entry.objects.get().data["hands"][0] == {"seat": 1, "cards": "KS QH 10D"}


def test_bob_records_a_deal(client: Client, bridge_game: Game, bob: Any) -> None:
    client.force_login(bob)
    client.post(record_url(bridge_game), form_fields(SAMPLE_DEALS[0]))
    assert Entry.objects.get().recorded_by == bob


def test_the_same_token_twice_records_one_deal(alice_client: Client, bridge_game: Game) -> None:
    fields = form_fields(SAMPLE_DEALS[0])
    alice_client.post(record_url(bridge_game), fields, **HX)
    again = alice_client.post(record_url(bridge_game), fields, **HX)  # a double tap
    assert again.status_code == 200
    assert Entry.objects.count() == 1
    assert running_totals(again.content.decode()) == [SAMPLE_TOTALS[0]]


# Refusals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        pytest.param(form_fields(alice_held(120)), IMPOSSIBLE, id="held-over-100"),
        pytest.param(
            form_fields(SAMPLE_DEALS[0], how_1="cards", cards_1="AS 11H"),
            "is not a card",
            id="bad-card",
        ),
        pytest.param(
            {k: v for k, v in form_fields(SAMPLE_DEALS[0]).items() if k != "went_out"},
            "Who went out? Tap one.",
            id="nobody-went-out",
        ),
        pytest.param(
            form_fields(SAMPLE_DEALS[0], how_1="held", held_1=""),
            "Enter Tom&#x27;s held count.",
            id="no-count",
        ),
        pytest.param(
            form_fields(SAMPLE_DEALS[0], how_1="", held_1=""),
            "Say what Tom held (a count, the cards, or never went down).",
            id="nothing-said-of-tom",
        ),
        pytest.param(
            form_fields(SAMPLE_DEALS[0], held_1="-3"),
            "Tom went down but did not go out, so holds at least one card, worth at least 2, "
            "not -3.",
            id="negative-count",
        ),
    ],
)
def test_an_invalid_deal_is_shown_again_with_the_reason(
    alice_client: Client, bridge_game: Game, fields: dict[str, Any], says: str
) -> None:
    plain = alice_client.post(record_url(bridge_game), fields)
    assert plain.status_code == 400
    assert says in plain.content.decode()
    assert is_whole_page(plain.content.decode())

    htmx = alice_client.post(record_url(bridge_game), fields, **HX)
    assert htmx.status_code == 200
    assert says in htmx.content.decode()
    assert not is_whole_page(htmx.content.decode())
    assert not Entry.objects.exists()


def test_an_impossible_count_is_shown_next_to_the_players_count(
    alice_client: Client, bridge_game: Game
) -> None:
    html = alice_client.post(record_url(bridge_game), form_fields(alice_held(120))).content.decode()
    # The held-count input for Alice (seat 3) keeps what was typed, followed by the reason.
    after = html[html.index('name="held_3"') :]
    assert 'value="120"' in after[:200]
    assert after.index(IMPOSSIBLE) < after.index("</fieldset>")
    assert "Seat 4" not in html


def test_an_eighth_deal_is_refused(alice_client: Client, bridge_game: Game, alice: Any) -> None:
    for deal in SAMPLE_DEALS:
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
    game_services.deal_record(
        game=bridge_game,
        by=alice,
        data={
            "went_out": 0,
            "hands": [
                {"seat": 1, "held": 20},
                {"seat": 2, "held": 30},
                {"seat": 3, "not_down": True},
            ],
        },
    )
    # A form left open on another phone is posted after the game ended.
    response = alice_client.post(record_url(bridge_game), form_fields(SAMPLE_DEALS[0]))
    assert response.status_code == 400
    assert (
        "The game is over: Mary won, so no more deals can be recorded." in response.content.decode()
    )
    assert Entry.objects.count() == 7


def test_carol_gets_404_recording_in_alices_game(
    client: Client, bridge_game: Game, carol: Any
) -> None:
    client.force_login(carol)
    assert client.post(record_url(bridge_game), form_fields(SAMPLE_DEALS[0])).status_code == 404
    assert not Entry.objects.exists()


def test_a_signed_out_visitor_is_sent_to_sign_in(client: Client, bridge_game: Game) -> None:
    response = client.post(record_url(bridge_game), form_fields(SAMPLE_DEALS[0]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not Entry.objects.exists()


def test_recording_is_a_post(alice_client: Client, bridge_game: Game) -> None:
    assert alice_client.get(record_url(bridge_game)).status_code == 405


# Amending ---------------------------------------------------------------------------------------


@pytest.fixture
def two_deals(bridge_game: Game, alice: Any) -> list[Entry]:
    return [
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
        for deal in SAMPLE_DEALS[:2]
    ]


def test_the_amend_page_is_filled_in_with_the_deal(
    alice_client: Client, bridge_game: Game, two_deals: list[Entry]
) -> None:
    first = two_deals[0]
    response = alice_client.get(amend_url(bridge_game, first.pk))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Amend deal 1" in html
    assert re.search(r'name="went_out" value="0"[^>]*checked', html)
    assert re.search(r'name="held_1" value="36"', html)
    assert re.search(r'name="held_2" value="5"', html)
    assert re.search(r'name="how_3" value="not_down"[^>]*checked', html)
    assert re.search(rf'name="revision" value="{first.pk}"', html)


def test_amending_changes_the_tally_and_the_history_says_amended(
    alice_client: Client, bridge_game: Game, two_deals: list[Entry]
) -> None:
    first = two_deals[0]
    fields = form_fields(SAMPLE_DEALS[0], held_1=26, revision=first.pk, note="Tom miscounted")
    response = alice_client.post(amend_url(bridge_game, first.pk), fields)
    assert response["Location"] == bridge_game.get_absolute_url()
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert running_totals(html) == [(-20, 30, 0, 100), (80, 10, 50, 120)]
    deal_1 = html[html.index(f'id="deal-{first.pk}"') : html.index(f'id="deal-{two_deals[1].pk}"')]
    assert '<span class="tag">amended</span>' in deal_1
    assert "recorded by alice" in deal_1
    assert "amended by alice" in deal_1
    assert '“<span translate="no">Tom miscounted</span>”' in deal_1  # as typed: not translated
    assert Entry.objects.filter(pk=first.pk, data=first.data).exists()


def test_an_impossible_amend_is_shown_again_and_writes_nothing(
    alice_client: Client, bridge_game: Game, two_deals: list[Entry]
) -> None:
    first = two_deals[0]
    fields = form_fields(alice_held(120), revision=first.pk)
    response = alice_client.post(amend_url(bridge_game, first.pk), fields)
    assert response.status_code == 400
    assert IMPOSSIBLE in response.content.decode()
    assert Entry.objects.count() == 2


def test_a_stale_amend_is_refused_with_a_reason(
    alice_client: Client, bridge_game: Game, two_deals: list[Entry], bob: Any
) -> None:
    first = two_deals[0]
    # Alice opens the amend page; meanwhile Bob corrects the same deal on his phone.
    page = alice_client.get(amend_url(bridge_game, first.pk)).content.decode()
    game_services.deal_amend(game=bridge_game, deal_key=first.pk, by=bob, data=SAMPLE_DEALS[0])
    revision = re.search(r'name="revision" value="(\d+)"', page)
    assert revision is not None
    fields = form_fields(SAMPLE_DEALS[0], held_1=26, revision=revision.group(1))
    response = alice_client.post(amend_url(bridge_game, first.pk), fields)
    assert response.status_code == 400
    assert "Someone changed this deal while you were editing it" in response.content.decode()
    assert Entry.objects.count() == 3


def test_amending_a_deal_that_does_not_exist_returns_to_the_game(
    alice_client: Client, bridge_game: Game
) -> None:
    response = alice_client.get(amend_url(bridge_game, 999))
    assert response["Location"] == bridge_game.get_absolute_url()


# Voiding ----------------------------------------------------------------------------------------


def test_voiding_keeps_the_deal_in_the_history(
    alice_client: Client, bridge_game: Game, two_deals: list[Entry]
) -> None:
    first = two_deals[0]
    response = alice_client.post(void_url(bridge_game, first.pk), {"revision": first.pk})
    assert response["Location"] == bridge_game.get_absolute_url()
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert running_totals(html) == [(100, -20, 50, 20)]
    assert f'<li class="deal voided" id="deal-{first.pk}">' in html
    assert "voided by alice" in html
    assert "Bring back" in html


def test_voiding_with_htmx_returns_the_game_partial(
    alice_client: Client, bridge_game: Game, two_deals: list[Entry]
) -> None:
    first = two_deals[0]
    response = alice_client.post(void_url(bridge_game, first.pk), {"revision": first.pk}, **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="game">')
    assert running_totals(html) == [(100, -20, 50, 20)]


def test_a_voided_deal_is_brought_back_from_its_amend_page(
    alice_client: Client, bridge_game: Game, two_deals: list[Entry], alice: Any
) -> None:
    first = two_deals[0]
    void = game_services.deal_void(game=bridge_game, deal_key=first.pk, by=alice)
    page = alice_client.get(amend_url(bridge_game, first.pk)).content.decode()
    assert "Bring back a voided deal" in page
    assert re.search(r'name="held_1" value="36"', page)  # what it said before the void
    fields = form_fields(SAMPLE_DEALS[0], revision=void.pk)
    alice_client.post(amend_url(bridge_game, first.pk), fields)
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert running_totals(html) == list(SAMPLE_TOTALS[:2])


def test_a_stale_void_is_refused_with_a_reason(
    alice_client: Client, bridge_game: Game, two_deals: list[Entry], bob: Any
) -> None:
    first = two_deals[0]
    game_services.deal_amend(game=bridge_game, deal_key=first.pk, by=bob, data=SAMPLE_DEALS[0])
    says = "Someone changed this deal while you were editing it"
    plain = alice_client.post(void_url(bridge_game, first.pk), {"revision": first.pk})
    assert plain.status_code == 400
    assert says in plain.content.decode()
    htmx = alice_client.post(void_url(bridge_game, first.pk), {"revision": first.pk}, **HX)
    assert htmx.status_code == 200
    assert says in htmx.content.decode()
    assert Entry.objects.count() == 3


def test_a_change_without_the_revision_it_replaces_is_refused(
    alice_client: Client, bridge_game: Game, two_deals: list[Entry]
) -> None:
    """Issue 11: no last writer wins on the pages either; the forms carry the revision."""
    first = two_deals[0]
    fields = form_fields(SAMPLE_DEALS[0], held_1=26, note="Tom miscounted")
    amended = alice_client.post(amend_url(bridge_game, first.pk), fields)
    assert amended.status_code == 400
    assert "This page is out of date: open the deal again, then amend it." in (
        amended.content.decode()
    )
    voided = alice_client.post(void_url(bridge_game, first.pk), {"note": "wrong table"})
    assert voided.status_code == 400
    assert "This page is out of date: look at the deal again, then void it." in (
        voided.content.decode()
    )
    assert Entry.objects.count() == 2


def test_carol_gets_404_amending_or_voiding(
    client: Client, bridge_game: Game, two_deals: list[Entry], carol: Any
) -> None:
    first = two_deals[0]
    client.force_login(carol)
    assert client.get(amend_url(bridge_game, first.pk)).status_code == 404
    assert (
        client.post(amend_url(bridge_game, first.pk), form_fields(SAMPLE_DEALS[0])).status_code
        == 404
    )
    assert client.post(void_url(bridge_game, first.pk)).status_code == 404
    assert Entry.objects.count() == 2
