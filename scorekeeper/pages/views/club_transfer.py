"""A club carried out and back in: its organisers download it whole; anyone signed in uploads
a club's file to make a new club of it, theirs to organise (``scorekeeper.transfer.clubs``)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from adjudicator.errors import AdjudicationError
from scorekeeper import limits
from scorekeeper.access import clubs as club_access
from scorekeeper.api import shapes
from scorekeeper.exceptions import ServiceError
from scorekeeper.models import Club
from scorekeeper.pages.views.history import MAX_IMPORT_BYTES, read_export
from scorekeeper.transfer import clubs, importing
from scorekeeper.web.http import AuthedRequest

IMPORTED = "club_imported"  # the session's key for what an import did, shown after the redirect


class ClubImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("A Scorekeeper club export (.json)"))


@login_required
@require_GET
def club_export(request: AuthedRequest, pk: int) -> HttpResponse:
    """The club as one JSON file, for its organisers."""
    club, role = club_access.club_for(request.user, pk)
    club_access.require(
        role, club_access.Role.ORGANISER, gettext("Only the club's organisers may export it.")
    )
    document = clubs.export_club(club)
    document["export"] = shapes.export_shaped(document["export"])
    body = json.dumps(document, indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="scorekeeper-club-{club.pk}.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def club_import(request: AuthedRequest) -> HttpResponse:
    """The upload form; a file imported redirects back here (post/redirect/get) to say which
    club it made (or found here already) and whom to invite. A refused file is said under the
    file field, and nothing is written."""
    if request.method == "POST":
        form = ClubImportForm(request.POST, request.FILES)
        refused = _imported(request, form)
        if refused is None:
            return redirect("club_import")
        return _page(request, form, refused=refused, status=400)
    return _page(request, ClubImportForm(), done=request.session.pop(IMPORTED, None))


def _imported(request: AuthedRequest, form: ClubImportForm) -> str | None:
    """Import the form's file; None once done (kept in the session for the page after), or
    the sentence that refuses it."""
    if not form.is_valid():
        said = form.errors.get("file")
        return " ".join(map(str, said)) if said else gettext("Choose a file.")
    upload = form.cleaned_data["file"]
    try:
        if upload.size > MAX_IMPORT_BYTES:
            raise importing.ImportRefused(gettext("The file is larger than 5 MB."), field="file")
        done = clubs.import_club(owner=request.user, document=read_export(upload.read()))
    except (ServiceError, AdjudicationError) as err:
        return str(getattr(err, "message", None) or err)
    request.session[IMPORTED] = {
        "club": done.club.pk,
        "already_here": done.already_here,
        "invite": done.invite_list,
    }
    return None


def _page(
    request: AuthedRequest,
    form: ClubImportForm,
    *,
    refused: str = "",
    done: Any = None,
    status: int = 200,
) -> HttpResponse:
    context: dict[str, Any] = {
        "form": form,
        "refused": refused,
        "max_entries": limits.FILE_ENTRIES,
        "max_nights": limits.FILE_NIGHTS,
        "max_rulings": limits.FILE_RULINGS,
        "max_megabytes": MAX_IMPORT_BYTES // 2**20,
    }
    if isinstance(done, dict) and isinstance(done.get("club"), int):
        # Shown only to a member of the club (the session is the user's own, but a club left
        # since is not theirs to see).
        club = club_access.clubs_for_user(request.user).filter(pk=done["club"]).first()
        if isinstance(club, Club):
            context |= {
                "club": club,
                "already_here": bool(done.get("already_here")),
                "invite": done.get("invite") or [],
            }
    return render(request, "scorekeeper/clubs/club_import.html", context, status=status)
