"""The one page form that records a deal of any game, built from the game's record description.

A game describes what the table writes down (:mod:`adjudicator.records`); this form offers it
field by field, turns what was entered into the same JSON the API takes, and back again for
amending. It holds no rules: the adjudicator validates what it builds, and every refusal comes
back to the field it concerns by its path and seats (``add_engine_error``), never by reading the
sentence.

Field names, for a record's fields by kind:

============  ==========================================================================
seat, side    ``<key>`` (a radio; ``""`` for nobody when optional)
flag, count   ``<key>``
cards         ``<key>``
per_seat      ``how_<seat>`` (which alternative) and ``<alternative>_<seat>`` for its value
per_side      ``<key>_<unit>``
events        ``<key>_<event>`` (the side that earned it, or nobody)
tricks        ``<key>_<n>``: the plays of trick n in order, as ``seat:cards`` (``2:7H+7S``)
============  ==========================================================================

A record has at most one per-seat field (checked for every game by a system check).
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from adjudicator.cards import Pack, format_cards
from adjudicator.errors import AdjudicationError
from adjudicator.game import Game as GameDefinition
from adjudicator.games import MAX_TABLE
from adjudicator.grids.lines import ROW_LENGTH, SIZES, Shape
from adjudicator.records import (
    MOST_POINTS,
    CardsField,
    CountField,
    EventsField,
    FlagField,
    PerSeatField,
    PerSideField,
    Record,
    SeatField,
    Seating,
    SideField,
    TricksField,
    parse_record,
    said_of,
)
from adjudicator.said import Naming
from adjudicator.said import seat as seat_ref
from scorekeeper.exceptions import ServiceError
from scorekeeper.languages.speaking import names_said, say
from scorekeeper.ledger.reading import game_asking
from scorekeeper.models import Game, Seat
from scorekeeper.pages import previews
from scorekeeper.pages.forms import EngineErrorsMixin

# Ids fit a signed 64-bit column; anything larger is refused before it reaches a query (SQLite
# raises OverflowError past 2**63). No game comes near a hundred thousand deals.
MAX_ID = 2**63 - 1
MAX_DEALS = 100_000

# The question above the ways of recording a deal, a whole sentence for each game's word for a
# deal (``Game.deal_word``).
HOW_TO_RECORD = {
    "deal": gettext_lazy("How do you record this deal?"),
    "hand": gettext_lazy("How do you record this hand?"),
    "round": gettext_lazy("How do you record this round?"),
}


def lowered(text: str) -> str:
    """A label said mid-sentence: its first letter lowered (``Held count`` → ``held count``;
    a card's notation further on is left as it is)."""
    return text[:1].lower() + text[1:]


class VoidForm(forms.Form):
    """Withdraw a deal: the revision the page showed (so a stale page is refused) and why."""

    revision = forms.IntegerField(min_value=1, max_value=MAX_ID)
    note = forms.CharField(max_length=200, required=False)


class ConfirmForm(forms.Form):
    """The other side confirms a deal: who (their seat) and the revision the page showed (so a
    deal amended meanwhile is looked at again)."""

    seat = forms.IntegerField(min_value=0, max_value=MAX_TABLE - 1)
    revision = forms.IntegerField(min_value=1, max_value=MAX_ID)


@dataclass(frozen=True)
class Block:
    """One field of the record as the template lays it out: its description and its inputs,
    and its label and help said in the language spoken."""

    field: Any
    kind: str
    bound: dict[str, Any]
    rows: list[dict[str, Any]]
    label: str = ""
    help: str = ""


class DealForm(EngineErrorsMixin, forms.Form):
    """A deal of ``game``, its fields made from the game's record description."""

    token = forms.UUIDField(widget=forms.HiddenInput, required=False)
    revision = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=MAX_ID
    )
    # The deal number this phone means to record: refused if another phone recorded it first.
    number = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=MAX_DEALS
    )
    note = forms.CharField(
        max_length=200,
        required=False,
        label=gettext_lazy("Why the change"),
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("e.g. Tom miscounted")}),
    )

    def __init__(
        self,
        *args: Any,
        game: Game,
        seats: tuple[Seat, ...],
        asks: bool | None = None,
        **kwargs: Any,
    ) -> None:
        """``asks``: whether the game asks for confirmations now, where the caller has read it
        (its standings); otherwise the form asks the game's ledger."""
        super().__init__(*args, **kwargs)
        self.game = game
        self.seats = tuple(sorted(seats, key=lambda s: s.position))
        self.definition: GameDefinition[Any, Any] = game_definition(game)
        self.options = self.definition.options(game.options)
        players = len(self.seats)
        self.seating: Seating = self.definition.seating(players, self.options)
        self.record: Record = self.definition.record(self.options, players)
        self.pack: Pack = self.definition.pack(self.options, players)
        self.naming = Naming(tuple(s.player.name for s in self.seats), self.seating.sides)
        self.units = tuple(
            names_said([self.naming.seat(s) for s in members]) for members in self.seating.units
        )
        if not self.is_bound and "token" not in self.initial:
            self.initial["token"] = uuid.uuid4()
        if self.record.ways:
            self.fields["way"] = forms.ChoiceField(
                choices=[(w.key, self.said(w.label)) for w in self.record.ways],
                widget=forms.RadioSelect,
                label=HOW_TO_RECORD.get(self.definition.deal_word, HOW_TO_RECORD["deal"]),
                required=False,
            )
            self.initial.setdefault("way", self.record.ways[0].key)
        for f in self.record.fields:
            self._add(f)
        if game_asking(game).now if asks is None else asks:
            # The other side confirms each deal: who records it says which side that is.
            self.fields["recorder"] = forms.TypedChoiceField(
                choices=self._seat_choices(),
                coerce=int,
                widget=forms.RadioSelect,
                label=gettext("Who is recording?"),
                error_messages={
                    "required": gettext(
                        "Say who is recording: a player of another side confirms it."
                    )
                },
            )

    @property
    def recorder_seat(self) -> int | None:
        """The seat recording the deal, where the night asks for confirmations."""
        return self.cleaned_data.get("recorder") if "recorder" in self.fields else None

    # --- building the fields -------------------------------------------------------------------

    def said(self, text: str) -> str:
        """The engine's label, help or choice in the language spoken, with the players' names
        (``""`` stays ``""``)."""
        return say(text, self.naming) if text else ""

    def _seat_choices(self) -> list[tuple[int, str]]:
        return [(s.position, s.player.name) for s in self.seats]

    def _add(self, f: Any) -> None:
        if isinstance(f, SeatField | SideField):
            choices: list[tuple[Any, str]] = (
                self._seat_choices() if isinstance(f, SeatField) else list(enumerate(self.units))
            )
            if f.optional:
                choices = [("", self.said(f.none_label)), *choices]
                self.initial.setdefault(f.key, "")
            self.fields[f.key] = forms.TypedChoiceField(
                choices=choices,
                coerce=int,
                empty_value=None,
                required=False,
                widget=forms.RadioSelect,
                label=self.said(f.label),
                help_text=self.said(f.help),
            )
        elif isinstance(f, FlagField):
            self.fields[f.key] = forms.BooleanField(
                required=False, label=self.said(f.label), help_text=self.said(f.help)
            )
        elif isinstance(f, CountField):
            self.fields[f.key] = self._count(f)
        elif isinstance(f, CardsField):
            self.fields[f.key] = self._cards(f)
        elif isinstance(f, PerSeatField):
            for seat in self.seats:
                p = seat.position
                if len(f.entries) > 1:
                    self.initial.setdefault(f"how_{p}", f.entries[0].key)
                    self.fields[f"how_{p}"] = forms.ChoiceField(
                        choices=[(e.key, self.said(e.label)) for e in f.entries],
                        widget=forms.RadioSelect,
                        required=False,
                        label=seat.player.name,
                    )
                for entry in f.entries:
                    if isinstance(entry, CountField):
                        # How much a seat may hold is a rule: the adjudicator refuses it with
                        # the rule's reason, so the form only asks for a whole number.
                        self.fields[f"{entry.key}_{p}"] = self._count(
                            entry,
                            bounded=False,
                            label=self._seat_label(seat.player.name, entry),
                        )
                    elif isinstance(entry, CardsField):
                        self.fields[f"{entry.key}_{p}"] = self._cards(
                            entry, seat=p, label=self._seat_label(seat.player.name, entry)
                        )
        elif isinstance(f, PerSideField):
            for unit, name in enumerate(self.units):
                self.fields[f"{f.key}_{unit}"] = self._count(f.entry, label=name)
        elif isinstance(f, EventsField):
            for value, label in f.events:
                self.fields[f"{f.key}_{value}"] = forms.TypedChoiceField(
                    choices=[("", gettext("Nobody")), *enumerate(self.units)],
                    coerce=int,
                    empty_value=None,
                    required=False,
                    widget=forms.RadioSelect,
                    label=self.said(label),
                )
                self.initial.setdefault(f"{f.key}_{value}", "")
        elif isinstance(f, TricksField):
            for n in range(f.max_tricks):
                self.fields[f"{f.key}_{n}"] = forms.CharField(
                    required=False,
                    max_length=200,
                    label=gettext("Trick %(number)s") % {"number": n + 1},
                    widget=forms.TextInput(
                        attrs={
                            "autocomplete": "off",
                            "autocapitalize": "characters",
                            "placeholder": gettext("e.g. %(plays)s")
                            % {"plays": "1:7H 2:KS 3:9C 4:AD"},
                            "data-trick": str(n),
                        }
                    ),
                )

    def _seat_label(self, name: str, entry: CountField | CardsField) -> str:
        """One seat's input of a per-seat entry: "Tom's held count"."""
        # Translators: the label of one player's input in the deal form; entry is what is
        # entered, said mid-sentence ("held count", "grid, row by row").
        return gettext("%(name)s's %(entry)s") % {
            "name": name,
            "entry": lowered(self.said(entry.label)),
        }

    def _count(
        self, f: CountField, *, label: str | None = None, bounded: bool = True
    ) -> forms.IntegerField:
        return forms.IntegerField(
            required=False,
            min_value=f.minimum if bounded else -MOST_POINTS,
            max_value=f.maximum if bounded else MOST_POINTS,
            label=label or self.said(f.label),
            help_text=self.said(f.help),
            widget=forms.NumberInput(
                # Translators: the placeholder of a box for a number of points.
                attrs={"inputmode": "numeric", "placeholder": gettext("points")}
            ),
        )

    def _cards(
        self, f: CardsField, *, seat: int | None = None, label: str | None = None
    ) -> forms.CharField:
        attrs = {
            "placeholder": gettext("e.g. %(cards)s") % {"cards": "AS 10H JK"}
            if f.widget == "picker"
            # Translators: the placeholder of a grid's cards typed as text, one row after another.
            else gettext("row by row"),
            "autocapitalize": "characters",
            "autocomplete": "off",
        }
        if f.widget == "picker":
            attrs["data-card-input"] = self.definition.slug
        elif seat is not None:
            # The grid widget scores the lines as they fill (htmx; the grid family's preview).
            attrs |= {
                "hx-get": reverse("grid_score", args=[self.game.pk]),
                "hx-trigger": "change, keyup changed delay:400ms",
                "hx-target": f"#grid-score-{seat}",
                "hx-vals": json.dumps({"seat": str(seat)}),
                "hx-sync": "this:replace",
            }
        return forms.CharField(
            required=False,
            max_length=8 * f.max_cards + 40,
            label=label or self.said(f.label),
            widget=forms.TextInput(attrs=attrs),
        )

    # --- what the template lays out ------------------------------------------------------------

    def blocks(self) -> list[Block]:
        """The record's fields in order, each with its bound inputs, for the template."""
        out = []
        for f in self.record.fields:
            bound: dict[str, Any] = {}
            rows: list[dict[str, Any]] = []
            if isinstance(f, SeatField | SideField | FlagField | CountField | CardsField):
                bound["input"] = self[f.key]
            elif isinstance(f, PerSeatField):
                for seat in self.seats:
                    p = seat.position
                    rows.append(
                        {
                            "seat": seat,
                            "how": self[f"how_{p}"] if f"how_{p}" in self.fields else None,
                            "entries": [self._entry(e, p) for e in f.entries],
                        }
                    )
            elif isinstance(f, PerSideField):
                rows = [{"input": self[f"{f.key}_{u}"]} for u in range(len(self.units))]
            elif isinstance(f, EventsField):
                rows = [{"input": self[f"{f.key}_{value}"]} for value, _ in f.events]
            elif isinstance(f, TricksField):
                rows = [{"input": self[f"{f.key}_{n}"], "n": n} for n in range(f.max_tricks)]
            out.append(Block(f, f.kind, bound, rows, self.said(f.label), self.said(f.help)))
        return out

    def _entry(self, entry: Any, p: int) -> dict[str, Any]:
        name = f"{entry.key}_{p}"
        item: dict[str, Any] = {
            "entry": entry,
            "kind": entry.kind,
            "input": self[name] if name in self.fields else None,
        }
        if isinstance(entry, CardsField) and entry.widget == "grid":
            # The grid family's widget shows the lines scored so far, from the server.
            item["preview"] = previews.grid_preview(self.game, str(self[name].value() or ""))
            # The grid's layout, from the grid family: the widget draws that many cells a row.
            shape = cast(Shape, entry.shape)
            item["columns"] = ROW_LENGTH[shape]
            item["size"] = SIZES[shape]
        return item

    def refusals(self) -> list[dict[str, str]]:
        """Every problem of a refused deal in the page's order, each with the id of the input
        it is about (``""`` for the deal as a whole): said again beside the Record button."""
        out = [{"anchor": "", "message": str(m)} for m in self.non_field_errors()]
        for name, field in self.fields.items():
            if name not in self.errors:
                continue
            anchor = "" if field.widget.is_hidden else self[name].auto_id or ""
            if anchor and isinstance(field.widget, forms.RadioSelect):
                anchor += "_0"  # the group's first choice (radios are laid out one by one)
            out += [{"anchor": anchor, "message": str(m)} for m in self.errors[name]]
        return out

    def way_of(self, key: str) -> str | None:
        """The way a field belongs to (for showing only the fields of the way chosen)."""
        return next((w.key for w in self.record.ways if key in w.fields), None)

    @property
    def trick_verdicts(self) -> dict[str, Any] | None:
        """The tricks entered so far, judged (the trick family's widget shows them)."""
        f = next((f for f in self.record.fields if isinstance(f, TricksField)), None)
        if f is None:
            return None
        texts = [str(self[f"{f.key}_{n}"].value() or "") for n in range(f.max_tricks)]
        dealer = self["dealer"].value() if "dealer" in self.fields else None
        tricks = [plays_from_text(text) for text in texts]
        return previews.trick_verdicts(self.game, tricks, _seat_number(dealer))

    @property
    def turns_data(self) -> str:
        """Whose turn it is, as the game describes it, for the trick pad (JSON): who leads
        the first trick after each dealer, which way play goes, whether followers match a lead
        of several cards, whether a turn may be a pass, and the cards that keep the lead."""
        f = next((f for f in self.record.fields if isinstance(f, TricksField)), None)
        players = len(self.seats)
        return json.dumps(
            {
                "leaders": [
                    self.definition.leader(d, self.seating, self.options) for d in range(players)
                ],
                "direction": self.definition.play_passes,
                "matched": bool(f and f.matched),
                "passes": bool(f and f.passes),
                "keeps": list(f.keeps_lead) if f else [],
            }
        )

    @property
    def pack_data(self) -> str:
        """The game's pack for the card picker: each card and how many copies (JSON)."""
        return json.dumps([[str(card), copies] for card, copies in self.pack.copies.items()])

    @property
    def trick_pack_data(self) -> str:
        """The cards the trick pad offers (JSON, as :attr:`pack_data`): the pack less the cards
        the game never plays to a trick."""
        f = next((f for f in self.record.fields if isinstance(f, TricksField)), None)
        return trick_pack_data(self.pack, f)

    # --- checking and converting ---------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        """What the form can see for itself, every problem at once; the rules are the
        adjudicator's."""
        cleaned = super().clean() or {}
        for f in self.record.fields:
            if (
                isinstance(f, SeatField | SideField)
                and not f.optional
                and self._in_way(f.key, cleaned)
                and cleaned.get(f.key) is None
                and f.key not in self.errors
            ):
                self.add_error(
                    f.key, gettext("%(question)s Tap one.") % {"question": self.said(f.label)}
                )
        per_seat = next((f for f in self.record.fields if isinstance(f, PerSeatField)), None)
        if per_seat is not None and self._in_way(per_seat.key, cleaned):
            skipped = cleaned.get(per_seat.skip) if per_seat.skip else None
            for seat in self.seats:
                p = seat.position
                if p == skipped:
                    continue
                how = cleaned.get(f"how_{p}")
                chosen = per_seat.entry(how) if how else None
                if chosen is None or (
                    not isinstance(chosen, FlagField) and cleaned.get(f"{how}_{p}") in (None, "")
                ):
                    # The choice left as it was, another input filled in (or no scripts to
                    # switch the choice): what was entered says which it is.
                    how = self._guess_how(per_seat, cleaned, p) or how
                entry = per_seat.entry(how) if how else None
                if entry is None:
                    self.add_error(
                        f"how_{p}" if f"how_{p}" in self.fields else None,
                        self.said(said_of(per_seat.prompt, seat_ref(p))),
                    )
                elif (
                    not isinstance(entry, FlagField)
                    and cleaned.get(f"{how}_{p}") in (None, "")
                    and f"{how}_{p}" not in self.errors
                ):
                    self.add_error(
                        f"{how}_{p}",
                        # Translators: entry is what to enter, said mid-sentence ("held count").
                        gettext("Enter %(name)s's %(entry)s.")
                        % {"name": seat.player.name, "entry": lowered(self.said(entry.label))},
                    )
                cleaned[f"how_{p}"] = how
        return cleaned

    @property
    def per_seat_skip(self) -> str:
        """The seat field whose seat has no per-seat entry (who went out), or ``""``."""
        f = next((f for f in self.record.fields if isinstance(f, PerSeatField)), None)
        return (f.skip or "") if f is not None else ""

    def empty_seats(self) -> list[str]:
        """The players whose per-seat row was left with nothing entered, in seat order (the
        deal form warns before sending, and the page says it when the form comes back)."""
        f = next((f for f in self.record.fields if isinstance(f, PerSeatField)), None)
        if f is None or not self.is_bound:
            return []
        way = self.data.get("way") or (self.record.ways[0].key if self.record.ways else None)
        if self.way_of(f.key) not in (None, way):
            return []
        skipped = str(self.data.get(f.skip, "")) if f.skip else ""
        empty = []
        for seat in self.seats:
            p = seat.position
            if str(p) == skipped:
                continue
            how = str(self.data.get(f"how_{p}", ""))
            chosen = next((e for e in f.entries if e.key == how), None)
            if isinstance(chosen, FlagField):
                continue
            if any(
                str(self.data.get(f"{e.key}_{p}", "")).strip()
                for e in f.entries
                if not isinstance(e, FlagField)
            ):
                continue
            empty.append(seat.player.name)
        return empty

    def _in_way(self, key: str, cleaned: dict[str, Any]) -> bool:
        way = self.way_of(key)
        return way is None or (cleaned.get("way") or self.record.ways[0].key) == way

    @staticmethod
    def _guess_how(f: PerSeatField, cleaned: dict[str, Any], p: int) -> str | None:
        # Without scripts the radio may be left alone: what was filled in says which it is.
        filled = [
            e.key
            for e in f.entries
            if not isinstance(e, FlagField) and cleaned.get(f"{e.key}_{p}") not in (None, "")
        ]
        if len(filled) == 1:
            return filled[0]
        if not filled and len(f.entries) == 1 and isinstance(f.entries[0], FlagField):
            return f.entries[0].key
        return None

    def to_data(self) -> dict[str, Any]:
        """The deal as the API's JSON (the adjudicator checks it)."""
        cleaned = self.cleaned_data
        data: dict[str, Any] = {}
        for f in self.record.fields:
            if not self._in_way(f.key, cleaned):
                continue
            if isinstance(f, SeatField | SideField):
                data[f.key] = cleaned.get(f.key)
                if data[f.key] is None and not f.optional:
                    data.pop(f.key)
            elif isinstance(f, FlagField):
                data[f.key] = bool(cleaned.get(f.key))
            elif isinstance(f, CountField | CardsField):
                value = cleaned.get(f.key)
                if value not in (None, ""):
                    data[f.key] = (
                        " ".join(str(value).split()) if isinstance(f, CardsField) else value
                    )
            elif isinstance(f, PerSeatField):
                skipped = cleaned.get(f.skip) if f.skip else None
                entries: list[dict[str, Any]] = []
                for seat in self.seats:
                    p = seat.position
                    how = cleaned.get(f"how_{p}")
                    if p == skipped or not how:
                        continue
                    entry = f.entry(how)
                    if isinstance(entry, FlagField):
                        entries.append({"seat": p, how: True})
                    elif isinstance(entry, CardsField):
                        entries.append(
                            {"seat": p, how: " ".join(str(cleaned[f"{how}_{p}"]).split())}
                        )
                    else:
                        entries.append({"seat": p, how: cleaned[f"{how}_{p}"]})
                data[f.key] = entries
            elif isinstance(f, PerSideField):
                data[f.key] = [cleaned.get(f"{f.key}_{u}") or 0 for u in range(len(self.units))]
            elif isinstance(f, EventsField):
                data[f.key] = [
                    {"event": value, "side": cleaned[f"{f.key}_{value}"]}
                    for value, _ in f.events
                    if cleaned.get(f"{f.key}_{value}") is not None
                ]
            elif isinstance(f, TricksField):
                data[f.key] = [
                    {"plays": plays_from_text(cleaned[f"{f.key}_{n}"])}
                    for n in range(f.max_tricks)
                    if cleaned.get(f"{f.key}_{n}")
                ]
        return data

    def remember(self, earlier: list[dict[str, Any]]) -> None:
        """Start on the choices the table last made: the way of recording and each seat's kind
        of entry, from ``earlier`` deals' records (newest first). Kept in the ledger, so every
        phone at the table starts the same way; a record this form cannot read is passed over."""
        wanted = {"way"} if self.record.ways else set()
        per_seat = next((f for f in self.record.fields if isinstance(f, PerSeatField)), None)
        if per_seat is not None and len(per_seat.entries) > 1:
            wanted |= {f"how_{seat.position}" for seat in self.seats}
        for data in earlier:
            if not wanted:
                return
            if "way" in wanted:
                try:
                    way = self.record.way_of(data)
                except AdjudicationError:
                    way = None
                if way is not None:
                    self.initial["way"] = way.key
                    wanted.discard("way")
            entries = data.get(per_seat.key) if per_seat is not None else None
            if per_seat is None or not isinstance(entries, list):
                continue
            # A seat the deal skipped (who went out) has no entry: it is looked for further back.
            for entry in entries:
                if not isinstance(entry, dict):
                    continue
                how = next((e.key for e in per_seat.entries if e.key in entry), None)
                name = f"how_{entry.get('seat')}"
                if how is not None and name in wanted:
                    self.initial[name] = how
                    wanted.discard(name)

    @classmethod
    def from_data(cls, data: dict[str, Any], **kwargs: Any) -> DealForm:
        """A form filled in with a deal's JSON, for amending it."""
        form = cls(**kwargs)
        initial: dict[str, Any] = {}
        record = form.record
        # A record this form cannot show raises (the view says so and offers a blank form).
        parse_record(record, data, form.seating)
        if record.ways:
            way = record.way_of(data)
            assert way is not None
            initial["way"] = way.key
        for f in record.fields:
            if f.key not in data:
                continue
            value = data[f.key]
            if isinstance(f, SeatField | SideField):
                initial[f.key] = "" if value is None else value
            elif isinstance(f, FlagField | CountField | CardsField):
                initial[f.key] = value
            elif isinstance(f, PerSeatField):
                for entry in value:
                    p = entry["seat"]
                    how = next(e.key for e in f.entries if e.key in entry)
                    initial[f"how_{p}"] = how
                    if not isinstance(f.entry(how), FlagField):
                        initial[f"{how}_{p}"] = entry[how]
            elif isinstance(f, PerSideField):
                for unit, count in enumerate(value):
                    initial[f"{f.key}_{unit}"] = count
            elif isinstance(f, EventsField):
                for event in value:
                    initial[f"{f.key}_{event['event']}"] = event["side"]
            elif isinstance(f, TricksField):
                for n, trick in enumerate(value):
                    initial[f"{f.key}_{n}"] = " ".join(
                        f"{play['seat'] + 1}:{'+'.join(play['cards'].split())}"
                        for play in trick["plays"]
                    )
        form.initial.update(initial)
        return form

    def add_engine_error(self, err: AdjudicationError | ServiceError) -> None:
        """Show a refusal beside the input it is about, found from its path and seats."""
        name = self._field_for(err)
        message = (
            say(err.message, self.naming) if isinstance(err, AdjudicationError) else err.message
        )
        if name is not None and name in self.fields and not self.fields[name].widget.is_hidden:
            self.add_error(name, message)
        else:
            self.add_error(None, message)

    def _field_for(self, err: AdjudicationError | ServiceError) -> str | None:
        path = err.path if isinstance(err, AdjudicationError) else (err.field,) if err.field else ()
        seats = err.seats if isinstance(err, AdjudicationError) else ()
        if not path:
            return None
        key = path[0]
        f = next((f for f in self.record.fields if f.key == key), None)
        if f is None:
            return None
        if isinstance(f, PerSeatField):
            if seats:
                alternative = next(
                    (p for p in path[2:] if isinstance(p, str) and p != "seat"), None
                )
                if alternative is not None:
                    return f"{alternative}_{seats[0]}"
                return f"how_{seats[0]}" if f"how_{seats[0]}" in self.fields else None
            return None
        if isinstance(f, PerSideField) and len(path) > 1 and isinstance(path[1], int):
            return f"{f.key}_{path[1]}"
        if isinstance(f, TricksField) and len(path) > 1 and isinstance(path[1], int):
            return f"{f.key}_{path[1]}"
        if isinstance(f, EventsField):
            return None
        return f.key


