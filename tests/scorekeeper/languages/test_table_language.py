"""A night's table language: its big screen and share cards speak it, whatever each phone
speaks; only the owner chooses it, and choosing it changes nothing recorded."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, Night
from scorekeeper.standings import scoreboard

pytestmark = pytest.mark.django_db


def phone(user: Any, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def lang_of(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def test_the_owner_chooses_it_from_the_night_page(alice: Any, night: Night) -> None:
    page = phone(alice).get(night.get_absolute_url()).content.decode()
    assert f'action="/nights/{night.pk}/language/"' in page
    answer = phone(alice).post(reverse("night_language", args=[night.pk]), {"language": "is"})
    assert answer.status_code == 302
    night.refresh_from_db()
    assert night.language == "is"
    phone(alice).post(reverse("night_language", args=[night.pk]), {"language": ""})
    night.refresh_from_db()
    assert night.language == ""


def test_a_recorder_cannot_choose_it(bob: Any, night: Night) -> None:
    # bob records in the night (tests/conftest.py) but does not own it.
    assert night.recorders.filter(pk=bob.pk).exists()
    page = phone(bob).get(night.get_absolute_url()).content.decode()
    assert "id_table_language" not in page
    answer = phone(bob).post(reverse("night_language", args=[night.pk]), {"language": "is"})
    assert answer.status_code == 403
    night.refresh_from_db()
    assert night.language == ""


def test_a_language_not_offered_changes_nothing(alice: Any, night: Night) -> None:
    phone(alice).post(reverse("night_language", args=[night.pk]), {"language": "fr"})
    night.refresh_from_db()
    assert night.language == ""


def test_the_big_screen_speaks_the_tables_language_not_the_phones(
    alice: Any, night: Night, bridge_game: Game
) -> None:
    screen = reverse("game_screen", args=[bridge_game.pk])
    assert lang_of(phone(alice, "da").get(screen).content.decode()) == "da"
    Night.objects.filter(pk=night.pk).update(language="sv")
    assert lang_of(phone(alice, "da").get(screen).content.decode()) == "sv"
    # The phone's own pages keep the phone's language.
    assert lang_of(phone(alice, "da").get(bridge_game.get_absolute_url()).content.decode()) == "da"


def test_choosing_it_changes_nothing_recorded(alice: Any, night: Night, bridge_game: Game) -> None:
    from scorekeeper.games import services as game_services
    from scorekeeper.nights.demo import SAMPLE_DEALS

    game_services.deal_record(game=bridge_game, by=alice, data=SAMPLE_DEALS[0])
    before = scoreboard.game_standings(bridge_game).tally.totals
    entries = list(bridge_game.entries.values_list("pk", "hash"))
    phone(alice).post(reverse("night_language", args=[night.pk]), {"language": "is"})
    scoreboard.forget_kept()
    assert scoreboard.game_standings(bridge_game).tally.totals == before
    assert list(bridge_game.entries.values_list("pk", "hash")) == entries


def test_the_share_cards_speak_the_tables_language(
    alice: Any, night: Night, bridge_game: Game
) -> None:
    Night.objects.filter(pk=night.pk).update(language="is")
    for url in (
        reverse("night_result_card", args=[night.pk]),
        reverse("game_result_card", args=[bridge_game.pk]),
    ):
        card = phone(alice, "da").get(url, {"size": "square"})
        assert card.status_code == 200
        assert card.content.decode().startswith(
            '<svg xmlns="http://www.w3.org/2000/svg" xml:lang="is"'
        )
