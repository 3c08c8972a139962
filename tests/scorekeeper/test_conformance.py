"""Every game the engine knows works in the app, from its description alone (the open_spiel habit).

For each game and each table size it allows: the game is started through the API, its page
renders with the one deal form, its sample deals are recorded through the API and through the
page's form, one is amended, one voided and brought back, and after every step the standings
replay with no problem and the API's answers match the OpenAPI schema. A new game gets all of
this by being added to ``adjudicator.games.GAMES``.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from openapi_schema_validator import OAS30StrictValidator
from rest_framework.test import APIClient

from adjudicator.game import Game as GameDefinition
from adjudicator.games import all_games
from scorekeeper.models import Game, Night
from scorekeeper.pages.deal_forms import DealForm
from scorekeeper.standings import scoreboard
from tests.factories import PlayerFactory, UserFactory

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu")


def variant(game: GameDefinition[Any, Any]) -> dict[str, Any]:
    """Every yes-or-no house rule switched from its default: the variants (Voormsi's whole
    pack dealt, Brummy's double pack) get the same run."""
    return {info.name: not info.default for info in game.describe_options() if info.kind == "bool"}


def cases() -> list[Any]:
    found = []
    for game in all_games():
        sizes = game.table_sizes()
        for players in sorted({sizes[0], sizes[-1], min(game.max_players, 3)}):
            if players in sizes:
                found.append(pytest.param(game, players, {}, id=f"{game.slug}-{players}"))
        if variant(game):
            found.append(
                pytest.param(game, game.max_players, variant(game), id=f"{game.slug}-variant")
            )
    return found


def check_against_schema(
    openapi: dict[str, Any], path: str, method: str, status: int, body: Any
) -> None:
    """The response body matches what the schema says this operation answers."""
    operation = openapi["paths"][path][method]
    content = operation["responses"][str(status)]["content"]["application/json"]["schema"]
    strictly_valid(openapi, content, body)


def strictly_valid(openapi: dict[str, Any], schema: dict[str, Any], body: Any) -> None:
    """``body`` matches ``schema`` as OpenAPI 3.0 reads it, strictly: ``nullable`` only where a
    ``type`` stands beside it (openapi-schema-validator's OAS30StrictValidator)."""
    document = {**schema, "components": openapi["components"]}
    OAS30StrictValidator(document).validate(body)


def playable_samples(
    definition: GameDefinition[Any, Any], players: int, options: Any, count: int = 3
) -> list[dict[str, Any]]:
    """The game's first sample deals that make a game of ``count`` deals still going after the
    last-but-one (a sample that would end the game at once is passed over)."""
    kept: list[dict[str, Any]] = []
    parsed: list[Any] = []
    for number in range(1, 200):
        raw = definition.sample_deal(players=players, options=options, number=number)
        deal = definition.parse_deal(raw, players=players, options=options)
        tally = definition.tally([*parsed, deal], players=players, options=options)
        if tally.finished and len(kept) + 1 < count:
            continue
        kept.append(raw)
        parsed.append(deal)
        if len(kept) == count:
            return kept
    raise AssertionError(f"{definition.name} has no {count} sample deals that make a game")


def form_post(form: DealForm) -> dict[str, str]:
    """What a phone posts for a form filled in with its initial values (a deal to amend)."""
    data: dict[str, str] = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if value is None or value is False:
            continue
        data[name] = "on" if value is True else str(value)
    return data


def standings_replay(game: Game) -> None:
    standings = scoreboard.game_standings(game)
    assert standings.problems == ()


@pytest.mark.parametrize(("definition", "players", "house_rules"), cases())
def test_every_game_is_kept_from_its_description(
    definition: GameDefinition[Any, Any],
    players: int,
    house_rules: dict[str, Any],
    night: Night,
    api: APIClient,
    client: Client,
    alice: Any,
    openapi: dict[str, Any],
) -> None:
    client.force_login(alice)
    ids = [PlayerFactory(owner=night.owner, name=NAMES[i]).pk for i in range(players)]
    started = api.post(
        reverse("api_night_games", args=[night.pk]),
        {"game": definition.slug, "players": ids, "options": house_rules},
    )
    assert started.status_code == 201, started.content
    game = Game.objects.get(pk=started.json()["id"])
    options = definition.options(house_rules)

    # The page renders the one deal form, with the game's pack for the picker.
    page = client.get(game.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    assert "data-record-form" in html
    assert 'data-pack="[[' in html

    # Sample deals through the API; each answer matches the schema.
    deals_path = "/api/v1/games/{id}/deals/"
    samples = playable_samples(definition, players, options)
    recorded = []
    for sample in samples[:2]:
        response = api.post(reverse("api_game_deals", args=[game.pk]), {"deal": sample})
        assert response.status_code == 201, response.content
        check_against_schema(openapi, deals_path, "post", 201, response.json())
        recorded.append(response.json())
        standings_replay(game)

    # A deal through the page's form, filled in as a phone would.
    form = DealForm.from_data(samples[2], game=game, seats=tuple(game.seats.all()))
    posted = client.post(
        reverse("deal_record", args=[game.pk]), form_post(form) | {"token": "", "number": "3"}
    )
    assert posted.status_code == 302, posted.content.decode()[-3000:]
    assert game.entries.count() == 3
    standings_replay(game)

    # Amend the first deal (to the same record), void the second and bring it back.
    first, second = recorded
    amended = api.post(
        reverse("api_deal_amend", args=[game.pk, first["deal"]]),
        {"deal": first["data"], "revision": first["id"], "note": "checked"},
    )
    assert amended.status_code == 201, amended.content
    standings_replay(game)
    voided = api.post(
        reverse("api_deal_void", args=[game.pk, second["deal"]]), {"revision": second["id"]}
    )
    if voided.status_code == 400:  # the deals after it could not count without it
        assert voided.json()["code"] == "ledger_would_break"
    else:
        assert voided.status_code == 201, voided.content
        back = api.post(
            reverse("api_deal_amend", args=[game.pk, second["deal"]]),
            {"deal": second["data"], "revision": voided.json()["id"]},
        )
        assert back.status_code == 201, back.content
    standings_replay(game)

    # Every read answers, and the standings match the schema.
    standings = api.get(reverse("api_game_standings", args=[game.pk]))
    assert standings.status_code == 200
    check_against_schema(openapi, "/api/v1/games/{id}/standings/", "get", 200, standings.json())
    assert len(standings.json()["deals"]) == 3
    if definition.settles:
        # Money changes hands: the nets sum to zero and the settlement squares them exactly.
        body = standings.json()
        nets = [unit["total"] for unit in body["units"]]
        assert sum(nets) == pytest.approx(0)
        squared = dict.fromkeys((unit["name"] for unit in body["units"]), 0.0)
        for payment in body["settlement"]:
            squared[payment["payer"]] -= payment["amount"]
            squared[payment["payee"]] += payment["amount"]
        assert list(squared.values()) == pytest.approx(nets)
        page_html = client.get(game.get_absolute_url()).content.decode()
        assert "Who pays whom" in page_html
    ledger = api.get(reverse("api_game_deals", args=[game.pk]))
    check_against_schema(openapi, deals_path, "get", 200, ledger.json())
    assert client.get(reverse("game_scoreboard", args=[game.pk])).status_code == 200
    amend_page = client.get(reverse("deal_amend", args=[game.pk, first["deal"]]))
    assert amend_page.status_code == 200
    assert "old record cannot be read" not in amend_page.content.decode()


@pytest.mark.parametrize(("definition", "players", "house_rules"), cases())
def test_every_game_waits_for_the_other_side_to_confirm(
    definition: GameDefinition[Any, Any],
    players: int,
    house_rules: dict[str, Any],
    night: Night,
    api: APIClient,
    client: Client,
    alice: Any,
    openapi: dict[str, Any],
) -> None:
    """On a night that asks for confirmations: each hand, recorded from the first seat, waits
    for a player of another side; the recorder's own side is refused; the page offers each
    player who may confirm one tap; and an export imports with every confirmation kept."""
    client.force_login(alice)
    night.confirmations = True
    night.save()
    ids = [PlayerFactory(owner=night.owner, name=NAMES[i]).pk for i in range(players)]
    started = api.post(
        reverse("api_night_games", args=[night.pk]),
        {"game": definition.slug, "players": ids, "options": house_rules},
    )
    game = Game.objects.get(pk=started.json()["id"])
    seating = definition.seating(players, definition.options(house_rules))
    own_side = set(seating.units[seating.unit_of(0)])
    others = [seat for seat in range(players) if seat not in own_side]
    recorded = []
    for sample in playable_samples(definition, players, definition.options(house_rules)):
        response = api.post(reverse("api_game_deals", args=[game.pk]), {"deal": sample, "seat": 0})
        assert response.status_code == 201, response.content
        recorded.append(response.json())
    standings = api.get(reverse("api_game_standings", args=[game.pk])).json()
    check_against_schema(openapi, "/api/v1/games/{id}/standings/", "get", 200, standings)
    assert standings["unconfirmed"] == [1, 2, 3]
    assert [deal["confirmers"] for deal in standings["deals"]] == [others] * 3
    html = client.get(game.get_absolute_url()).content.decode()
    names = [NAMES[seat] for seat in range(players)]
    for seat in range(players):
        offered = f'<span class="sr">Confirmed by </span>{names[seat]}</button>' in html
        assert offered == (seat in others), (seat, names[seat])
    confirm_path = "/api/v1/games/{id}/deals/{deal}/confirm/"
    for entry in recorded[:2]:
        url = reverse("api_deal_confirm", args=[game.pk, entry["deal"]])
        if own_side - {0}:  # a partner of the recorder
            refused = api.post(url, {"seat": min(own_side - {0}), "revision": entry["id"]})
            assert refused.status_code == 400 and refused.json()["field"] == "seat"
        done = api.post(url, {"seat": others[-1], "revision": entry["id"]})
        assert done.status_code == 201, done.content
        check_against_schema(openapi, confirm_path, "post", 201, done.json())
    standings = api.get(reverse("api_game_standings", args=[game.pk])).json()
    assert standings["unconfirmed"] == [3]
    assert standings["deals"][0]["confirmed_by"] == names[others[-1]]
    exported = api.get(reverse("api_night_export", args=[night.pk])).json()
    # Imported by someone else (the owner's own import of it would find the night here).
    other = APIClient()
    other.force_authenticate(UserFactory(username="dora"))
    imported = other.post(reverse("api_import"), exported, format="json")
    assert imported.status_code == 201, imported.content
    copy = Game.objects.exclude(night=night).get()
    assert [h.number for h in scoreboard.game_standings(copy).unconfirmed] == [3]


QUESTIONS = [
    pytest.param(game, name, players, id=f"{game.slug}-{name}-{players}")
    for game in all_games()
    for name, question in game.questions().items()
    if question.asks is not None
    for players in sorted({game.table_sizes()[0], game.table_sizes()[-1]})
]


@pytest.mark.parametrize(("game", "question", "players"), QUESTIONS)
def test_every_questions_answer_is_what_the_schema_says(
    openapi: dict[str, Any], game: GameDefinition[Any, Any], question: str, players: int
) -> None:
    """Each question's own operation: its sample body, at the smallest and largest table,
    answers 200 with a body its Answer component describes, read strictly."""
    asks = game.questions()[question].asks
    assert asks is not None
    body = asks.example(players, game.options())
    if asks.players:
        body["players"] = players
    path = f"/api/v1/adjudicate/{game.slug}/{question}/"
    response = APIClient().post(path, body, format="json")
    assert response.status_code == 200, response.content
    check_against_schema(openapi, path, "post", 200, response.json())


def test_the_game_types_are_what_the_schema_says(openapi: dict[str, Any]) -> None:
    """Every game's house rules, questions and deal records, read strictly."""
    response = APIClient().get("/api/v1/game-types/")
    assert response.status_code == 200, response.content
    check_against_schema(openapi, "/api/v1/game-types/", "get", 200, response.json())
