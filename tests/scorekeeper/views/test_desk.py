"""The dispute desk's page: a form for every question of every game, answers with the working,
the house-rule readings that change them, and rulings saved to a night."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from adjudicator.games import all_games
from scorekeeper.models import Game, Night, Ruling

DESK = reverse("desk")
QUESTIONS = [
    pytest.param(game.slug, name, id=f"{game.slug}-{name}")
    for game in all_games()
    for name in game.questions()
]


def inputs_of(html: str) -> dict[str, str]:
    """What a browser would send from the desk form as rendered (text, checked boxes, radios)."""
    values: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", html):
        name = re.search(r'name="(in_[^"]+)"', tag)
        if not name:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        kind = re.search(r'type="([^"]+)"', tag)
        if kind and kind.group(1) in ("radio", "checkbox") and "checked" not in tag:
            continue
        values[name.group(1)] = unescape(value.group(1)) if value else "on"
    for name, text in re.findall(r'<textarea name="(in_[^"]+)"[^>]*>(.*?)</textarea>', html, re.S):
        values[name] = unescape(text)
    return values


@pytest.fixture
def signed_in(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


@pytest.mark.parametrize(("slug", "name"), QUESTIONS)
def test_every_question_has_a_form_and_its_example_is_answered(
    signed_in: Client, slug: str, name: str
) -> None:
    page = signed_in.get(DESK, {"game": slug, "question": name, "example": "1"})
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="ask"' in html
    asked = page.context["asked"]
    assert asked.error is None, asked.error
    # Submitting the form as rendered asks the same question, and it is answered too.
    again = signed_in.get(DESK, {"game": slug, "question": name, "ask": "1", **inputs_of(html)})
    assert again.context["asked"].error is None, again.context["asked"].error


def test_changing_the_question_swaps_only_the_desk(signed_in: Client) -> None:
    page = signed_in.get(
        DESK, {"game": "knock-rummy", "question": "settle"}, HTTP_HX_REQUEST="true"
    )
    html = page.content.decode()
    assert html.lstrip().startswith('<section class="card desk" id="desk">')
    assert "<html" not in html
    assert 'name="in_knocked"' in html


def test_a_meld_is_answered_with_its_problems(signed_in: Client) -> None:
    page = signed_in.get(
        DESK, {"game": "rummy", "question": "meld", "ask": "1", "in_cards": "QS KS AS"}
    )
    html = page.content.decode()
    assert "is not a meld" in html
    assert "The answer as JSON" in html


def test_a_refusal_is_shown_beside_its_field(signed_in: Client) -> None:
    page = signed_in.get(DESK, {"game": "rummy", "question": "meld", "ask": "1", "in_cards": "ZZ"})
    assert page.status_code == 200
    assert page.context["asked"].error is not None
    blocks = {b.key: b for b in page.context["blocks"]}
    assert blocks["cards"].error


def test_the_readings_list_the_house_rules_that_change_the_answer(signed_in: Client) -> None:
    # Seat 1 knocks on 5 and seat 2 ties: only K-1's penalty on a tie changes who pays what.
    tie = {
        "in_knocked": "0",
        "in_hands_how_0": "count",
        "in_hands_count_0": "5",
        "in_hands_how_1": "count",
        "in_hands_count_1": "5",
        "in_hands_how_2": "count",
        "in_hands_count_2": "30",
    }
    page = signed_in.get(
        DESK, {"game": "knock-rummy", "question": "settle", "ask": "1", "players": "3", **tie}
    )
    readings = page.context["asked"].readings
    assert [r.label for r in readings] == ["K-1 penalty_on_tie = on"]
    assert "10 penalty: knocked and was tied" in " ".join(readings[0].lines)
    assert "Under K-1 penalty_on_tie = on" in page.content.decode()


def test_the_game_page_links_to_the_desk_with_its_game(
    signed_in: Client, bridge_game: Game
) -> None:
    html = signed_in.get(reverse("game_detail", args=[bridge_game.pk])).content.decode()
    assert f"{DESK}?from={bridge_game.pk}&amp;game=bridge-rummy" in html
    page = signed_in.get(DESK, {"from": bridge_game.pk, "game": "bridge-rummy"})
    assert page.context["night"] == bridge_game.night
    assert page.context["can_save"]


def save(client: Client, night: Night, **extra: Any) -> Any:
    body = {
        "game": "knock-rummy",
        "question": "knock",
        "players": "2",
        "data": json.dumps({"cards": "10S JS QH KH 10D JD QC"}),
        "options": "{}",
        "note": "Tom's knock",
        **extra,
    }
    return client.post(reverse("ruling_save", args=[night.pk]), body)


def test_a_recorder_saves_a_ruling_and_the_night_shows_it(
    client: Client, bob: Any, night: Night
) -> None:
    client.force_login(bob)
    response = save(client, night)
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert (ruling.saved_by, ruling.note, ruling.question) == (bob, "Tom's knock", "knock")
    assert ruling.answer["may_knock"] is True
    html = client.get(night.get_absolute_url()).content.decode()
    assert "Knock Rummy: knock" in html and "Tom&#x27;s knock" in html


def test_someone_outside_the_night_cannot_save(client: Client, carol: Any, night: Night) -> None:
    client.force_login(carol)
    assert save(client, night).status_code == 404
    assert not Ruling.objects.exists()


def test_a_ruling_the_engine_refuses_is_not_saved(signed_in: Client, night: Night) -> None:
    response = save(signed_in, night, data=json.dumps({"cards": "ZZ"}))
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not Ruling.objects.exists()
