"""The phone's app: manifest and service worker from the site root, and the offline queue's replays.

offline-queue.js sends a queued deal as the form posted it, without htmx, and counts it recorded
only when the answer is the game's page (a redirect there); a refusal (400, 409) is shown with its
words and not sent again. These tests hold the server to what the queue relies on.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

from scorekeeper.models import Entry, Game
from scorekeeper.nights.demo import SAMPLE_DEALS
from scorekeeper.pages.views.pwa import APP_SHELL
from tests.scorekeeper.pages.test_deals import HX, form_fields, record_url, void_url


@pytest.fixture
def alice_client(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


# The manifest and the worker --------------------------------------------------------------------


def test_the_manifest_is_served_from_the_root_as_a_manifest(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])


def test_every_icon_the_manifest_names_is_a_static_file(client: Client) -> None:
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    for icon in manifest["icons"]:
        name = icon["src"].removeprefix("/static/")
        assert finders.find(name), icon["src"]


def test_the_worker_is_served_from_the_root_for_every_page(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]  # a new deploy reaches the phone at once
    text = response.content.decode()
    for name in APP_SHELL:
        assert f"/static/{name}" in text, name
    assert '"/offline/"' in text


def test_the_worker_never_answers_a_write_from_its_store(client: Client) -> None:
    text = client.get("/sw.js").content.decode()
    assert 'request.method !== "GET"' in text
    assert "HX-Request" in text  # the scoreboard's poll must fail when offline, not be faked


def test_every_page_links_the_manifest_and_the_queue(
    alice_client: Client, bridge_game: Game
) -> None:
    html = alice_client.get(bridge_game.get_absolute_url()).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert "scorekeeper/offline-queue.js" in html
    assert 'id="offline-queue" data-user="alice"' in html
    assert "{#" not in html and "#}" not in html  # no template comment shown as text


def test_the_offline_page_needs_no_sign_in(client: Client) -> None:
    response = client.get(reverse("offline"))
    assert response.status_code == 200
    assert "No connection" in response.content.decode()


# Under the production storage ------------------------------------------------------------------
# whitenoise's manifest storage (what ./dev serve and a server use) refuses to name a file that
# collectstatic did not write: every static URL these views build must be a collected file.

MANIFEST_STORAGE = "whitenoise.storage.CompressedManifestStaticFilesStorage"


@pytest.fixture(scope="module")
def collected(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real collectstatic under the manifest storage, into a folder of its own."""
    root = tmp_path_factory.mktemp("staticfiles")
    with _manifest_storage(root):
        call_command("collectstatic", interactive=False, verbosity=0)
    return root


def _manifest_storage(root: Path) -> Any:
    return override_settings(
        STATIC_ROOT=root,
        STORAGES={**settings.STORAGES, "staticfiles": {"BACKEND": MANIFEST_STORAGE}},
    )


@pytest.fixture
def production_static(collected: Path) -> Iterator[Path]:
    with _manifest_storage(collected):
        yield collected


def collected_file(root: Path, url: str) -> Path:
    """The file a static URL names, which must be one collectstatic wrote."""
    assert url.startswith(settings.STATIC_URL), url
    path = root / url.removeprefix(settings.STATIC_URL)
    assert path.is_file(), f"{url} was not collected"
    return path


