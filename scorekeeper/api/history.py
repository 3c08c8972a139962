"""The API for looking back: export a night or everything as JSON or CSV, import a JSON export.

``?format=json|csv`` is DRF's own format override, so each export view offers both renderers.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, negotiation, renderers, serializers, status
from rest_framework.decorators import (
    authentication_classes,
    parser_classes,
    permission_classes,
    renderer_classes,
)
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.access import roles
from scorekeeper.api import shapes
from scorekeeper.api.decorators import api_view
from scorekeeper.api.parsers import ImportJSONParser
from scorekeeper.models import Night
from scorekeeper.transfer import export_format, exporting, importing


class CSVRenderer(renderers.BaseRenderer):
    """Passes the CSV text the view made through (only chosen by ``?format=csv``)."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None
    ) -> Any:
        return data if isinstance(data, str | bytes) else str(data)


class FormatNegotiation(negotiation.DefaultContentNegotiation):
    """DRF's negotiation, but an unknown ``?format=`` is a 400 naming it (DRF answers 404), and
    so is an empty one (DRF takes it as none given; the schema allows only json and csv)."""

    def select_renderer(self, request: Any, renderers: Any, format_suffix: Any = None) -> Any:
        if not format_suffix and request.query_params.get(self.settings.URL_FORMAT_OVERRIDE) == "":
            self.filter_renderers(renderers, "")
        return super().select_renderer(request, renderers, format_suffix)

    def filter_renderers(self, renderers: Any, format: str) -> Any:
        found = [r for r in renderers if r.format == format]
        if not found:
            known = " or ".join(r.format for r in renderers)
            raise exceptions.ValidationError({"format": [f"{format!r} is not a format: {known}."]})
        return found


class CSVOnly(negotiation.BaseContentNegotiation):
    """A CSV operation answers CSV whatever ``Accept`` says (its refusals are problem details)."""

    def select_parser(self, request: Any, parsers: Any) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Any, renderers: Any, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


def _csv_only[F](view: F) -> F:
    view.content_negotiation_class = CSVOnly  # type: ignore[attr-defined]
    return view


def _negotiated[F](view: F) -> F:
    """Give a function view (below ``@api_view``) the negotiation above."""
    view.content_negotiation_class = FormatNegotiation  # type: ignore[attr-defined]
    return view


class ImportedNight(serializers.Serializer[Night]):
    id = serializers.IntegerField()
    date = serializers.DateField()
    place = serializers.CharField()
    url = serializers.SerializerMethodField()
    already_here = serializers.SerializerMethodField(
        help_text="The night was here already (this file, or the export it came from, was "
        "imported before): nothing of it was written again."
    )

    def get_url(self, night: Night) -> str:
        return night.get_absolute_url()

    def get_already_here(self, night: Night) -> bool:
        return night.pk in self.context.get("already_here", ())


class ImportOut(serializers.Serializer[Any]):
    nights = ImportedNight(many=True)


def _csv(nights: list[Night], stem: str) -> HttpResponse:
    response = HttpResponse(exporting.export_csv(nights), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{stem}.csv"'
    return response


def _export(request: Request, nights: list[Night], stem: str) -> HttpResponse | Response:
    if request.accepted_renderer.format == "csv":
        return _csv(nights, stem)
    return Response(
        shapes.export_shaped(exporting.export_document(nights)),
        headers={"Content-Disposition": f'attachment; filename="{stem}.json"'},
    )


# The JSON export and the CSV export are each an operation of their own (a generated client
# reads one kind of body from each). ``?format=csv`` and ``Accept: text/csv`` on the JSON
# operation still answer the CSV, as they did before the CSV had its own address (docs/api.md).
_JSON_EXPORT = {
    200: OpenApiResponse(
        {"$ref": "#/components/schemas/Export"},
        description="The export (re-importable: POST /api/v1/import/).",
    )
}
_CSV_EXPORT = {
    (200, "text/csv"): OpenApiResponse(
        OpenApiTypes.STR, description="One row per deal per unit, with the running total."
    )
}


def _night_named(request: Request, pk: int) -> tuple[list[Night], str]:
    night = get_object_or_404(roles.nights_for_user(request.user), pk=pk)
    return [night], f"scorekeeper-night-{night.date.isoformat()}"


@extend_schema(responses=_JSON_EXPORT)
@api_view(["GET"])
@renderer_classes([renderers.JSONRenderer, CSVRenderer])
@_negotiated
def night_export(request: Request, pk: int) -> HttpResponse | Response:
    """One night: its table, games, seats and every ledger entry, re-importable."""
    return _export(request, *_night_named(request, pk))


@extend_schema(responses=_CSV_EXPORT)
@api_view(["GET"])
@renderer_classes([CSVRenderer])
@_csv_only
def night_export_csv(request: Request, pk: int) -> HttpResponse:
    """One night's deals as CSV: a row per deal per unit, formula-safe for a spreadsheet."""
    return _csv(*_night_named(request, pk))


@extend_schema(responses=_JSON_EXPORT)
@api_view(["GET"])
@renderer_classes([renderers.JSONRenderer, CSVRenderer])
@_negotiated
def export_all(request: Request) -> HttpResponse | Response:
    """Every night the user owns or records in."""
    return _export(request, list(roles.nights_for_user(request.user)), "scorekeeper-all")


@extend_schema(responses=_CSV_EXPORT)
@api_view(["GET"])
@renderer_classes([CSVRenderer])
@_csv_only
def export_all_csv(request: Request) -> HttpResponse:
    """The deals of every night the user owns or records in, as CSV."""
    return _csv(list(roles.nights_for_user(request.user)), "scorekeeper-all")


@extend_schema(
    request=OpenApiTypes.OBJECT,
    responses={
        201: ImportOut,
        200: OpenApiResponse(
            ImportOut, description="Every night of the file was here already: nothing written."
        ),
    },
)
@api_view(["POST"])
@parser_classes([ImportJSONParser, FormParser, MultiPartParser])
def import_export(request: Request) -> Response:
    """Import a JSON export: its nights become the user's. The file is checked against the
    export's schema (the request body here, and /api/v1/export-schema.json) and each game's
    ledger replayed before anything is written; a file that does not fit or does not replay
    is refused (400 `import_refused`, with the path of the first bad value and why), and
    nothing is written. At most 10,000 ledger entries in one file. A night already here (the
    file imported before, or an export of this site's) is answered as it is, never written
    twice: 200 when the whole file was here already."""
    assert isinstance(request.user, User)
    done = importing.import_file(owner=request.user, document=request.data)
    body = ImportOut({"nights": done.nights}, context={"already_here": done.already_here}).data
    return Response(body, status=status.HTTP_201_CREATED if done.written else status.HTTP_200_OK)


@extend_schema(exclude=True)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def export_schema(request: Request) -> Response:
    """The export's format as a JSON Schema (draft 2020-12): what an import takes."""
    return Response(export_format.SCHEMA)
