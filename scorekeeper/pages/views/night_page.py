"""The night page's context and how one of its small forms is posted: what the page shows,
with its join-link part (the link, its QR code, who records and who watches). The night's views
(:mod:`scorekeeper.pages.views.nights`) and the sharing views (:mod:`scorekeeper.pages.views.share`) both
render it.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import Any

import segno
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from adjudicator.games import all_games
from scorekeeper.access import clubs, roles, sharing
from scorekeeper.desk import asking
from scorekeeper.exceptions import ServiceError
from scorekeeper.models import Night, NightLink
from scorekeeper.nights import selectors as night_selectors
from scorekeeper.pages.forms import PlayerForm, RecorderForm, RecorderRemoveForm, TablePlayerForm
from scorekeeper.pages.views.access import get_night_for_user
from scorekeeper.standings import in_words
from scorekeeper.web.http import AuthedRequest


def owner_cookie(night: Night) -> str:
    return f"share_{night.pk}"


def qr_svg(url: str) -> SafeString:
    """A link's QR code, drawn on the server as inline SVG (the night's join link, a club's
    invitation)."""
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
    token = token or request.COOKIES.get(owner_cookie(night))
    context["link"] = link
    if (
        link is not None
        and token
        and hmac.compare_digest(sharing.token_hash(token), link.token_hash)
    ):
        url = request.build_absolute_uri(reverse("share_join", args=[token]))
        context["join_url"] = url
        context["qr_svg"] = qr_svg(url)
    return context


type NightForms = PlayerForm | RecorderForm | RecorderRemoveForm | TablePlayerForm


def night_context(
    request: AuthedRequest,
    night: Night,
    *,
    player_form: NightForms | None = None,
    recorder_form: NightForms | None = None,
    remove_form: NightForms | None = None,
    table_form: NightForms | None = None,
) -> dict[str, Any]:
    return {
        "night": night,
        "games": in_words.night_summaries([night])[0].games,
        "across": in_words.across_night(night),
        "table": night_selectors.table_for_night(night),
        "off_table": night_selectors.players_off_table(night),
        "recorders": night.recorders.order_by("username"),
        "game_types": all_games(),
        "is_owner": roles.runs(request.user, night),
        # A club's night names its club; a member of it follows the name to the club's page.
        "club_member": night.club_id is not None
        and clubs.role_in(request.user, night.club_id) is not None,
        "player_form": player_form or PlayerForm(),
        "recorder_form": recorder_form or RecorderForm(),
        "remove_form": remove_form,
        "table_form": table_form,  # a rename or a leave that was refused, with its reason
        "rulings": asking.rulings_for_night(night),  # the dispute desk's saved rulings
        **share_context(request, night),  # the join link, who records and who watches
    }


def night_form(
    request: AuthedRequest,
    pk: int,
    form_class: type[NightForms],
    partial: str,
    form_name: str,
    act: Callable[[Night, dict[str, Any]], object],
    *,
    owners: str = "",
) -> HttpResponse:
    """Post one of the night page's small forms: redirect, or swap its section (htmx).

    Access first: who may not do it (a watcher; anyone but the owner, for what ``owners``
    names) is refused before the form is read, whatever was sent (the service asks again)."""
    night = get_night_for_user(request, pk)
    if owners:
        roles.require_owner(request.user, night, owners)
    else:
        roles.require_recorder(request.user, night)
    form = form_class(request.POST)
    if form.is_valid():
        try:
            act(night, form.cleaned_data)
        except ServiceError as err:
            form.add_engine_error(err)
        else:
            if not request.htmx:
                return redirect(night)
            form = form_class()
    if isinstance(form, PlayerForm) and request.htmx and "chip" not in request.POST:
        # A name typed in: keep the input focused (and a phone's keyboard up) for the next one.
        # A tapped chip did not use the keyboard, so it should not bring the keyboard up.
        form.keep_focus()
    context = night_context(request, night, **{form_name: form})
    if request.htmx:
        return render(request, f"scorekeeper/night_detail.html#{partial}", context)
    return render(request, "scorekeeper/night_detail.html", context, status=400)