def test_the_worker_names_collected_files_under_the_production_storage(
    client: Client, production_static: Path
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    text = response.content.decode()
    shell = json.loads(re.search(r"var SHELL_URLS = (.*);", text)[1])  # type: ignore[index]
    # The shell's static files; the scripts' catalogs (/jsi18n/<language>/) are views, kept too.
    statics = [url for url in shell if url.startswith(settings.STATIC_URL)]
    assert [url for url in shell if url not in statics] == [
        *(reverse("javascript_catalog", args=[code]) for code, _ in settings.LANGUAGES),
        reverse("offline"),
    ]
    assert len(statics) == len(APP_SHELL)
    for name, url in zip(APP_SHELL, statics, strict=True):
        # The hashed name, so a phone never keeps an old file under a new worker.
        assert url != f"{settings.STATIC_URL}{name}", url
        collected_file(production_static, url)
    assert json.loads(re.search(r"var STATIC_PREFIX = (.*);", text)[1]) == "/static/"  # type: ignore[index]


def test_the_manifest_names_collected_icons_under_the_production_storage(
    client: Client, production_static: Path
) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    for icon in json.loads(response.content)["icons"]:
        collected_file(production_static, icon["src"])


def test_the_offline_page_names_collected_files_under_the_production_storage(
    client: Client, production_static: Path
) -> None:
    response = client.get(reverse("offline"))
    assert response.status_code == 200
    urls = re.findall(r'(?:src|href)="(/static/[^"]+)"', response.content.decode())
    assert urls
    for url in urls:
        collected_file(production_static, url)


# What the queue relies on -----------------------------------------------------------------------


def sent_by_the_queue(client: Client, game: Game, fields: dict[str, Any]) -> Any:
    """A queued deal as offline-queue.js sends it: the form's fields, no htmx, redirects followed."""
    return client.post(record_url(game), fields, follow=True)


def test_a_queued_deal_sent_twice_records_once(alice_client: Client, bridge_game: Game) -> None:
    fields = form_fields(SAMPLE_DEALS[0], number=1)
    first = sent_by_the_queue(alice_client, bridge_game, fields)
    deal = bridge_game.entries.get()
    # Back to the game, saying what was recorded (with its Undo) beside the next form.
    recorded = f"{bridge_game.get_absolute_url()}?recorded={deal.pk}#record"
    assert first.redirect_chain == [(recorded, 302)]
    # The answer was lost on the way back: the queue sends it again, after the deal went in.
    again = sent_by_the_queue(alice_client, bridge_game, fields)
    assert again.redirect_chain == [(recorded, 302)]
    assert bridge_game.entries.count() == 1


def test_the_same_token_twice_through_htmx_records_once(
    alice_client: Client, bridge_game: Game
) -> None:
    fields = form_fields(SAMPLE_DEALS[0], number=1)
    alice_client.post(record_url(bridge_game), fields, **HX)
    again = alice_client.post(record_url(bridge_game), fields, **HX)
    assert again.status_code == 200
    assert bridge_game.entries.count() == 1
    assert "Record deal 2" in again.content.decode()


def test_two_queued_deals_sent_in_order_are_deals_one_and_two(
    alice_client: Client, bridge_game: Game
) -> None:
    first = form_fields(SAMPLE_DEALS[0], number=1)
    second = form_fields(SAMPLE_DEALS[1], number=2)
    for fields in (first, second, first, second):  # and each sent a second time
        sent_by_the_queue(alice_client, bridge_game, fields)
    tokens = list(bridge_game.entries.order_by("id").values_list("token", flat=True))
    assert [str(t) for t in tokens] == [first["token"], second["token"]]


def test_a_token_sent_with_another_deal_is_refused_with_a_reason(
    alice_client: Client, bridge_game: Game
) -> None:
    token = str(uuid.uuid4())
    sent_by_the_queue(alice_client, bridge_game, form_fields(SAMPLE_DEALS[0], token=token))
    response = sent_by_the_queue(
        alice_client, bridge_game, form_fields(SAMPLE_DEALS[1], token=token, number=2)
    )
    assert response.status_code == 400
    assert response.redirect_chain == []
    assert "already recorded a deal with other entries" in response.content.decode()
    assert bridge_game.entries.count() == 1


def test_a_deal_another_phone_recorded_meanwhile_is_a_409_with_what_was_recorded(
    alice_client: Client, bridge_game: Game
) -> None:
    sent_by_the_queue(alice_client, bridge_game, form_fields(SAMPLE_DEALS[0], number=1))
    queued = form_fields(SAMPLE_DEALS[0], number=1)  # entered offline on another phone
    response = sent_by_the_queue(alice_client, bridge_game, queued)
    assert response.status_code == 409
    assert "from another phone" in response.content.decode()
    assert bridge_game.entries.count() == 1


def test_a_void_sent_twice_is_kept_once(alice_client: Client, bridge_game: Game) -> None:
    """The queue resends a void whose answer was lost: it answers as done, and voids once."""
    sent_by_the_queue(alice_client, bridge_game, form_fields(SAMPLE_DEALS[0]))
    deal = Entry.objects.get()
    fields = {"revision": deal.pk}
    first = alice_client.post(void_url(bridge_game, deal.pk), fields, follow=True)
    assert first.redirect_chain == [(bridge_game.get_absolute_url(), 302)]
    again = alice_client.post(void_url(bridge_game, deal.pk), fields, follow=True)
    assert again.redirect_chain == [(bridge_game.get_absolute_url(), 302)]
    assert bridge_game.entries.filter(kind=Entry.Kind.VOID).count() == 1
