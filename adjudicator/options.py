"""House rules: every game has a frozen ``Options`` dataclass built with :func:`option`.

Each field carries its documentation and, through its annotation, its type: ``bool``, ``int`` or
a ``Literal`` of allowed values. :func:`parse_options` turns a JSON object into the dataclass and
rejects unknown keys and ill-typed values with the key named.

>>> from dataclasses import dataclass
>>> from typing import Literal
>>> @dataclass(frozen=True)
... class Demo:
...     target: int = option(201, "Points to reach.", minimum=1)
...     model: Literal["additive", "best_single"] = option("additive", "How rows score.")
>>> parse_options(Demo, {"target": 150})
Demo(target=150, model='additive')
>>> parse_options(Demo, {"colour": "red"})
Traceback (most recent call last):
...
adjudicator.errors.UnknownOptionError: 'colour' is not a house rule of this game; known: target, model.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, get_args, get_origin

from adjudicator.errors import BadOptionError, UnknownOptionError

T = TypeVar("T")


def option(default: Any, doc: str, *, minimum: int | None = None, rule: str = "") -> Any:
    """Declare one house rule: its default, a sentence saying what it does, and its ruling id."""
    return dataclasses.field(
        default=default, metadata={"doc": doc, "minimum": minimum, "rule": rule}
    )


@dataclass(frozen=True)
class OptionInfo:
    """What a page or the API needs to offer one house rule."""

    name: str
    kind: Literal["bool", "int", "choice"]
    default: Any
    doc: str
    rule: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None


def describe_options(cls: type[Any]) -> tuple[OptionInfo, ...]:
    """The house rules of an options class, in declaration order."""
    hints = typing.get_type_hints(cls, include_extras=False)
    infos = []
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        meta = f.metadata
        if get_origin(hint) is Literal:
            infos.append(
                OptionInfo(f.name, "choice", f.default, meta["doc"], meta["rule"], get_args(hint))
            )
        elif hint is bool:
            infos.append(OptionInfo(f.name, "bool", f.default, meta["doc"], meta["rule"]))
        elif hint is int:
            infos.append(
                OptionInfo(
                    f.name, "int", f.default, meta["doc"], meta["rule"], minimum=meta["minimum"]
                )
            )
        else:  # pragma: no cover - a programming error in a game module
            raise TypeError(f"option {cls.__name__}.{f.name} has unsupported type {hint!r}")
    return tuple(infos)


def parse_options[T](cls: type[T], data: Mapping[str, Any] | None) -> T:
    """Build ``cls`` from a JSON object, rejecting unknown keys and values of the wrong type."""
    data = data or {}
    if not isinstance(data, Mapping):
        raise BadOptionError("House rules must be an object of names and values.", field="options")
    infos = {info.name: info for info in describe_options(cls)}
    for key in data:
        if key not in infos:
            raise UnknownOptionError(
                f"{key!r} is not a house rule of this game; known: {', '.join(infos)}.",
                field=f"options.{key}",
            )
    values = {}
    for key, value in data.items():
        info = infos[key]
        values[key] = _check_value(info, value)
    return cls(**values)


def _check_value(info: OptionInfo, value: Any) -> Any:
    field = f"options.{info.name}"
    if info.kind == "bool":
        if not isinstance(value, bool):
            raise BadOptionError(f"{info.name} must be true or false, not {value!r}.", field=field)
    elif info.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadOptionError(f"{info.name} must be a whole number, not {value!r}.", field=field)
        if info.minimum is not None and value < info.minimum:
            raise BadOptionError(
                f"{info.name} must be at least {info.minimum}, not {value}.", field=field
            )
    elif not any(type(value) is type(choice) and value == choice for choice in info.choices):
        # Equal is not enough: True == 1 and 1.0 == 1, but neither is the choice 1.
        allowed = ", ".join(repr(choice) for choice in info.choices)
        raise BadOptionError(f"{info.name} must be one of {allowed}, not {value!r}.", field=field)
    return value


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
