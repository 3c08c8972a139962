"""Refusals from the service layer that are not about the rules of a game.

Rule problems are :class:`adjudicator.errors.AdjudicationError`; these cover the rest (a name
already taken, a deal changed by someone else meanwhile). Both carry a code, a sentence and a
field, and the API and the pages show them the same way.
"""

from __future__ import annotations

from typing import Any, ClassVar


class ServiceError(Exception):
    code: ClassVar[str] = "invalid"
    status: ClassVar[int] = 400

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "field": self.field}


class InvalidInput(ServiceError):
    code = "invalid"


class Conflict(ServiceError):
    """Someone else changed the same thing first; reload and try again."""

    code = "conflict"
    status = 409
