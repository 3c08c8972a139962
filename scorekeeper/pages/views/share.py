"""Live at the table: making and stopping the join link, opening it, and who records or watches.
The night page's part of it (the link, its QR code, the people) is drawn in
:mod:`scorekeeper.pages.views.night_page`; who a link let in is checked in
:mod:`scorekeeper.pages.views.access`.

A visitor who opens a night's link without signing in is remembered in the session (the night's
id and the hash of the link's token, checked against the night's current link on every page, so
a new link shuts the old one's visitors out). Signing in later turns each such night into a
viewer's place in it (``join_on_sign_in``). The owner's phone keeps the token it made in a cookie
scoped to the night's pages: the server keeps only the hash, so only that phone can show the
link and QR code again; any other phone of the owner makes a new link.
"""

from __future__ import annotations

import hmac
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scorekeeper.access import sharing
from scorekeeper.models import Night, NightLink
from scorekeeper.pages.forms import RecorderRemoveForm
from scorekeeper.pages.views.access import SESSION_KEY, get_night_for_user, login_required
from scorekeeper.pages.views.night_page import (
    night_context,
    night_form,
    owner_cookie,
    share_context,
)
from scorekeeper.web.http import AuthedRequest

OWNER_COOKIE_DAYS = 60


def join_on_sign_in(sender: Any, request: HttpRequest | None, user: User, **kwargs: Any) -> None:
    """Signing in after opening join links: each night still shared joins the account as a
    viewer (connected to ``user_logged_in`` in apps.py)."""
    if request is None or not hasattr(request, "session"):
        return
    shares = request.session.pop(SESSION_KEY, None) or {}
    for night_id, hashed in shares.items():
        if not str(night_id).isdecimal() or not isinstance(hashed, str):
            continue
        link = NightLink.objects.select_related("night").filter(night_id=int(night_id)).first()
        if link is not None and hmac.compare_digest(link.token_hash, hashed):
            sharing.night_join(night=link.night, user=user)


@require_GET
@never_cache
def join(request: HttpRequest, token: str) -> HttpResponse:
    """Open a join link: a signed-in person becomes a viewer; anyone else may look, read-only."""
    night = sharing.night_for_token(token)
    if night is None:
        return render(request, "scorekeeper/share/join_gone.html", status=404)
    if request.user.is_authenticated:
        assert isinstance(request.user, User)
        if sharing.night_join(night=night, user=request.user) == "viewer":
            messages.info(
                request,
                gettext("You are watching %(night)s. %(owner)s can let you record.")
                % {"night": night, "owner": night.owner.username},
            )
    else:
        shares = dict(request.session.get(SESSION_KEY) or {})
        shares[str(night.pk)] = sharing.token_hash(token)
        request.session[SESSION_KEY] = shares
    return redirect(night)


def _link_response(request: AuthedRequest, night: Night, token: str | None) -> HttpResponse:
    if request.htmx:
        context = night_context(request, night) | share_context(request, night, token)
        response = render(request, "scorekeeper/share/link.html", context)
    else:
        response = redirect(f"{night.get_absolute_url()}#share")
    path = night.get_absolute_url()
    if token is None:
        response.delete_cookie(owner_cookie(night), path=path)
    else:
        response.set_cookie(
            owner_cookie(night),
            token,
            max_age=OWNER_COOKIE_DAYS * 24 * 60 * 60,
            path=path,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    return response


@login_required
@require_POST
def link_make(request: AuthedRequest, pk: int) -> HttpResponse:
    """Make the night's join link (a new one revokes the old)."""
    night = get_night_for_user(request, pk)
    token = sharing.link_make(night=night, by=request.user)
    return _link_response(request, night, token)


@login_required
@require_POST
def link_stop(request: AuthedRequest, pk: int) -> HttpResponse:
    night = get_night_for_user(request, pk)
    sharing.link_stop(night=night, by=request.user)
    return _link_response(request, night, None)


class RoleForm(RecorderRemoveForm):
    """The owner's "Let record" / "Watch only" next to a person: both fields travel hidden."""

    role = forms.ChoiceField(
        choices=[("recorder", "recorder"), ("viewer", "viewer")], widget=forms.HiddenInput
    )


def _people_form(
    request: AuthedRequest, pk: int, form_class: type[RecorderRemoveForm], act: Any, owners: str
) -> HttpResponse:
    return night_form(request, pk, form_class, "recorders", "remove_form", act, owners=owners)


@login_required
@require_POST
def person_role(request: AuthedRequest, pk: int) -> HttpResponse:
    return _people_form(
        request,
        pk,
        RoleForm,
        lambda night, data: sharing.role_set(
            night=night, by=request.user, username=data["username"], role=data["role"]
        ),
        "change who records",
    )


@login_required
@require_POST
def person_remove(request: AuthedRequest, pk: int) -> HttpResponse:
    return _people_form(
        request,
        pk,
        RecorderRemoveForm,
        lambda night, data: sharing.person_remove(
            night=night, by=request.user, username=data["username"]
        ),
        "remove people",
    )
