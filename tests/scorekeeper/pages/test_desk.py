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
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night, Ruling
from scorekeeper.nights.demo import SAMPLE_DEALS
from tests.factories import HouseRuleProfileFactory

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


def test_a_body_past_a_bound_is_refused_beside_its_field(signed_in: Client) -> None:
    page = signed_in.get(
        DESK,
        {"game": "bridge-rummy", "question": "meld", "ask": "1", "in_cards": "AS " * 16_000},
    )
    assert page.status_code == 200
    assert "at most 112 characters" in page.context["asked"].error.message
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
    assert [r.label for r in readings] == ["Penalty on tie: on"]
    assert "10 penalty: knocked and was tied" in " ".join(readings[0].lines)
    html = page.content.decode()
    assert (
        "Under Penalty on tie: on</strong> (" in html
        and "penalty_on_tie" not in html.split('id="desk-answer"')[1].split("answer-json")[0]
    )
    assert 'aria-label="Ruling K-1"' in html


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
    assert "Knock Rummy: May this hand knock?" in html and "Tom&#x27;s knock" in html


def test_someone_outside_the_night_cannot_save(client: Client, carol: Any, night: Night) -> None:
    client.force_login(carol)
    assert save(client, night).status_code == 404
    assert not Ruling.objects.exists()


def test_a_ruling_the_engine_refuses_is_not_saved(signed_in: Client, night: Night) -> None:
    response = save(signed_in, night, data=json.dumps({"cards": "ZZ"}))
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not Ruling.objects.exists()


@pytest.mark.parametrize(
    "field",
    [
        pytest.param({"data": json.dumps({"cards": "10S \udc00 QH"})}, id="in-the-input"),
        pytest.param({"options": json.dumps({"\udc00": True})}, id="a-house-rule-key"),
    ],
)
def test_a_ruling_with_a_lone_surrogate_is_refused_in_the_page(
    signed_in: Client, night: Night, field: dict[str, str]
) -> None:
    # Issue 26: "\udc00" escaped in the form's JSON reached the engine, whose refusal quoted
    # it, and the page could not be encoded: a 500. Read as the API reads JSON, it is refused.
    response = save(signed_in, night, **field)
    assert response.status_code == 200
    assert "That ruling is unreadable." in response.content.decode()
    assert not Ruling.objects.exists()


def test_the_desk_and_a_hands_dispute_read_json_as_the_api_does(
    signed_in: Client, bridge_game: Game
) -> None:
    hand = game_services.deal_record(
        game=bridge_game, by=bridge_game.night.owner, data=SAMPLE_DEALS[0]
    )
    url = reverse("hand_dispute", args=[bridge_game.pk, hand.pk])
    response = signed_in.post(url, {"data": json.dumps({"went_out": "\udc00"})})
    assert response.status_code == 400
    assert "That ruling is unreadable." in response.content.decode()
    page = signed_in.get(DESK, {"game": "bridge-rummy", "options": json.dumps({"\udc00": 1})})
    assert page.status_code == 200


def test_a_seat_row_offers_its_cards_or_a_count_one_at_a_time(signed_in: Client) -> None:
    # The deal form's row (widgets/hand.html): a toggle, the first way chosen, each input in
    # an .entry that app.css hides unless its way is checked. The rule is static (the CSP
    # allows no inline style) and keyed by position: the n-th way shows the n-th entry.
    page = signed_in.get(DESK, {"game": "knock-rummy", "question": "settle", "players": "3"})
    html = page.content.decode()
    assert "<style" not in html
    rows = re.findall(r'<fieldset class="hand" data-seat="(\d)">(.*?)</fieldset>', html, re.S)
    assert [seat for seat, _ in rows] == ["0", "1", "2"]
    for seat, row in rows:
        checked = re.findall(
            r'<input type="radio" name="in_hands_how_(\d)" value="(\w+)"[^>]*checked', row
        )
        assert checked == [(seat, "cards")]
        ways = re.findall(r'<label data-how-n="(\d)"><input type="radio"[^>]* value="(\w+)"', row)
        entries = re.findall(r'data-entry="(\w+)" data-entry-n="(\d)"', row)
        assert ways == [("0", "cards"), ("1", "count")]
        assert entries == [("cards", "0"), ("count", "1")]


def test_without_the_toggle_the_input_filled_in_is_read(signed_in: Client) -> None:
    # No script and no :has(): both inputs show, the toggle stays on its first way, and the
    # count typed is what is asked.
    typed = {f"in_hands_count_{p}": str(n) for p, n in enumerate((5, 5, 30))}
    typed |= {f"in_hands_how_{p}": "cards" for p in range(3)}
    page = signed_in.get(
        DESK,
        {"game": "knock-rummy", "question": "settle", "players": "3", "ask": "1", "in_knocked": "0"}
        | typed,
    )
    asked = page.context["asked"]
    assert asked.error is None, asked.error
    assert asked.data["hands"] == [{"seat": p, "count": n} for p, n in enumerate((5, 5, 30))]


TIE = {
    "game": "knock-rummy",
    "question": "settle",
    "players": "3",
    "in_knocked": "0",
    **{f"in_hands_count_{p}": str(n) for p, n in enumerate((5, 5, 30))},
}


