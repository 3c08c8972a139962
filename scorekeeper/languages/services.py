"""A person's choice of language: kept on their phone and on their account."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest

from scorekeeper.languages.choosing import TO_KEEP, kept
from scorekeeper.models import AccountSettings


def choose(request: HttpRequest, language: str) -> None:
    """Speak ``language`` on this phone from now on and, signed in, on every phone the person
    signs in on next (the middleware sets the phone's cookie on the answer)."""
    setattr(request, TO_KEEP, language)
    if request.user.is_authenticated:
        with transaction.atomic():
            AccountSettings.objects.update_or_create(
                user=request.user, defaults={"language": language}
            )


def remember_on_sign_in(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """Connected to ``user_logged_in``: the language the person chose on another phone is
    kept on this one too, unless this phone chose its own."""
    if request is None or kept(request):
        return
    language = AccountSettings.objects.filter(user=user).values_list("language", flat=True).first()
    if language:
        setattr(request, TO_KEEP, language)
