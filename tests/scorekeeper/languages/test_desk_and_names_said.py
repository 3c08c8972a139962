"""The desk, the rulings, the night's and game's names and a player's record in the language
spoken (issue 27): the engine's sentences said at the edge with the players' names, the pages'
own words through the catalog, whole sentences with places, never glued pieces."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from adjudicator.games import all_games
from scorekeeper.desk import asking, disputes
from scorekeeper.games import services as game_services
from scorekeeper.history import records, rivals
from scorekeeper.history.scope import of_user
from scorekeeper.house_rules.profile_selectors import RULE_NAMES, option_label
from scorekeeper.models import Game, Night, Player, Ruling
from scorekeeper.standings import result_cards, scoreboard
from tests.factories import GameFactory, NightFactory, played_night

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cy", "Di"]
SEAT_NUMBER = re.compile(r"\b(?:[Ss]eats?|[Ss]æti|[Pp]lats(?:erna)?|[Pp]lads(?:erne)?) \d")


def voormsi_dispute(night: Night, by: Any) -> tuple[Game, Ruling]:
    """Voormsi for Ann and Cy against Ben and Di, its one hand (7 tricks to 2) disputed."""
    game = GameFactory(night=night, slug="voormsi", players=PLAYERS)
    game_services.deal_record(
        game=game, by=by, data={"won": [7, 2], "first_five": 0, "captures": []}
    )
    ruling = disputes.hand_dispute(game=game, deal_key=game.entries.get().pk, by=by)
    return game, ruling


def speaking(client: Client, language: str) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def text(html: str) -> str:
    """The page's words without its tags (the rule taps' notes left out)."""
    html = re.sub(r"<details class=\"rule-tap\">.*?</details>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_disputed_hands_ruling_page_speaks_icelandic_with_the_players_names(
    night: Night, alice: Any
) -> None:
    _, ruling = voormsi_dispute(night, alice)
    client = Client()
    client.force_login(alice)
    html = speaking(client, "is").get(reverse("ruling_detail", args=[ruling.pk])).content
    page = text(html.decode())
    # The question, the hand's summary and every line of the working, in Icelandic with names.
    assert "Voormsi: Hvað gefur þetta spil mörg stig?" in page
    assert "Ann og Cy: 7 slagir: fleiri en fimm gefa 1 + (7 - 5) = 3" in page
    assert "Ann og Cy fá 4" in page and "Ben og Di fá 0" in page
    assert "Ann og Cy vann spilið, 7 slagi gegn 2." in page
    assert not SEAT_NUMBER.search(page), page
    assert "What does this hand score" not in page and "tricks" not in page
    # The answer kept in the ledger is the English it was given in, as before.
    assert ruling.answer["explanation"][0].startswith("seats 1 and 3: 7 tricks")


def test_the_nights_rulings_say_their_working_in_swedish_with_names(
    night: Night, alice: Any
) -> None:
    voormsi_dispute(night, alice)
    with translation.override("sv"):
        (shown,) = asking.rulings_for_night(night)
    assert shown.title == "Vad ger den här given?"
    assert shown.lines[-2:] == ["Ann och Cy får 4", "Ben och Di får 0"]
    assert shown.hand_summary == "Ann och Cy vann given, 7 stick mot 2."


def test_a_ruling_whose_answer_reads_otherwise_now_keeps_the_answer_saved(
    night: Night, alice: Any
) -> None:
    """A ruling is kept as given then: where asking again gives other words (an engine since
    changed), the page shows the saved answer, not today's."""
    _, ruling = voormsi_dispute(night, alice)
    # (In memory: the database refuses to change a saved ruling.)
    ruling.answer = {**ruling.answer, "explanation": ["As the table read it then."]}
    with translation.override("is"):
        assert asking.shown(ruling).lines == ["As the table read it then."]


def test_a_ruling_asked_at_the_desk_alone_calls_the_seats_by_number_in_the_language(
    night: Night, alice: Any
) -> None:
    ruling = asking.ruling_save(
        night=night,
        by=alice,
        slug="voormsi",
        question="hand",
        data={"won": [7, 2]},
        players=4,
    )
    with translation.override("is"):
        lines = asking.shown(ruling).lines
    assert lines[0].startswith("sæti 1 og 3: 7 slagir"), lines


