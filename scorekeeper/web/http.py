"""The request type page views see: signed in (``@login_required``) and htmx-aware."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class AuthedRequest(HttpRequest):
    user: User
    htmx: HtmxDetails
