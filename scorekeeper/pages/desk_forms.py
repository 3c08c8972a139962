"""The dispute desk's form, laid out from a question's input description (``Question.asks``).

Each field of the description becomes one or more named inputs (``in_<key>``, and
``in_<key>_<n>`` for a field with an input per seat, side, event or trick). :func:`decode`
turns what was typed into the JSON the question takes, and :func:`encode` the reverse (a
sample, or a saved ruling, shown in the form). The form holds no rules: what it cannot read
it passes on as typed, and the adjudicator refuses it with its reason.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.forms.boundfield import BoundWidget
from django.forms.renderers import get_default_renderer
from django.utils.translation import gettext, pgettext

from adjudicator.asking import (
    CountsField,
    Fields,
    FlagsField,
    InputField,
    LayoffsField,
    MeldsField,
    PlaysField,
    RowsField,
)
from adjudicator.cards import Pack
from adjudicator.grids.lines import ROW_LENGTH, SIZES
from adjudicator.records import (
    CardsField,
    CountField,
    EventsField,
    FlagField,
    PerSeatField,
    PerSideField,
    SeatField,
    Seating,
    SideField,
    TricksField,
    Way,
)
from scorekeeper.languages.speaking import names_said, say
from scorekeeper.pages.deal_forms import plays_from_text, trick_pack_data

PREFIX = "in_"
YES = {"yes", "y", "true", "1", "on"}
NO = {"no", "n", "false", "0", "off"}


@dataclass
class Input:
    """One input of the desk's form, as the template draws it."""

    name: str
    label: str
    widget: str  # text, number, textarea, checkbox, radio, grid
    value: str = ""
    choices: list[tuple[str, str]] = field(default_factory=list)
    attrs: dict[str, str] = field(default_factory=dict)
    help: str = ""


@dataclass
class Block:
    """One field of the question: its label, kind and inputs, and any refusal about it."""

    key: str
    kind: str
    label: str
    help: str
    inputs: list[Input]
    error: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def seat_names(players: int) -> list[str]:
    return [gettext("Seat %(number)s") % {"number": n + 1} for n in range(players)]


def _and(items: list[str]) -> str:
    """``1 and 3``, ``1, 2 and 3``: seat numbers listed as the language lists them."""
    if len(items) < 2:
        return "".join(items)
    # Translators: the last two of a list of seat numbers ("1, 2 and 3").
    return gettext("%(rest)s and %(last)s") % {"rest": ", ".join(items[:-1]), "last": items[-1]}


def _unit_names(seating: Seating) -> list[str]:
    if not seating.partnerships:
        return seat_names(seating.players)
    return [
        gettext("Side %(number)s (seats %(seats)s)")
        % {"number": u + 1, "seats": _and([str(s + 1) for s in members])}
        for u, members in enumerate(seating.units)
    ]


def _whole(text: str) -> int | str:
    """A whole number if it is one (and of a sane length), else the text for the engine to
    refuse (``int()`` refuses over 4,300 digits; ``isdigit`` accepts "²")."""
    t = text.strip()
    if re.fullmatch(r"-?[0-9]{1,9}", t):
        return int(t)
    return t


def _cards_text(text: str) -> str:
    return " ".join(text.split())


def _flag_word(token: str) -> bool | str:
    low = token.lower()
    return True if low in YES else False if low in NO else token


def _name(key: str, *rest: object) -> str:
    return PREFIX + "_".join([key, *map(str, rest)])


