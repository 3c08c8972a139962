"""Result cards: a game's and a night's result as SVG, at two sizes, saying only what the
reader can see, every line inside the picture and the right players named."""

from __future__ import annotations

import itertools
import time
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from adjudicator.games import get_game
from scorekeeper.access import sharing
from scorekeeper.games import services as game_services
from scorekeeper.models import Game, Night
from scorekeeper.standings import result_cards, scoreboard, text_width
from scorekeeper.standings.result_cards import MARGIN, SIZES, Card, Layout, Line
from tests.factories import GameFactory, NightFactory, UserFactory

SVG = "{http://www.w3.org/2000/svg}"
# The longest names a player and a place may have (Player.name, Night.place).
LONG_NAMES = [
    "Bartholomew-Maximilian Fitzgerald-Smyth",
    "Wilhelmina Montgomery-Worthington Esq.",
    "Cy",
    "Di Wolfeschlegelsteinhausenbergerdorff",
]
LONG_PLACE = "The Upstairs Function Room at the Royal Oak, Great Missenden, Buckinghamshire, HP16"


def ended_rummy(night: Any, by: Any, players: list[str], winner: int, held: int = 10) -> Game:
    game = GameFactory(night=night, slug="rummy", players=players)
    hands = [{"seat": s, "held": held + 5 * s} for s in range(len(players)) if s != winner]
    game_services.deal_record(game=game, by=by, data={"went_out": winner, "hands": hands})
    game_services.game_end(game=game, by=by)
    return game


def played(night: Night, by: Any, slug: str, players: list[str], deals: int = 200) -> Game:
    """A game of ``slug`` played from the engine's sample deals, to its end or ``deals``."""
    game: Game = GameFactory(night=night, slug=slug, players=players)
    definition = get_game(slug)
    options = definition.options(game.options)
    for number in range(1, deals + 1):
        raw = definition.sample_deal(players=len(players), options=options, number=number)
        game_services.deal_record(game=game, by=by, data=raw)
        if scoreboard.game_standings(game).finished:
            break
    return game


def the_issues_night(by: Any, *, place: str = "The kitchen table") -> Night:
    """Issue 26's night: Voormsi won by Ann and Cy (partners), Treikort by Ben, Knock Rummy by
    Cy (the table ends it), and a Brus game still going, its two sides level on 2."""
    night = NightFactory(owner=by, place=place)
    played(night, by, "voormsi", ["Ben", "Ann", "Di", "Cy"])  # side 2 wins: Ann and Cy
    played(night, by, "treikort", ["Ann", "Ben", "Cy"])  # seat 2 wins: Ben
    knock = played(night, by, "knock-rummy", ["Ann", "Ben", "Cy"], deals=3)
    game_services.game_end(game=knock, by=by)  # Cy is up most
    played(night, by, "brus", ["Ann", "Ben", "Cy", "Di"], deals=4)  # 2 each
    return night


def texts(svg: bytes | str) -> list[str]:
    root = ET.fromstring(svg)  # well-formed XML, whatever the names hold
    return [element.text or "" for element in root.iter(f"{SVG}text")]


def drawn(layout: Layout) -> str:
    return render_to_string("scorekeeper/result_card/card.svg", {"card": layout})


def assert_fits(layout: Layout) -> None:
    """Every text inside the margins, by the widths it is drawn at; a figure clear of the text
    beside it; no two lines over each other."""
    room = (MARGIN, layout.width - MARGIN)
    rows: dict[int, list[tuple[float, float]]] = {}
    for text in layout.texts:
        wide = text_width.width(text.text, text.size, bold=text.bold)
        left = text.x - wide if text.end else text.x
        assert room[0] <= left and left + wide <= room[1], (text, left, left + wide)
        rows.setdefault(text.y, []).append((left, left + wide))
        assert text.y + 0.24 * text.size <= layout.height - MARGIN, text
    for spans in rows.values():
        spans.sort()
        for (_, end), (start, _) in itertools.pairwise(spans):
            assert end < start, spans
    ys = sorted({(text.y, text.size) for text in layout.texts})
    for (y, _), (below, size) in itertools.pairwise(ys):
        assert below - y >= size, ys


