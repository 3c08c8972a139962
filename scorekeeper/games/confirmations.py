"""The other side confirms a deal: a ``confirm`` entry in the game's ledger, in one transaction.

On a night that asks for confirmations, each deal waits for a player of another side than its
recorder (``scorekeeper.ledger.confirming``) to say it is right, on their own phone or on the
recorder's phone handed across. The totals count a deal at once; only the game's end waits.
"""

from __future__ import annotations

import datetime
import uuid

from django.contrib.auth.models import User
from django.db import transaction

from scorekeeper.exceptions import Conflict, InvalidInput
from scorekeeper.games.services import _latest, _lock_game, _when, _word
from scorekeeper.ledger import confirming, reading
from scorekeeper.models import Entry, Game
from scorekeeper.nights.services import _require_recorder


@transaction.atomic
def deal_confirm(
    *,
    game: Game,
    deal_key: int,
    by: User,
    seat: int,
    revision: int | None = None,
    token: uuid.UUID | None = None,
    recorded_at: datetime.datetime | None = None,
    recorded_as: str = "",
) -> Entry:
    """The player in ``seat`` confirms the deal as it stands (``revision``, the entry they
    were shown, when given: a deal amended meanwhile is refused, to be looked at again).

    Confirming a deal already confirmed answers that confirmation; the same player cannot
    confirm twice, nor confirm for the recorder's own side."""
    game = _lock_game(game)
    _require_recorder(by, game.night)
    word = _word(game)
    if not game.night.confirmations:
        raise InvalidInput(
            f"This night does not ask for {word}s to be confirmed; turn it on in the night's "
            "settings first.",
            field="deal",
        )
    names = [s.player.name for s in game.seats.select_related("player").order_by("position")]
    if not 0 <= seat < len(names):
        raise InvalidInput(f"Seat {seat + 1} is not at this table.", field="seat")
    latest = _latest(game, deal_key, revision)
    if latest.kind == Entry.Kind.VOID:
        raise InvalidInput(f"That {word} is voided: there is nothing to confirm.", field="deal")
    remarks = list(game.entries.filter(deal_id=deal_key, kind=Entry.Kind.CONFIRM).order_by("id"))
    already = confirming.confirmation(latest, remarks)
    if already is not None:
        if already.seat == seat:
            return already
        raise Conflict(f"{names[already.seat or 0]} already confirmed this {word}.", field="deal")
    definition = reading.game_definition(game)
    seating = definition.seating(len(names), definition.options(game.options))
    allowed = confirming.who_may_confirm(seating, latest.seat)
    if seat not in allowed:
        recorder = names[latest.seat] if latest.seat is not None else "the recorder"
        others = ", ".join(names[s] for s in allowed)
        raise InvalidInput(
            f"{names[seat]} plays with {recorder}, who recorded this {word}: a player of "
            f"another side confirms it ({others}).",
            field="seat",
        )
    return Entry.objects.create(
        game=game,
        kind=Entry.Kind.CONFIRM,
        deal_id=deal_key,
        data={},
        seat=seat,
        recorded_by=by,
        **_when(recorded_at, recorded_as, token),
    )
