"""Disputing a hand: a ruling asked about a recorded deal of a game, kept twice in one
transaction, as the night's ruling and as a ``dispute`` entry in the game's ledger (hash-chained
like every entry, exported and replayed with it; it changes no score).

The question and its input come from the game's own description of a recorded deal
(:meth:`adjudicator.game.Game.dispute`); nothing here names a game. The house rules are always
the game's: a ruling tied to a hand is read under the rules the hand was played by.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.text import capfirst
from django.utils.translation import gettext

from adjudicator.messages import Message, as_data, from_data
from adjudicator.options import changed_options
from adjudicator.said import Said
from scorekeeper.access import roles
from scorekeeper.desk import asking
from scorekeeper.exceptions import InvalidInput
from scorekeeper.languages.deal_words import word_said
from scorekeeper.languages.speaking import say
from scorekeeper.ledger import reading
from scorekeeper.models import Entry, Game, Ruling
from scorekeeper.standings.scoreboard import Standings


@dataclass(frozen=True)
class Hand:
    """A recorded deal as the desk asks about it: its key and the number the table calls it,
    the question the game disputes it under, and that question's input from its record."""

    game: Game
    key: int
    number: int
    players: int
    question: str
    data: dict[str, Any]
    options: dict[str, Any]


def _counted(game: Game) -> tuple[dict[int, int], list[int]]:
    """Each deal's number at the table (:func:`~scorekeeper.ledger.reading.deal_numbers`), and
    the keys of the deals that count, in order (deal N of the tally, which a question may take:
    a round)."""
    revisions, _ = reading.deal_revisions(list(game.entries.order_by("id")))
    numbers = reading.deal_numbers(
        revisions, by_play=reading.game_definition(game).numbered_by_play
    )
    counted = [key for key, revs in revisions.items() if revs[-1].kind != Entry.Kind.VOID]
    return numbers, counted


def hand_of(game: Game, deal_key: int) -> Hand:
    """The hand ``deal_key`` of ``game`` as a desk question, filled in from its current record.

    Refused (``InvalidInput``, field ``deal``) for a key that is no deal of the game and for a
    voided deal (there is nothing standing to dispute)."""
    definition = reading.game_definition(game)
    word = definition.deal_word
    latest = reading.latest_revision(game, deal_key)
    if latest is None:
        raise InvalidInput(
            gettext("%(game)s has no %(word)s %(number)s.")
            % {"game": game, "word": word_said(word), "number": deal_key},
            field="deal",
        )
    numbers, counted = _counted(game)
    if latest.kind == Entry.Kind.VOID:
        raise InvalidInput(
            gettext("%(word)s %(number)s is voided: bring it back to dispute it.")
            % {"word": capfirst(word_said(word)), "number": numbers[deal_key]},
            field="deal",
        )
    options = definition.options(game.options)
    players = game.seats.count()
    disputed = definition.dispute(
        latest.data, number=counted.index(deal_key) + 1, players=players, options=options
    )
    return Hand(
        game=game,
        key=deal_key,
        number=numbers[deal_key],
        players=players,
        question=disputed.question,
        data=disputed.data,
        options=dict(game.options),
    )


def summary_of(answer: Mapping[str, Any], title: str = "") -> str:
    """The ruling in one sentence: the answer's summary, else its first line of working (a
    message of the engine's, which the ledger keeps as data too, to say it with names)."""
    said = answer.get("summary")
    if isinstance(said, str) and said:
        return said
    lines = answer.get("explanation")
    if isinstance(lines, list) and lines:
        return str(lines[0])
    return title


@transaction.atomic
def hand_dispute(
    *,
    game: Game,
    deal_key: int,
    by: User,
    question: str | None = None,
    data: Mapping[str, Any] | None = None,
    note: str = "",
    seat: int | None = None,
) -> Ruling:
    """Save a ruling asked about hand ``deal_key`` of ``game``: the night's ``Ruling`` and a
    ``dispute`` entry in the game's ledger (its ``deal`` the hand's key), the ruling linked to
    it. ``question`` and ``data`` are what the desk asked (by default the hand as recorded);
    the house rules are the game's. ``seat``: who at the table asked, where the table says.

    Refused: a user who may not record at the night (``PermissionDenied``), a hand that is not
    the game's or is voided, a seat not at the table (``InvalidInput``), a question the engine
    refuses (``AdjudicationError``)."""
    # Serialize with the game's other writers: the entry chains to the game's newest.
    game = Game.objects.select_for_update().select_related("night").get(pk=game.pk)
    roles.require_recorder(by, game.night)
    hand = hand_of(game, deal_key)
    if seat is not None and not 0 <= seat < hand.players:
        raise InvalidInput(
            gettext("Seat %(number)s is not at this table.") % {"number": seat + 1}, field="seat"
        )
    asked = asking.ask(
        slug=game.slug,
        question=hand.question if question is None else question,
        data=hand.data if data is None else data,
        players=hand.players,
        options=hand.options,
        readings=False,
    )
    if asked.error is not None:
        raise asked.error
    asking.room_for_ruling(game.night)
    ruling = asking.ruling_of(asked, night=game.night, players=hand.players, note=note, by=by)
    assert asked.answer is not None
    summary = summary_of(asked.answer, asked.question.title)
    entry = Entry.objects.create(
        game=game,
        kind=Entry.Kind.DISPUTE,
        deal_id=hand.key,
        data={
            "question": asked.question.name,
            "input": ruling.data,
            "players": ruling.players,
            "options": changed_options(asked.game.options(asked.options)),
            "answer": asked.answer,
            "summary": str(summary),
            **({"said": as_data(summary)} if isinstance(summary, Message | Said) else {}),
        },
        note=ruling.note,
        seat=seat,
        recorded_by=by,
    )
    ruling.dispute = entry
    ruling.save()
    return ruling


@dataclass(frozen=True)
class HandDispute:
    """A dispute of a hand as the game page shows it: its entry, its ruling's sentence and
    where that ruling is, and the amends that settled it."""

    entry: Entry
    summary: str
    ruling_id: int | None
    settled_by: tuple[Entry, ...]


def hand_disputes(standings: Standings) -> dict[int, list[HandDispute]]:
    """The disputes of each deal of a game (by key), in order, with their rulings and the
    amends that settled them: read from its standings, which hold every deal's remarks and
    revisions already, and one query for the rulings when there are any."""
    settled: dict[int, list[Entry]] = {}
    found_disputes: list[Entry] = []
    for history in standings.history:
        for entry in history.revisions:
            if entry.settles_id is not None:
                settled.setdefault(entry.settles_id, []).append(entry)
        found_disputes += [e for e in history.remarks if e.kind == Entry.Kind.DISPUTE]
    if not found_disputes:
        return {}
    rulings = dict(
        Ruling.objects.filter(dispute__in=found_disputes).values_list("dispute_id", "pk")
    )
    found: dict[int, list[HandDispute]] = {}
    for entry in found_disputes:
        summary = entry.data.get("summary") if isinstance(entry.data, dict) else None
        said = entry.data.get("said") if isinstance(entry.data, dict) else None
        if isinstance(said, dict):
            # Kept as data since issue 27: said in the language spoken, with the names.
            summary = say(from_data(said), standings.naming)
        found.setdefault(entry.deal_key, []).append(
            HandDispute(
                entry=entry,
                summary=summary if isinstance(summary, str) else "",
                ruling_id=rulings.get(entry.pk),
                settled_by=tuple(settled.get(entry.pk, ())),
            )
        )
    return found
