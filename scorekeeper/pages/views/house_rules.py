"""House-rule profiles: the profiles page (list, create, edit, delete), and what starting a game
needs to pick a profile or save the house rules shown as one.

Profiles are the signed-in account's own: anyone else's id answers 404.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from adjudicator.errors import AdjudicationError
from adjudicator.game import Game as GameDefinition
from adjudicator.games import get_game
from scorekeeper.exceptions import ServiceError
from scorekeeper.house_rules import profile_selectors, profiles
from scorekeeper.models import HouseRuleProfile
from scorekeeper.pages.forms import GameStartForm, ProfileForm
from scorekeeper.web.http import AuthedRequest

# Ids in a query string: ASCII digits only ("²".isdigit() is true), short enough for SQLite.
MAX_ID_DIGITS = 18


def _id(raw: str) -> int:
    if not raw.isascii() or not raw.isdigit() or len(raw) > MAX_ID_DIGITS:
        raise Http404("No such house-rule profile.")
    return int(raw)


def _profile_for_user(request: AuthedRequest, pk: int) -> HouseRuleProfile:
    return get_object_or_404(profile_selectors.profiles_for_user(request.user), pk=pk)


def _list_url(profile: HouseRuleProfile | None = None) -> str:
    return reverse("profiles") + (f"#profile-{profile.pk}" if profile else "")


# Starting a game -----------------------------------------------------------------------------


def chosen_profile(
    request: AuthedRequest, definition: GameDefinition[Any, Any]
) -> HouseRuleProfile | None:
    """The profile ``?profile=<id>`` names: one of the user's own for this game, else 404.
    Empty (the published rules) is none."""
    raw = request.GET.get("profile", "")
    if not raw:
        return None
    return get_object_or_404(
        profile_selectors.profiles_for_game(request.user, definition.slug), pk=_id(raw)
    )


@dataclass
class Saving:
    """The start form's "save these house rules as a profile": asked for, and what came of it."""

    asked: bool
    profile_form: ProfileForm
    saved: HouseRuleProfile | None = None


def save_from_start(
    request: AuthedRequest, definition: GameDefinition[Any, Any], form: GameStartForm
) -> Saving:
    """Save the house rules posted with the start form as a profile, when that was asked.

    Only the name and the house rules matter then: the seats' errors are not shown (they are
    not what is being saved), the house rules' are, next to each rule.
    """
    asked = request.method == "POST" and "save_profile" in request.POST
    profile_form = ProfileForm(
        request.POST if asked else None,
        definition=definition,
        use_required_attribute=False,  # the same form starts the game: no name needed then
        auto_id="profile_%s",
    )
    saving = Saving(asked, profile_form)
    if not asked:
        return saving
    form.is_valid()
    for name in list(form.errors):
        if not name.startswith("option_"):
            del form.errors[name]
    if profile_form.is_valid() and not form.option_errors():
        try:
            saving.saved = profiles.profile_create(
                owner=request.user,
                slug=definition.slug,
                name=profile_form.cleaned_data["name"],
                options=form.options,
            )
        except (AdjudicationError, ServiceError) as err:
            if (err.field or "").startswith("options."):
                form.add_engine_error(err)
            else:
                profile_form.add_engine_error(err)
    return saving


def start_context(
    request: AuthedRequest,
    definition: GameDefinition[Any, Any],
    profile: HouseRuleProfile | None,
    saving: Saving,
) -> dict[str, Any]:
    return {
        "profiles": profile_selectors.profiles_for_game(request.user, definition.slug),
        "profile": saving.saved or profile,
        "profile_form": saving.profile_form,
        "saved": saving.saved,
    }


# The profiles page ---------------------------------------------------------------------------


@login_required
@require_GET
def profile_list(request: AuthedRequest) -> HttpResponse:
    context = {
        "groups": profile_selectors.profiles_by_game(request.user),
        "game_types": profile_selectors.games_with_options(),
    }
    return render(request, "scorekeeper/profiles/list.html", context)


@login_required
def profile_create(request: AuthedRequest) -> HttpResponse:
    """``?game=slug``: that game's house rules, as on the start form, and a name."""
    try:
        definition = get_game(request.POST.get("game") or request.GET.get("game", ""))
    except AdjudicationError:
        return redirect("profiles")
    form = ProfileForm(request.POST or None, definition=definition)
    if request.method == "POST" and form.is_valid():
        try:
            profile = profiles.profile_create(
                owner=request.user,
                slug=definition.slug,
                name=form.cleaned_data["name"],
                options=form.options,
            )
        except (AdjudicationError, ServiceError) as err:
            form.add_engine_error(err)
        else:
            messages.success(
                request,
                gettext("Saved %(name)s for %(game)s.")
                % {"name": profile.name, "game": definition.name},
            )
            return redirect(_list_url(profile))
    context = {"definition": definition, "form": form, "profile": None}
    status = 400 if form.is_bound else 200
    return render(request, "scorekeeper/profiles/form.html", context, status=status)


@login_required
def profile_edit(request: AuthedRequest, pk: int) -> HttpResponse:
    profile = _profile_for_user(request, pk)
    try:
        definition = get_game(profile.slug)
    except AdjudicationError:
        raise Http404("These house rules are for a game no longer known.") from None
    form = ProfileForm(
        request.POST or None,
        definition=definition,
        house_options=profile.options,
        initial={"name": profile.name},
    )
    if request.method == "POST" and form.is_valid():
        try:
            profiles.profile_update(
                profile=profile,
                by=request.user,
                name=form.cleaned_data["name"],
                options=form.options,
            )
        except (AdjudicationError, ServiceError) as err:
            form.add_engine_error(err)
        else:
            messages.success(request, gettext("Saved %(name)s.") % {"name": profile.name})
            return redirect(_list_url(profile))
    context = {"definition": definition, "form": form, "profile": profile}
    status = 400 if form.is_bound else 200
    return render(request, "scorekeeper/profiles/form.html", context, status=status)


@login_required
@require_POST
def profile_delete(request: AuthedRequest, pk: int) -> HttpResponse:
    profile = _profile_for_user(request, pk)
    name = profile.name
    profiles.profile_delete(profile=profile, by=request.user)
    if request.htmx:
        return HttpResponse("")  # the row swaps out
    messages.success(
        request,
        gettext("Deleted %(name)s. Games started with it keep their rules.") % {"name": name},
    )
    return redirect("profiles")
