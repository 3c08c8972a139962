"""``/ping/``: the smallest answer the app gives, through the same middleware as every page.

A load balancer asks it whether an app server is up (it touches no database, so a slow
database does not take every server out of rotation at once), and the load test
(``bench/load.py``) measures the app's other answers as fractions of its throughput.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET


@require_GET
def ping(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"ok": True})
