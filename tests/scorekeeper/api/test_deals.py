"""/api/v1/games/<id>/deals/: the ledger of a game, recording, amending and voiding deals."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scorekeeper.models import Entry, Game
from scorekeeper.nights.demo import SAMPLE_DEALS, SAMPLE_TOTALS
from scorekeeper.standings.scoreboard import game_standings
from tests.factories import GameFactory

MARY_OUT = SAMPLE_DEALS[0]
OTHERS = [{"seat": 1, "held": 36}, {"seat": 2, "held": 5}]  # Tom and Dick, as in deal 1
DEAL_7 = {
    "went_out": 0,
    "hands": [{"seat": 1, "held": 20}, {"seat": 2, "held": 30}, {"seat": 3, "not_down": True}],
}


def refused(response: Any, *, code: str, field: str | None, status: int = 400) -> str:
    """Check the one error shape of the API and return its sentence."""
    assert response.status_code == status, response.content
    body = response.json()
    assert (body["code"], body["field"]) == (code, field)
    assert isinstance(body["message"], str) and len(body["message"].split()) >= 3
    return str(body["message"])


def as_user(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def deals(game: Game) -> str:
    return reverse("api_game_deals", args=[game.pk])


def amend(game: Game, deal: int) -> str:
    return reverse("api_deal_amend", args=[game.pk, deal])


def void(game: Game, deal: int) -> str:
    return reverse("api_deal_void", args=[game.pk, deal])


def record(api: APIClient, game: Game, deal: dict[str, Any]) -> dict[str, Any]:
    response = api.post(deals(game), {"deal": deal})
    assert response.status_code == 201, response.content
    body: dict[str, Any] = response.json()
    return body


def with_alice(hand: dict[str, Any]) -> dict[str, Any]:
    """Deal 1 with Alice's hand (the third listed, hands[2]) replaced."""
    return {"went_out": 0, "hands": [*OTHERS, {"seat": 3, **hand}]}


def totals(game: Game) -> tuple[int, ...]:
    return game_standings(game).tally.totals


# Recording --------------------------------------------------------------------------------------


def test_alice_records_a_deal(api: APIClient, bridge_game: Game) -> None:
    body = record(api, bridge_game, MARY_OUT)
    entry = Entry.objects.get()
    assert body == {
        "id": entry.pk,
        "deal": entry.pk,
        "kind": "record",
        "data": {
            "object": "DealBridgeRummyFor4",  # which of the game's deal shapes it is
            "went_out": 0,
            "hand_rummy": False,
            "hands": [*OTHERS, {"seat": 3, "not_down": True}],
        },
        "note": "",
        "supersedes": None,
        "recorded_by": "alice",
        "recorded_as": "",
        "recorded_at": body["recorded_at"],
        "seat": None,
        "settles": None,
    }
    assert totals(bridge_game) == SAMPLE_TOTALS[0]


def test_cards_are_kept_in_canonical_form(api: APIClient, bridge_game: Game) -> None:
    body = record(api, bridge_game, with_alice({"cards": "jk 10h ks"}))
    assert body["data"]["hands"][2] == {"seat": 3, "cards": "JK 10H KS"}


def test_bob_records_a_deal(bridge_game: Game, bob: Any) -> None:
    assert record(as_user(bob), bridge_game, MARY_OUT)["recorded_by"] == "bob"


def test_carol_gets_404_recording_in_alices_game(bridge_game: Game, carol: Any) -> None:
    response = as_user(carol).post(deals(bridge_game), {"deal": MARY_OUT})
    refused(response, code="not_found", field=None, status=404)
    refused(as_user(carol).get(deals(bridge_game)), code="not_found", field=None, status=404)
    assert not Entry.objects.exists()


def test_nobody_signed_out_records(anonymous_api: APIClient, bridge_game: Game) -> None:
    response = anonymous_api.post(deals(bridge_game), {"deal": MARY_OUT})
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert not Entry.objects.exists()