def blocks(
    fields: Fields,
    values: Mapping[str, str],
    *,
    seating: Seating,
    pack: Pack,
    slug: str,
    names: Sequence[str] = (),
    tricks: TricksField | None = None,
) -> list[Block]:
    """The form's blocks, filled in with ``values`` (form names to what was typed); seats are
    called by ``names`` when given (the players of the game the desk was opened from).
    ``tricks`` is the game's own record of tricks, which tells the trick pad whether a turn
    may be a pass and which cards are never played."""
    known = len(names) == seating.players
    seats = list(names) if known else seat_names(seating.players)
    # A side is called by its players where they are known ("Ann and Cy"), else by number.
    units = (
        [names_said([seats[s] for s in members]) for members in seating.units]
        if known
        else _unit_names(seating)
    )
    out: list[Block] = []

    def v(name: str) -> str:
        return str(values.get(name, ""))

    for f in fields:
        inputs: list[Input] = []
        extra: dict[str, Any] = {}
        key = f.key
        label = say(f.label)  # the engine's words, in the language spoken
        if isinstance(f, SeatField | SideField):
            names = seats if isinstance(f, SeatField) else units
            choices = [(str(i), n) for i, n in enumerate(names)]
            if f.optional:
                choices = [("", say(f.none_label)), *choices]
            inputs.append(Input(_name(key), label, "radio", v(_name(key)), choices))
        elif isinstance(f, FlagField):
            inputs.append(Input(_name(key), label, "checkbox", v(_name(key))))
        elif isinstance(f, CountField):
            inputs.append(
                Input(_name(key), label, "number", v(_name(key)), attrs={"inputmode": "numeric"})
            )
        elif isinstance(f, CardsField):
            inputs.append(_cards_input(f, _name(key), label, v(_name(key)), slug))
            if f.widget == "grid" and f.shape:
                extra = {"columns": ROW_LENGTH[f.shape], "size": SIZES[f.shape]}  # type: ignore[index]
        elif isinstance(f, PerSeatField):
            rows = []
            for p, seat in enumerate(seats):
                how = _name(key, "how", p)
                entries: list[dict[str, Any]] = []
                for e in f.entries:
                    if isinstance(e, FlagField):
                        continue
                    name = _name(key, e.key, p)
                    # Translators: one input of a seat's row: the seat (or player) and what it
                    # asks, as "Ann: points held".
                    entry_label = gettext("%(seat)s: %(what)s") % {
                        "seat": seat,
                        "what": _lower_first(say(e.label)),
                    }
                    if isinstance(e, CardsField):
                        entry_input = _cards_input(e, name, entry_label, v(name), slug)
                    else:
                        entry_input = Input(
                            name, entry_label, "number", v(name), attrs={"inputmode": "numeric"}
                        )
                    entries.append({"entry": e, "input": entry_input})
                rows.append(
                    {
                        "position": p,
                        "seat": seat,
                        "how": _toggle(how, v(how), f) if len(f.entries) > 1 else None,
                        "entries": entries,
                    }
                )
            extra = {"rows": rows, "entries": f.entries}
        elif isinstance(f, PerSideField):
            for u, unit in enumerate(units):
                inputs.append(
                    Input(
                        _name(key, u),
                        unit,
                        "number",
                        v(_name(key, u)),
                        attrs={"inputmode": "numeric"},
                    )
                )
        elif isinstance(f, EventsField):
            # Translators: the choice that no side made this capture (or other event of a hand).
            nobody = pgettext("no side made it", "Nobody")
            for value, event in f.events:
                choices = [("", nobody), *((str(u), n) for u, n in enumerate(units))]
                inputs.append(
                    Input(_name(key, value), say(event), "radio", v(_name(key, value)), choices)
                )
        elif isinstance(f, TricksField):
            for n in range(f.max_tricks):
                inputs.append(
                    Input(
                        _name(key, n),
                        gettext("Trick %(number)s") % {"number": n + 1},
                        "text",
                        v(_name(key, n)),
                        attrs={
                            "placeholder": gettext("e.g. 1:7H 2:KS 3:9C"),
                            "autocapitalize": "characters",
                            "autocomplete": "off",
                            "data-trick": str(n),
                        },
                    )
                )
            extra = _pad(seats, f.plays_per_trick or seating.players, pack, tricks)
        elif isinstance(f, CountsField) and f.per_seat:
            for p, seat in enumerate(seats):
                inputs.append(
                    Input(
                        _name(key, p),
                        seat,
                        "number",
                        v(_name(key, p)),
                        attrs={"inputmode": "numeric"},
                    )
                )
        elif (typed := _typed(f, fields)) is not None:
            widget, attrs, help_text = typed
            if isinstance(f, PlaysField):
                # One trick, entered on the trick family's pad like a deal's tricks.
                attrs = {**attrs, "autocomplete": "off", "data-trick": "0"}
                extra = _pad(seats, f.most or seating.players, pack, tricks)
            inputs.append(
                Input(_name(key), label, widget, v(_name(key)), attrs=attrs, help=help_text)
            )
        out.append(Block(key, f.kind, label, say(f.help) if f.help else "", inputs, extra=extra))
    return out