@pytest.fixture
def owner(db: Any) -> Any:
    return UserFactory(username="owner-account-9")


def test_a_game_card_says_who_won_and_every_total_best_first(client: Client, owner: Any) -> None:
    night = NightFactory(owner=owner, place="The Anchor")
    game = ended_rummy(night, owner, ["Ann", "Bob", "<Cy & Co>"], winner=1)
    client.force_login(owner)
    response = client.get(reverse("game_result_card", args=[game.pk]), {"size": "square"})
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml; charset=utf-8"
    root = ET.fromstring(response.content)
    assert (root.get("width"), root.get("height")) == ("1080", "1080")
    said = texts(response.content)
    totals = scoreboard.game_standings(game).tally.totals
    assert "Rummy" in said and f"Bob won, up {totals[1]}" in said  # a settlement game's net
    assert any("The Anchor" in text for text in said)
    lines = said[said.index(f"Bob won, up {totals[1]}") + 1 :]
    assert lines[:2] == ["Bob", str(totals[1])]  # the winner first
    assert "<Cy & Co>" in lines  # escaped in the SVG, read back whole
    assert "owner-account-9" not in response.content.decode()


def test_the_issues_night_names_cy_with_two_wins_of_three(client: Client, owner: Any) -> None:
    """Issue 26: the card read "Ann and Cy, Ben and Cy won 1 each, of 3…": a side's win was
    counted for the side's name, not for each of its players."""
    night = the_issues_night(owner)
    client.force_login(owner)
    for size in SIZES:
        response = client.get(reverse("night_result_card", args=[night.pk]), {"size": size})
        said = " ".join(texts(response.content))
        # Each game's line whole, wrapped if need be, never cut: Brus's two sides are level.
        assert said.endswith(
            "Cy won 2 of 3 finished games 1. Voormsi: Ann and Cy won 2. Treikort: Ben won 3. Knock Rummy: Cy won, up 11 "
            "4. Brus: still going, Ann and Cy level with Ben and Di on 2"
        )
        assert "…" not in response.content.decode()


def test_an_unfinished_games_card_says_its_status_not_a_method(owner: Any) -> None:
    """Issue 26, 10.2: the card of every unfinished game read "Still going: <bound method
    Standings.nam…", and its title and description carried the whole Standings."""
    night = NightFactory(owner=owner)
    game = played(night, owner, "brus", ["Ann", "Ben", "Cy", "Di"], deals=2)
    standings = scoreboard.game_standings(game)
    card = result_cards.game_card(game, standings)
    assert (
        card.headline
        == standings.name_status()
        == "After hand 2 of 12: Ben and Di lead Ann and Cy on 2."
    )
    for size in SIZES:
        svg = drawn(result_cards.lay_out(card, size))
        assert "bound method" not in svg and "Standings(" not in svg
        assert "After hand 2 of 12" in " ".join(texts(svg))


def test_a_cards_size_does_not_grow_with_the_deals(owner: Any) -> None:
    """What a card says is bounded by what fits on it: an unfinished game's card weighs the
    same after 2 deals as after 40, and is small."""
    night = NightFactory(owner=owner)
    game = GameFactory(night=night, slug="knock-rummy", players=["Ann", "Ben", "Cy"])
    definition = get_game("knock-rummy")
    options = definition.options(game.options)
    sizes = {}
    for number in range(1, 41):
        raw = definition.sample_deal(players=3, options=options, number=number)
        game_services.deal_record(game=game, by=owner, data=raw)
        if number in (2, 40):
            card = result_cards.game_card(game, scoreboard.game_standings(game))
            sizes[number] = {size: len(drawn(result_cards.lay_out(card, size))) for size in SIZES}
    for size in SIZES:
        assert sizes[40][size] < 2500
        assert abs(sizes[40][size] - sizes[2][size]) < 100  # a few digits more, nothing else