def test_the_same_token_twice_records_once(api: APIClient, bridge_game: Game) -> None:
    token = str(uuid.uuid4())
    first = api.post(deals(bridge_game), {"deal": MARY_OUT, "token": token})
    again = api.post(deals(bridge_game), {"deal": MARY_OUT, "token": token})
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json()["id"] == first.json()["id"]
    assert Entry.objects.count() == 1


def test_the_same_token_with_another_recorder_is_refused_not_answered_as_the_first(
    api: APIClient, bridge_game: Game
) -> None:
    """Issue 26, 10.9: the retry check ignored ``seat``: a resend saying another player recorded
    it got the first entry back, as if it had been recorded so."""
    token = str(uuid.uuid4())
    first = api.post(deals(bridge_game), {"deal": MARY_OUT, "token": token, "seat": 0})
    assert first.status_code == 201, first.content
    again = api.post(deals(bridge_game), {"deal": MARY_OUT, "token": token, "seat": 1})
    refused(again, code="token_reused", field="token", status=409)
    same = api.post(deals(bridge_game), {"deal": MARY_OUT, "token": token, "seat": 0})
    assert (same.status_code, same.json()["id"]) == (201, first.json()["id"])
    assert Entry.objects.count() == 1


def test_a_token_from_another_game_is_a_conflict(
    api: APIClient, bridge_game: Game, night: Any
) -> None:
    other = GameFactory(night=night)
    token = str(uuid.uuid4())
    api.post(deals(other), {"deal": MARY_OUT, "token": token})
    response = api.post(deals(bridge_game), {"deal": MARY_OUT, "token": token})
    refused(response, code="token_reused", field="token", status=409)


def test_an_eighth_deal_is_refused_because_the_game_is_over(
    api: APIClient, bridge_game: Game
) -> None:
    for deal in (*SAMPLE_DEALS, DEAL_7):
        record(api, bridge_game, deal)
    response = api.post(deals(bridge_game), {"deal": MARY_OUT})
    message = refused(response, code="game_over", field=None)
    assert message == "The game is over: Mary won, so no more deals can be recorded."
    assert Entry.objects.count() == 7


def test_the_ledger_lists_every_entry_in_order(api: APIClient, bridge_game: Game) -> None:
    first = record(api, bridge_game, SAMPLE_DEALS[0])
    second = record(api, bridge_game, SAMPLE_DEALS[1])
    amended = api.post(
        amend(bridge_game, first["id"]),
        {"deal": SAMPLE_DEALS[0], "note": "ok", "revision": first["id"]},
    )
    voided = api.post(void(bridge_game, second["id"]), {"revision": second["id"]})
    body = api.get(deals(bridge_game)).json()
    assert [(e["id"], e["deal"], e["kind"], e["supersedes"]) for e in body] == [
        (first["id"], first["id"], "record", None),
        (second["id"], second["id"], "record", None),
        (amended.json()["id"], first["id"], "amend", first["id"]),
        (voided.json()["id"], second["id"], "void", second["id"]),
    ]


# Refusals: each names its code, the field it concerns, and the player -------------------------


