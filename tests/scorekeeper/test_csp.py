"""Content Security Policy: every page carries one, scripts only from our own files.

Two halves: the header on the main pages (no 'unsafe-inline', no 'unsafe-eval' in script-src,
framing refused), and the templates themselves (no inline handler, no javascript: URL, no hx-on,
no inline <script> block), since a policy that forbids them only helps if nothing needs them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, Night
from tests.factories import played_night

ROOT = Path(__file__).resolve().parent.parent.parent
TEMPLATES = sorted(p for p in (ROOT / "templates").rglob("*.html"))

# on...= handlers, hx-on (htmx runs its value as script), javascript: URLs.
INLINE_HANDLER = re.compile(r"""\s(on[a-z]+|hx-on[:\w-]*|data-hx-on[:\w-]*)\s*=""", re.IGNORECASE)
JAVASCRIPT_URL = re.compile(r"""(href|src|action|formaction)\s*=\s*["']?\s*javascript:""", re.I)
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
STYLE_TAG = re.compile(r"<style\b", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"""<[a-z][^>]*\sstyle\s*=""", re.IGNORECASE)


def directives(header: str) -> dict[str, list[str]]:
    parsed: dict[str, list[str]] = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            parsed[words[0]] = words[1:]
    return parsed


def check_policy(response: Any, path: str) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy")
    assert header, f"{path}: no Content-Security-Policy header"
    policy = directives(header)
    script = policy.get("script-src", policy.get("default-src"))
    assert script is not None, f"{path}: {header}"
    assert "'unsafe-inline'" not in script, f"{path}: {header}"
    assert "'unsafe-eval'" not in script, f"{path}: {header}"
    style = policy.get("style-src", policy.get("default-src"))
    if path == reverse("api_docs"):  # Swagger UI applies inline styles; its page alone allows them
        assert style == ["'self'", "'unsafe-inline'"], f"{path}: {header}"
    else:
        assert style == ["'self'"], f"{path}: styles only from our own files: {header}"
    assert policy.get("default-src") == ["'self'"], f"{path}: {header}"
    assert policy.get("frame-ancestors") == ["'none'"], f"{path}: {header}"
    assert policy.get("base-uri") == ["'self'"], f"{path}: {header}"
    assert policy.get("form-action") == ["'self'"], f"{path}: {header}"
    assert policy.get("object-src") == ["'none'"], f"{path}: {header}"
    return policy


def main_paths(night: Night) -> list[str]:
    games = list(Game.objects.filter(night=night).order_by("pk"))
    paths = [
        reverse("home"),
        reverse("night_detail", args=[night.pk]),
        reverse("night_recap", args=[night.pk]),
        reverse("history"),
        reverse("player_list"),
        reverse("desk"),
        reverse("profiles"),
        reverse("export"),
        reverse("offline"),
        reverse("api_docs"),
    ]
    for game in games:
        paths += [reverse("game_detail", args=[game.pk]), reverse("game_screen", args=[game.pk])]
    return paths


@pytest.mark.django_db
def test_signed_out_pages_carry_the_policy(client: Client) -> None:
    for path in (reverse("home"), reverse("login"), reverse("signup"), "/admin/login/"):
        response = client.get(path)
        assert response.status_code == 200, path
        check_policy(response, path)


@pytest.mark.django_db
def test_the_main_pages_carry_the_policy(client: Client, alice: Any) -> None:
    night = played_night(alice)
    client.force_login(alice)
    for path in main_paths(night):
        response = client.get(path)
        assert response.status_code == 200, path
        check_policy(response, path)
    # an htmx fragment too (the scoreboard's swap)
    game = Game.objects.filter(night=night).first()
    assert game is not None
    response = client.get(reverse("game_detail", args=[game.pk]), headers={"HX-Request": "true"})
    check_policy(response, "htmx fragment")