def test_any_house_rule_can_be_set_on_the_desk(signed_in: Client) -> None:
    # The start form's fields, one per rule of the game; the answer says what it was read under.
    page = signed_in.get(DESK, {"game": "knock-rummy", "question": "settle", "players": "3"})
    form = page.context["rules_form"]
    assert [f.name for f in form.option_fields()] == [
        f"option_{info.name}" for info in page.context["game"].describe_options()
    ]
    page = signed_in.get(
        DESK, {**TIE, "ask": "1", "rules": "knock-rummy", "option_penalty_on_tie": "on"}
    )
    asked = page.context["asked"]
    assert asked.options["penalty_on_tie"] is True
    assert "10 penalty: knocked and was tied" in " ".join(asked.answer["explanation"])
    assert [r.label for r in asked.readings] == ["Penalty on tie: off"]
    html = unescape(page.content.decode())
    assert "Read under these house rules: Penalty on tie on (" in html
    assert 'aria-label="Ruling K-1"' in html


def test_without_house_rules_the_answer_says_it_read_the_published_rules(
    signed_in: Client,
) -> None:
    page = signed_in.get(DESK, {**TIE, "ask": "1", "rules": "knock-rummy"})
    assert page.context["asked"].options["penalty_on_tie"] is False
    assert "Read under the published rules of Knock Rummy." in page.content.decode()


def test_the_rules_of_the_game_before_a_switch_are_not_read(signed_in: Client) -> None:
    # The fields were Rummy's; the game is now Knock Rummy: its published rules, not "all off".
    page = signed_in.get(DESK, {**TIE, "ask": "1", "rules": "rummy", "option_x": "on"})
    assert page.context["asked"].options == {}


def test_a_bad_house_rule_is_shown_beside_its_field_and_nothing_is_asked(
    signed_in: Client,
) -> None:
    page = signed_in.get(
        DESK,
        {"game": "brummy", "question": page_question("brummy"), "ask": "1", "rules": "brummy"}
        | {"option_target": "99999999"},
    )
    assert page.status_code == 200
    assert page.context["asked"] is None
    assert page.context["rules_form"].errors["option_target"]
    assert 'class="errorlist"' in page.content.decode()


def page_question(slug: str) -> str:
    return next(iter(next(g for g in all_games() if g.slug == slug).questions()))


def test_a_saved_profile_fills_in_the_house_rules(signed_in: Client, alice: Any) -> None:
    mine = HouseRuleProfileFactory(
        owner=alice, name="Nanni's rules", options={"penalty_on_tie": True}
    )
    theirs = HouseRuleProfileFactory(name="Not yours", options={"penalty_on_tie": True})
    page = signed_in.get(DESK, {**TIE, "ask": "1", "profile": mine.pk, "use_profile": "1"})
    assert page.context["profiles"] == [mine]
    assert page.context["rules_form"]["option_penalty_on_tie"].value() is True
    assert page.context["asked"].options["penalty_on_tie"] is True
    content = page.content.decode()
    assert "Read under Nanni&#x27;s rules: Penalty on tie on (" in content
    assert 'aria-label="Ruling K-1"' in content
    page = signed_in.get(DESK, {**TIE, "ask": "1", "profile": theirs.pk, "use_profile": "1"})
    assert page.context["profile"] is None
    assert page.context["asked"].options == {}


# The desk in the table's words -------------------------------------------------------------


def test_a_trick_question_from_a_game_is_on_the_pad_with_its_players_names(
    signed_in: Client, night: Night
) -> None:
    from tests.factories import GameFactory

    voormsi = GameFactory(night=night, slug="voormsi", players=["Ann", "Bob", "Cy", "Di"])
    page = signed_in.get(DESK, {"from": voormsi.pk, "question": "trick"})
    html = page.content.decode()
    pad = re.search(r'<fieldset class="tricks" data-tricks[^>]*>', html)
    assert pad is not None
    assert json.loads(unescape(re.search(r'data-seats="([^"]*)"', pad.group(0)).group(1))) == [
        "Ann",
        "Bob",
        "Cy",
        "Di",
    ]
    assert 'name="in_plays"' in html and 'data-trick="0"' in html
    # Opened on its own, the same question calls the seats by number.
    alone = signed_in.get(DESK, {"game": "voormsi", "question": "trick", "players": "4"})
    assert "Seat 1" in unescape(alone.content.decode())


def test_the_questions_are_offered_by_their_labels_not_their_names(signed_in: Client) -> None:
    html = signed_in.get(DESK, {"game": "knock-rummy"}).content.decode()
    assert "<strong>Is this a meld?</strong>" in html
    assert "<strong>meld</strong>" not in html and "<strong>deadwood</strong>" not in html


def test_the_deal_question_answers_rummy_at_five(signed_in: Client) -> None:
    page = signed_in.get(DESK, {"game": "rummy", "question": "deal", "players": "5", "ask": "1"})
    answer = page.context["asked"].answer
    assert (answer["each"], answer["stock"], answer["discard"]) == (6, 21, 1)
    html = unescape(page.content.decode())
    assert "6 cards to each of the 5 players: 30 dealt (" in html
    assert "up to six players; 10 cards each at two, 7 at three or four, 6 at five or six" in html


def test_a_ruling_id_in_the_working_opens_what_the_ruling_says(signed_in: Client) -> None:
    page = signed_in.get(
        DESK, {"game": "continental-rummy", "question": "deal", "players": "6", "ask": "1"}
    )
    html = page.content.decode()
    tap = re.search(
        r'<details class="rule-tap"><summary aria-label="Ruling 4.3">4.3</summary>'
        r'<span class="rule-note" role="note">([^<]*)</span></details>',
        html,
    )
    assert tap is not None
    assert "three and three for six to eight" in tap.group(1)
    assert page.context["asked"].answer["jokers"] == 3
