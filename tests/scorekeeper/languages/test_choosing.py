"""Which language a page and the API speak, and the switch that chooses one."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from scorekeeper.models import AccountSettings

pytestmark = pytest.mark.django_db


def lang_of(page: Any) -> str:
    found = re.search(r'<html lang="([^"]+)"', page.content.decode())
    assert found is not None
    return found.group(1)


def test_a_page_speaks_the_phones_language_and_says_so() -> None:
    page = Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="is-IS,is;q=0.9,en;q=0.5")
    assert lang_of(page) == "is"
    assert page["Content-Language"] == "is"
    assert "Accept-Language" in page["Vary"]


def test_a_phone_asking_for_a_language_we_do_not_speak_gets_english() -> None:
    page = Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert lang_of(page) == "en-gb"
    # An American phone reads the British English we write.
    assert lang_of(Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en-US")) == "en-gb"


def test_the_switch_is_on_every_page_with_each_language_named_in_itself() -> None:
    page = Client().get("/accounts/login/").content.decode()
    assert 'action="/language/"' in page
    for code, name in [
        ("en-gb", "English"),
        ("sv", "Svenska"),
        ("da", "Dansk"),
        ("is", "Íslenska"),
    ]:
        assert f'value="{code}" lang="{code}"' in page
        assert name in page


def test_choosing_a_language_keeps_it_on_this_phone_over_the_phones_own() -> None:
    phone = Client()
    answer = phone.post("/language/", {"language": "sv", "next": "/accounts/login/"})
    assert answer.status_code == 302
    assert answer["Location"] == "/accounts/login/"
    assert answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "sv"
    page = phone.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="da")
    assert lang_of(page) == "sv"


def test_a_signed_in_person_finds_their_language_on_another_phone(alice: Any) -> None:
    first = Client()
    first.force_login(alice)
    first.post("/language/", {"language": "is", "next": "/"})
    assert AccountSettings.objects.get(user=alice).language == "is"
    # The second phone is Danish, but the person chose Icelandic: signing in brings it.
    second = Client(HTTP_ACCEPT_LANGUAGE="da")
    assert lang_of(second.get("/accounts/login/")) == "da"
    second.post("/accounts/login/", {"username": "alice", "password": "password"})
    assert lang_of(second.get("/")) == "is"


def test_this_phones_own_choice_wins_over_the_persons(alice: Any) -> None:
    AccountSettings.objects.create(user=alice, language="is")
    phone = Client()
    phone.post("/language/", {"language": "da", "next": "/"})
    phone.post("/accounts/login/", {"username": "alice", "password": "password"})
    assert lang_of(phone.get("/")) == "da"


@pytest.mark.parametrize("sent", ["fr", "", "xx-yy", "<script>"])
def test_a_language_we_do_not_offer_changes_nothing(sent: str) -> None:
    phone = Client()
    answer = phone.post("/language/", {"language": sent, "next": "/accounts/login/"})
    assert answer.status_code == 302
    assert settings.LANGUAGE_COOKIE_NAME not in answer.cookies


def test_the_switch_goes_back_only_to_this_site() -> None:
    answer = Client().post("/language/", {"language": "sv", "next": "https://evil.example/"})
    assert answer["Location"] == "/"


def test_the_switch_takes_only_a_post() -> None:
    assert Client().get("/language/").status_code == 405


def test_the_api_speaks_english_unless_asked_whatever_the_phone_chose(alice: Any) -> None:
    client = APIClient()
    client.force_authenticate(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "is"
    answer = client.get("/api/v1/nights/")
    assert answer.status_code == 200
    assert answer["Content-Language"] == "en-gb"
    asked = client.get("/api/v1/nights/", HTTP_ACCEPT_LANGUAGE="sv")
    assert asked["Content-Language"] == "sv"