@pytest.mark.parametrize(
    ("deal", "code", "field"),
    [
        pytest.param(with_alice({"held": 120}), "impossible_count", "hands[2].held", id="held-120"),
        pytest.param(with_alice({"held": 101}), "impossible_count", "hands[2].held", id="held-101"),
        pytest.param(with_alice({"held": 1}), "impossible_count", "hands[2].held", id="held-1"),
        pytest.param(
            with_alice({"held": -5}), "impossible_count", "hands[2].held", id="held-negative"
        ),
        pytest.param(
            with_alice({"cards": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"}),
            "impossible_count",
            "hands[2].cards",
            id="ten-cards-after-going-down",
        ),
        pytest.param(with_alice({"cards": "AS 11H"}), "bad_card", "hands[2].cards", id="bad-card"),
        pytest.param(with_alice({"cards": "XX"}), "bad_card", "hands[2].cards", id="not-a-card"),
        pytest.param(
            with_alice({"cards": "JK JK JK"}),
            "too_many_copies",
            "hands[2].cards",
            id="three-jokers",
        ),
        pytest.param(with_alice({"held": "36"}), "bad_entry", "hands[2].held", id="held-a-string"),
        pytest.param(with_alice({"held": True}), "bad_entry", "hands[2].held", id="held-a-bool"),
        pytest.param(
            with_alice({"held": 36.5}), "bad_entry", "hands[2].held", id="held-a-fraction"
        ),
        pytest.param(with_alice({"cards": 36}), "bad_entry", "hands[2].cards", id="cards-a-number"),
        pytest.param(
            with_alice({"not_down": False}), "bad_entry", "hands[2].not_down", id="not-down-false"
        ),
        pytest.param(
            with_alice({"held": 20, "not_down": True}),
            "bad_entry",
            "hands[2]",
            id="held-and-not-down",
        ),
        pytest.param(with_alice({}), "bad_entry", "hands[2]", id="nothing-said-of-alice"),
        pytest.param({"went_out": 0, "hands": OTHERS}, "bad_entry", "hands", id="alice-left-out"),
        pytest.param(
            {"went_out": 0, "hands": [*OTHERS, {"seat": 1, "held": 5}]},
            "bad_entry",
            "hands[2].seat",
            id="tom-twice",
        ),
        pytest.param(
            {"went_out": 0, "hands": [*OTHERS, {"seat": 0, "held": 5}]},
            "bad_entry",
            "hands[2].seat",
            id="the-winner-charged",
        ),
        pytest.param(
            {"went_out": 0, "hands": [*OTHERS, {"seat": 4, "held": 5}]},
            "bad_entry",
            "hands[2].seat",
            id="no-such-seat",
        ),
        pytest.param(
            {"went_out": 0, "hands": [*OTHERS, 5]}, "bad_entry", "hands[2]", id="hand-a-number"
        ),
        pytest.param({"hands": OTHERS}, "bad_entry", "went_out", id="no-winner"),
        pytest.param(
            {"went_out": "Mary", "hands": OTHERS}, "bad_entry", "went_out", id="winner-by-name"
        ),
        pytest.param(
            {"went_out": 4, "hands": OTHERS}, "bad_entry", "went_out", id="winner-no-such-seat"
        ),
        pytest.param(
            {"went_out": True, "hands": OTHERS}, "bad_entry", "went_out", id="winner-a-bool"
        ),
        pytest.param({"went_out": 0}, "bad_entry", "hands", id="no-hands"),
        pytest.param(
            {"went_out": 0, "hands": {"1": 36}}, "bad_entry", "hands", id="hands-an-object"
        ),
        pytest.param(
            {**with_alice({"held": 20}), "hand_rummy": "yes"},
            "bad_entry",
            "hand_rummy",
            id="hand-rummy-yes",
        ),
    ],
)
def test_it_refuses_a_deal_that_cannot_have_happened(
    api: APIClient, bridge_game: Game, deal: dict[str, Any], code: str, field: str
) -> None:
    refused(api.post(deals(bridge_game), {"deal": deal}), code=code, field=field)
    assert not Entry.objects.exists()


def test_an_impossible_count_names_the_player(api: APIClient, bridge_game: Game) -> None:
    response = api.post(deals(bridge_game), {"deal": with_alice({"held": 120})})
    message = refused(response, code="impossible_count", field="hands[2].held")
    assert message.startswith("Alice went down, so can hold at most 100 points")
    assert "Seat" not in message
    assert response.json()["problems"] == [message]


def test_a_bad_card_is_quoted(api: APIClient, bridge_game: Game) -> None:
    response = api.post(deals(bridge_game), {"deal": with_alice({"cards": "AS 11H"})})
    assert "'11H' is not a card" in refused(response, code="bad_card", field="hands[2].cards")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({}, "deal", id="no-deal"),
        pytest.param({"deal": None}, "deal", id="deal-null"),
        pytest.param({"deal": "Mary went out"}, "deal", id="deal-a-string"),
        pytest.param({"deal": [MARY_OUT]}, "deal", id="deal-a-list"),
        pytest.param({"deal": MARY_OUT, "token": "twice"}, "token", id="token-not-a-uuid"),
        pytest.param({"deal": MARY_OUT, "token": ["a"]}, "token", id="token-a-list"),
    ],
)
def test_it_refuses_a_body_of_the_wrong_shape(
    api: APIClient, bridge_game: Game, body: dict[str, Any], field: str
) -> None:
    refused(api.post(deals(bridge_game), body), code="invalid", field=field)
    assert not Entry.objects.exists()