@pytest.mark.django_db
def test_the_api_docs_start_swagger_from_a_url_not_an_inline_script(client: Client) -> None:
    response = client.get(reverse("api_docs"))
    html = response.content.decode()
    for attrs in SCRIPT_TAG.findall(html):
        assert "src=" in attrs, html
    script = client.get(reverse("api_docs") + "?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


def test_there_are_templates_to_check() -> None:
    assert len(TEMPLATES) > 20
    assert any(p.name == "base.html" for p in TEMPLATES)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_holds_inline_script(template: Path) -> None:
    text = template.read_text()
    # Django comments may name the forbidden things ({# no onclick= here #}); skip them.
    text = re.sub(r"\{#.*?#\}", "", text)
    text = re.sub(r"\{% comment %\}.*?\{% endcomment %\}", "", text, flags=re.S)
    found = INLINE_HANDLER.search(text)
    assert not found, f"inline handler {found.group(0).strip()!r}"
    found = JAVASCRIPT_URL.search(text)
    assert not found, f"javascript: URL {found.group(0)!r}"
    for attrs in SCRIPT_TAG.findall(text):
        # A script comes from a file (src=), or carries the request's nonce.
        assert "src=" in attrs or "csp_nonce" in attrs, f"inline <script{attrs}>"
    # style-src is 'self' only: no <style> block, no style= attribute.
    found = STYLE_TAG.search(text)
    assert not found, "an inline <style> block: put the rules in static/scorekeeper/app.css"
    found = STYLE_ATTRIBUTE.search(text)
    assert not found, f"a style= attribute in {found.group(0)[:80]!r}: use a class"


def test_the_template_check_sees_what_it_should() -> None:
    """The patterns above catch each thing they are meant to (so a passing run means something)."""
    assert INLINE_HANDLER.search('<button onclick="go()">')
    assert INLINE_HANDLER.search("<form hx-on:submit='x()'>")
    assert INLINE_HANDLER.search('<div hx-on::after-request="x()">')
    assert not INLINE_HANDLER.search('<input name="one" data-on="x">')
    assert JAVASCRIPT_URL.search('<a href="javascript:void(0)">')
    assert SCRIPT_TAG.findall("<script>alert(1)</script>") == [""]
    assert STYLE_TAG.search("<style>.a { color: red }</style>")
    assert STYLE_ATTRIBUTE.search('<svg width="100%" style="max-width: 40px">')
    assert STYLE_ATTRIBUTE.search('<div\n  style="color: red">')
    assert not STYLE_ATTRIBUTE.search('<link rel="stylesheet" href="app.css">')
    assert not STYLE_ATTRIBUTE.search("<p>a style= in prose</p>")


@pytest.mark.django_db
def test_no_page_of_any_game_carries_an_inline_style(client: Client, alice: Any) -> None:
    """Every game's page (its deal form, with ways, hands and seats to skip), its amend page,
    big screen and the desk for each of its questions: no <style>, no style= in what is sent."""
    from adjudicator.games import all_games
    from scorekeeper.games import services as game_services
    from tests.factories import GameFactory, NightFactory

    night = NightFactory(owner=alice)
    client.force_login(alice)
    paths = []
    for definition in all_games():
        names = ["Mary", "Tom", "Dick", "Alice", "Ann", "Bob"][: definition.min_players]
        if definition.min_players < 4 <= definition.max_players:
            names = ["Mary", "Tom", "Dick", "Alice"]
        game = GameFactory(night=night, slug=definition.slug, players=names)
        options = definition.options(game.options)
        deal = definition.sample_deal(players=len(names), options=options, number=1)
        entry = game_services.deal_record(game=game, by=alice, data=deal)
        paths += [
            reverse("game_detail", args=[game.pk]),
            reverse("game_screen", args=[game.pk]),
            reverse("deal_amend", args=[game.pk, entry.pk]),
        ]
        paths += [
            f"{reverse('desk')}?game={definition.slug}&question={name}&example=1"
            for name in definition.questions()
        ]
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        body = response.content.decode()
        assert not STYLE_TAG.search(body), f"{path}: an inline <style>"
        found = STYLE_ATTRIBUTE.search(body)
        assert not found, f"{path}: {found.group(0)[:120]!r}"


def test_the_static_show_and_hide_rules_fit_every_game() -> None:
    """The deal and desk forms' rules in app.css go by position: every seat, every way of
    giving a hand and every way of recording a deal of every game must have its rule."""
    from adjudicator.games import all_games
    from adjudicator.records import PerSeatField

    css = (ROOT / "static" / "scorekeeper" / "app.css").read_text()
    for game in all_games():
        for players in game.table_sizes():
            record = game.record(game.options(), players)
            for seat in range(players):
                assert f'.hand[data-seat="{seat}"]' in css, (game.slug, players, seat)
            for n in range(len(record.ways)):
                assert f'[data-way-of]:not([data-way-of="{n}"])' in css, (game.slug, n)
            for field in record.fields:
                if isinstance(field, PerSeatField):
                    for n in range(len(field.entries)):
                        assert f'.entry:not([data-entry-n="{n}"])' in css, (game.slug, n)
