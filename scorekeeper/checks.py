"""System checks: production must not run on the development secret key."""

from typing import Any

from django.conf import settings
from django.core.checks import Error, Tags, register


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
