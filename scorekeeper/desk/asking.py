"""The dispute desk: ask any question of any game without recording it, see the answer under
every reading of the house rules that would change it, and save a ruling to a night.

Nothing here knows a game: questions, their inputs and the house options all come from the
engine's contract (``Game.questions()``, ``Question.asks``, ``Game.describe_options()``).
Asking writes nothing; :func:`ruling_save` is the one write, and it asks again itself rather
than trusting an answer sent to it.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext

from adjudicator.errors import AdjudicationError, BadEntryError
from adjudicator.game import Game as GameDefinition
from adjudicator.game import Question
from adjudicator.games import get_game
from adjudicator.messages import from_data
from adjudicator.options import OptionInfo, changed_options
from adjudicator.said import DEFAULT, Naming
from scorekeeper import limits
from scorekeeper.access import roles
from scorekeeper.exceptions import InvalidInput
from scorekeeper.house_rules.profile_selectors import differences, option_label, shown_value
from scorekeeper.languages.speaking import say, speak_json
from scorekeeper.ledger import reading as ledger
from scorekeeper.models import Night, Ruling

# A whole-number house rule is read at a few values only (its bounds and a step from the
# default): enough to show that it matters, without asking a hundred times.
INT_READINGS = 3


@dataclass(frozen=True)
class Reading:
    """The answer under one other value of one house rule, where it differs."""

    option: OptionInfo
    value: Any
    shown: str
    answer: dict[str, Any] | None
    lines: list[str]
    problem: str | None = None
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def options_json(self) -> str:
        """The whole reading (the house rules chosen, with this one changed), for saving."""
        return json.dumps(self.options)

    @property
    def name(self) -> str:
        """The house rule's name, in the language spoken ("Ks rule")."""
        return option_label(self.option)

    @property
    def label(self) -> str:
        """The house rule and its other value, in words ("Ks rule: KS straight after any 7")."""
        return f"{self.name}: {self.shown}"


@dataclass(frozen=True)
class Asked:
    """One question asked: the answer (or the refusal), and the readings that change it."""

    game: GameDefinition[Any, Any]
    question: Question
    data: dict[str, Any]
    options: dict[str, Any]
    answer: dict[str, Any] | None
    error: AdjudicationError | None = None
    readings: list[Reading] = field(default_factory=list)

    def said(self, naming: Naming) -> Asked:
        """The same answer with every sentence said in the language spoken now, seats called
        as ``naming`` says (the players' names, when the desk was opened from their game)."""
        error = self.error
        if error is not None:
            error = copy.copy(error)
            error.message = say(error.message, naming)
            error._problems = tuple(say(p, naming) for p in error.problems)
        return dataclasses.replace(
            self,
            answer=speak_json(self.answer, naming),
            error=error,
            readings=[
                dataclasses.replace(
                    r,
                    shown=say(r.shown, naming),
                    lines=[say(line, naming) for line in r.lines],
                    problem=None if r.problem is None else say(r.problem, naming),
                )
                for r in self.readings
            ],
        )


def question_of(game: GameDefinition[Any, Any], name: str) -> Question:
    found = game.questions().get(name)
    if found is None:
        raise BadEntryError(
            gettext("%(game)s has no question '%(name)s'; it answers: %(questions)s.")
            % {"game": game.name, "name": name[:40], "questions": ", ".join(game.questions())},
            field="question",
        )
    return found


def body(question: Question, data: Mapping[str, Any], players: int | None) -> dict[str, Any]:
    """The JSON the question takes: the input, with the table size where it takes one."""
    out = dict(data)
    if question.asks is not None and question.asks.players and players is not None:
        out["players"] = players
    return out


def ask(
    *,
    slug: str,
    question: str,
    data: Mapping[str, Any],
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    readings: bool = True,
) -> Asked:
    """Ask a question; on an answer, ask it again under each other reading of each house rule."""
    game = get_game(slug)
    found = question_of(game, question)
    chosen = dict(options or {})
    game.options(chosen)  # an unknown or bad house rule is refused before anything is asked
    sent = body(found, data, players)
    try:
        answer = game.ask(question, {**sent, "options": chosen})
    except AdjudicationError as err:
        return Asked(game, found, dict(data), chosen, None, err)
    found_readings = other_readings(game, question, sent, chosen, answer) if readings else []
    return Asked(game, found, dict(data), chosen, answer, None, found_readings)


