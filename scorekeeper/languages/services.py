"""A person's choice of language: kept on this device, in their session and on their account."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest

from scorekeeper.languages.choosing import SESSION_KEY
from scorekeeper.models import AccountSettings


def choose(request: HttpRequest, language: str) -> None:
    """Speak ``language`` from now on: for this session and, signed in, on every phone the
    person signs in on. (The view sets this device's cookie on its answer.)"""
    request.session[SESSION_KEY] = language
    if request.user.is_authenticated:
        with transaction.atomic():
            AccountSettings.objects.update_or_create(
                user=request.user, defaults={"language": language}
            )


def remember_on_sign_in(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """Connected to ``user_logged_in``: the person's language, chosen on another phone, is
    spoken on this one too (unless this phone chose its own)."""
    language = AccountSettings.objects.filter(user=user).values_list("language", flat=True).first()
    if language:
        request.session[SESSION_KEY] = language