def test_it_refuses_malformed_json(api: APIClient, bridge_game: Game) -> None:
    response = api.post(deals(bridge_game), data='{"deal": {', content_type="application/json")
    refused(response, code="parse_error", field=None)


# Amending and voiding ---------------------------------------------------------------------------


def test_alice_amends_a_deal_and_the_totals_follow(api: APIClient, bridge_game: Game) -> None:
    first = record(api, bridge_game, SAMPLE_DEALS[0])
    record(api, bridge_game, SAMPLE_DEALS[1])
    corrected = {"went_out": 0, "hands": [{"seat": 1, "held": 26}, *SAMPLE_DEALS[0]["hands"][1:]]}
    response = api.post(
        amend(bridge_game, first["id"]),
        {"deal": corrected, "note": "Tom miscounted", "revision": first["id"]},
    )
    assert response.status_code == 201
    body = response.json()
    assert (body["kind"], body["deal"], body["supersedes"], body["note"]) == (
        "amend",
        first["id"],
        first["id"],
        "Tom miscounted",
    )
    assert Entry.objects.filter(pk=first["id"], kind="record").exists()
    assert totals(bridge_game) == (80, 10, 50, 120)


def test_a_stale_revision_is_a_conflict(api: APIClient, bridge_game: Game, bob: Any) -> None:
    first = record(api, bridge_game, MARY_OUT)
    # Bob and Alice both opened deal 1; Bob saves first.
    bobs = as_user(bob).post(
        amend(bridge_game, first["id"]), {"deal": MARY_OUT, "revision": first["id"]}
    )
    assert bobs.status_code == 201
    late = api.post(amend(bridge_game, first["id"]), {"deal": MARY_OUT, "revision": first["id"]})
    message = refused(late, code="conflict", field="revision", status=409)
    assert "look at it again" in message
    late_void = api.post(void(bridge_game, first["id"]), {"revision": first["id"]})
    refused(late_void, code="conflict", field="revision", status=409)
    assert Entry.objects.count() == 2


def test_alice_voids_a_deal_and_brings_it_back(api: APIClient, bridge_game: Game) -> None:
    first = record(api, bridge_game, SAMPLE_DEALS[0])
    record(api, bridge_game, SAMPLE_DEALS[1])
    voided = api.post(void(bridge_game, first["id"]), {"note": "misdeal", "revision": first["id"]})
    assert voided.status_code == 201
    assert (voided.json()["kind"], voided.json()["note"]) == ("void", "misdeal")
    assert totals(bridge_game) == (100, -20, 50, 20)

    back = api.post(
        amend(bridge_game, first["id"]), {"deal": SAMPLE_DEALS[0], "revision": voided.json()["id"]}
    )
    assert back.status_code == 201
    assert back.json()["supersedes"] == voided.json()["id"]
    assert totals(bridge_game) == SAMPLE_TOTALS[1]


