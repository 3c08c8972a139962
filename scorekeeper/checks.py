"""System checks: production must not run on the development secret key."""

from typing import Any

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.core.exceptions import ImproperlyConfigured

NO_SECRET_KEY = (
    "SECRET_KEY is not set (or is the public development key) and DEBUG is off: set the "
    "SECRET_KEY environment variable to a long random value, the same on every app server "
    "(make one with python -c 'import secrets; print(secrets.token_urlsafe(50))'), or set "
    "DEBUG=1 on a development machine."
)


def serves_on_the_public_key() -> bool:
    """The development key is in the repository: whoever reads it can forge a watcher's poll
    key or a session's signature. Fine on a laptop (DEBUG on), never on a server."""
    return not settings.DEBUG and settings.SECRET_KEY == settings.DEV_SECRET_KEY


def refuse_the_public_key() -> None:
    """Stop a server from starting on the development key (scorekeeper/wsgi.py calls this).

    Not in settings.py itself: the type checker's Django plugin reads the settings, without a
    key, and must not be refused.
    """
    if serves_on_the_public_key():
        raise ImproperlyConfigured(NO_SECRET_KEY)


@register(Tags.security)
def check_a_server_has_a_secret_key(app_configs: Any, **kwargs: Any) -> list[Error]:
    """manage.py's commands that run the checks (migrate, runserver, check...) refuse too."""
    if serves_on_the_public_key():
        return [Error(NO_SECRET_KEY, id="scorekeeper.E006")]
    return []


@register(Tags.security, deploy=True)
def check_secret_key(app_configs: Any, **kwargs: Any) -> list[Error]:
    if settings.SECRET_KEY == settings.DEV_SECRET_KEY:
        return [
            Error(
                "SECRET_KEY is the development key.",
                hint="Set the SECRET_KEY environment variable to a long random value.",
                id="scorekeeper.E001",
            )
        ]
    return []


@register()
def check_every_game_has_page_support(app_configs: Any, **kwargs: Any) -> list[Error]:
    """Every game's record is made of kinds the deal form knows and widgets it has, so a game
    added to the engine can never be a 500 on its page."""
    from adjudicator.games import all_games
    from adjudicator.records import PerSeatField
    from scorekeeper.pages.widgets import KINDS, WIDGETS, kinds_of, widgets_of

    errors = []
    for game in all_games():
        options = game.options()
        for players in game.table_sizes():
            record = game.record(options, players)
            where = f"{game.name} ({game.slug}) for {players} players"
            for kind in sorted(kinds_of(record) - KINDS):
                errors.append(
                    Error(
                        f"{where}: the deal form cannot show a {kind!r} field.",
                        hint="Lay the kind out in templates/scorekeeper/deal_form.html and add "
                        "it to scorekeeper.pages.widgets.KINDS.",
                        id="scorekeeper.E002",
                    )
                )
            for widget in sorted(widgets_of(record) - set(WIDGETS)):
                errors.append(
                    Error(
                        f"{where}: no page widget {widget!r}.",
                        hint="Register it in scorekeeper.pages.widgets.WIDGETS.",
                        id="scorekeeper.E003",
                    )
                )
            if "tricks" in widgets_of(record) and "tricks" not in game.questions():
                errors.append(
                    Error(
                        f"{where}: the trick widget judges each trick through the game's "
                        "'tricks' question, which it does not answer.",
                        id="scorekeeper.E005",
                    )
                )
            if sum(isinstance(f, PerSeatField) for f in record.fields) > 1:
                errors.append(
                    Error(
                        f"{where}: the deal form shows at most one per-seat field.",
                        id="scorekeeper.E004",
                    )
                )
    return errors
