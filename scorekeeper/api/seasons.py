"""A club's seasons under /api/v1/clubs/<id>/seasons/: named, ended early, and read.

Seasons are named by the club's organisers; every member sees them.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.clubs import TAGS, club_for, organisers_only
from scorekeeper.api.decorators import api_view
from scorekeeper.api.lookups import user_of, valid
from scorekeeper.api.serializers.clubs import SeasonEndIn, SeasonIn, SeasonOut
from scorekeeper.clubs import seasons as season_reads
from scorekeeper.clubs import services
from scorekeeper.models import Season


def season_out(season: Season, today: Any = None) -> dict[str, Any]:
    day = today or timezone.localdate()
    season.current = season.starts <= day <= season.ends  # type: ignore[attr-defined]
    season.finished = season_reads.finished(season, day)  # type: ignore[attr-defined]
    return dict(SeasonOut(season).data)


@extend_schema(
    tags=TAGS,
    request=SeasonIn,
    responses={200: SeasonOut(many=True), 201: SeasonOut},
    description="GET: the club's seasons, the newest first. POST (organisers only): name a "
    "season, from `starts` (left out: the day after the last one ends) to `ends`, both days "
    "in. Seasons never overlap (400, field `starts`).",
)
@api_view(["GET", "POST"])
def club_seasons(request: Request, pk: int) -> Response:
    club, role = club_for(request, pk)
    if request.method == "GET":
        today = timezone.localdate()
        return Response([season_out(s, today) for s in season_reads.seasons_of(club)])
    organisers_only(role, gettext("Only the club's organisers may name seasons."))
    data = valid(SeasonIn, request)
    season = services.season_create(
        club=club,
        by=user_of(request),
        name=data["name"],
        ends=data["ends"],
        starts=data.get("starts"),
    )
    return Response(season_out(season), status=status.HTTP_201_CREATED)


@extend_schema(
    tags=TAGS,
    request=SeasonEndIn,
    responses={200: SeasonOut},
    description="End the current season early (organisers only), on `on` (today when left "
    "out): from then its table is final. 400 (field `season`) for a season over already; "
    "(field `on`) for a day outside it or past.",
)
@api_view(["POST"])
def club_season_end(request: Request, pk: int, season: int) -> Response:
    club, role = club_for(request, pk)
    organisers_only(role, gettext("Only the club's organisers may end a season."))
    data = valid(SeasonEndIn, request)
    ended = services.season_end(club=club, by=user_of(request), season_id=season, on=data.get("on"))
    return Response(season_out(ended))
