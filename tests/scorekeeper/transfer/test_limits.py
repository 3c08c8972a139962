"""What the app keeps, an import takes (issue 26, 10.6): one set of limits (``scorekeeper.limits``)
holds the pages, the API, the services and the import alike. A night dated 0877, notes of
20,000 characters, 151 games, 201 rulings or more than 1,000 nights were accepted by the app
and refused by the import of their own export; a time imported at 2999-12-31T23:59:59-14:00
came back as 3000-01-01T13:59:59+00:00, which no import took."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from adjudicator.games import MAX_TABLE, all_games, get_game
from scorekeeper import limits
from scorekeeper.desk import asking
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night, NightPlayer, Player, Ruling
from scorekeeper.nights import services as night_services
from scorekeeper.transfer import export_format, exporting, importing
from tests.factories import GameFactory, NightFactory, PlayerFactory, UserFactory, played_night

NIGHTS = "/api/v1/nights/"


def _again(document: dict[str, Any], owner: Any) -> dict[str, Any]:
    """The document imported for ``owner`` and exported again."""
    made = importing.import_nights(owner=owner, document=document)
    return exporting.export_document(made)


def _as_kept(document: dict[str, Any]) -> dict[str, Any]:
    """A document without what an import rightly changes: when it was exported, the night's
    owner and each game's creator (the importer), and the tokens a site already holds (given
    new ones)."""
    kept = json.loads(json.dumps(document))
    kept.pop("exported_at")
    for night in kept["nights"]:
        night.pop("owner")
        for game in night["games"]:
            game.pop("created_by")
            for entry in game["entries"]:
                entry.pop("token")
    return kept


def _round_trips(nights: list[Night]) -> None:
    document = exporting.export_document(nights)
    assert export_format.first_problem(document) is None
    again = _again(document, UserFactory())
    assert _as_kept(again) == _as_kept(document)


# --- The limits agree with each other and with the schema ---------------------------------


def test_the_limits_hold_together() -> None:
    years = re.compile(export_format.DATE_PATTERN)
    for day, fits in [
        (limits.FIRST_DAY, True),
        (limits.LAST_DAY, True),
        (limits.FIRST_DAY - datetime.timedelta(days=1), False),
        (limits.LAST_DAY + datetime.timedelta(days=1), False),
    ]:
        assert bool(years.match(day.isoformat())) is fits, day
    assert (limits.EARLIEST.date(), limits.LATEST.date()) == (limits.FIRST_DAY, limits.LAST_DAY)
    assert MAX_TABLE <= limits.SEATS  # every table the engine seats fits an export's seats
    # A night the app keeps fits in one import file, so an export in parts always imports.
    assert limits.ENTRIES <= limits.FILE_ENTRIES and limits.RULINGS <= limits.FILE_RULINGS
    assert Player._meta.get_field("name").max_length == limits.NAME
    assert Night._meta.get_field("place").max_length == limits.PLACE
    assert Ruling._meta.get_field("note").max_length == limits.NOTE


# --- The app refuses what an import would: each limit, on both sides -----------------------


@pytest.mark.parametrize(
    ("date", "fits"),
    [
        ("0877-06-14", False),
        ("1899-12-31", False),
        ("1900-01-01", True),
        ("2999-12-31", True),
        ("3000-01-01", False),
    ],
)
def test_a_nights_date_is_within_the_years_an_import_takes(
    api: APIClient, date: str, fits: bool
) -> None:
    response = api.post(NIGHTS, {"date": date}, format="json")
    if fits:
        assert response.status_code == 201
        return
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "date"
    assert f"A night's date is from 1900-01-01 to 2999-12-31, not {date}." in body["message"]
    assert not Night.objects.exists()


@pytest.mark.parametrize(("field", "most"), [("notes", limits.NOTES), ("place", limits.PLACE)])
def test_a_nights_text_is_within_what_an_import_takes(
    api: APIClient, field: str, most: int
) -> None:
    assert api.post(NIGHTS, {"date": "2026-11-22", field: "n" * most}).status_code == 201
    response = api.post(NIGHTS, {"date": "2026-11-22", field: "n" * (most + 1)})
    assert (response.status_code, response.json()["field"]) == (400, field)
    assert Night.objects.count() == 1


def test_the_night_page_says_the_limits_inline(client: Client, alice: Any) -> None:
    client.force_login(alice)
    response = client.post(
        reverse("night_create"), {"date": "0877-06-14", "notes": "n" * (limits.NOTES + 1)}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "A night&#x27;s date is from 1900-01-01 to 2999-12-31, not 0877-06-14." in page
    assert f"at most {limits.NOTES}" in page
    assert 'min="1900-01-01" max="2999-12-31"' in page
    assert not Night.objects.exists()


def test_the_service_refuses_them_too(alice: Any) -> None:
    from scorekeeper.exceptions import InvalidInput

    with pytest.raises(InvalidInput, match="not 0877-06-14"):
        night_services.night_create(owner=alice, date=datetime.date(877, 6, 14))
    with pytest.raises(InvalidInput, match="notes hold at most 10,000"):
        night_services.night_create(
            owner=alice, date=datetime.date(2026, 11, 22), notes="n" * (limits.NOTES + 1)
        )


def test_a_night_holds_games_numbered_up_to_the_most(api: APIClient, night: Night) -> None:
    GameFactory(night=night, slug="bridge-rummy", number=limits.GAMES - 1)
    players = list(Player.objects.filter(owner=night.owner).values_list("pk", flat=True))[:4]
    body = {"game": "bridge-rummy", "players": players}
    first = api.post(f"{NIGHTS}{night.pk}/games/", body, format="json")
    assert first.status_code == 201 and Game.objects.get(pk=first.json()["id"]).number == 100
    response = api.post(f"{NIGHTS}{night.pk}/games/", body, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "game")
    assert "A night holds at most 100 games" in response.json()["message"]
    assert night.games.count() == 2


def test_a_nights_table_seats_up_to_the_most(night: Night, alice: Any) -> None:
    seated = [PlayerFactory(owner=alice, name=f"P{k}") for k in range(limits.TABLE - 1)]
    NightPlayer.objects.bulk_create(NightPlayer(night=night, player=p) for p in seated)
    night_services.night_player_add(night=night, by=alice, name="Last")
    from scorekeeper.exceptions import InvalidInput

    with pytest.raises(InvalidInput, match="seats at most 100 players") as refused:
        night_services.night_player_add(night=night, by=alice, name="One more")
    assert refused.value.field == "name"
    # Nor through a game's seats, which sit their players at the table.
    with pytest.raises(InvalidInput, match="seats at most 100 players") as refused:
        game_services.game_start(
            night=night,
            by=alice,
            slug="brummy",
            players=[PlayerFactory(owner=alice, name=n) for n in ("X", "Y")],
        )
    assert refused.value.field == "players"
    assert NightPlayer.objects.filter(night=night).count() == limits.TABLE


def test_a_night_keeps_rulings_up_to_the_most(api: APIClient, night: Night, alice: Any) -> None:
    ruling = asking.ruling_save(
        night=night, by=alice, slug="rummy", question="meld", data={"cards": "5H 6H 7H"}
    )
    Ruling.objects.bulk_create(
        Ruling(night=night, game_slug="rummy", question="meld", saved_by=alice, hash="x")
        for _ in range(limits.RULINGS - 2)
    )
    body = {"game": "rummy", "question": "meld", "input": {"cards": "5H 6H 7H"}}
    assert api.post(f"{NIGHTS}{night.pk}/rulings/", body, format="json").status_code == 201
    response = api.post(f"{NIGHTS}{night.pk}/rulings/", body, format="json")
    assert response.status_code == 400
    assert "A night keeps at most 200 rulings" in response.json()["message"]
    assert night.rulings.count() == limits.RULINGS
    assert Ruling.objects.filter(pk=ruling.pk).exists()


def test_a_night_keeps_ledger_entries_up_to_the_most(
    api: APIClient, night: Night, alice: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All its games together (each game's writers hold only their game's lock)."""
    monkeypatch.setattr(limits, "ENTRIES", 3)
    one = GameFactory(night=night, slug="brummy", players=["Mary", "Tom", "Dick"])
    two = GameFactory(night=night, slug="brummy", players=["Mary", "Tom", "Dick"])
    deal = {"knocked": None, "grids": [{"seat": s, "total": 10} for s in range(3)]}
    for game in (one, two, one):
        url = f"/api/v1/games/{game.pk}/deals/"
        assert api.post(url, {"deal": deal}, format="json").status_code == 201
    response = api.post(f"/api/v1/games/{two.pk}/deals/", {"deal": deal}, format="json")
    assert response.status_code == 400
    assert "A night keeps at most 3 ledger entries" in response.json()["message"]
    assert night.games.filter(entries__isnull=False).count() == 3


