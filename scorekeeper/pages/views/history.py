"""Looking back: the history of nights (searchable), a night's printable recap, players and
their records, head to head, and export and import."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_POST

from adjudicator.errors import AdjudicationError
from scorekeeper import limits
from scorekeeper.access import roles
from scorekeeper.api import parsers, shapes
from scorekeeper.desk import asking
from scorekeeper.exceptions import ServiceError
from scorekeeper.history import ratings, records, rivals, scope
from scorekeeper.history.rating_chart import rating_chart
from scorekeeper.languages.speaking import names_said
from scorekeeper.models import Night
from scorekeeper.pages.views.access import get_night_for_user, night_to_view, sign_in_first
from scorekeeper.transfer import exporting, importing
from scorekeeper.web.http import AuthedRequest

NIGHTS_PER_PAGE = 20
MAX_IMPORT_BYTES = 5 * 1024 * 1024
IMPORT_REFUSED = "import_refused"  # the session's key for a refusal shown after the redirect


class HistorySearchForm(forms.Form):
    player = forms.CharField(required=False, max_length=40, label=gettext_lazy("Player"))
    game = forms.ChoiceField(required=False, label=gettext_lazy("Game"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game = self.fields["game"]
        assert isinstance(game, forms.ChoiceField)
        game.choices = [("", gettext("Any game")), *records.game_choices()]
        self.fields["player"].widget.attrs.update(
            {"placeholder": gettext("A name, or part of one")}
        )


class RatingsForm(forms.Form):
    """The leaderboard's choices: one game or all, one year or every year."""

    game = forms.ChoiceField(required=False, label=gettext_lazy("Game"))
    year = forms.TypedChoiceField(
        required=False, coerce=int, empty_value=None, label=gettext_lazy("Year")
    )

    def __init__(self, *args: Any, years: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game, year = self.fields["game"], self.fields["year"]
        assert isinstance(game, forms.ChoiceField) and isinstance(year, forms.ChoiceField)
        game.choices = [("", gettext("All games")), *records.game_choices()]
        year.choices = [("", gettext("Every year")), *((y, str(y)) for y in years)]


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("A Scorekeeper export (.json)"))


@login_required
@require_GET
def history_list(request: AuthedRequest) -> HttpResponse:
    """Past nights, newest first, each with its games, winners and corrections; searchable by
    player and by game with a plain GET form."""
    form = HistorySearchForm(request.GET or None)
    player = game = ""
    if form.is_valid():
        player, game = form.cleaned_data["player"], form.cleaned_data["game"]
    nights = records.search_nights(scope.of_user(request.user), player=player, game=game)
    page = Paginator(nights, NIGHTS_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "scorekeeper/history/history.html",
        {
            "form": form,
            "page": page,
            "past": records.past_nights(page.object_list),
            "searching": bool(player or game),
            "query": query.urlencode(),
        },
    )


@require_GET
def night_recap(request: AuthedRequest, pk: int) -> HttpResponse:
    """A night on one printed page: its games, final tallies, winners, and every deal. Open to
    a visitor by the night's join link too (read-only, without the export links)."""
    night = night_to_view(request, pk)
    if night is None:
        return sign_in_first(request)
    context = {"past": records.recap(night), "rulings": asking.rulings_for_night(night)}
    return render(request, "scorekeeper/history/recap.html", context)


@login_required
@require_GET
def player_list(request: AuthedRequest) -> HttpResponse:
    return render(
        request,
        "scorekeeper/history/players.html",
        {"players": records.visible_players(scope.of_user(request.user))},
    )


def _player_id(raw: str | None) -> int | None:
    # isdigit alone lets "²" through, and a huge number overflows SQLite's integers.
    if not raw or not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        return None
    return int(raw)


@login_required
@require_GET
def player_detail(request: AuthedRequest, pk: int) -> HttpResponse:
    """A player's games played and won per game, totals and feats; ``?vs=<id>``: head to head."""
    mine = scope.of_user(request.user)
    players = records.visible_players(mine)
    vs_id = _player_id(request.GET.get("vs"))
    # The player and the one to compare with, in one query.
    found = players.in_bulk([pk] if vs_id is None else [pk, vs_id])
    player = found.get(pk)
    if player is None:
        raise Http404("No such player.")
    rival = found.get(vs_id) if vs_id is not None and vs_id != pk else None
    rated = ratings.player_ratings(mine, player)
    return render(
        request,
        "scorekeeper/history/player.html",
        {
            "player": player,
            "record": records.player_record(mine, player),
            "others": players.exclude(pk=player.pk),
            "rival": rival,
            "h2h": records.head_to_head(mine, player, rival) if rival else None,
            "ratings": rated,
            "rivals": rivals.rivals(mine, player),
            "rating_chart": rating_chart(rated, ident=f"ratings-{player.pk}"),
        },
    )


@login_required
@require_GET
def leaderboard(request: AuthedRequest) -> HttpResponse:
    """The players of the nights the user can see, by rating: ``?game=<slug>&year=<year>``."""
    mine = scope.of_user(request.user)
    form = RatingsForm(request.GET or None, years=ratings.years(mine))
    chosen = form.cleaned_data if form.is_valid() else {}
    board = ratings.leaderboard(mine, slug=chosen.get("game") or "", year=chosen.get("year"))
    return render(request, "scorekeeper/history/ratings.html", {"form": form, "board": board})