CARDS_TYPED = {"autocapitalize": "characters"}


def _pad(
    seats: Sequence[str], per_trick: int, pack: Pack, tricks: TricksField | None
) -> dict[str, Any]:
    """What the trick pad reads (``widgets/tricks.html``'s data attributes): the players'
    names in seat order, how many plays make a trick, whether a turn may be a pass, and the
    cards it offers."""
    passes = bool(tricks and tricks.passes)
    return {
        "seats_json": json.dumps(list(seats)),
        "names": list(seats),
        "per_trick": per_trick,
        "players": len(seats),
        "passes": passes,
        "turns_json": json.dumps({"passes": passes}),
        "pack_json": trick_pack_data(pack, tricks),
    }


def _lower_first(text: str) -> str:
    """``Points held`` → ``points held`` (a label said after a name and a colon); a word
    written in capitals (a card, ``KH``) is left as it is."""
    if len(text) > 1 and text[1].isupper():
        return text
    return text[:1].lower() + text[1:]


def _typed(f: InputField, fields: Fields = ()) -> tuple[str, dict[str, str], str] | None:
    """The one typed input of a desk-only kind (plays, melds, lay-offs, counts, flags, rows):
    its widget, attributes (a placeholder showing the form) and help, or ``None``. ``fields``:
    the question's others (a list of yes-or-no names the field it goes beside)."""
    if isinstance(f, PlaysField):
        return (
            "text",
            {"placeholder": gettext("e.g. 1:7H 2:KS 3:9C"), **CARDS_TYPED},
            gettext("Each play as seat:cards, in order (1:7H+7S for two cards)."),
        )
    if isinstance(f, MeldsField):
        return (
            "textarea",
            {"placeholder": "7H 8H 9H\nKS KH KD", **CARDS_TYPED},
            gettext("One meld a line."),
        )
    if isinstance(f, LayoffsField):
        return (
            "textarea",
            {"placeholder": "10H > 7H 8H 9H", **CARDS_TYPED},
            gettext("One lay-off a line: the cards, then > and the meld they go onto."),
        )
    if isinstance(f, CountsField):
        return (
            "text",
            {"placeholder": gettext("e.g. 3 9")},
            gettext("Whole numbers, separated by spaces."),
        )
    if isinstance(f, FlagsField):
        beside = next((other for other in fields if other.key == f.beside), None)
        return (
            "text",
            {"placeholder": gettext("e.g. yes no")},
            # Translators: the help of a list of yes-or-no answers, one for each entry of
            # another field of the form, named by its label in quotes.
            gettext("yes or no for each entry of “%(field)s”, in order.")
            % {"field": say(beside.label) if beside is not None else f.beside},
        )
    if isinstance(f, RowsField):
        return (
            "textarea",
            {"placeholder": "5 4 0\n6 2 1"},
            gettext("One hand a line: a whole number for each seat.")
            if f.width == "seats"
            else gettext("One hand a line: a whole number for each side."),
        )
    return None


def _toggle(name: str, value: str, f: PerSeatField) -> list[BoundWidget]:
    """A seat's choice between the field's entries, drawn by Django's radio widget exactly as
    the deal form draws its own (``widgets/hand.html``); the first entry when none is chosen,
    so that one input shows at a time."""
    keys = [e.key for e in f.entries]
    widget = forms.RadioSelect(choices=[(e.key, say(e.label)) for e in f.entries])
    chosen = value if value in keys else keys[0]
    renderer = get_default_renderer()
    return [
        BoundWidget(widget, option, renderer)
        for option in widget.subwidgets(name, chosen, {"id": f"id_{name}"})
    ]


