"""Load a demo game night (idempotent): ``python manage.py load_demo``.

Creates the account ``demo`` (password ``demo``) with a night holding the Bridge Rummy Sample
Score Card's first six deals, so the seventh can be recorded by hand. The night is today's, or
``--date``'s (the docs' screenshots use a fixed one, so that a picture changes only when its
page does).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from scorekeeper.games import services as game_services
from scorekeeper.models import Night
from scorekeeper.nights import services as night_services
from scorekeeper.nights.demo import SAMPLE_DEALS, SAMPLE_PLAYERS


class Command(BaseCommand):
    help = "Create the demo account and a demo game night (does nothing if it exists)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--date",
            type=datetime.date.fromisoformat,
            default=None,
            help="the night's date, YYYY-MM-DD (default: today)",
        )

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        User = get_user_model()
        user, created = User.objects.get_or_create(username="demo")
        if created:
            user.set_password("demo")
            user.save()
        if Night.objects.filter(owner=user).exists():
            self.stdout.write("Demo night already loaded.")
            return
        night = night_services.night_create(
            owner=user,
            date=options["date"] or datetime.date.today(),
            place="The kitchen table",
            notes="Demo: the Sample Score Card from the Bridge Rummy rules, deals 1 to 6.",
        )
        players = [night_services.player_create(owner=user, name=name) for name in SAMPLE_PLAYERS]
        game = game_services.game_start(night=night, by=user, slug="bridge-rummy", players=players)
        for deal in SAMPLE_DEALS:
            game_services.deal_record(game=game, by=user, data=deal)
        self.stdout.write(self.style.SUCCESS("Demo night loaded: sign in as demo / demo."))