# --- An import takes what the app keeps, and gives it back the same ------------------------


def test_a_night_at_every_limit_exports_and_imports_the_same(alice: Any) -> None:
    night = night_services.night_create(
        owner=alice, date=limits.LAST_DAY, place="p" * limits.PLACE, notes="n" * limits.NOTES
    )
    for k in range(limits.TABLE):
        night_services.night_player_add(night=night, by=alice, name=f"Player {k:03}")
    players = [p for p in Player.objects.filter(owner=alice).order_by("name")]
    for k in range(limits.GAMES):
        seats = players[k % 97 : k % 97 + 3]
        game_services.game_start(night=night, by=alice, slug="brummy", players=seats)
    # A game removed leaves its number unused; the import keeps the numbers as they are.
    game_services.game_remove(game=night.games.get(number=50), by=alice)
    game_services.deal_record(
        game=night.games.get(number=limits.GAMES),
        by=alice,
        data={"knocked": None, "grids": [{"seat": s, "total": 10} for s in range(3)]},
    )
    for _ in range(limits.RULINGS):
        asking.ruling_save(
            night=night, by=alice, slug="rummy", question="meld", data={"cards": "5H 6H 7H"}
        )
    _round_trips([night])


@pytest.mark.parametrize(
    ("when", "fits"),
    [
        pytest.param("2999-12-31T23:59:59-14:00", False, id="past-2999-in-utc"),
        pytest.param("2999-12-31T09:59:59.999999-14:00", True, id="last-instant"),
        pytest.param("1900-01-01T00:00:00+00:30", False, id="before-1900-in-utc"),
        pytest.param("1900-01-01T00:00:00+00:00", True, id="first-instant"),
    ],
)
def test_an_imported_time_is_one_its_export_gives_back(alice: Any, when: str, fits: bool) -> None:
    document = exporting.export_document([played_night(alice)])
    document["nights"][0]["games"][0]["entries"][0]["recorded_at"] = when
    document["nights"][0]["rulings"] = []
    if not fits:
        with pytest.raises(importing.ImportRefused) as refused:
            importing.import_nights(owner=UserFactory(), document=document)
        assert refused.value.field == "nights[0].games[0].entries[0].recorded_at"
        assert "from 1900-01-01 to 2999-12-31 in UTC" in refused.value.message
        return
    again = _again(document, UserFactory())
    kept = again["nights"][0]["games"][0]["entries"][0]["recorded_at"]
    assert datetime.datetime.fromisoformat(kept) == datetime.datetime.fromisoformat(when)
    assert _as_kept(_again(again, UserFactory())) == _as_kept(again)


