"""House rules: every game has a frozen ``Options`` dataclass built with :func:`option`.

Each field carries its documentation and, through its annotation, its type: ``bool``, ``int`` or
a ``Literal`` of allowed values. :func:`parse_options` turns a JSON object into the dataclass and
rejects unknown keys and ill-typed values with the key named.

>>> from dataclasses import dataclass
>>> from typing import Literal
>>> @dataclass(frozen=True)
... class Demo:
...     target: int = option(201, "Points to reach.", minimum=1, maximum=10_000)
...     model: Literal["additive", "best_single"] = option(
...         "additive", "How rows score.",
...         labels={"additive": "Add the parts", "best_single": "Best part only"})
>>> parse_options(Demo, {"target": 150})
Demo(target=150, model='additive')
>>> parse_options(Demo, {"colour": "red"})
Traceback (most recent call last):
...
adjudicator.errors.UnknownOptionError: 'colour' is not a house rule of this game; known: target, model.
>>> parse_options(Demo, {"target": 10**30})
Traceback (most recent call last):
...
adjudicator.errors.BadOptionError: target must be between 1 and 10,000, not a number 31 digits long.
>>> describe_options(Demo)[1].labelled_choices()
(('additive', 'Add the parts'), ('best_single', 'Best part only'))
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, get_args, get_origin

from adjudicator.errors import BadOptionError, UnknownOptionError
from adjudicator.messages import Message, Verbatim, msg, msg_n

T = TypeVar("T")


def option(
    default: Any,
    doc: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    labels: Mapping[Any, str] | None = None,
    rule: str = "",
    title: str = "",
) -> Any:
    """Declare one house rule: its default, a sentence saying what it does, and its ruling id.

    An ``int`` rule takes ``minimum`` and ``maximum``, the range that makes sense at a table. A
    ``Literal`` (choice) rule takes ``labels``: for each allowed value, the short phrase a player
    reads in place of it. A ``bool`` rule takes neither. ``title`` is the rule's name as a
    player reads it ("Two beats three"), for sentences that name the rule; without one they
    name it by its key.

    ``doc``, each label and ``title`` may be messages (:func:`adjudicator.messages.msg`), so
    that a page shows them in the player's language.
    """
    return dataclasses.field(
        default=default,
        metadata={
            "doc": doc,
            "minimum": minimum,
            "maximum": maximum,
            "labels": dict(labels) if labels is not None else None,
            "rule": rule,
            "title": title,
        },
    )


@dataclass(frozen=True)
class OptionInfo:
    """What a page or the API needs to offer one house rule.

    ``kind`` is ``"bool"``, ``"int"`` or ``"choice"``. An ``int`` rule has the range that makes
    sense at a table, ``minimum`` to ``maximum`` (either may be ``None`` for no bound); a value
    outside it is refused. A ``choice`` rule has its allowed values in ``choices`` and, at the
    same positions in ``labels``, the phrase a player reads for each ("Shared win" for
    ``"none"``); :meth:`labelled_choices` pairs them for a form's ``(value, label)`` list. Both
    are empty for the other kinds. ``doc``, the labels and ``title`` (the rule's name, empty
    where the game gives none) may be messages: a ``str`` in English, rendered in a language at
    the edge.
    """

    name: str
    kind: Literal["bool", "int", "choice"]
    default: Any
    doc: str
    rule: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    labels: tuple[str, ...] = ()
    title: str = ""

    def labelled_choices(self) -> tuple[tuple[Any, str], ...]:
        """Each allowed value with its label, in declaration order (empty unless a choice)."""
        return tuple(zip(self.choices, self.labels, strict=True))

    def named(self) -> str:
        """The rule as a sentence names it: its title, or else its key (as a notation)."""
        return self.title or Verbatim(self.name)  # type: ignore[return-value]

    def shown(self, value: Any) -> str:
        """A value of this rule as a player reads it: a choice's label, on or off, a number.

        >>> info = OptionInfo("jokers", "bool", False, "Jokers are wild.", "")
        >>> str(info.shown(True)), str(info.shown(False))
        ('on', 'off')
        """
        if self.kind == "choice":
            label: str = dict(self.labelled_choices())[value]
            return label
        if value is True:
            return msg("on")
        if value is False:
            return msg("off")
        return msg("{number}", number=value)


_DESCRIBED: dict[type[Any], tuple[OptionInfo, ...]] = {}


def describe_options(cls: type[Any]) -> tuple[OptionInfo, ...]:
    """The house rules of an options class, in declaration order.

    A label missing or left over, or a bound or label on the wrong kind of rule, is a mistake
    in the game module, raised as ``TypeError``. Read once per class: every replayed game
    parses its options, and reading a class's type hints is costly.
    """
    described = _DESCRIBED.get(cls)
    if described is None:
        described = _DESCRIBED[cls] = _describe(cls)
    return described


def _describe(cls: type[Any]) -> tuple[OptionInfo, ...]:
    hints = typing.get_type_hints(cls, include_extras=False)
    infos = []
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        meta = f.metadata
        where = f"option {cls.__name__}.{f.name}"
        minimum, maximum, labels = meta["minimum"], meta["maximum"], meta["labels"]
        if hint is not int and (minimum is not None or maximum is not None):
            raise TypeError(f"{where}: only a whole-number option has a minimum or maximum")
        if get_origin(hint) is not Literal and labels is not None:
            raise TypeError(f"{where}: only a choice has labels")
        if get_origin(hint) is Literal:
            choices = get_args(hint)
            infos.append(
                OptionInfo(
                    f.name,
                    "choice",
                    f.default,
                    meta["doc"],
                    meta["rule"],
                    choices,
                    labels=_labels_for(where, choices, labels),
                    title=meta.get("title", ""),
                )
            )
        elif hint is bool:
            infos.append(
                OptionInfo(
                    f.name,
                    "bool",
                    f.default,
                    meta["doc"],
                    meta["rule"],
                    title=meta.get("title", ""),
                )
            )
        elif hint is int:
            if minimum is not None and maximum is not None and minimum > maximum:
                raise TypeError(f"{where}: minimum {minimum} is above maximum {maximum}")
            infos.append(
                OptionInfo(
                    f.name,
                    "int",
                    f.default,
                    meta["doc"],
                    meta["rule"],
                    minimum=minimum,
                    maximum=maximum,
                    title=meta.get("title", ""),
                )
            )
        else:  # pragma: no cover - a programming error in a game module
            raise TypeError(f"{where} has unsupported type {hint!r}")
    return tuple(infos)


def _labels_for(
    where: str, choices: tuple[Any, ...], labels: Mapping[Any, str] | None
) -> tuple[str, ...]:
    """The labels in the order of ``choices``; every choice labelled, nothing else."""
    if labels is None:
        raise TypeError(f"{where}: a choice needs labels, a phrase for each of {choices!r}")
    # Match on type as well as value: True == 1, but a label for True is not one for 1.
    keyed = {(type(key), key): text for key, text in labels.items()}
    wanted = [(type(choice), choice) for choice in choices]
    if sorted(map(repr, keyed)) != sorted(map(repr, wanted)):
        raise TypeError(
            f"{where}: labels are for {sorted(labels, key=repr)!r}, the choices are {choices!r}"
        )
    return tuple(keyed[key] for key in wanted)


def parse_options[T](cls: type[T], data: Mapping[str, Any] | None) -> T:
    """Build ``cls`` from a JSON object, rejecting unknown keys and values of the wrong type."""
    data = data or {}
    if not isinstance(data, Mapping):
        raise BadOptionError(
            msg("House rules must be an object of names and values."), field="options"
        )
    infos = {info.name: info for info in describe_options(cls)}
    for key in data:
        if key not in infos:
            raise UnknownOptionError(
                msg(
                    "{key} is not a house rule of this game; known: {known}.",
                    key=Verbatim(repr(key)),
                    known=Verbatim(", ".join(infos)),
                ),
                field=f"options.{key}",
            )
    values = {}
    for key, value in data.items():
        info = infos[key]
        values[key] = _check_value(info, value)
    return cls(**values)


def _check_value(info: OptionInfo, value: Any) -> Any:
    field = f"options.{info.name}"
    # The key is quoted as the input gave it (a notation, the same in every language).
    key = Verbatim(info.name)
    if info.kind == "bool":
        if not isinstance(value, bool):
            raise BadOptionError(
                msg("{key} must be true or false, not {value}.", key=key, value=_quote(value)),
                field=field,
            )
    elif info.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadOptionError(
                msg("{key} must be a whole number, not {value}.", key=key, value=_quote(value)),
                field=field,
            )
        low, high = info.minimum, info.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            raise BadOptionError(
                msg(
                    "{key} must be {range}, not {value}.",
                    key=key,
                    range=_range(low, high),
                    value=_quote(value),
                ),
                field=field,
            )
    elif not any(type(value) is type(choice) and value == choice for choice in info.choices):
        # Equal is not enough: True == 1 and 1.0 == 1, but neither is the choice 1.
        allowed = Verbatim(", ".join(repr(choice) for choice in info.choices))
        raise BadOptionError(
            msg(
                "{key} must be one of {allowed}, not {value}.",
                key=key,
                allowed=allowed,
                value=_quote(value),
            ),
            field=field,
        )
    return value


def _range(low: int | None, high: int | None) -> Message:
    """>>> str(_range(1, 10_000)), str(_range(1, None)), str(_range(None, 3))
    ('between 1 and 10,000', 'at least 1', 'at most 3')
    """
    if low is not None and high is not None:
        return msg("between {low} and {high}", low=readable_number(low), high=readable_number(high))
    if low is not None:
        return msg("at least {low}", low=readable_number(low))
    assert high is not None
    return msg("at most {high}", high=readable_number(high))


# Beyond this many digits a number is described, not written out (as errors.readable_int).
_MOST_DIGITS_SHOWN = 15


def readable_number(number: int) -> Any:
    """A whole number as a sentence quotes it, in each language's digits: grouped by
    thousands (``10,000`` in English, ``10.000`` in Danish and Icelandic, ``10 000`` in
    Swedish), a huge one described ("a number 31 digits long"). Safe for any int, even one too
    long for ``str()``.

    >>> str(readable_number(10_000)), str(readable_number(-1_500)), readable_number(42)
    ('10,000', '-1,500', 42)
    >>> str(readable_number(10**30)), str(readable_number(-(10**5000)))
    ('a number 31 digits long', 'a negative number 5,001 digits long')
    """
    size = abs(number)
    # bit_length gives the digit count to within one without converting the number to text.
    digits = max(1, int((size.bit_length() - 1) * 0.30102999566398120) + 1)
    if size >= 10**digits:
        digits += 1
    if digits > _MOST_DIGITS_SHOWN:
        if number < 0:
            return msg_n(
                "a negative number {digits} digit long",
                "a negative number {digits} digits long",
                digits,
                digits=readable_number(digits),
            )
        return msg_n(
            "a number {digits} digit long",
            "a number {digits} digits long",
            digits,
            digits=readable_number(digits),
        )
    if number < 0:
        return msg("-{number}", number=readable_number(-number))
    if number < 1000:
        return number
    # Thousands grouped as each language groups them (CLDR: "," in English, "." in Danish and
    # Icelandic, a no-break space in Swedish), three digits at a time.
    return msg(
        "{thousands},{units}",
        thousands=readable_number(number // 1000),
        units=Verbatim(f"{number % 1000:03}"),
    )


# A value refused is quoted back, but never at length: it may be a page of text, or a number
# too long for Python to write out at all.
_MOST_QUOTED = 40


def _quote(value: object) -> Any:
    """The refused value as a message shows it: short, and safe whatever it is.

    >>> from adjudicator.messages import render
    >>> [render(msg("{value}.", value=_quote(v))) for v in (10**5000, "x" * 50, 1.5, [1], None)]
    ['a number 5,001 digits long.', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'.", '1.5.', 'a list.', 'None.']
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return readable_number(value)
    if isinstance(value, str):
        return Verbatim(repr(value if len(value) <= _MOST_QUOTED else value[:_MOST_QUOTED] + "…"))
    if isinstance(value, list | tuple):
        return msg("a list")
    if isinstance(value, Mapping):
        return msg("an object")
    return Verbatim(repr(value))


def options_as_dict(options: object) -> dict[str, Any]:
    """The JSON form of an options instance (round-trips through :func:`parse_options`)."""
    assert dataclasses.is_dataclass(options) and not isinstance(options, type)
    return dataclasses.asdict(options)


def changed_options(options: object) -> dict[str, Any]:
    """Only the house rules that differ from the defaults, for explanations and storage."""
    assert dataclasses.is_dataclass(options) and not isinstance(options, type)
    return {
        f.name: getattr(options, f.name)
        for f in dataclasses.fields(options)
        if getattr(options, f.name) != f.default
    }