def _cards_input(f: CardsField, name: str, label: str, value: str, slug: str) -> Input:
    attrs = {"autocapitalize": "characters", "autocomplete": "off"}
    if f.widget == "picker":
        # Translators: a placeholder showing how cards are typed (the notation stays as it is).
        attrs |= {"data-card-input": slug, "placeholder": gettext("e.g. AS 10H JK")}
    else:
        # Translators: a placeholder: a grid's cards are typed row by row.
        attrs |= {"placeholder": pgettext("typing a grid's cards", "row by row")}
    return Input(name, label, "grid" if f.widget == "grid" else "text", value, attrs=attrs)


WAY = PREFIX + "_way"


def way_chosen(ways: tuple[Way, ...], values: Mapping[str, str]) -> Way | None:
    """The way of giving the input chosen (the first when none is)."""
    if not ways:
        return None
    key = str(values.get(WAY, ""))
    return next((w for w in ways if w.key == key), ways[0])


def decode(
    fields: Fields, values: Mapping[str, str], *, seating: Seating, ways: tuple[Way, ...] = ()
) -> dict[str, Any]:
    """What was typed, as the question's JSON; empty inputs are left out, and so are the
    fields of the ways not chosen."""
    data: dict[str, Any] = {}
    way = way_chosen(ways, values)
    others = {k for w in ways if w is not way for k in w.fields}

    def v(name: str) -> str:
        return str(values.get(name, "")).strip()

    for f in fields:
        key = f.key
        if key in others:
            continue
        if isinstance(f, SeatField | SideField):
            if v(_name(key)):
                data[key] = _whole(v(_name(key)))
            elif f.optional and _name(key) in values:
                data[key] = None
        elif isinstance(f, FlagField):
            if v(_name(key)).lower() in YES:
                data[key] = True
        elif isinstance(f, CountField):
            if v(_name(key)):
                data[key] = _whole(v(_name(key)))
        elif isinstance(f, CardsField):
            if v(_name(key)):
                data[key] = _cards_text(v(_name(key)))
        elif isinstance(f, PerSeatField):
            entries = []
            for p in range(seating.players):
                how = v(_name(key, "how", p))
                filled = [
                    e.key
                    for e in f.entries
                    if not isinstance(e, FlagField) and v(_name(key, e.key, p))
                ]
                if how and how not in {e.key for e in f.entries}:
                    how = ""
                chosen = f.entry(how) if how else None
                if chosen is None or (not isinstance(chosen, FlagField) and how not in filled):
                    if len(filled) == 1:
                        how = filled[0]
                    elif chosen is None and len(f.entries) == 1:
                        how = f.entries[0].key
                if not how:
                    continue
                entry = f.entry(how)
                if isinstance(entry, FlagField):
                    entries.append({"seat": p, how: True})
                elif v(_name(key, how, p)):
                    raw = v(_name(key, how, p))
                    value: Any = _cards_text(raw) if isinstance(entry, CardsField) else _whole(raw)
                    entries.append({"seat": p, how: value})
            if entries:
                data[key] = entries
        elif isinstance(f, PerSideField):
            counts = [v(_name(key, u)) for u in range(len(seating.units))]
            if any(counts):
                data[key] = [_whole(c) if c else 0 for c in counts]
        elif isinstance(f, EventsField):
            events = [
                {"event": value, "side": _whole(v(_name(key, value)))}
                for value, _ in f.events
                if v(_name(key, value))
            ]
            if events:
                data[key] = events
        elif isinstance(f, TricksField):
            tricks = [
                {"plays": plays_from_text(v(_name(key, n)))}
                for n in range(f.max_tricks)
                if v(_name(key, n))
            ]
            if tricks:
                data[key] = tricks
        elif isinstance(f, PlaysField):
            if v(_name(key)):
                data[key] = plays_from_text(v(_name(key)))
        elif isinstance(f, MeldsField):
            melds = [_cards_text(line) for line in v(_name(key)).splitlines() if line.strip()]
            if melds:
                data[key] = melds
        elif isinstance(f, LayoffsField):
            layoffs = []
            for line in v(_name(key)).splitlines():
                if line.strip():
                    cards, _, onto = line.partition(">")
                    layoffs.append({"cards": _cards_text(cards), "onto": _cards_text(onto)})
            if layoffs:
                data[key] = layoffs
        elif isinstance(f, CountsField) and f.per_seat:
            counts = [v(_name(key, p)) for p in range(seating.players)]
            if any(counts):
                data[key] = [_whole(c) for c in counts]
        elif isinstance(f, CountsField):
            if v(_name(key)):
                data[key] = [_whole(t) for t in re.split(r"[\s,;]+", v(_name(key))) if t]
        elif isinstance(f, FlagsField):
            if v(_name(key)):
                data[key] = [_flag_word(t) for t in re.split(r"[\s,;]+", v(_name(key))) if t]
        elif isinstance(f, RowsField):
            rows = [
                [_whole(t) for t in re.split(r"[\s,;]+", line.strip()) if t]
                for line in v(_name(key)).splitlines()
                if line.strip()
            ]
            if rows:
                data[key] = rows
    return data


