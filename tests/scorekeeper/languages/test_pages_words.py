"""The pages' own words in the language chosen: templates, form labels and refusals, counts
with each language's plural forms, the scripts' catalog, and the service worker keeping it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import ngettext

from scorekeeper.pages.templatetags.words import deal_word, deal_words

pytestmark = pytest.mark.django_db


def text(page: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.content.decode()))


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en-gb", ["Sign in", "No account yet?", "Create one"]),
        ("sv", ["Logga in", "Inget konto än?", "Skapa ett"]),
        ("da", ["Log ind", "Ingen konto endnu?", "Opret en"]),
        ("is", ["Skrá inn", "Enginn aðgangur enn?", "Stofnaðu hann"]),
    ],
)
def test_the_sign_in_page_speaks_the_phones_language(language: str, words: list[str]) -> None:
    page = text(Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE=language))
    for word in words:
        assert word in page


def test_the_home_page_and_a_message_speak_swedish(alice: Any) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="sv")
    client.force_login(alice)
    home = text(client.get("/"))
    assert "Spelkvällar" in home and "Starta kvällen" in home
    assert "Datum" in home and "Motståndarlaget bekräftar varje giv" in home
    with translation.override("sv"):
        refused = ngettext(
            "Imported %(count)d night: %(nights)s.", "Imported %(count)d nights: %(nights)s.", 2
        ) % {"count": 2, "nights": "A, B"}
    assert refused == "Importerade 2 kvällar: A, B."


@pytest.mark.parametrize(
    ("n", "said"),
    [
        (1, "1 úrskurður vistaður af ágreiningsborðinu"),
        (2, "2 úrskurðir vistaðir af ágreiningsborðinu"),
        (11, "11 úrskurðir vistaðir af ágreiningsborðinu"),
        (21, "21 úrskurður vistaður af ágreiningsborðinu"),
        (101, "101 úrskurður vistaður af ágreiningsborðinu"),
    ],
)
def test_icelandic_counts_take_the_singular_after_21_and_101(n: int, said: str) -> None:
    with translation.override("is"):
        got = ngettext(
            "%(counter)s ruling saved from the dispute desk",
            "%(counter)s rulings saved from the dispute desk",
            n,
        ) % {"counter": n}
    assert got == said


@pytest.mark.parametrize(
    ("language", "hand", "hands", "round_"),
    [
        ("en-gb", "hand", "hands", "round"),
        ("sv", "giv", "givar", "omgång"),
        ("da", "spil", "spil", "runde"),
        ("is", "spil", "spil", "umferð"),
    ],
)
def test_a_games_word_for_a_deal_is_said_in_the_language(
    language: str, hand: str, hands: str, round_: str
) -> None:
    with translation.override(language):
        assert (deal_word("hand"), deal_words("hand"), deal_word("round")) == (
            hand,
            hands,
            round_,
        )


@pytest.mark.parametrize(
    ("language", "said"), [("sv", "Stick %(number)s"), ("da", "Stik"), ("is", "Slagur")]
)
def test_the_scripts_catalog_is_served_per_language(language: str, said: str) -> None:
    catalog = Client().get(reverse("javascript_catalog", args=[language]))
    assert catalog.status_code == 200
    assert catalog["Content-Type"].startswith("text/javascript")
    assert said in catalog.content.decode("utf-8")
    assert Client().get("/jsi18n/fr/").status_code == 404


def test_every_page_loads_the_catalog_of_its_language_before_its_scripts() -> None:
    page = Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="is").content.decode()
    scripts = re.findall(r'<script src="([^"]+)"', page)
    assert scripts[0] == "/jsi18n/is/"


def test_the_service_worker_keeps_every_languages_catalog_for_the_offline_table() -> None:
    worker = Client().get("/sw.js").content.decode()
    shell = json.loads(re.search(r"var SHELL_URLS = (\[.*?\]);", worker).group(1))  # type: ignore[union-attr]
    for code in ("en-gb", "sv", "da", "is"):
        assert f"/jsi18n/{code}/" in shell
    assert 'var CATALOG_PREFIX = "/jsi18n/"' in worker


@pytest.mark.parametrize(
    ("language", "said"),
    [("en-gb", "Sat 28 Nov"), ("sv", "lör 28 nov"), ("da", "lør 28. nov"), ("is", "lau 28. nóv")],
)
def test_a_nights_day_in_a_pages_path_is_written_as_the_language_writes_it(
    language: str, said: str, alice: Any
) -> None:
    import datetime

    from scorekeeper.pages.templatetags.words import short_day
    from tests.factories import GameFactory

    with translation.override(language):
        assert short_day(datetime.date(2026, 11, 28)) == said
    game = GameFactory(night__owner=alice, night__date=datetime.date(2026, 11, 28))
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(alice)
    crumbs = re.search(
        r'<p class="crumbs">(.*?)</p>', client.get(game.get_absolute_url()).content.decode()
    )
    assert crumbs is not None and f">{said}</a>" in crumbs.group(1)