def _values(info: OptionInfo, current: Any) -> list[tuple[Any, str]]:
    """The other values of a house rule to read the question under, each as a player reads
    it (a choice's label a message, said with the rest of the answer)."""
    if info.kind == "bool":
        return [(not current, shown_value(info, not current))]
    if info.kind == "choice":
        return [(v, label) for v, label in info.labelled_choices() if v != current]
    candidates = [info.minimum, info.maximum, current - 1, current + 1]
    values: list[int] = []
    for v in candidates:
        if v is None or v == current or v in values:
            continue
        if info.minimum is not None and v < info.minimum:
            continue
        if info.maximum is not None and v > info.maximum:
            continue
        values.append(v)
    return [(v, str(v)) for v in values[:INT_READINGS]]


def _lines(answer: Mapping[str, Any]) -> list[str]:
    """The answer's working, a line each: the engine's messages kept as they are (said in a
    language at the edge), anything else as text."""
    lines = answer.get("explanation")
    if isinstance(lines, list):
        return [line if isinstance(line, str) else str(line) for line in lines]
    return [f"{k}: {v}" for k, v in answer.items()]


def other_readings(
    game: GameDefinition[Any, Any],
    question: str,
    sent: Mapping[str, Any],
    chosen: Mapping[str, Any],
    answer: Mapping[str, Any],
) -> list[Reading]:
    """Each other value of each house rule whose answer differs from ``answer``, with what it
    says that the answer given does not (or why the question cannot be asked that way)."""
    base = game.options(dict(chosen))
    base_lines = _lines(answer)
    out: list[Reading] = []
    for info in game.describe_options():
        current = getattr(base, info.name)
        for value, shown in _values(info, current):
            options = {**changed_options(base), info.name: value}
            try:
                game.options(options)
                other = game.ask(question, {**sent, "options": options})
            except AdjudicationError as err:
                out.append(Reading(info, value, shown, None, [], err.message, options))
                continue
            if other == answer:
                continue
            new = [line for line in _lines(other) if line not in base_lines]
            out.append(Reading(info, value, shown, other, new or _lines(other), None, options))
    return out


@transaction.atomic
def ruling_save(
    *,
    night: Night,
    by: User,
    slug: str,
    question: str,
    data: Mapping[str, Any],
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    note: str = "",
) -> Ruling:
    """Save a ruling to a night: the question asked again here, its answer kept as given then.

    Only the night's owner and recorders may; a question the engine refuses is not saved.
    """
    roles.require_recorder(by, night, "save")
    asked = ask(
        slug=slug, question=question, data=data, players=players, options=options, readings=False
    )
    if asked.error is not None:
        raise asked.error
    room_for_ruling(night)
    ruling = ruling_of(asked, night=night, players=players, note=note, by=by)
    ruling.save()
    return ruling


def room_for_ruling(night: Night) -> None:
    """Refuse a ruling past a night's most (``limits.RULINGS``, what an import takes). Takes
    the night's row lock, so two rulings saved at once cannot both pass the most."""
    Night.objects.select_for_update().filter(pk=night.pk).first()
    if Ruling.objects.filter(night=night).count() >= limits.RULINGS:
        raise InvalidInput(
            gettext("A night keeps at most %(most)s rulings: save this one to another night.")
            % {"most": number_format(limits.RULINGS, force_grouping=True)}
        )


def ruling_of(
    asked: Asked, *, night: Night, players: int | None, note: str, by: User, **kept: Any
) -> Ruling:
    """The ruling (not yet saved) that an answered question makes: the table size only where the
    question takes one, the reading as the house rules that differ from the published ones.
    ``kept``: what an import keeps from its file (who saved it, and when)."""
    assert asked.answer is not None
    sized = players if asked.question.asks is not None and asked.question.asks.players else None
    return Ruling(
        night=night,
        game_slug=asked.game.slug,
        question=asked.question.name,
        players=sized,
        data=dict(asked.data),
        options=changed_options(asked.game.options(asked.options)),
        answer=asked.answer,
        note=note.strip()[:200],
        saved_by=by,
        **kept,
    )


