"""/api/v1/schema/: the OpenAPI schema, built and rendered once per process.

The schema depends on the code alone (it is public: the same for every visitor, signed in or
not). Building it walks every view and every game's description (about 0.35 s), and rendering
it as YAML, the default, costs about 0.2 s more. Done per request, a few anonymous visitors
could keep every worker busy; done once, a request costs a lookup.
"""

from __future__ import annotations

import functools
from typing import Any

from django.http import HttpResponse
from drf_spectacular.views import SpectacularAPIView
from rest_framework.request import Request


@functools.cache
def built_schema() -> dict[str, Any]:
    """The schema as ``manage.py spectacular`` builds it: public, the one version."""
    generator = SpectacularAPIView.generator_class()
    schema: dict[str, Any] = generator.get_schema(  # type: ignore[no-untyped-call]
        request=None, public=True
    )
    return schema


@functools.cache
def rendered_schema(media_type: str) -> bytes:
    """The schema in one of the view's formats, by its media type (a handful: the cache stays
    small)."""
    renderer = next(r for r in SchemaView.renderer_classes if r.media_type == media_type)
    content = renderer().render(built_schema(), media_type, {})
    return content.encode() if isinstance(content, str) else content


class SchemaView(SpectacularAPIView):
    """drf-spectacular's view, answering with the schema rendered once (and no ``?version=``:
    there is one)."""

    def _get_schema_response(self, request: Request) -> HttpResponse:
        renderer = type(request.accepted_renderer)
        content_type = renderer.media_type
        if renderer.charset:
            content_type += f"; charset={renderer.charset}"
        response = HttpResponse(rendered_schema(renderer.media_type), content_type=content_type)
        filename = self._get_filename(request, None)  # type: ignore[no-untyped-call]
        response["Content-Disposition"] = f'inline; filename="{filename}"'
        return response
