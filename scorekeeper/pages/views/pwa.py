"""The phone's app: the web app manifest, the service worker and the page it shows offline.

The service worker is served from the site root, not from /static/: a worker controls only the
pages at or below its own URL, and the game pages live at /games/... (Service-Worker-Allowed
says so explicitly). Its text is a template so that it names the static files by their
collected (hashed) URLs; its version is a hash of those files, so a new deploy installs a new
worker and the old caches are dropped.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

# What the worker stores when it installs: every page's shell (its CSS, its scripts, the icons)
# and the offline page. Pages themselves are stored as they are visited.
APP_SHELL = (
    "scorekeeper/app.css",
    "django_htmx/htmx-2.min.js",
    "scorekeeper/cards.js",
    "scorekeeper/clock.js",
    "scorekeeper/result-card.js",
    "scorekeeper/table.js",
    "scorekeeper/tricks.js",
    "scorekeeper/offline-queue.js",
    "scorekeeper/icons/icon.svg",
    "scorekeeper/icons/icon-192.png",
    "scorekeeper/icons/icon-512.png",
)

THEME = "#1f6f4a"  # the header's green (--accent-bg in app.css)
BACKGROUND = "#f4f1ea"  # the page's (--bg), shown while the app opens


@cache
def _shell_version() -> str:
    """A short hash of the shell's files: a changed file makes a new worker and new caches."""
    digest = hashlib.sha256()
    for name in APP_SHELL:
        digest.update(name.encode())
        found = finders.find(name)
        if isinstance(found, str):
            with open(found, "rb") as f:
                digest.update(f.read())
    # The scripts' catalogs too: a corrected translation reaches the phones' stores.
    for folder in settings.LOCALE_PATHS:
        for catalog in sorted(Path(folder).glob("*/LC_MESSAGES/djangojs.mo")):
            digest.update(catalog.read_bytes())
    return digest.hexdigest()[:12]


def _catalogs() -> list[str]:
    """The scripts' sentences in every language offered, kept with the shell so a phone that
    loses the network keeps speaking the table's language."""
    return [reverse("javascript_catalog", args=[code]) for code, _ in settings.LANGUAGES]


@require_GET
@cache_control(no_cache=True)
def manifest(request: HttpRequest) -> HttpResponse:
    """/manifest.webmanifest: what the phone needs to install Scorekeeper as an app."""
    icons = [
        {"src": static("scorekeeper/icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        {"src": static("scorekeeper/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("scorekeeper/icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("scorekeeper/icons/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    body = {
        "name": "Scorekeeper",
        "short_name": "Scorekeeper",
        "description": "Records the card games of a night, adjudicates them and explains "
        "every score.",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    return HttpResponse(json.dumps(body, indent=2), content_type="application/manifest+json")


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js: the worker that keeps visited pages for when the venue's Wi-Fi drops."""
    context = {
        "version": _shell_version(),
        "shell": json.dumps(
            [static(name) for name in APP_SHELL] + _catalogs() + [reverse("offline")]
        ),
        "catalog_prefix": json.dumps(reverse("javascript_catalog", args=["x"])[: -len("x/")]),
        "offline_url": json.dumps(reverse("offline")),
        # The prefix itself, not static(""): the production storage (whitenoise's manifest)
        # answers only for files collectstatic wrote, and refuses "" with a 500.
        "static_prefix": json.dumps(settings.STATIC_URL),
        "logout_url": json.dumps(reverse("logout")),
    }
    response = render(
        request, "scorekeeper/pwa/sw.js", context, content_type="text/javascript; charset=utf-8"
    )
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """Shown by the worker for a page that was never opened on this phone while online."""
    return render(request, "scorekeeper/pwa/offline.html", {"offline_page": True})
