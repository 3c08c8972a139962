"""The game pages and the deal form in the language spoken: the engine's labels said with the
players' names, the pages' own sentences whole (the turn line, a seat's input, the chart's
description, a revision's line), each with its language's plural forms."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scorekeeper.exceptions import InvalidInput
from scorekeeper.games import services as game_services
from scorekeeper.models import Entry, Game, Night
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.pages import previews
from scorekeeper.pages.deal_forms import DealForm
from scorekeeper.standings.charts import tally_chart
from scorekeeper.standings.scoreboard import game_standings
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cy", "Di"]


def text(page: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.content.decode()))


def form_of(game: Game) -> DealForm:
    return DealForm(game=game, seats=tuple(game.seats.select_related("player")))


@pytest.fixture
def voormsi(night: Night) -> Game:
    game: Game = GameFactory(night=night, slug="voormsi", players=NAMES)
    return game


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en-gb", "Hand 1: Ann deals, Ben leads"),
        ("is", "Spil 1: Ann gefur, Ben spilar út"),
        ("da", "Spil 1: Ann giver, Ben spiller ud"),
    ],
)
def test_the_turn_line_is_one_sentence_with_the_names(
    voormsi: Game, language: str, said: str
) -> None:
    with translation.override(language):
        turn = game_standings(voormsi).next_turn
    assert turn is not None and turn["text"] == said


def test_a_rummy_games_turn_line_says_who_plays_first_in_swedish(bridge_game: Game) -> None:
    with translation.override("sv"):
        turn = game_standings(bridge_game).next_turn
    assert turn is not None and turn["text"] == "Giv 1: Mary ger, Alice spelar först"


def test_a_seats_input_and_the_engines_labels_in_swedish(bridge_game: Game, night: Night) -> None:
    brummy: Game = GameFactory(night=night, slug="brummy", players=["Mary", "Tom", "Dick"])
    with translation.override("sv"):
        assert dict(form_of(brummy).fields["knocked"].choices)[""] == "Ingen"
        assert form_of(brummy).fields["cards_2"].label == "Dick: rutnät, rad för rad"
        form = form_of(bridge_game)
        assert form.fields["went_out"].label == "Vem gick ut?"
        assert form.fields["held_1"].label == "Tom: poäng på handen"
        assert dict(form.fields["how_1"].choices)["cards"] == "Kort"
        assert form.fields["held_1"].widget.attrs["placeholder"] == "poäng"


def test_the_ways_and_the_captures_of_a_trick_game_in_danish(voormsi: Game) -> None:
    with translation.override("da"):
        form = form_of(voormsi)
        assert form.fields["way"].label == "Hvordan registrerer I dette spil?"
        assert "Stik for stik" in dict(form.fields["way"].choices).values()
        assert form.fields["tricks_0"].label == "Stik 1"
        labels = [block.label for block in form.blocks()]
    assert "Who dealt?" not in labels and "Hvem gav?" in labels


def test_a_refusal_for_a_missing_entry_is_one_sentence_in_icelandic(bridge_game: Game) -> None:
    data = {"went_out": "0", "how_1": "held", "held_1": "", "how_2": "held", "held_2": "5"}
    data |= {"how_3": "held", "held_3": "5"}
    with translation.override("is"):
        form = DealForm(data, game=bridge_game, seats=tuple(bridge_game.seats.all()))
        assert not form.is_valid()
        assert form.errors["held_1"] == ["Skráðu stig á hendi fyrir Tom."]


def test_the_grid_preview_names_its_lines_in_swedish(night: Night) -> None:
    brummy: Game = GameFactory(night=night, slug="brummy", players=["Mary", "Tom", "Dick"])
    with translation.override("sv"):
        preview = previews.grid_preview(brummy, "5H 6H 7H")
    assert [line.name for line in preview.lines[:2]] == ["rad 1", "rad 2"]
    assert preview.lines[0].combination and preview.lines[0].combination != "running flush"


@pytest.mark.parametrize(
    ("deals", "said"),
    [(1, "Eftir 1 spil: "), (2, "Eftir 2 spil: ")],
)
def test_the_charts_description_counts_in_icelandic(
    bridge_game: Game, alice: Any, deals: int, said: str
) -> None:
    for deal in SAMPLE_DEALS[:deals]:
        game_services.deal_record(game=bridge_game, by=alice, data=deal)
    with translation.override("is"):
        chart = tally_chart(game_standings(bridge_game))
    assert chart is not None
    assert chart["desc"].startswith(said)
    assert chart["title"].startswith("Staðan í ")


def test_a_revision_and_the_stars_in_danish(bridge_game: Game, alice: Any) -> None:
    entry = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    game_services.deal_amend(
        game=bridge_game, deal_key=entry.pk, by=alice, data=SAMPLE_DEALS[0], note="Tom talte om"
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="da")
    client.force_login(alice)
    page = text(client.get(bridge_game.get_absolute_url()))
    assert "registreret af alice," in page and "rettet af alice," in page
    assert "1 stjerne" in client.get(bridge_game.get_absolute_url()).content.decode()
    assert "en stjerne: vandt runden ved at gå ud" in page


def test_a_deal_left_out_is_said_in_the_language_of_each_read(night: Night, alice: Any) -> None:
    brummy: Game = GameFactory(night=night, slug="brummy", players=["Mary", "Tom", "Dick"])
    data = {"knocked": None, "grids": [{"seat": s, "total": 10} for s in range(3)]}
    entry = game_services.deal_record(game=brummy, by=alice, data=data)
    # A row no service would write, straight into the ledger: its record cannot be read.
    Entry.objects.create(
        game=brummy,
        kind=Entry.Kind.AMEND,
        deal_id=entry.pk,
        supersedes=entry,
        recorded_by=alice,
        data={},
    )
    (problem,) = game_standings(brummy).problems  # read in English first, and kept
    assert problem.message.startswith("Deal 1's record cannot be read: ")
    with translation.override("sv"):
        (problem,) = game_standings(brummy).problems
        assert problem.message.startswith("Giv 1 går inte att läsa: ")
        assert problem.fix == "Ändra giv 1 för att ange den igen, eller stryk den."


def test_a_grid_games_missing_entry_is_asked_for_in_swedish(night: Night) -> None:
    brummy: Game = GameFactory(night=night, slug="brummy", players=["Mary", "Tom", "Dick"])
    data = {"knocked": "", "how_0": "total", "total_0": "12", "how_1": "", "how_2": "total"}
    data |= {"total_2": "5"}
    with translation.override("sv"):
        form = DealForm(data, game=brummy, seats=tuple(brummy.seats.all()))
        assert not form.is_valid()
        assert form.errors["how_1"] == ["Ange rutnätet eller summan för Tom."]


def test_the_games_refusals_in_swedish_and_danish(bridge_game: Game, alice: Any) -> None:
    with translation.override("sv"), pytest.raises(InvalidInput) as wrong_number:
        game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0], number=3)
    assert wrong_number.value.message == "Nästa giv är giv 1, inte 3."
    entry = game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    game_services.deal_void(game=bridge_game, deal_key=entry.pk, by=alice)
    with translation.override("da"), pytest.raises(InvalidInput) as voided:
        game_services.deal_void(game=bridge_game, deal_key=entry.pk, by=alice)
    assert voided.value.message == "Det er et spil, som allerede er annulleret."
