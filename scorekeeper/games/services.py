"""Every write to a game, each in one transaction: started, its deals recorded, amended and
voided, ended and its end undone, removed.

The API views and the page views both call these and nothing else writes to a ledger. Each
checks who is acting, validates through the adjudicator, and either writes everything or
nothing. Rules problems surface as :class:`adjudicator.errors.AdjudicationError`, other
refusals as :class:`scorekeeper.exceptions.ServiceError`, permission problems as
``PermissionDenied``.
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext, ngettext

from adjudicator.errors import AdjudicationError, BadEntryError
from adjudicator.games import get_game
from adjudicator.options import options_as_dict
from adjudicator.said import Naming
from adjudicator.tally import points_json
from scorekeeper import limits
from scorekeeper.access import roles
from scorekeeper.exceptions import (
    Conflict,
    GameHasEntries,
    InvalidInput,
    LedgerWouldBreak,
    StaleDeal,
    TokenReused,
)
from scorekeeper.languages.deal_words import word_said, words_said
from scorekeeper.languages.speaking import names_said, say
from scorekeeper.ledger import reading, replaying
from scorekeeper.models import Entry, Game, Night, Player, Seat
from scorekeeper.nights import selectors as night_selectors
from scorekeeper.nights.services import _seat_at_table, room_at_table
from scorekeeper.standings import scoreboard


def _lock_game(game: Game) -> Game:
    """Serialize writers of one game (PostgreSQL row lock; SQLite's IMMEDIATE does it anyway)."""
    return Game.objects.select_for_update().get(pk=game.pk)


# Games ------------------------------------------------------------------------------------------


@transaction.atomic
def game_start(
    *,
    night: Night,
    by: User,
    slug: str,
    players: Sequence[Player],
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Start a game with the players seated in the order given (seat 1 first)."""
    roles.require_recorder(by, night)
    definition = get_game(slug)
    parsed = definition.options(options)
    if len({p.pk for p in players}) != len(players):
        raise InvalidInput(gettext("A player can take only one seat."), field="players")
    allowed = set(night_selectors.players_for_night(night).values_list("pk", flat=True))
    strangers = [p.name for p in players if p.pk not in allowed]
    if strangers:
        raise InvalidInput(
            ngettext(
                "%(names)s cannot join this night.",
                "%(names)s cannot join this night.",
                len(strangers),
            )
            % {"names": names_said(strangers)},
            field="players",
        )
    try:
        definition.check_players(len(players))
    except BadEntryError as err:
        err.field = "players"  # the engine says "seats"; the input here is the list of players
        raise
    # Games are numbered in their night; the night's row lock serializes two games started at
    # once (PostgreSQL; SQLite's IMMEDIATE transactions already do).
    Night.objects.select_for_update().filter(pk=night.pk).first()
    number = (night.games.aggregate(top=Max("number"))["top"] or 0) + 1
    if number > limits.GAMES:  # what an import takes, so the night exports and imports again
        raise InvalidInput(
            gettext(
                "A night holds at most %(most)s games, numbered 1 to %(most)s: start another "
                "night for more."
            )
            % {"most": limits.GAMES},
            field="game",
        )
    room_at_table(night, players, field="players")
    # Store every option, not just the changes, so the game keeps its rules if defaults move.
    game = Game.objects.create(
        night=night, number=number, slug=slug, options=options_as_dict(parsed), created_by=by
    )
    # Partners play as one side: each seat keeps its side (crosswise, as the game seats them).
    seating = definition.seating(len(players), parsed)
    Seat.objects.bulk_create(
        Seat(
            game=game,
            player=player,
            position=position,
            team=seating.unit_of(position) if seating.partnerships else None,
        )
        for position, player in enumerate(players)
    )
    for player in players:
        _seat_at_table(night, player)
    return game


@transaction.atomic
def game_remove(*, game: Game, by: User) -> None:
    """Remove a game started by mistake. Only a game with nothing in its ledger (not even a
    voided deal) can go: the ledger is never deleted, so a game with entries stays."""
    roles.require_recorder(by, game.night)
    game = _lock_game(game)  # a deal recorded at the same moment either lands first or waits
    if Entry.objects.filter(game=game).exists():
        word = reading.game_definition(game).deal_word
        raise GameHasEntries(
            gettext(
                "%(game)s has %(words)s in its ledger, so it stays; void a %(word)s to take it "
                "out of the tally."
            )
            % {"game": game, "words": words_said(word), "word": word_said(word)}
        )
    game.seats.all().delete()
    game.delete()


# The ledger -------------------------------------------------------------------------------------


def _named(err: AdjudicationError, names: Naming) -> AdjudicationError:
    err.message = say(err.message, names)
    err.args = (err.message,)
    return err


def _current(game: Game, entries: list[Entry] | None = None) -> list[tuple[int, int, Any]]:
    """(deal key, the deal's number at the table, raw record) of every deal that counts, from
    the game's ledger (``entries``, by id, when already loaded)."""
    ledger = list(game.entries.order_by("id")) if entries is None else entries
    revisions, _ = reading.deal_revisions(ledger)
    numbers = reading.deal_numbers(
        revisions, by_play=reading.game_definition(game).numbered_by_play
    )
    return [
        (key, numbers[key], revs[-1])
        for key, revs in revisions.items()
        if revs[-1].kind != Entry.Kind.VOID
    ]


def _refuse_new_problems(
    game: Game,
    before: list[tuple[int, int, Any]],
    after: list[tuple[int, int, Any]],
    names: Naming,
    *,
    number: int,
    voiding: bool = False,
) -> replaying.Replay:
    """Refuse a change that would leave a deal the game could no longer count; answer the
    replay of the ledger after it.

    Every write must leave a ledger that replays: a void or an amend that, say, ends the game
    earlier than the deals after it is refused, with what to void or amend first. The deals in
    front of the change are not scored again (the kept replay's checkpoint before it is
    resumed): a change at deal k costs the deals from k on.
    """
    definition = reading.game_definition(game)
    options = definition.options(game.options)
    replayed = scoreboard.replay_of(game, definition, options, names, after)
    problems = replayed.problems
    if not problems:  # the ledger after the change replays whole: one tally, and done
        return replayed
    old = {p.key for p in scoreboard.replay_of(game, definition, options, names, before).problems}
    new = [p for p in problems if p.key not in old]
    if not new:
        return replayed
    word = definition.deal_word
    values = {
        "word": word_said(word),
        "words": words_said(word),
        "number": number,
        "numbers": names_said([str(p.number) for p in new]),
        "why": new[0].why.rstrip(".") + ".",
    }
    if voiding:
        said = ngettext(
            "Without %(word)s %(number)s, %(word)s %(numbers)s could no longer count: %(why)s "
            "Void or amend it first, from the last, or amend %(word)s %(number)s instead of "
            "voiding it.",
            "Without %(word)s %(number)s, %(words)s %(numbers)s could no longer count: %(why)s "
            "Void or amend them first, from the last, or amend %(word)s %(number)s instead of "
            "voiding it.",
            len(new),
        )
    else:
        said = ngettext(
            "With %(word)s %(number)s as entered, %(word)s %(numbers)s could no longer count: "
            "%(why)s Void or amend it first, from the last, or enter %(word)s %(number)s "
            "differently.",
            "With %(word)s %(number)s as entered, %(words)s %(numbers)s could no longer count: "
            "%(why)s Void or amend them first, from the last, or enter %(word)s %(number)s "
            "differently.",
            len(new),
        )
    raise LedgerWouldBreak(said % values, field="deal")


# Where a new deal goes while it is checked: after every deal recorded so far.
NEW_DEAL = replaying.NEW_DEAL


def _validated(
    game: Game, data: Mapping[str, Any], replacing: int | None
) -> tuple[dict[str, Any], Any, scoreboard.Checked]:
    """Check a deal against the rules and against the rest of the game; return its canonical
    form, the deal parsed, and the replay it was checked with (to keep once it is written).

    ``replacing`` is the deal being amended, which keeps its place in the game (a voided deal
    brought back returns to its old place); ``None`` appends a new deal.
    """
    names = reading.game_naming(game)
    definition = reading.game_definition(game)
    options = definition.options(game.options)
    players = len(names.names or ())
    try:
        deal = definition.parse_deal(data, players=players, options=options)
    except AdjudicationError as err:
        raise _named(err, names) from None
    canonical: dict[str, Any] = definition.deal_as_data(deal, players=players, options=options)
    if replacing is None:
        following = scoreboard.following(game, definition, options, names, deal)
        if following is not None:
            # This process keeps the replay of this very ledger (its marker read under the
            # game's lock): the new deal is scored after its tally, the ledger is not read.
            return canonical, deal, following
    entries = scoreboard.ledger_rows(game)  # those this process keeps, and any written since
    before = _current(game, entries)
    others = [row for row in before if row[0] != replacing]
    if replacing is None:
        key, number = NEW_DEAL, reading.next_deal_number(game)
    else:
        key, number = replacing, _number_of(game, replacing, entries)
    after = sorted([*others, (key, number, replaying.Parsed(deal))], key=lambda row: row[0])
    replayed = scoreboard.replay_of(game, definition, options, names, after)
    if any(p.key == key for p in replayed.problems):
        # The deal itself cannot follow the deals before it (the game had ended, say):
        # replay the deals before it that count, and let the engine say why not.
        counted_before = scoreboard.replay_of(
            game, definition, options, names, [row for row in others if row[0] < key]
        )
        try:
            definition.tally(
                [*(d for _, d in counted_before.deals), deal], players=players, options=options
            )
        except AdjudicationError as err:
            err.path = ()  # about the deal as a whole, not one of its fields
            raise _named(err, names) from None
    if replayed.problems:
        replayed = _refuse_new_problems(
            game,
            before,
            after,
            names,
            number=number,
        )
    return (
        canonical,
        deal,
        scoreboard.checked(game, definition, options, names, len(entries), after, replayed),
    )


def _number_of(game: Game, deal_key: int, entries: list[Entry]) -> int:
    """The table's number of a deal ever recorded, voided ones included; ``entries``, the
    game's ledger (as ``scoreboard.ledger_rows`` keeps it: a long game's is not read again)."""
    revisions, _ = reading.deal_revisions(entries)
    numbers = reading.deal_numbers(
        revisions, by_play=reading.game_definition(game).numbered_by_play
    )
    return numbers[deal_key]


def _same_deal(game: Game, stored: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    definition = reading.game_definition(game)
    options = definition.options(game.options)
    players = game.seats.count()
    try:
        deal = definition.parse_deal(data, players=players, options=options)
    except AdjudicationError:
        return False
    return bool(definition.deal_as_data(deal, players=players, options=options) == stored)


def _already_recorded(
    game: Game, token: uuid.UUID, data: Mapping[str, Any], seat: int | None
) -> Entry | None:
    """The entry a token already recorded (a double tap or a retry): the same deal, by the
    same recorder, once."""
    earlier = Entry.objects.filter(token=token).first()
    if earlier is None:
        return None
    if earlier.game_id != game.pk:
        raise TokenReused(gettext("That form was already used for another game."), field="token")
    if not _same_deal(game, earlier.data, data) or earlier.seat != seat:
        raise TokenReused(
            gettext(
                "That form already recorded a %(word)s with other entries. Reload the page to "
                "record a new %(word)s."
            )
            % {"word": word_said(_word(game))},
            field="token",
        )
    return earlier


def _latest_deal(game: Game) -> dict[str, Any]:
    """The deal recorded last, for telling a second phone what it missed."""
    standings = scoreboard.game_standings(game)
    latest = standings.latest
    assert latest is not None
    first = latest.revisions[0]
    return {
        "deal": latest.key,
        "number": latest.number,
        "recorded_by": first.recorded_by.username,
        "recorded_at": first.recorded_at.isoformat(),
        "results": [
            {
                "name": line["name"],
                "points": None if line["points"] is None else points_json(line["points"]),
            }
            for line in latest.seat_lines
        ],
    }


@transaction.atomic
def deal_record(
    *,
    game: Game,
    by: User,
    data: Mapping[str, Any],
    token: uuid.UUID | None = None,
    number: int | None = None,
    recorded_at: datetime.datetime | None = None,
    recorded_as: str = "",
    seat: int | None = None,
) -> Entry:
    """Append a deal.

    A repeated ``token`` (a double tap, a retried request) records nothing new and answers the
    first entry; the same token with another deal is refused. ``number`` is the deal number the
    recorder saw ("Record deal 6"): if another phone recorded deal 6 meanwhile, it is refused
    with what was recorded, so one deal is not kept twice. ``recorded_at`` is for an import
    (the time its file says); otherwise the entry is recorded now. ``seat`` is who at the table
    recorded it, where the table says (a night that asks for confirmations): the other side
    confirms it.
    """
    game = _lock_game(game)
    roles.require_recorder(by, game.night)
    _check_seat(game, seat)
    if token is not None:
        earlier = _already_recorded(game, token, data, seat)
        if earlier is not None:
            return earlier
    _require_recorder_seat(game, seat)
    word = _word(game)
    _refuse_if_ended(
        game,
        lambda: gettext(
            "The table ended this game, so it takes no more %(words)s. Undo the end to play on."
        ),
    )
    expected = reading.next_deal_number(game)
    if number is not None and number != expected:
        if number < expected:
            latest = _latest_deal(game)
            raise StaleDeal(
                gettext(
                    "%(who)s recorded %(word)s %(number)s a moment ago. If yours is another "
                    "%(word)s, record it as %(word)s %(expected)s."
                )
                % {
                    "who": latest["recorded_by"],
                    "word": word_said(word),
                    "number": latest["number"],
                    "expected": expected,
                },
                field="number",
                latest=latest,
                expected=expected,
            )
        raise InvalidInput(
            gettext("The next %(word)s is %(word)s %(expected)s, not %(number)s.")
            % {"word": word_said(word), "expected": expected, "number": number},
            field="number",
        )
    canonical, deal, change = _validated(game, data, replacing=None)
    token = token or uuid.uuid4()
    try:
        with transaction.atomic():
            entry = Entry.objects.create(
                game=game,
                kind=Entry.Kind.RECORD,
                data=canonical,
                recorded_by=by,
                token=token,
                seat=seat,
                **_when(recorded_at, recorded_as),
            )
    except IntegrityError:
        # The same token sent to two games at once: each holds only its own game's lock, so
        # the unique token decides, and the loser answers as the second of two in turn would.
        earlier = _already_recorded(game, token, data, seat)
        if earlier is None:  # pragma: no cover - the only unique column is the token
            raise
        return earlier
    _remember(game, entry, deal)
    scoreboard.keep_written(change, entry)
    return entry


def _check_seat(game: Game, seat: int | None) -> None:
    """A recorder's seat, when given, is a seat of the game."""
    if seat is not None and not 0 <= seat < game.seats.count():
        raise InvalidInput(
            gettext("Seat %(number)s is not at this table.") % {"number": seat + 1}, field="seat"
        )


def _require_recorder_seat(game: Game, seat: int | None) -> None:
    """Where the game asks for confirmations, a deal says who records it: a player of another
    side confirms it, and with no recorder known nobody could (scorekeeper.ledger.confirming).
    """
    if seat is None and reading.game_asking(game).now:
        raise InvalidInput(
            gettext(
                "Say who at the table records this %(word)s (seat, from 0): this game asks a "
                "player of another side to confirm each %(word)s."
            )
            % {"word": word_said(_word(game))},
            field="seat",
        )


def _word(game: Game) -> str:
    """What the game's table calls a deal ("deal", "hand", "round"), for the messages."""
    return reading.game_definition(game).deal_word


def _refuse_if_ended(game: Game, said: Callable[[], str]) -> None:
    """An ended game is final: undo the end to record, amend or void a deal. ``said`` gives
    the whole sentence, with ``%(words)s`` for the game's word for deals."""
    if reading.is_ended(game):
        raise InvalidInput(said() % {"words": words_said(_word(game))}, field="deal")


def _latest(game: Game, deal_key: int, revision: int | None) -> Entry:
    latest = reading.latest_revision(game, deal_key)
    if latest is None:
        raise InvalidInput(
            gettext("Game %(game)s has no %(word)s %(deal)s.")
            % {"game": game.pk, "word": word_said(_word(game)), "deal": deal_key},
            field="deal",
        )
    if revision is not None and latest.pk != revision:
        raise Conflict(
            gettext("Someone changed this %(word)s while you were editing it; look at it again.")
            % {"word": word_said(_word(game))},
            field="revision",
        )
    return latest


def _repeated(
    game: Game,
    deal_key: int,
    revision: int | None,
    *,
    kind: str,
    by: User,
    note: str,
    data: Mapping[str, Any] | None = None,
    seat: int | None = None,
    settles: Entry | int | None = None,
) -> Entry | None:
    """The same change sent again, by a phone that never heard the answer (an offline queue
    resending after a lost reply): the deal's latest entry already is this change, made by
    this person against this revision. Answered with that entry, so nothing is written twice
    and the resend is not refused as out of date.

    The revision is the change's retry token: this person's change against it, sent again
    with anything else (the record, the note, who records it, the dispute it settles), is
    refused (``TokenReused``), as a reused token with another deal is; it is not the change
    already made."""
    latest = reading.latest_revision(game, deal_key)
    if latest is None or revision is None or latest.pk == revision:
        return None
    if not (
        latest.kind == kind and latest.supersedes_id == revision and latest.recorded_by_id == by.pk
    ):
        return None
    settles_id = settles.pk if isinstance(settles, Entry) else settles
    same = (
        latest.note == note.strip()[:200]
        and latest.seat == seat
        and latest.settles_id == settles_id
        and (data is None or _same_deal(game, latest.data, data))
    )
    if same:
        return latest
    values = {"word": word_said(_word(game)), "entry": latest.pk}
    if kind == Entry.Kind.AMEND:
        said = gettext(
            "You already amended this %(word)s from that revision, with other details: look at "
            "the %(word)s again (its latest revision is entry %(entry)s) to change it further."
        )
    else:
        said = gettext(
            "You already voided this %(word)s from that revision, with other details: look at "
            "the %(word)s again (its latest revision is entry %(entry)s) to change it further."
        )
    raise TokenReused(said % values, field="revision")


def _when(
    recorded_at: datetime.datetime | None,
    recorded_as: str = "",
    token: uuid.UUID | None = None,
) -> dict[str, Any]:
    """Where an entry comes from, as far as it is given: the client's token (a phone's, or a
    file's), and for an import the time its file gives and the recorder's name as the file
    writes it (``recorded_by`` is the importing user)."""
    fields: dict[str, Any] = {"recorded_as": recorded_as.strip()[:150]} if recorded_as else {}
    fields |= {"token": token} if token is not None else {}
    return fields | ({"recorded_at": recorded_at} if recorded_at is not None else {})


def _supersede(**fields: Any) -> Entry:
    try:
        with transaction.atomic():
            return Entry.objects.create(**fields)
    except IntegrityError:  # another writer superseded the same entry first
        raise Conflict(
            gettext("Someone changed this %(word)s at the same moment; look at it again.")
            % {"word": word_said(_word(fields["game"]))}
        ) from None


@transaction.atomic
def deal_amend(
    *,
    game: Game,
    deal_key: int,
    by: User,
    data: Mapping[str, Any],
    note: str = "",
    revision: int | None = None,
    token: uuid.UUID | None = None,
    recorded_at: datetime.datetime | None = None,
    recorded_as: str = "",
    seat: int | None = None,
    settles: Entry | int | None = None,
) -> Entry:
    """Replace a deal's record (a voided deal comes back this way). The old entry stays.

    ``token`` is the entry's own id (an import keeps the one from the file); ``seat`` who at
    the table amended it, as for :func:`deal_record` (the amend needs confirming again).
    ``settles``: the ``dispute`` entry of this deal (or its id) whose ruling the amend
    follows."""
    game = _lock_game(game)
    roles.require_recorder(by, game.night)
    _check_seat(game, seat)
    again = _repeated(
        game,
        deal_key,
        revision,
        kind=Entry.Kind.AMEND,
        by=by,
        note=note,
        data=data,
        seat=seat,
        settles=settles,
    )
    if again is not None:
        return again
    _require_recorder_seat(game, seat)
    _refuse_if_ended(
        game,
        lambda: gettext(
            "The table ended this game, so its %(words)s are final. Undo the end to amend one."
        ),
    )
    latest = _latest(game, deal_key, revision)
    settled = _settled(game, deal_key, settles)
    canonical, deal, change = _validated(game, data, replacing=deal_key)
    entry = _supersede(
        game=game,
        kind=Entry.Kind.AMEND,
        deal_id=deal_key,
        supersedes=latest,
        data=canonical,
        note=note.strip()[:200],
        recorded_by=by,
        seat=seat,
        settles=settled,
        **_when(recorded_at, recorded_as, token),
    )
    _remember(game, entry, deal)
    scoreboard.keep_written(change, entry)
    return entry


def _settled(game: Game, deal_key: int, settles: Entry | int | None) -> Entry | None:
    """The dispute an amend settles: a ``dispute`` entry of this very deal, not yet settled."""
    if settles is None:
        return None
    pk = settles.pk if isinstance(settles, Entry) else settles
    word = {"word": word_said(_word(game))}
    found = Entry.objects.filter(
        pk=pk, game=game, kind=Entry.Kind.DISPUTE, deal_id=deal_key
    ).first()
    if found is None:
        raise InvalidInput(gettext("That is no dispute of this %(word)s.") % word, field="settles")
    if Entry.objects.filter(settles=found).exists():
        raise InvalidInput(
            gettext("That dispute of this %(word)s is already settled.") % word, field="settles"
        )
    return found


def _remember(game: Game, entry: Entry, deal: Any) -> None:
    """The row just written is already parsed: keep it, so the page shown next parses nothing."""
    definition = reading.game_definition(game)
    replaying.remember_parsed(
        definition, definition.options(game.options), game.seats.count(), entry, (deal, None)
    )


@transaction.atomic
def deal_void(
    *,
    game: Game,
    deal_key: int,
    by: User,
    note: str = "",
    revision: int | None = None,
    token: uuid.UUID | None = None,
    recorded_at: datetime.datetime | None = None,
    recorded_as: str = "",
) -> Entry:
    """Withdraw a deal from the scores. It stays in the history and can be brought back.

    Refused if the deals after it could not count without it (the game would end earlier).
    """
    game = _lock_game(game)
    roles.require_recorder(by, game.night)
    again = _repeated(game, deal_key, revision, kind=Entry.Kind.VOID, by=by, note=note)
    if again is not None:
        return again
    _refuse_if_ended(
        game,
        lambda: gettext(
            "The table ended this game, so its %(words)s are final. Undo the end to void one."
        ),
    )
    latest = _latest(game, deal_key, revision)
    if latest.kind == Entry.Kind.VOID:
        raise InvalidInput(
            gettext("That %(word)s is already voided.") % {"word": word_said(_word(game))},
            field="deal",
        )
    entries = scoreboard.ledger_rows(game)  # those this process keeps, and any written since
    before = _current(game, entries)
    after = [row for row in before if row[0] != deal_key]
    number = _number_of(game, deal_key, entries)
    names = reading.game_naming(game)
    replayed = _refuse_new_problems(
        game,
        before,
        after,
        names,
        number=number,
        voiding=True,
    )
    definition = reading.game_definition(game)
    options = definition.options(game.options)
    change = scoreboard.checked(game, definition, options, names, len(entries), after, replayed)
    entry = _supersede(
        game=game,
        kind=Entry.Kind.VOID,
        deal_id=deal_key,
        supersedes=latest,
        data={},
        note=note.strip()[:200],
        recorded_by=by,
        **_when(recorded_at, recorded_as, token),
    )
    scoreboard.keep_written(change, entry)
    return entry


# Ending an open game ------------------------------------------------------------------------------


@transaction.atomic
def game_end(
    *,
    game: Game,
    by: User,
    token: uuid.UUID | None = None,
    recorded_at: datetime.datetime | None = None,
    recorded_as: str = "",
) -> Entry:
    """The table stops a game that has no end of its own (a settlement game): an ``end`` entry
    in the ledger. The game then stands finished (won by the one most up) and takes no more
    deals until :func:`game_end_undo`. Ending a game already ended answers its end."""
    game = _lock_game(game)
    roles.require_recorder(by, game.night)
    standings = scoreboard.game_standings(game)
    if standings.end is not None:
        return standings.end
    if not standings.open_ended:
        raise InvalidInput(
            gettext("%(game)s ends by its own rule; the table cannot end it.")
            % {"game": standings.definition.name},
            field="game",
        )
    word = standings.deal_word
    values = {"word": word_said(word), "words": words_said(word)}
    if not standings.tally.deals:
        raise InvalidInput(
            gettext("No %(words)s count yet: record a %(word)s first.") % values, field="game"
        )
    if standings.unconfirmed:
        waiting = [h.number for h in standings.unconfirmed]
        raise InvalidInput(
            ngettext(
                "The other side has not confirmed %(word)s %(numbers)s yet: the game ends once "
                "every %(word)s is confirmed.",
                "The other side has not confirmed %(words)s %(numbers)s yet: the game ends once "
                "every %(word)s is confirmed.",
                len(waiting),
            )
            % (values | {"numbers": ", ".join(str(n) for n in waiting)}),
            field="game",
        )
    return Entry.objects.create(
        game=game,
        kind=Entry.Kind.END,
        data={},
        recorded_by=by,
        **_when(recorded_at, recorded_as, token),
    )


@transaction.atomic
def game_end_undo(
    *,
    game: Game,
    by: User,
    token: uuid.UUID | None = None,
    recorded_at: datetime.datetime | None = None,
    recorded_as: str = "",
) -> Entry:
    """Take back the table's end of a game: a ``void`` superseding the ``end`` entry. The game
    goes on from where it stood."""
    game = _lock_game(game)
    roles.require_recorder(by, game.night)
    end = scoreboard.game_standings(game).end
    if end is None:
        raise InvalidInput(gettext("This game has not been ended."), field="game")
    return _supersede(
        game=game,
        kind=Entry.Kind.VOID,
        deal_id=end.pk,
        supersedes=end,
        data={},
        recorded_by=by,
        **_when(recorded_at, recorded_as, token),
    )
