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


class LedgerWouldBreak(ServiceError):
    """A void or an amend that would leave a later deal that the game can no longer count."""

    code = "ledger_would_break"


class InvalidInput(ServiceError):
    code = "invalid"


class Conflict(ServiceError):
    """Someone else changed the same thing first; reload and try again."""

    code = "conflict"
    status = 409


class GameHasEntries(Conflict):
    """A game with anything in its ledger cannot be removed (the ledger is never deleted)."""

    code = "game_has_entries"


class TokenReused(Conflict):
    """A form's token that already recorded something else (another game, another deal)."""

    code = "token_reused"


class StaleDeal(Conflict):
    """Another phone recorded the deal this one was about to record."""

    code = "stale_deal"

    def __init__(
        self, message: str, *, field: str | None = None, latest: dict[str, Any], expected: int
    ) -> None:
        super().__init__(message, field=field)
        self.latest = latest
        self.expected = expected

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "latest": self.latest, "expected": self.expected}