def test_voiding_twice_is_refused(api: APIClient, bridge_game: Game) -> None:
    first = record(api, bridge_game, MARY_OUT)
    voided = api.post(void(bridge_game, first["id"]), {"revision": first["id"]}).json()
    again = api.post(void(bridge_game, first["id"]), {"revision": voided["id"]})
    message = refused(again, code="invalid", field="deal")
    assert message == "That deal is already voided."


def test_an_impossible_amend_is_refused_and_writes_nothing(
    api: APIClient, bridge_game: Game
) -> None:
    first = record(api, bridge_game, MARY_OUT)
    response = api.post(
        amend(bridge_game, first["id"]),
        {"deal": with_alice({"held": 120}), "revision": first["id"]},
    )
    assert "Alice" in refused(response, code="impossible_count", field="hands[2].held")
    assert Entry.objects.count() == 1


@pytest.mark.parametrize(
    ("url", "body", "code", "field"),
    [
        pytest.param(
            "amend", {"deal": MARY_OUT, "revision": 999}, "invalid", "deal", id="amend-no-such-deal"
        ),
        pytest.param("void", {"revision": 999}, "invalid", "deal", id="void-no-such-deal"),
    ],
)
def test_a_deal_that_does_not_exist_cannot_be_changed(
    api: APIClient, bridge_game: Game, url: str, body: dict[str, Any], code: str, field: str
) -> None:
    target = amend(bridge_game, 999) if url == "amend" else void(bridge_game, 999)
    assert refused(api.post(target, body), code=code, field=field) == (
        f"Game {bridge_game.pk} has no deal 999."
    )


@pytest.mark.parametrize(
    ("url", "body"),
    [
        pytest.param("amend", {"deal": MARY_OUT}, id="amend-without-revision"),
        pytest.param("amend", {"deal": MARY_OUT, "revision": None}, id="amend-revision-null"),
        pytest.param("void", {}, id="void-empty-body"),
        pytest.param("void", {"note": "wrong table"}, id="void-without-revision"),
        pytest.param("void", {"revision": None}, id="void-revision-null"),
    ],
)
def test_a_change_that_does_not_say_which_entry_it_replaces_is_refused(
    api: APIClient, bridge_game: Game, url: str, body: dict[str, Any]
) -> None:
    """Issue 11: no last writer wins. A change names the entry it replaces, so of two phones
    changing one deal the second is told (409) instead of silently overwriting the first."""
    first = record(api, bridge_game, MARY_OUT)
    target = amend(bridge_game, first["id"]) if url == "amend" else void(bridge_game, first["id"])
    response = api.post(target, body, format="json")
    message = refused(response, code="invalid", field="revision")
    assert message == (
        "revision: Say which entry you are changing: send the deal's latest entry id as revision."
    )
    assert Entry.objects.count() == 1


def test_carol_gets_404_amending_or_voiding(api: APIClient, bridge_game: Game, carol: Any) -> None:
    first = record(api, bridge_game, MARY_OUT)
    outsider = as_user(carol)
    for response in (
        outsider.post(amend(bridge_game, first["id"]), {"deal": MARY_OUT}),
        outsider.post(void(bridge_game, first["id"]), {}),
    ):
        refused(response, code="not_found", field=None, status=404)
    assert Entry.objects.count() == 1


# No bad input is a server error -----------------------------------------------------------------