def test_the_longest_names_and_a_hundred_games_stay_a_small_card(owner: Any) -> None:
    """However long the names and the place, however many games: every text of the picture
    (its title and description too) is what fits on it."""
    lines = tuple(
        Line(f"{n}. Voormsi: {LONG_NAMES[0]} and {LONG_NAMES[1]} won", best=True)
        for n in range(1, 101)
    )
    card = Card("Game night", "Wednesday 30 September 2026", LONG_PLACE, "x " * 200, lines)
    for size in SIZES:
        layout = result_cards.lay_out(card, size)
        assert_fits(layout)
        assert layout.shown + layout.more == 100 and layout.more > 80
        assert len(drawn(layout)) < 9000


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(
    "names",
    [
        pytest.param(["Ann", "Ben", "Cy", "Di"], id="short-names"),
        pytest.param(LONG_NAMES, id="long-names"),
    ],
)
def test_every_card_fits_its_box(owner: Any, names: list[str], size: str) -> None:
    """Each kind of card (a game won alone, a partnership won, a game going on, a settlement
    ended, a night of them, a night of a dozen games), by the widths of its text."""
    night = NightFactory(owner=owner, place=LONG_PLACE if names == LONG_NAMES else "Home")
    games = [
        played(night, owner, "voormsi", [names[1], names[0], names[3], names[2]]),
        played(night, owner, "treikort", names[:3]),
        played(night, owner, "brus", names, deals=4),
        played(night, owner, "knock-rummy", names[:3], deals=3),
    ]
    game_services.game_end(game=games[3], by=owner)
    for game in games:
        card = result_cards.game_card(game, scoreboard.game_standings(game))
        assert_fits(result_cards.lay_out(card, size))  # type: ignore[arg-type]
    assert_fits(result_cards.lay_out(result_cards.night_card(night), size))  # type: ignore[arg-type]
    for _ in range(8):
        ended_rummy(night, owner, names[:3], winner=2)
    assert_fits(result_cards.lay_out(result_cards.night_card(night), size))  # type: ignore[arg-type]


def _largest_gap(layout: Layout) -> float:
    """The tallest band of the picture with no text in it, as a share of its height."""
    spans = sorted((t.y - 0.93 * t.size, t.y + 0.24 * t.size) for t in layout.texts)
    edges = [(0.0, 0.0), *spans, (float(layout.height), float(layout.height))]
    gaps, reach = [], 0.0
    for top, bottom in edges:
        gaps.append(top - reach)
        reach = max(reach, bottom)
    return max(gaps) / layout.height


def test_a_square_card_of_few_lines_is_filled_not_half_empty(owner: Any) -> None:
    """Issue 26: the night's square card was about 55 % empty: a card of few lines draws them
    larger, and what is left is shared above and below."""
    night = the_issues_night(owner)
    cards = [result_cards.night_card(night)]
    cards += [
        result_cards.game_card(game, scoreboard.game_standings(game)) for game in night.games.all()
    ]
    for card in cards:
        square = result_cards.lay_out(card, "square")
        assert square.scale > 1.2, card
        assert _largest_gap(square) < 0.16, (card, _largest_gap(square))


def test_a_wide_card_counts_the_lines_that_do_not_fit(client: Client, owner: Any) -> None:
    night = NightFactory(owner=owner)
    for winner in range(13):
        ended_rummy(night, owner, ["Ann", "Bob", "Cy"], winner % 3)
    client.force_login(owner)
    response = client.get(reverse("night_result_card", args=[night.pk]), {"size": "wide"})
    root = ET.fromstring(response.content)
    assert (root.get("width"), root.get("height")) == ("1200", "630")
    said = texts(response.content)
    assert "Game night" in said
    assert "Ann won 5 of 13 games" in said
    assert said[said.index("Ann won 5 of 13 games") + 1 :][:2] == [
        "1. Rummy: Ann won, up 35",
        "2. Rummy: Bob won, up 30",
    ]
    layout = result_cards.lay_out(result_cards.night_card(night), "wide")
    assert layout.more and f"and {layout.more} more" in said
    assert layout.shown + layout.more == 13
    assert_fits(layout)
    assert layout.description.endswith(f"and {layout.more} more.")


