"""Live at the table: the join link and its QR code, opening the link, and who records or watches.

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

import segno
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scorekeeper import sharing
from scorekeeper.forms import RecorderRemoveForm
from scorekeeper.http import AuthedRequest
from scorekeeper.models import Game, Night, NightLink
from scorekeeper.views.access import get_game_for_user, get_night_for_user, login_required

SESSION_KEY = "shared_nights"  # {night id (str): sha256 of the link's token}
OWNER_COOKIE_DAYS = 60


# Visitors by link -------------------------------------------------------------------------------


def has_shares(request: HttpRequest) -> bool:
    return bool(getattr(request, "session", {}).get(SESSION_KEY))


def _shared_hash(request: HttpRequest, night_id: int) -> str | None:
    shares = request.session.get(SESSION_KEY) or {}
    hashed = shares.get(str(night_id))
    return hashed if isinstance(hashed, str) else None


def _let_in(request: HttpRequest, night_id: int) -> bool:
    hashed = _shared_hash(request, night_id)
    return hashed is not None and sharing.link_is_current(night_id, hashed)


def night_to_view(request: HttpRequest, pk: int) -> Night | None:
    """The night, for anyone who may look at it; None for a signed-out visitor it is not shared
    with (the caller sends them to sign in). A signed-in stranger gets 404."""
    if request.user.is_authenticated:
        return get_night_for_user(request, pk)  # type: ignore[arg-type]
    if not _let_in(request, pk):
        return None
    return get_object_or_404(Night.objects.select_related("owner"), pk=pk)


def game_to_view(request: HttpRequest, pk: int) -> Game | None:
    """The game, for anyone who may look at its night (as :func:`night_to_view`)."""
    if request.user.is_authenticated:
        return get_game_for_user(request, pk)  # type: ignore[arg-type]
    game = Game.objects.select_related("night").filter(pk=pk).first()
    if game is None or not _let_in(request, game.night_id):
        return None
    return game


def sign_in_first(request: HttpRequest) -> HttpResponse:
    return redirect_to_login(request.get_full_path())


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
                request, f"You are watching {night}. {night.owner.username} can let you record."
            )
    else:
        shares = dict(request.session.get(SESSION_KEY) or {})
        shares[str(night.pk)] = sharing.token_hash(token)
        request.session[SESSION_KEY] = shares
    return redirect(night)


# The night page's part ---------------------------------------------------------------------------


def _owner_cookie(night: Night) -> str:
    return f"share_{night.pk}"


def _qr_svg(url: str) -> SafeString:
    qr = segno.make(url, error="m")
    svg = qr.svg_inline(
        scale=4,
        border=2,
        dark="#000",
        light="#fff",
        omitsize=True,
        title="QR code of the join link",
        svgclass="qr",
    )
    return mark_safe(
        svg.replace("<svg ", '<svg role="img" ', 1)
    )  # segno's SVG: modules and a fixed title, no text of ours


def share_context(request: HttpRequest, night: Night, token: str | None = None) -> dict[str, Any]:
    """What the night page shows of the link and the people, for whoever is looking.

    ``token`` is a link just made (its cookie is not back from the phone yet).
    """
    user = request.user
    role = sharing.role_of(user, night) if isinstance(user, User) else None
    people = sharing.people_of(night)
    context: dict[str, Any] = {
        "role": role,
        "can_record": role in ("owner", "recorder"),
        "people": [p for p in people if p.role == "recorder"],
        "viewers": [p for p in people if p.role == "viewer"] if role == "owner" else [],
        "link": None,
        "join_url": None,
        "qr_svg": None,
    }
    if role != "owner":
        return context
    link = NightLink.objects.filter(night=night).first()
    token = token or request.COOKIES.get(_owner_cookie(night))
    context["link"] = link
    if (
        link is not None
        and token
        and hmac.compare_digest(sharing.token_hash(token), link.token_hash)
    ):
        url = request.build_absolute_uri(reverse("share_join", args=[token]))
        context["join_url"] = url
        context["qr_svg"] = _qr_svg(url)
    return context


def _night_context(request: HttpRequest, night: Night, **forms: Any) -> dict[str, Any]:
    from scorekeeper.views.nights import _night_context as night_context

    return night_context(request, night, **forms)  # type: ignore[arg-type]


def _link_response(request: AuthedRequest, night: Night, token: str | None) -> HttpResponse:
    if request.htmx:
        context = _night_context(request, night) | share_context(request, night, token)
        response = render(request, "scorekeeper/share/link.html", context)
    else:
        response = redirect(f"{night.get_absolute_url()}#share")
    path = night.get_absolute_url()
    if token is None:
        response.delete_cookie(_owner_cookie(night), path=path)
    else:
        response.set_cookie(
            _owner_cookie(night),
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
    request: AuthedRequest, pk: int, form_class: type[RecorderRemoveForm], act: Any
) -> HttpResponse:
    from scorekeeper.views.nights import _night_form

    return _night_form(request, pk, form_class, "recorders", "remove_form", act)


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
    )
