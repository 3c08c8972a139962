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
from django.utils.translation import gettext

from scorekeeper.access import roles
from scorekeeper.exceptions import Conflict, InvalidInput
from scorekeeper.games.services import _latest, _lock_game, _when, _word
from scorekeeper.languages.deal_words import word_said, words_said
from scorekeeper.languages.speaking import names_said
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
    said = {"word": word_said(word), "words": words_said(word)}
    names = [s.player.name for s in game.seats.select_related("player").order_by("position")]
    if not 0 <= seat < len(names):
        raise InvalidInput(
            gettext("Seat %(number)s is not at this table.") % {"number": seat + 1}, field="seat"
        )
    latest = _latest(game, deal_key, revision)
    if latest.kind == Entry.Kind.VOID:
        raise InvalidInput(
            gettext("That %(word)s is voided: there is nothing to confirm.") % said, field="deal"
        )
    remarks = list(game.entries.filter(deal_id=deal_key, kind=Entry.Kind.CONFIRM).order_by("id"))
    already = confirming.confirmation(latest, remarks)
    if already is not None:
        if already.seat == seat:
            return already
        raise Conflict(
            gettext("%(name)s already confirmed this %(word)s.")
            % (said | {"name": names[already.seat or 0]}),
            field="deal",
        )
    asking = reading.game_asking(game)
    if not asking.now:
        raise InvalidInput(
            gettext(
                "This game does not ask for %(words)s to be confirmed; turn it on in the night's "
                "settings first (it asks for the %(words)s recorded from then on)."
            )
            % said,
            field="deal",
        )
    if not asking.waits(latest):
        raise InvalidInput(
            gettext(
                "That %(word)s was recorded before this game asked for confirmations: it counts "
                "as it is, with nothing to confirm."
            )
            % said,
            field="deal",
        )
    if latest.seat is None:
        raise InvalidInput(
            gettext(
                "Nobody said who recorded this %(word)s, so no side can confirm it: amend it "
                "saying who records it, then a player of another side confirms it."
            )
            % said,
            field="deal",
        )
    definition = reading.game_definition(game)
    seating = definition.seating(len(names), definition.options(game.options))
    allowed = confirming.who_may_confirm(seating, latest.seat)
    if seat not in allowed:
        raise InvalidInput(
            gettext(
                "%(name)s plays with %(recorder)s, who recorded this %(word)s: a player of "
                "another side confirms it (%(others)s)."
            )
            % (
                said
                | {
                    "name": names[seat],
                    "recorder": names[latest.seat],
                    "others": names_said([names[s] for s in allowed]),
                }
            ),
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