def test_the_pictures_title_and_description_say_what_it_shows(owner: Any) -> None:
    night = the_issues_night(owner)
    layout = result_cards.lay_out(result_cards.night_card(night), "wide")
    root = ET.fromstring(drawn(layout))
    assert root.findtext(f"{SVG}title") == "Game night: Cy won 2 of 3 finished games"
    description = root.findtext(f"{SVG}desc") or ""
    assert description.startswith("Game night, ")
    assert "Knock Rummy: Cy won, up 11" in description


def test_a_link_visitors_card_names_no_account(client: Client, owner: Any) -> None:
    night = NightFactory(owner=owner)
    recorder = UserFactory(username="recorder-account-7")
    night.recorders.add(recorder)
    game = ended_rummy(night, recorder, ["Ann", "Bob"], winner=0)
    token = sharing.link_make(night=night, by=owner)
    client.get(reverse("share_join", args=[token]))
    for url in (
        reverse("game_result_card", args=[game.pk]),
        reverse("night_result_card", args=[night.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200
        body = response.content.decode()
        assert "Ann" in body
        assert "owner-account-9" not in body and "recorder-account-7" not in body


def test_a_size_that_is_not_offered_is_refused_in_words(client: Client, owner: Any) -> None:
    night = NightFactory(owner=owner)
    client.force_login(owner)
    response = client.get(reverse("night_result_card", args=[night.pk]), {"size": "huge"})
    assert response.status_code == 400
    assert "square or wide" in response.content.decode()


def test_the_pages_offer_the_cards(client: Client, owner: Any) -> None:
    night = NightFactory(owner=owner)
    game = ended_rummy(night, owner, ["Ann", "Bob"], winner=0)
    client.force_login(owner)
    for url, card in (
        (game.get_absolute_url(), reverse("game_result_card", args=[game.pk])),
        (night.get_absolute_url(), reverse("night_result_card", args=[night.pk])),
    ):
        html = client.get(url).content.decode()
        assert f'data-result-card="{card}"' in html
        assert "Square picture" in html and "Wide picture" in html


def test_a_game_whose_end_waits_for_confirmations_is_not_yet_won_on_its_cards(
    owner: Any,
) -> None:
    """On a night that asks the other side to confirm each hand, a game whose last hand waits
    is not over: its card says what it waits for and marks no winner, and the night's card
    does not count it."""
    night = NightFactory(owner=owner, confirmations=True)
    game: Game = GameFactory(night=night, slug="treikort", players=["Ann", "Ben", "Cy"])
    definition = get_game("treikort")
    options = definition.options(game.options)
    for number in range(1, 7):
        raw = definition.sample_deal(players=3, options=options, number=number)
        game_services.deal_record(game=game, by=owner, data=raw, seat=0)
    standings = scoreboard.game_standings(game)
    assert standings.tally.finished and not standings.finished
    card = result_cards.game_card(game, standings)
    assert "The game ends once the other side confirms hands 1, 2, 3, 4, 5, 6." in card.headline
    assert not any(line.best for line in card.lines)
    for size in SIZES:
        assert_fits(result_cards.lay_out(card, size))  # type: ignore[arg-type]
    assert result_cards.night_card(night).headline == "1 game, none finished"


def test_laying_out_a_card_costs_little_however_long_its_list() -> None:
    """A card is drawn for anyone who may look at the night (a join link's visitor too): a
    try that does not fit stops at the first part past the room, and each word is measured
    once, so a thousand games of the longest names lay out in far less than a second (it
    took 5 s for a hundred before)."""
    lines = tuple(
        Line(f"{n}. Voormsi: {LONG_NAMES[0]} and {LONG_NAMES[3]} won", best=True)
        for n in range(1, 1001)
    )
    headline = " ".join(f"{LONG_NAMES[n % 4]} {n}" for n in range(60))
    card = Card("Game night", "Wednesday 30 September 2026", LONG_PLACE, headline, lines)
    started = time.perf_counter()
    for size in SIZES:
        layout = result_cards.lay_out(card, size)
        assert layout.shown + layout.more == 1000
    assert time.perf_counter() - started < 1.0
