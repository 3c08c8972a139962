"""``manage.py load_demo``: the Sample Score Card's first six deals, loaded once."""

from __future__ import annotations

import datetime
import io
from typing import Any

from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from scorekeeper.models import Entry, Game, Night
from scorekeeper.nights.demo import SAMPLE_DEALS, SAMPLE_PLAYERS, SAMPLE_TOTALS
from scorekeeper.standings import scoreboard


def load_demo() -> str:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def test_loading_the_demo_twice_makes_one_night(db: Any) -> None:
    assert "Demo night loaded" in load_demo()
    assert Night.objects.get().date == datetime.date.today()
    assert "already loaded" in load_demo()
    night = Night.objects.get()
    assert night.owner.username == "demo"
    game = Game.objects.get()
    assert Entry.objects.filter(game=game).count() == len(SAMPLE_DEALS)


def test_the_demo_game_adds_up_to_the_sample_score_card(db: Any) -> None:
    load_demo()
    standings = scoreboard.game_standings(Game.objects.get())
    assert standings.names == SAMPLE_PLAYERS
    assert standings.tally.totals == SAMPLE_TOTALS[-1]
    assert [deal.totals for deal in standings.tally.deals] == list(SAMPLE_TOTALS)
    assert not standings.tally.finished  # deal 7 is left to record by hand


def test_the_demo_account_signs_in_with_demo(db: Any) -> None:
    load_demo()
    # Sign-ins are watched by django-axes, which needs the request (as the sign-in page gives).
    request = RequestFactory().post("/accounts/login/")
    assert authenticate(request, username="demo", password="demo") is not None


def test_the_demo_night_is_today_s_or_the_date_asked_for(db: Any) -> None:
    """The docs' screenshots load it on a fixed date, so a picture changes only with its page."""
    call_command("load_demo", "--date", "2026-11-28", stdout=io.StringIO())
    assert Night.objects.get().date == datetime.date(2026, 11, 28)