# Nights as the app makes them: any date and text it takes, players, games of several kinds
# with deals, voids, amends and games removed, rulings.
SLUGS = sorted(g.slug for g in all_games() if g.min_players <= 4)
TEXT = st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=30)


@st.composite
def nights(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "date": draw(st.dates(min_value=limits.FIRST_DAY, max_value=limits.LAST_DAY)),
        "place": draw(TEXT),
        "notes": draw(st.one_of(TEXT, st.just("n" * limits.NOTES))),
        "games": draw(
            st.lists(
                st.tuples(
                    st.sampled_from(SLUGS),
                    st.integers(min_value=0, max_value=3),  # deals
                    st.sampled_from(["keep", "void", "amend", "remove"]),
                ),
                max_size=3,
            )
        ),
        "rulings": draw(st.lists(TEXT, max_size=2)),  # their notes
    }


@pytest.mark.django_db
@settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(plan=nights())
def test_every_night_the_app_makes_exports_and_imports_the_same(plan: dict[str, Any]) -> None:
    from django.db import transaction

    with transaction.atomic():
        owner = UserFactory()
        api = APIClient()
        api.force_authenticate(owner)
        made = api.post(
            NIGHTS,
            {"date": plan["date"].isoformat(), "place": plan["place"], "notes": plan["notes"]},
            format="json",
        )
        assert made.status_code == 201, made.content
        night = Night.objects.get(pk=made.json()["id"])
        for slug, deals, then in plan["games"]:
            definition = get_game(slug)
            size = definition.min_players
            players = [
                night_services.night_player_add(night=night, by=owner, name=f"P{k}")
                if not NightPlayer.objects.filter(night=night, player__name=f"P{k}").exists()
                else Player.objects.get(owner=owner, name=f"P{k}")
                for k in range(size)
            ]
            game = game_services.game_start(night=night, by=owner, slug=slug, players=players)
            options = definition.options(game.options)
            from tests.scorekeeper.test_conformance import playable_samples

            recorded = [
                game_services.deal_record(game=game, by=owner, data=raw)
                for raw in playable_samples(definition, size, options, count=deals + 1)[:deals]
            ]
            if then == "remove" and not recorded:
                game_services.game_remove(game=game, by=owner)
            elif then == "void" and recorded:
                game_services.deal_void(
                    game=game, deal_key=recorded[-1].pk, by=owner, revision=recorded[-1].pk
                )
            elif then == "amend" and recorded:
                game_services.deal_amend(
                    game=game,
                    deal_key=recorded[0].pk,
                    by=owner,
                    data=recorded[0].data,
                    revision=recorded[0].pk,
                    note="recounted",
                )
        for note in plan["rulings"]:
            asking.ruling_save(
                night=night,
                by=owner,
                slug="rummy",
                question="meld",
                data={"cards": "5H 6H 7H"},
                note=note,
            )
        _round_trips([night])
        transaction.set_rollback(True)