def plays_from_text(text: str) -> list[dict[str, Any]]:
    """``"1:7H 2:KS+QD"`` as plays: seats counted from 1 on the page, from 0 in JSON.

    Anything that is not ``seat:cards`` is passed on as written, for the adjudicator to refuse
    with its reason.
    """
    plays: list[dict[str, Any]] = []
    seat: int | str
    for token in text.split():
        seat_text, _, cards = token.partition(":")
        seat = int(seat_text) - 1 if seat_text.isdecimal() and len(seat_text) < 3 else seat_text
        plays.append({"seat": seat, "cards": cards.replace("+", " ")})
    return plays


def trick_pack_data(pack: Pack, tricks: TricksField | None) -> str:
    """The cards a trick pad offers, each with its copies (JSON): the pack less the cards the
    game's description says are never played to a trick (``never_played``)."""
    never = set(tricks.never_played) if tricks is not None else set()
    return json.dumps(
        [[str(card), copies] for card, copies in pack.copies.items() if str(card) not in never]
    )


def game_definition(game: Game) -> GameDefinition[Any, Any]:
    from adjudicator.games import get_game

    return get_game(game.slug)


def format_plays(plays: list[tuple[int, Any]]) -> str:
    """The page's text for plays: ``1:7H 2:KS+QD``."""
    return " ".join(f"{seat + 1}:{'+'.join(format_cards(cards).split())}" for seat, cards in plays)


def _seat_number(value: object) -> int | None:
    text = str(value) if value is not None else ""
    return int(text) if text.isdecimal() and len(text) < 3 else None
