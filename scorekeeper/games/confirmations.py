"""The other side confirms a deal: a ``confirm`` entry in the game's ledger; and the night's
owner has the night ask for confirmations from now on, or no longer: a ``setting`` entry in
the ledger of each of its games begun. Each in one transaction.

On a game that asks for confirmations, each deal waits for a player of another side than its
recorder (``scorekeeper.ledger.confirming``) to say it is right, on their own phone or on the
recorder's phone handed across. The totals count a deal at once; only the game's end waits.
"""

from __future__ import annotations

import datetime
import uuid

from django.contrib.auth.models import User
from django.db import transaction

from scorekeeper.access import roles
from scorekeeper.exceptions import Conflict, InvalidInput
from scorekeeper.games.services import _latest, _lock_game, _when, _word
from scorekeeper.ledger import confirming, reading
from scorekeeper.models import Entry, Game, Night


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
    confirm twice, nor confirm for the recorder's own side. Only a deal the game asks to be
    confirmed can be: one recorded (or amended) since the game asks as it does now."""
    game = _lock_game(game)
    roles.require_recorder(by, game.night)
    word = _word(game)
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
    asking = reading.game_asking(game)
    if not asking.now:
        raise InvalidInput(
            f"This game does not ask for {word}s to be confirmed; turn it on in the night's "
            f"settings first (it asks for the {word}s recorded from then on).",
            field="deal",
        )
    if not asking.waits(latest):
        raise InvalidInput(
            f"That {word} was recorded before this game asked for confirmations: it counts as "
            "it is, with nothing to confirm.",
            field="deal",
        )
    if latest.seat is None:
        raise InvalidInput(
            f"Nobody said who recorded this {word}, so no side can confirm it: amend it saying "
            f"who records it, then a player of another side confirms it.",
            field="deal",
        )
    definition = reading.game_definition(game)
    seating = definition.seating(len(names), definition.options(game.options))
    allowed = confirming.who_may_confirm(seating, latest.seat)
    if seat not in allowed:
        others = ", ".join(names[s] for s in allowed)
        raise InvalidInput(
            f"{names[seat]} plays with {names[latest.seat]}, who recorded this {word}: a "
            f"player of another side confirms it ({others}).",
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


@transaction.atomic
def night_ask_confirmations(*, night: Night, by: User, on: bool) -> Night:
    """The owner has the night ask the other side to confirm each deal from now on, or no
    longer. What was recorded before stays as it reads (``scorekeeper.ledger.confirming``):
    each game begun gets a ``setting`` entry saying so from here, a finished one too (it
    stays over, and a deal amended in it later follows the night); a game not begun takes the
    night's setting at its first entry. Setting what is already set changes nothing."""
    roles.require_owner(by, night, "change how it keeps score")
    night = Night.objects.select_for_update().get(pk=night.pk)
    # Every game's row lock, in one order: a deal being recorded lands before the setting
    # (and is read under the old one), or after it; a game's first entry seals the setting
    # it finds once this commits.
    games = list(Game.objects.select_for_update().filter(night=night).order_by("id"))
    for game in games:
        if not game.entries.exists() or reading.game_asking(game).now == on:
            continue
        Entry.objects.create(
            game=game, kind=Entry.Kind.SETTING, data={"confirmations": on}, recorded_by=by
        )
    if night.confirmations != on:
        night.confirmations = on
        night.save(update_fields=["confirmations"])
    return night