BAD_BODIES = [
    pytest.param("deals", '{"deal": ', id="truncated-json"),
    pytest.param("deals", "", id="empty-body"),
    pytest.param("deals", "null", id="null"),
    pytest.param("deals", "[]", id="a-list"),
    pytest.param("deals", '"deal"', id="a-string"),
    pytest.param("deals", "12", id="a-number"),
    pytest.param("deals", '{"deal": {"went_out": 1e400, "hands": []}}', id="infinite-seat"),
    pytest.param("deals", '{"deal": {"went_out": NaN, "hands": []}}', id="nan-seat"),
    pytest.param("deals", '{"deal": {"went_out": 0.0, "hands": []}}', id="fractional-seat"),
    pytest.param("deals", '{"deal": {"went_out": -1, "hands": []}}', id="negative-seat"),
    pytest.param(
        "deals", '{"deal": {"went_out": 99999999999999999999999, "hands": []}}', id="huge-seat"
    ),
    pytest.param("deals", '{"deal": {"went_out": [0], "hands": []}}', id="seat-a-list"),
    pytest.param("deals", '{"deal": {"went_out": {"seat": 0}, "hands": []}}', id="seat-an-object"),
    pytest.param("deals", '{"deal": {"went_out": 0, "hands": [[1, 36]]}}', id="hand-a-list"),
    pytest.param(
        "deals", '{"deal": {"went_out": 0, "hands": [null, null, null]}}', id="hands-null"
    ),
    pytest.param(
        "deals", '{"deal": {"went_out": 0, "hands": [{"seat": null, "held": 5}]}}', id="seat-null"
    ),
    pytest.param(
        "deals",
        '{"deal": {"went_out": 0, "hands": [{"seat": 1, "held": 99999999999999999999999}]}}',
        id="huge-count",
    ),
    pytest.param(
        "deals",
        '{"deal": {"went_out": 0, "hands": [{"seat": 1, "held": 1e400}]}}',
        id="infinite-count",
    ),
    pytest.param(
        "deals",
        '{"deal": {"went_out": 0, "hands": [{"seat": 1, "cards": "A\\u2660 K\\u2665"}]}}',
        id="suit-symbols",
    ),
    pytest.param(
        "deals",
        '{"deal": {"went_out": 0, "hands": [{"seat": 1, "cards": ["AS", "KH"]}]}}',
        id="cards-a-list",
    ),
    pytest.param(
        "deals",
        '{"deal": {"went_out": 0, "hands": [{"seat": 1, "cards": "' + "AS " * 500 + '"}]}}',
        id="many-cards",
    ),
    pytest.param(
        "deals", '{"deal": {"went_out": 0, "hand_rummy": null, "hands": []}}', id="hand-rummy-null"
    ),
    pytest.param("deals", '{"deal": {}, "token": null}', id="token-null"),
    pytest.param(
        "deals", '{"deal": {"went_out": 0, "hands": "' + "x" * 10000 + '"}}', id="long-string"
    ),
    pytest.param(
        "amend",
        '{"deal": {"went_out": 0, "hands": []}, "revision": "latest"}',
        id="revision-a-word",
    ),
    pytest.param(
        "amend", '{"deal": {"went_out": 0, "hands": []}, "revision": 1.5}', id="revision-a-fraction"
    ),
    pytest.param(
        "amend",
        '{"deal": {"went_out": 0, "hands": []}, "revision": 99999999999999999999999}',
        id="revision-huge",
    ),
    pytest.param(
        "amend",
        '{"deal": {"went_out": 0, "hands": []}, "note": "' + "x" * 201 + '"}',
        id="note-too-long",
    ),
    pytest.param("amend", '{"revision": null}', id="amend-no-deal"),
    pytest.param("amend", "[1, 2]", id="amend-a-list"),
    pytest.param("void", '{"revision": "latest"}', id="void-revision-a-word"),
    pytest.param("void", '{"note": ["why"]}', id="void-note-a-list"),
    pytest.param("void", "null", id="void-null"),
    pytest.param("void", "{", id="void-truncated"),
]


@pytest.mark.parametrize(("url", "raw"), BAD_BODIES)
def test_no_bad_body_is_a_server_error(
    api: APIClient, bridge_game: Game, url: str, raw: str
) -> None:
    first = record(api, bridge_game, MARY_OUT)
    target = {
        "deals": deals(bridge_game),
        "amend": amend(bridge_game, first["id"]),
        "void": void(bridge_game, first["id"]),
    }[url]
    response = api.post(target, data=raw, content_type="application/json")
    assert 400 <= response.status_code < 500, response.content
    body = response.json()
    assert {"code", "message", "field"} <= set(body)
    assert Entry.objects.count() == 1


