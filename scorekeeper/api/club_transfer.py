"""The API of a club carried out and back in: its export (organisers), and an import that makes
a new club of the file, the importer its organiser (``scorekeeper.transfer.clubs``)."""

from __future__ import annotations

import copy
from typing import Any

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import authentication_classes, parser_classes, permission_classes
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.access import clubs as club_access
from scorekeeper.api import examples, shapes
from scorekeeper.api.decorators import api_view
from scorekeeper.api.lookups import user_of
from scorekeeper.api.parsers import ImportJSONParser
from scorekeeper.models import Club
from scorekeeper.transfer import club_format, clubs

CLUB_EXPORT_REF = {"$ref": "#/components/schemas/ClubExport"}


class ImportedClub(serializers.Serializer[Club]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class ToInvite(serializers.Serializer[Any]):
    name = serializers.CharField(help_text="An account here of the name the file's member has.")
    role = serializers.CharField(help_text="Their role in the file: organiser, recorder or member.")


class ClubImportOut(serializers.Serializer[Any]):
    club = ImportedClub()
    already_here = serializers.BooleanField(
        help_text="The club was here already (this file, or the club it was exported from, "
        "in a club you are a member of): nothing was written."
    )
    invite = ToInvite(
        many=True,
        help_text="The file's members who have an account here (of the same name): none is "
        "added to the club; invite those who are the same people.",
    )


# The examples: the night export's example as a club's one night, its four players, a season.
CLUB_EXPORT: dict[str, Any] = {
    "format": club_format.FORMAT,
    "version": club_format.VERSION,
    "exported_at": "2025-12-24T21:00:00Z",
    "name": "Thursday club",
    "members": [{"name": "alice", "role": "organiser"}, {"name": "bob", "role": "recorder"}],
    "players": [
        {"id": number, "name": name, "same_as": None}
        for number, name in enumerate(examples.EXPORT["players"], start=1)
    ],
    "merges": [],
    "seasons": [{"name": "Winter", "starts": "2025-12-01", "ends": "2026-02-28"}],
    "export": copy.deepcopy(examples.EXPORT),
}
CLUB_IMPORTED = {
    "club": {"id": 2, "name": "Thursday club"},
    "already_here": False,
    "invite": [{"name": "bob", "role": "recorder"}],
}


@extend_schema(
    operation_id="export_club",
    summary="Export a club",
    responses={
        200: OpenApiResponse(
            CLUB_EXPORT_REF,
            description="The club (re-importable: POST /api/v1/clubs/import/).",
            examples=[OpenApiExample("A club of one night", value=CLUB_EXPORT)],
        )
    },
)
@api_view(["GET"])
def club_export(request: Request, pk: int) -> Response:
    """The club as one file: its name, its roster (who is merged into whom), its seasons, its
    members as account names and roles (nothing else of theirs), and every club night as a
    night's export writes it. The club's organisers only."""
    club, role = club_access.club_for(request.user, pk)
    club_access.require(
        role, club_access.Role.ORGANISER, "Only the club's organisers may export it."
    )
    document = clubs.export_club(club)
    document["export"] = shapes.export_shaped(document["export"])
    return Response(
        document, headers={"Content-Disposition": f'attachment; filename="{filename(club)}"'}
    )


def filename(club: Club) -> str:
    """The export's file name: the club's id and the day (its name may hold any character)."""
    return f"scorekeeper-club-{club.pk}.json"


@extend_schema(
    operation_id="import_club",
    summary="Import a club",
    request={"application/json": CLUB_EXPORT_REF},
    responses={
        201: OpenApiResponse(
            ClubImportOut,
            description="A new club of the file's, yours to organise.",
            examples=[OpenApiExample("A new club", value=CLUB_IMPORTED)],
        ),
        200: OpenApiResponse(
            ClubImportOut,
            description="The club was here already: nothing written.",
            examples=[
                OpenApiExample("Here already", value={**CLUB_IMPORTED, "already_here": True})
            ],
        ),
    },
    examples=[OpenApiExample("A club of one night", value=CLUB_EXPORT, request_only=True)],
)
@api_view(["POST"])
@parser_classes([ImportJSONParser, FormParser, MultiPartParser])
def club_import(request: Request) -> Response:
    """Import a club's export as a new club, yours to organise. The file is checked against
    its schema (the request body here, and /api/v1/club-export-schema.json) and its caps, and
    every night's ledgers replayed, before anything is written; a file that does not fit or
    does not replay is refused (400 `import_refused`, with the path of the first bad value),
    and nothing is written. The file's members are not added: those with an account here are
    named, to invite. A club already here (the file imported before, or exported from a club
    you are in) is answered as it is, never written twice: 200."""
    done = clubs.import_club(owner=user_of(request), document=request.data)
    body = ClubImportOut(
        {"club": done.club, "already_here": done.already_here, "invite": done.invite_list}
    ).data
    return Response(
        body, status=status.HTTP_200_OK if done.already_here else status.HTTP_201_CREATED
    )


@extend_schema(exclude=True)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def club_export_schema(request: Request) -> Response:
    """The club export's format as a JSON Schema (draft 2020-12): what a club import takes."""
    return Response(club_format.SCHEMA)