# Export and import ------------------------------------------------------------------------------


def export_response(nights: list[Night], fmt: str, stem: str) -> HttpResponse:
    """The nights as a download: JSON (the whole ledger) or CSV (deal by deal)."""
    if fmt == "csv":
        response = HttpResponse(
            exporting.export_csv(nights), content_type="text/csv; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="{stem}.csv"'
        return response
    document = shapes.export_shaped(exporting.export_document(nights))
    body = json.dumps(document, indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{stem}.json"'
    return response


@login_required
@require_GET
def night_export(request: AuthedRequest, pk: int) -> HttpResponse:
    night = get_night_for_user(request, pk)
    fmt = "csv" if request.GET.get("format") == "csv" else "json"
    return export_response([night], fmt, f"scorekeeper-night-{night.date.isoformat()}")


@login_required
@require_GET
def export_page(request: AuthedRequest) -> HttpResponse:
    """Download everything as JSON (in parts, each a file one import takes, when it is more
    than one takes) or CSV; upload a JSON export to import it. An import refused a moment ago
    is said under the file field (it redirected here)."""
    refused = request.session.pop(IMPORT_REFUSED, None)
    nights = list(roles.nights_for_user(request.user))
    context = _export_page(ImportForm(), exporting.parts(nights))
    context["refused"] = refused if isinstance(refused, str) else ""
    return render(request, "scorekeeper/history/export.html", context)


@login_required
@require_GET
def export_all(request: AuthedRequest) -> HttpResponse:
    """Everything as CSV, or as JSON: ``?part=N`` for the Nth of the files one import each
    takes (the export page lists them), without it everything in one file."""
    fmt = "csv" if request.GET.get("format") == "csv" else "json"
    nights = list(roles.nights_for_user(request.user))
    part = request.GET.get("part")
    if fmt == "csv" or part is None:
        return export_response(nights, fmt, "scorekeeper-all")
    files = exporting.parts(nights)
    if not part.isascii() or not part.isdigit() or not 1 <= int(part) <= len(files):
        raise Http404("There is no such part of the export.")
    number = int(part)
    stem = f"scorekeeper-all-part-{number}-of-{len(files)}"
    return export_response(files[number - 1], fmt, stem)


def read_export(raw: bytes) -> Any:
    """A JSON document from uploaded bytes; ``ImportRefused`` with a sentence if it is not."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise importing.ImportRefused(gettext("The file is larger than 5 MB."), field="file")
    try:
        document = parsers.loads(raw.decode("utf-8"))
    except parsers.BadJSON as err:  # JSON, but not what we take (a lone surrogate, a key twice)
        raise importing.ImportRefused(str(err), field="file") from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise importing.ImportRefused(gettext("The file is not JSON."), field="file") from None
    if parsers.depth(document) > parsers.MAX_DEPTH:
        raise importing.ImportRefused(parsers.TOO_DEEP, field="file")
    return document


@login_required
@require_POST
def import_upload(request: AuthedRequest) -> HttpResponse:
    """Import a file, then redirect (post/redirect/get): to the night imported, to the history
    with the nights named, or back to the export page with the refusal under the file field.
    A reload never posts the file again."""
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        said = form.errors.get("file")
        request.session[IMPORT_REFUSED] = (
            " ".join(map(str, said)) if said else gettext("Choose a file.")
        )
        return redirect("export")
    upload = form.cleaned_data["file"]
    try:
        if upload.size > MAX_IMPORT_BYTES:
            raise importing.ImportRefused(gettext("The file is larger than 5 MB."), field="file")
        document = read_export(upload.read())
        done = importing.import_file(owner=request.user, document=document)
    except (ServiceError, AdjudicationError) as err:
        request.session[IMPORT_REFUSED] = getattr(err, "message", str(err))
        return redirect("export")
    made, written = done.nights, done.written
    here = [night for night in made if night not in written]
    if here:
        messages.info(
            request,
            ngettext(
                "%(nights)s was here already: nothing was imported again.",
                "%(nights)s were here already: nothing was imported again.",
                len(here),
            )
            % {"nights": names_said([str(night) for night in here])},
        )
    if len(written) == 1:
        messages.success(
            request, gettext("Imported %(night)s: it is yours now.") % {"night": written[0]}
        )
    elif written:
        messages.success(
            request,
            ngettext(
                "Imported %(count)d night: %(nights)s.",
                "Imported %(count)d nights: %(nights)s.",
                len(written),
            )
            % {"count": len(written), "nights": ", ".join(map(str, written))},
        )
    return redirect(made[0]) if len(made) == 1 else redirect("history")


def _export_page(form: ImportForm, parts: list[list[Night]]) -> dict[str, Any]:
    """The export page's context: the import form, the import's size caps and the parts of
    the JSON export, each a file one import takes (one part: everything in one file)."""
    return {
        "form": form,
        "max_entries": limits.FILE_ENTRIES,
        "max_nights": limits.FILE_NIGHTS,
        "max_rulings": limits.FILE_RULINGS,
        "max_megabytes": MAX_IMPORT_BYTES // 2**20,
        "parts": [len(part) for part in parts] if len(parts) > 1 else [],
    }
