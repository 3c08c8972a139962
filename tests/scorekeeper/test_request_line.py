"""The longest request line the pages build fits gunicorn's limit (gunicorn.conf.py).

The trick preview sends the whole deal form in its query (htmx's ``hx-include="closest form"``),
the grid preview its one grid. Each text field is filled to its length limit with what its
placeholder shows (card plays, so ``:`` and spaces are percent-encoded as a browser sends them),
each number with the longest it takes. Past gunicorn's default (4094) a full trick form was
answered with gunicorn's HTML 414.
"""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.urls import reverse

from adjudicator.games import all_games
from scorekeeper.pages.deal_forms import DealForm
from scorekeeper.web.converters import MAX_ID
from tests.factories import GameFactory

ROOT = Path(__file__).resolve().parents[2]
LIMIT = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["limit_request_line"]
TABLES = [(game.slug, players) for game in all_games() for players in game.table_sizes()]


def longest(field: forms.Field) -> str:
    if isinstance(field, forms.IntegerField):
        return str(-(10**18))
    length = getattr(field, "max_length", None) or 40
    sample = field.widget.attrs.get("placeholder", "").removeprefix("e.g. ") or "X"
    return ((sample + " ") * length)[:length]


def request_line(path: str, query: dict[str, str]) -> str:
    return f"GET {path}?{urlencode(query)} HTTP/1.1"


def preview_lines(alice: Any, slug: str, players: int) -> dict[str, list[str]]:
    """The request lines one table's deal form builds, by preview."""
    game = GameFactory(night__owner=alice, slug=slug, players=[f"P{n}" for n in range(players)])
    seats = tuple(game.seats.select_related("player"))
    game.pk = MAX_ID  # the longest id a URL can carry
    form = DealForm(game=game, seats=seats, asks=True)  # the recorder field too: the longest line
    whole = {name: longest(field) for name, field in form.fields.items()}
    lines: dict[str, list[str]] = {"tricks": [], "grid": []}
    if any("data-trick" in field.widget.attrs for field in form.fields.values()):
        lines["tricks"].append(request_line(reverse("trick_verdicts", args=[MAX_ID]), whole))
    for name, field in form.fields.items():
        if "hx-get" in field.widget.attrs:  # a grid: its own cards and its seat
            seat = name.rsplit("_", 1)[1]
            path = reverse("grid_score", args=[MAX_ID])
            lines["grid"].append(request_line(path, {"seat": seat, name: whole[name]}))
    return lines


def test_the_previews_fit_the_request_line_limit(alice: Any) -> None:
    longest_line = {"tricks": "", "grid": ""}
    for slug, players in TABLES:
        for preview, lines in preview_lines(alice, slug, players).items():
            longest_line[preview] = max([longest_line[preview], *lines], key=len)
    assert all(longest_line.values())  # both previews were found
    assert max(map(len, longest_line.values())) <= LIMIT
