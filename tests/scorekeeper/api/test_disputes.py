"""Dispute this hand through the API, and a dispute kept through export and import (issue 21).

Alice records two deals of Bridge Rummy; deal 2 is disputed as recorded, and the amend that
follows the ruling says it settles that dispute."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from scorekeeper import chain
from scorekeeper.desk import disputes
from scorekeeper.exceptions import InvalidInput
from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Ruling
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.standings import scoreboard
from scorekeeper.transfer import exporting, importing
from tests.factories import UserFactory
from tests.scorekeeper.test_conformance import check_against_schema


def _two_deals(game: Game, by: Any) -> list[Entry]:
    return [game_services.deal_record(game=game, by=by, data=d) for d in SAMPLE_DEALS[:2]]


def test_a_hand_disputed_and_the_amend_that_settles_it(
    api: APIClient, bridge_game: Game, alice: Any, openapi: dict[str, Any]
) -> None:
    deals = _two_deals(bridge_game, alice)
    totals = scoreboard.game_standings(bridge_game).tally.totals
    url = f"/api/v1/games/{bridge_game.pk}/deals/{deals[1].pk}/dispute/"
    answer = api.post(url, {"note": "Tom counted again"}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    ruling = Ruling.objects.get()
    assert body["ruling"]["id"] == ruling.pk and body["ruling"]["dispute"] == body["entry"]["id"]
    assert (body["entry"]["kind"], body["entry"]["deal"]) == ("dispute", deals[1].pk)
    assert body["ruling"]["question"] == "settle" and body["ruling"]["note"] == "Tom counted again"
    assert scoreboard.game_standings(bridge_game).tally.totals == totals  # no score changed
    # The answer, and the ledger with the dispute in it, are what the schema says (strictly).
    path = "/api/v1/games/{id}/deals/{deal}/dispute/"
    check_against_schema(openapi, path, "post", 201, body)
    ledger = api.get(f"/api/v1/games/{bridge_game.pk}/deals/").json()
    check_against_schema(openapi, "/api/v1/games/{id}/deals/", "get", 200, ledger)

    amended = api.post(
        f"/api/v1/games/{bridge_game.pk}/deals/{deals[1].pk}/amend/",
        {"deal": SAMPLE_DEALS[1], "revision": deals[1].pk, "settles": body["entry"]["id"]},
        format="json",
    )
    assert amended.status_code == 201, amended.content
    assert amended.json()["settles"] == body["entry"]["id"]
    # Another deal's amend cannot say it settles this dispute.
    wrong = api.post(
        f"/api/v1/games/{bridge_game.pk}/deals/{deals[0].pk}/amend/",
        {"deal": SAMPLE_DEALS[0], "revision": deals[0].pk, "settles": body["entry"]["id"]},
        format="json",
    )
    assert wrong.status_code == 400 and wrong.json()["field"] == "settles"


def test_a_voided_hand_is_not_disputed(api: APIClient, bridge_game: Game, alice: Any) -> None:
    deals = _two_deals(bridge_game, alice)
    game_services.deal_void(game=bridge_game, deal_key=deals[1].pk, by=alice, revision=deals[1].pk)
    refused = api.post(f"/api/v1/games/{bridge_game.pk}/deals/{deals[1].pk}/dispute/", {})
    assert refused.status_code == 400 and refused.json()["field"] == "deal"
    assert not Ruling.objects.exists()
    assert not Entry.objects.filter(kind="dispute").exists()


def test_a_dispute_and_its_settling_amend_survive_export_and_import(
    api: APIClient, bridge_game: Game, alice: Any
) -> None:
    deals = _two_deals(bridge_game, alice)
    url = f"/api/v1/games/{bridge_game.pk}/deals/{deals[1].pk}/dispute/"
    dispute = api.post(url, {}, format="json").json()["entry"]["id"]
    game_services.deal_amend(
        game=bridge_game,
        deal_key=deals[1].pk,
        by=alice,
        data=SAMPLE_DEALS[1],
        revision=deals[1].pk,
        settles=dispute,
    )
    document = exporting.export_document([bridge_game.night])
    night = document["nights"][0]
    rows = night["games"][0]["entries"]
    assert [(r["kind"], r["deal"], r["settles"]) for r in rows] == [
        ("record", None, None),
        ("record", None, None),
        ("dispute", 2, None),
        ("amend", 2, 3),
    ]
    assert night["rulings"][0]["dispute"] == {"game": 1, "n": 3}
    [copy] = importing.import_nights(owner=UserFactory(username="dora"), document=document)
    game = copy.games.get()
    copied = list(game.entries.order_by("id"))
    assert copied[3].settles_id == copied[2].pk and copied[2].kind == "dispute"
    assert copy.rulings.get().dispute_id == copied[2].pk
    walked, broken = chain.first_break(game.pk, copied, start=copied[0].prev_hash)
    assert (walked, broken) == (4, None)

    # An amend that says it settles something that is no dispute of its deal is refused.
    rows[3]["settles"] = 1
    with pytest.raises(importing.ImportRefused, match="only an amend settles a dispute"):
        importing.import_nights(owner=UserFactory(username="eve"), document=document)


def test_an_amend_resent_with_settles_is_refused_not_answered_as_settling(
    api: APIClient, bridge_game: Game, alice: Any
) -> None:
    """Issue 26, 10.9: an amend's body sent again against the same revision with ``settles``
    (or another ``seat``) was answered 201 with the earlier amend (``settles: null``), the
    dispute still open. A resend that differs is refused, as a reused token is."""
    deals = _two_deals(bridge_game, alice)
    url = f"/api/v1/games/{bridge_game.pk}/deals/{deals[1].pk}/"
    dispute = api.post(url + "dispute/", {}, format="json").json()["entry"]["id"]
    body = {"deal": SAMPLE_DEALS[1], "revision": deals[1].pk}
    first = api.post(url + "amend/", body, format="json")
    assert first.status_code == 201 and first.json()["settles"] is None
    for changed in ({"settles": dispute}, {"settles": 999_999_999}, {"seat": 2}):
        again = api.post(url + "amend/", {**body, **changed}, format="json")
        assert again.status_code == 409, (changed, again.content)
        assert (again.json()["code"], again.json()["field"]) == ("token_reused", "revision")
    assert not Entry.objects.filter(settles__isnull=False).exists()  # the dispute stays open
    same = api.post(url + "amend/", body, format="json")
    assert (same.status_code, same.json()["id"]) == (201, first.json()["id"])
    # Settled by an amend from the latest revision, and that resent as it was: answered once.
    settling = {"deal": SAMPLE_DEALS[1], "revision": first.json()["id"], "settles": dispute}
    settled = api.post(url + "amend/", settling, format="json")
    assert settled.status_code == 201 and settled.json()["settles"] == dispute
    resent = api.post(url + "amend/", settling, format="json")
    assert (resent.status_code, resent.json()["id"]) == (201, settled.json()["id"])
    unsaid = api.post(url + "amend/", {**settling, "settles": None}, format="json")
    assert unsaid.status_code == 409 and unsaid.json()["code"] == "token_reused"
    assert Entry.objects.filter(kind="amend").count() == 2


def test_an_import_refuses_a_second_amend_settling_one_dispute(
    bridge_game: Game, alice: Any
) -> None:
    """Issue 26, item 11: the app settles a dispute once; so must a file."""
    deals = _two_deals(bridge_game, alice)
    ruling = disputes.hand_dispute(game=bridge_game, deal_key=deals[1].pk, by=alice)
    assert ruling.dispute is not None
    amend = game_services.deal_amend(
        game=bridge_game,
        deal_key=deals[1].pk,
        by=alice,
        data=SAMPLE_DEALS[1],
        revision=deals[1].pk,
        settles=ruling.dispute,
    )
    with pytest.raises(InvalidInput, match="already settled"):
        game_services.deal_amend(
            game=bridge_game,
            deal_key=deals[1].pk,
            by=alice,
            data=SAMPLE_DEALS[1],
            revision=amend.pk,
            settles=ruling.dispute,
        )
    document = exporting.export_document([bridge_game.night])
    rows = document["nights"][0]["games"][0]["entries"]
    assert [(r["kind"], r["settles"]) for r in rows][-1] == ("amend", 3)
    importing.import_nights(owner=UserFactory(username="dora"), document=document)  # as it is
    rows.append({**rows[-1], "n": 5, "supersedes": 4, "token": None})
    with pytest.raises(importing.ImportRefused, match="only an amend settles a dispute, once"):
        importing.import_nights(owner=UserFactory(username="eve"), document=document)