def _plays_text(plays: Any) -> str:
    return " ".join(
        f"{p['seat'] + 1}:{'+'.join(str(p['cards']).split())}"
        for p in plays
        if isinstance(p, Mapping) and isinstance(p.get("seat"), int)
    )


def encode(
    fields: Fields, data: Mapping[str, Any], *, seating: Seating, ways: tuple[Way, ...] = ()
) -> dict[str, str]:
    """A question's JSON as the form's inputs (the inverse of :func:`decode`)."""
    out: dict[str, str] = {}
    for way in ways:
        if any(k in data for k in way.fields):
            out[WAY] = way.key
            break
    for f in fields:
        key = f.key
        if key not in data:
            continue
        value = data[key]
        if isinstance(f, SeatField | SideField):
            out[_name(key)] = "" if value is None else str(value)
        elif isinstance(f, FlagField):
            if value:
                out[_name(key)] = "on"
        elif isinstance(f, CountField | CardsField):
            out[_name(key)] = str(value)
        elif isinstance(f, PerSeatField):
            for entry in value:
                p = entry["seat"]
                how = next(e.key for e in f.entries if e.key in entry)
                out[_name(key, "how", p)] = how
                if not isinstance(f.entry(how), FlagField):
                    out[_name(key, how, p)] = str(entry[how])
        elif isinstance(f, PerSideField):
            for u, count in enumerate(value):
                out[_name(key, u)] = str(count)
        elif isinstance(f, EventsField):
            for event in value:
                out[_name(key, event["event"])] = str(event["side"])
        elif isinstance(f, TricksField):
            for n, trick in enumerate(value):
                out[_name(key, n)] = _plays_text(trick["plays"])
        elif isinstance(f, PlaysField):
            out[_name(key)] = _plays_text(value)
        elif isinstance(f, MeldsField):
            out[_name(key)] = "\n".join(value)
        elif isinstance(f, LayoffsField):
            out[_name(key)] = "\n".join(f"{lo['cards']} > {lo['onto']}" for lo in value)
        elif isinstance(f, CountsField) and f.per_seat:
            for p, count in enumerate(value):
                out[_name(key, p)] = str(count)
        elif isinstance(f, CountsField):
            out[_name(key)] = " ".join(map(str, value))
        elif isinstance(f, FlagsField):
            out[_name(key)] = " ".join("yes" if b else "no" for b in value)
        elif isinstance(f, RowsField):
            out[_name(key)] = "\n".join(" ".join(map(str, row)) for row in value)
    return out


def pack_data(pack: Pack) -> str:
    """The game's pack for the card picker: each card and how many copies (JSON)."""
    return json.dumps([[str(card), copies] for card, copies in pack.copies.items()])