# --- Everything, in files one import each takes ---------------------------------------------


@pytest.mark.parametrize(
    ("cap", "most"), [("FILE_NIGHTS", 2), ("FILE_ENTRIES", 12), ("FILE_RULINGS", 1)]
)
def test_an_export_of_more_than_one_import_takes_comes_in_parts_that_each_import(
    alice: Any, monkeypatch: pytest.MonkeyPatch, cap: str, most: int
) -> None:
    """Each of three nights holds 12 entries and a ruling: two to a part when nights are
    capped at 2, one to a part otherwise."""
    made = []
    for _ in range(3):
        night = played_night(alice)
        asking.ruling_save(
            night=night, by=alice, slug="rummy", question="meld", data={"cards": "5H 6H 7H"}
        )
        made.append(night)
    monkeypatch.setattr(limits, cap, most)
    monkeypatch.setattr(export_format, "MAX_ENTRIES", limits.FILE_ENTRIES)
    monkeypatch.setattr(export_format, "MAX_RULINGS", limits.FILE_RULINGS)
    monkeypatch.setitem(
        export_format.SCHEMA["properties"]["nights"], "maxItems", limits.FILE_NIGHTS
    )
    parts = exporting.parts(made)
    assert [len(p) for p in parts] == ([2, 1] if cap == "FILE_NIGHTS" else [1, 1, 1])
    whole = exporting.export_document(made)
    assert export_format.first_problem(whole) is not None  # one file: too much for an import
    dave = UserFactory(username="dave")
    for part in parts:
        importing.import_nights(owner=dave, document=exporting.export_document(part))
    assert Night.objects.filter(owner=dave).count() == 3


def test_the_export_page_offers_the_parts_and_each_downloads(
    client: Client, alice: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    for _ in range(3):
        NightFactory(owner=alice)
    monkeypatch.setattr(limits, "FILE_NIGHTS", 2)
    client.force_login(alice)
    page = client.get(reverse("export")).content.decode()
    assert "the JSON comes in 2 files" in page
    assert "?format=json&amp;part=2" in page and "part 2 of 2" in page
    second = client.get(reverse("export_all"), {"format": "json", "part": "2"})
    assert second.status_code == 200
    assert 'filename="scorekeeper-all-part-2-of-2.json"' in second["Content-Disposition"]
    assert len(json.loads(second.content)["nights"]) == 1
    for wrong in ("3", "0", "x", "²"):
        assert (
            client.get(reverse("export_all"), {"format": "json", "part": wrong}).status_code == 404
        )