def test_the_desk_opened_from_a_hand_reads_the_house_rules_in_danish_with_names(
    night: Night, alice: Any
) -> None:
    game = GameFactory(night=night, slug="voormsi", players=PLAYERS)
    game_services.deal_record(
        game=game, by=alice, data={"won": [7, 2], "first_five": 0, "captures": []}
    )
    client = Client()
    client.force_login(alice)
    query = {"from": game.pk, "deal": game.entries.get().pk}
    html = speaking(client, "da").get(reverse("desk"), query).content.decode()
    page = text(html[: html.index("answer-json")])  # not the answer as JSON, which is data
    # The house rules' form: each rule's name, its choices and what it does, in Danish.
    assert "Stikoptælling:" in page and "Fem stik eller flere: 5 giver 1, 6 giver 2" in page
    # Another reading of a house rule is one sentence, its name and value as places in it.
    assert "Med Stikoptælling: Seks stik eller flere: 6 giver 1, 7 giver 2" in page
    readings = page[page.index("Med Stikoptælling") :]
    assert "Ann og Cy: 7 stik: seks eller flere giver 1 + (7 - 6) = 2" in readings
    assert not SEAT_NUMBER.search(readings)
    # The sides of the question's form are called by their players too.
    assert "Hvilken side vandt de første fem stik i træk? Ingen Ann og Cy Ben og Di" in page
    # The question's own form: its title, its inputs and their choices.
    assert "Hvem gav?" in page
    for english in ("Trick reading", "Who dealt?", "Not noted", "Whole pack", "Nobody"):
        assert english not in page, english


def test_every_house_rule_of_every_game_has_a_name_in_the_catalog() -> None:
    """A rule the engine names by its key only is named by the pages (RULE_NAMES); a rule added
    to a game without one would show its key to every language."""
    keys = {info.name for game in all_games() for info in game.describe_options()}
    assert keys - set(RULE_NAMES) == set()
    with translation.override("sv"):
        named = {key: option_label(next(iter(infos(key)))) for key in keys}
    assert named["trick_reading"] == "Stickräkning"
    assert all(re.search(r"[a-z]_[a-z]", name) is None for name in named.values())


def infos(key: str) -> list[Any]:
    return [i for g in all_games() for i in g.describe_options() if i.name == key]


def test_a_nights_name_is_a_whole_sentence_in_the_language(alice: Any) -> None:
    night = NightFactory(owner=alice, date=datetime.date(2026, 11, 28), place="Köket")
    bare = NightFactory(owner=alice, date=datetime.date(2026, 11, 1), place="")
    with translation.override("en-gb"):
        assert (str(night), str(bare)) == ("Sat 28 Nov 2026 at Köket", "Sun 01 Nov 2026")
    with translation.override("sv"):
        assert (str(night), str(bare)) == ("lör 28 nov 2026 på Köket", "sön 1 nov 2026")
    with translation.override("is"):
        assert str(night) == "lau 28. nóv 2026 á Köket"


def test_a_games_name_is_translated_and_its_game_name_kept(night: Night) -> None:
    game = GameFactory(night=night, slug="bridge-rummy")
    with translation.override("da"):
        assert str(game) == f"Spil {game.number}: Bridge Rummy"
    with translation.override("en-gb"):
        assert str(game) == f"Game {game.number}: Bridge Rummy"


def test_a_players_record_names_its_feats_in_swedish(alice: Any) -> None:
    played_night(alice)
    mary = Player.objects.get(owner=alice, name="Mary")
    scoreboard.forget_kept()
    with translation.override("sv"):
        record = records.player_record(of_user(alice), mary)
        found = rivals.rivals(of_user(alice), mary)
    assert {f.key: f.label for f in record.feats} == {
        "stars": "stjärnor",
        "best_grid": "bästa rutnät",
    }
    labels = {r.label for book in found.records for r in book.records}
    assert {"Bästa summa", "Största seger", "Flest stjärnor"} <= labels
    client = Client()
    client.force_login(alice)
    page = text(
        speaking(client, "sv").get(reverse("player_detail", args=[mary.pk])).content.decode()
    )
    assert "Stjärnor:" in page and "Ranking spel för spel" in page
    assert "Best total" not in page and "Most stars" not in page


def test_a_nights_share_card_dates_it_in_the_language(alice: Any) -> None:
    night = played_night(alice)
    night.date = datetime.date(2026, 11, 28)  # a Saturday (only read here, never saved)
    with translation.override("sv"):
        card = result_cards.night_card(night)
    assert (card.title, card.when) == ("Spelkväll", "lördag 28 november 2026")
    with translation.override("en-gb"):
        card = result_cards.night_card(night)
    assert (card.title, card.when) == ("Game night", "Saturday 28 November 2026")