@dataclass(frozen=True)
class Shown:
    """A saved ruling as the night page shows it, said in the language spoken: its game, its
    question, its working (the players' names for seats where the ruling is about a game's
    hand) and the house rules it was read under."""

    ruling: Ruling
    game: str
    summary: str
    lines: list[str]
    reading: list[str]
    title: str = ""
    hand_summary: str = ""


def rulings_for_night(night: Night) -> list[Shown]:
    """The night's rulings, newest first, each with its game, question and working."""
    rulings = night.rulings.select_related("saved_by", "dispute__game")[:100]
    namings: dict[int, Naming] = {}
    out = []
    for ruling in rulings:
        game = ruling.dispute.game if ruling.dispute is not None else None
        if game is not None and game.pk not in namings:
            namings[game.pk] = ledger.game_naming(game)
        out.append(shown(ruling, namings[game.pk] if game is not None else None))
    return out


# Answers asked again, by the ruling's hash (a saved ruling never changes, and its hash covers
# all it holds): a night page shows the same rulings at every visit. Emptied when full.
_ASKED_AGAIN: dict[str, dict[str, Any] | None] = {}
ASKED_AGAIN_KEPT = 512


def _answer_again(ruling: Ruling) -> dict[str, Any] | None:
    """The ruling's answer asked again, its sentences the engine's messages (to say in any
    language), when it still reads word for word as the answer saved; otherwise ``None``, and
    the page shows the answer as it was saved."""
    if ruling.hash and ruling.hash in _ASKED_AGAIN:
        return _ASKED_AGAIN[ruling.hash]
    found = _ask_again(ruling)
    if ruling.hash:
        if len(_ASKED_AGAIN) >= ASKED_AGAIN_KEPT:
            _ASKED_AGAIN.clear()
        _ASKED_AGAIN[ruling.hash] = found
    return found


def _ask_again(ruling: Ruling) -> dict[str, Any] | None:
    try:
        asked = ask(
            slug=ruling.game_slug,
            question=ruling.question,
            data=ruling.data if isinstance(ruling.data, dict) else {},
            players=ruling.players,
            options=ruling.options if isinstance(ruling.options, dict) else {},
            readings=False,
        )
    except (AdjudicationError, ValueError, TypeError, RecursionError):
        return None
    if asked.answer is None:
        return None
    try:
        same = json.loads(json.dumps(asked.answer)) == ruling.answer
    except (TypeError, ValueError):
        return None
    return dict(asked.answer) if same else None


def shown(ruling: Ruling, naming: Naming | None = None) -> Shown:
    """One ruling with its game, question and working, as a page shows it, said in the
    language spoken; seats called as ``naming`` says (by default: the players of the game
    whose hand it is about, else by number)."""
    if naming is None:
        naming = ledger.game_naming(ruling.dispute.game) if ruling.dispute is not None else DEFAULT
    try:
        game = get_game(ruling.game_slug)
        name = game.name
        asked = question_of(game, ruling.question)
        summary, title = say(asked.summary, naming), say(asked.title, naming)
    except AdjudicationError:
        name, summary, title = ruling.game_slug, ruling.question, ruling.question
    saved = ruling.answer if isinstance(ruling.answer, dict) else {}
    answer = _answer_again(ruling) or saved
    try:
        reading = [
            f"{d.label}: {d.value_shown}"
            for d in differences(get_game(ruling.game_slug), ruling.options)
        ]
    except AdjudicationError:
        reading = [f"{k} = {v}" for k, v in sorted(ruling.options.items())]
    hand_summary = ""
    if ruling.dispute is not None and isinstance(ruling.dispute.data, dict):
        data = ruling.dispute.data
        said = data.get("said")
        if isinstance(said, dict):
            try:
                hand_summary = say(from_data(said), naming)
            except (KeyError, TypeError, ValueError):
                hand_summary = ""
        if not hand_summary and isinstance(data.get("summary"), str):
            hand_summary = data["summary"]
    lines = [say(line, naming) for line in _lines(answer)]
    return Shown(ruling, name, summary, lines, reading, title, hand_summary)