# Numbers too large for the database -------------------------------------------------------------


@pytest.mark.parametrize("action", ["amend", "void"])
@pytest.mark.parametrize(
    ("revision", "says"),
    [
        pytest.param(2**63, "revision: No id is that large.", id="2-to-the-63"),
        pytest.param(10**30, "revision: No id is that large.", id="thirty-one-digits"),
        pytest.param(0, "revision: Ids are whole numbers from 1 up.", id="zero"),
        pytest.param(
            -(2**63) - 1, "revision: Ids are whole numbers from 1 up.", id="very-negative"
        ),
        pytest.param(
            "9" * 5000,
            "revision: String value too large.",
            id="five-thousand-digits-in-a-string",
        ),
    ],
)
def test_a_revision_that_cannot_be_an_id_is_refused(
    api: APIClient, bridge_game: Game, action: str, revision: Any, says: str
) -> None:
    """Refused as input (400, naming the field), not taken for someone else's change (409)."""
    first = record(api, bridge_game, MARY_OUT)
    target = (
        amend(bridge_game, first["id"]) if action == "amend" else void(bridge_game, first["id"])
    )
    body = {"deal": MARY_OUT, "revision": revision} if action == "amend" else {"revision": revision}
    response = api.post(target, body)
    assert refused(response, code="invalid", field="revision") == says
    assert Entry.objects.count() == 1


def test_a_number_of_five_thousand_digits_is_refused_as_json(
    api: APIClient, bridge_game: Game
) -> None:
    """Python will not read an integer of more than 4,300 digits: the JSON itself is refused."""
    first = record(api, bridge_game, MARY_OUT)
    raw = '{"revision": ' + "9" * 5000 + "}"
    response = api.post(void(bridge_game, first["id"]), data=raw, content_type="application/json")
    refused(response, code="parse_error", field=None)
    assert Entry.objects.count() == 1


# Issue 26: the grid's rows, and a hand too costly to search -------------------------------------


def test_a_grid_written_row_by_row_is_recorded_and_scored_as_the_same_grid(
    api: APIClient, night: Any
) -> None:
    rows = GameFactory(night=night, slug="brummy", players=["Mary", "Tom"])
    flat = GameFactory(night=night, slug="brummy", players=["Mary", "Tom"])
    grid = "th 9c jc / 10d qc jd / 2s 10s js"  # Grid.parse's doctest, as str() prints a grid
    for game, cards in ((rows, grid), (flat, grid.replace("/", " "))):
        record(
            api,
            game,
            {"knocked": 0, "grids": [{"seat": 0, "cards": cards}, {"seat": 1, "total": 9}]},
        )
    assert totals(rows) == totals(flat) == (20 + 10, 9)  # its eight lines, and the knock bonus


def test_a_hand_too_costly_to_search_is_a_400_asking_for_the_count(
    api: APIClient, night: Any
) -> None:
    game = GameFactory(night=night, slug="boathouse-rummy", players=["Mary", "Tom"])
    costly = (
        "KC KS 3D AS 4C QC JC 5D KD 4H 3H 6C 9S 9D 2D 7D 9H KH 7S AH 4D QH 5S 10D AD 2C 5H 6D "
        "8C 2H JS 8S JH 2S 3C 3S 4S 6S 5C AC"
    )
    response = api.post(
        deals(game), {"deal": {"went_out": 0, "hands": [{"seat": 1, "cards": costly}]}}
    )
    message = refused(response, code="search_too_long", field="hands")
    assert message == (
        "Tom's 40 cards can be melded in too many ways to search them all: give the count the "
        "table agrees instead."
    )
    assert response.json()["seats"] == [1]
    assert not game.entries.exists()
    record(api, game, {"went_out": 0, "hands": [{"seat": 1, "unmatched": 18}]})
    assert totals(game) == (18, -18)
