"""System checks: production must not run on the development secret key, nor on a weak one."""

from typing import Any

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.core.checks.security import base as django_security
from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured

MAKE_ONE = "python -c 'import secrets; print(secrets.token_urlsafe(50))'"

NO_SECRET_KEY = (
    "SECRET_KEY is not set (or is the public development key) and DEBUG is off: set the "
    "SECRET_KEY environment variable to a long random value, the same on every app server "
    f"(make one with {MAKE_ONE}), or set DEBUG=1 on a development machine."
)

# Django's own deploy check (security.W009, W025) decides, and its constants say why: a key
# that fails it is guessable, and whoever guesses it can forge a session or a poll key.
WEAK_SECRET_KEY = (
    "{name} is too weak to serve with DEBUG off: Django's deploy check asks for at least "
    f"{SECRET_KEY_MIN_LENGTH} characters, {SECRET_KEY_MIN_UNIQUE_CHARACTERS} of them "
    f"different, and not starting with {SECRET_KEY_INSECURE_PREFIX!r}. Set it to a long "
    f"random value, the same on every app server (make one with {MAKE_ONE})."
)


def weak_secret_key() -> str | None:
    """Why this server must not serve on its keys, or None. The development key is in the
    repository and a short key can be guessed: whoever knows it can forge a watcher's poll key
    or a session's signature. Fine on a laptop (DEBUG on), never on a server. A fallback key
    (``SECRET_KEY_FALLBACKS``) still verifies signatures, so it is held to the same."""
    if settings.DEBUG:
        return None
    if settings.SECRET_KEY == settings.DEV_SECRET_KEY:
        return NO_SECRET_KEY
    if django_security.check_secret_key(None):
        return WEAK_SECRET_KEY.format(name="SECRET_KEY")
    if django_security.check_secret_key_fallbacks(None):
        return WEAK_SECRET_KEY.format(name="A key of SECRET_KEY_FALLBACKS")
    return None


def refuse_a_weak_key() -> None:
    """Stop a server from starting on the development key or a weak one (scorekeeper/wsgi.py
    calls this, so every WSGI server does: gunicorn's master stops before it forks).

    Not in settings.py itself: the type checker's Django plugin reads the settings, without a
    key, and must not be refused.
    """
    why = weak_secret_key()
    if why is not None:
        raise ImproperlyConfigured(why)


@register(Tags.security)
def check_a_server_has_a_secret_key(app_configs: Any, **kwargs: Any) -> list[Error]:
    """manage.py's commands that run the checks (migrate, runserver, check...) refuse too."""
    why = weak_secret_key()
    return [] if why is None else [Error(why, id="scorekeeper.E006")]


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
