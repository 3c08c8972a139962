"""``api_view``: DRF's, with what every view of the API does besides its own work.

- a POST is answered once per ``Idempotency-Key`` (:mod:`scorekeeper.api.idempotency`);
- a GET's answer carries an ``ETag`` and is a ``304`` where the client holds it
  (:mod:`scorekeeper.api.conditional`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import decorators

from scorekeeper.api.conditional import View, not_modified_or_tagged
from scorekeeper.api.idempotency import KEY_PARAMETER, once_per_key


def api_view(methods: Sequence[str], *, idempotent: bool = True) -> Callable[[View], Any]:
    """DRF's ``api_view``, its POST answered once per ``Idempotency-Key`` and its GET tagged.
    ``idempotent=False`` for a write whose answer must not be kept (a new API token's secret
    is shown once)."""

    def decorate(view: View) -> Any:
        # Signed out (no authentication: the adjudicator's questions), nothing is kept.
        keeps = (
            idempotent and "POST" in methods and getattr(view, "authentication_classes", 0) != []
        )
        made = decorators.api_view(methods)(
            not_modified_or_tagged(once_per_key(view) if keeps else view)
        )
        if keeps:
            made = extend_schema(methods=["POST"], parameters=[KEY_PARAMETER])(made)
        made.idempotent = keeps  # type: ignore[attr-defined]  # read by the route walk
        return made

    return decorate
