"""A hand entered on the phone as a person would, every tap counted.

Shared by the browser tests (which hold each flow to its tap budget) and ``bench/taps.py``
(which prints the taps of a hand of every game, each way it is recorded). Everything is read
from the game's record description and the form's field names (``scorekeeper/pages/deal_forms.py``);
no game is named here.

What counts as a tap: a tap on a card, a choice, a player, a switch, a number box (the keys
typed into it are the phone's keyboard, not taps) and the Record button. A choice the form
already starts on costs nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from playwright.sync_api import Locator, Page, expect

from adjudicator.errors import AdjudicationError
from adjudicator.records import (
    CardsField,
    CountField,
    EventsField,
    FlagField,
    PerSeatField,
    PerSideField,
    Record,
    SeatField,
    SideField,
    TricksField,
)


class Thumb:
    """Taps on the page, counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, target: Locator) -> None:
        target.click()
        self.taps += 1

    def type_in(self, field: Locator, text: str) -> None:
        """A tap on the field, then the phone's keyboard (keys are not taps)."""
        self.tap(field)
        self.page.keyboard.type(text)

    def choose(self, radio: Locator) -> None:
        """Tap a choice, unless the form already starts on it."""
        if not radio.is_checked():
            self.tap(radio)

    # The trick pad ---------------------------------------------------------------------------

    @property
    def pad(self) -> Locator:
        return self.page.locator(".trick-pad")

    def on_turn(self) -> tuple[str | None, bool]:
        """The player the pad has marked, and whether their next card adds to their play."""
        marked = self.pad.locator(".trick-seats button[aria-pressed=true]")
        name = marked.inner_text() if marked.count() else None
        return name, self.pad.get_attribute("data-add") == "1"

    def seat(self, name: str) -> None:
        self.tap(self.pad.locator(".trick-seats").get_by_role("button", name=name, exact=True))

    def card(self, card: str) -> None:
        self.tap(self.pad.locator(f'.trick-cards button[data-card="{card}"]'))

    def play(self, name: str, cards: list[str]) -> None:
        """A player's play: their name tapped only when the pad has someone else marked."""
        for k, card in enumerate(cards):
            marked, adding = self.on_turn()
            if marked != name or (k > 0 and not adding):
                self.seat(name)
            self.card(card)


def record_form(page: Page) -> Locator:
    return page.locator("#record [data-record-form]")


def choose_dealer(thumb: Thumb, dealer: int | None) -> None:
    """Name the dealer unless the pad already expects the one who dealt."""
    expected = thumb.page.locator("[data-tricks]").get_attribute("data-dealer")
    if dealer is not None and str(dealer) != expected:
        thumb.tap(thumb.page.locator(f'.choose-dealer input[name="dealer"][value="{dealer}"]'))


def may_pass(page: Page) -> bool:
    """Whether the pad takes a turn with no cards (its data says so, from the game)."""
    return '"passes": true' in (page.locator("[data-tricks]").get_attribute("data-turns") or "")


def play_tricks(
    thumb: Thumb,
    tricks: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    after: Callable[[int], None] | None = None,
) -> None:
    """Play a hand on the trick pad, trick by trick, waiting for each trick's verdict (then
    ``after(n)``, for a test's checks)."""
    page = thumb.page
    passes = may_pass(page)
    for number, trick in enumerate(tricks, start=1):
        plays = trick["plays"]
        for i, play in enumerate(plays):
            cards = play["cards"].split()
            if cards:
                thumb.play(names[play["seat"]], cards)
            elif all(not p["cards"] for p in plays[i:]) and i > 0 and passes:
                thumb.tap(thumb.pad.locator('button[data-play="all-pass"]'))
                break
            elif not passes or i + 1 == len(plays):
                marked, _ = thumb.on_turn()
                if marked != names[play["seat"]]:
                    thumb.seat(names[play["seat"]])
                thumb.tap(thumb.pad.locator('button[data-play="pass"]'))
            # else: a pass before a later play, told by tapping that player (Thumb.play)
        verdict = page.locator(f'.verdict[data-n="{number}"]')
        expect(verdict).to_have_attribute("data-winner-seat", re.compile(r"\d"), timeout=10_000)
        if after is not None:
            after(number)


def trick_budget(tricks: Sequence[Mapping[str, Any]], passes: bool) -> int:
    """The cards played plus 3; where a turn may be a pass, each run of passes within a trick
    is one more tap (a pass is a turn the pad cannot guess)."""
    cards = sum(len(p["cards"].split()) for t in tricks for p in t["plays"])
    runs = 0
    if passes:
        for trick in tricks:
            before = True
            for play in trick["plays"]:
                if not play["cards"] and before:
                    runs += 1
                before = bool(play["cards"])
    return cards + runs + 3


# The deal form, field by field ---------------------------------------------------------------


def pick_cards(thumb: Thumb, where: Locator, cards: str) -> None:
    """Cards on the card picker or a grid: the whole pack shows, so a card is one tap (a grid
    fills its cells in order)."""
    for card in cards.split():
        thumb.tap(where.locator(f'.picker-pack button[data-card="{card}"]').first)


def _per_seat(thumb: Thumb, field: PerSeatField, entries: Sequence[Mapping[str, Any]]) -> None:
    form = record_form(thumb.page)
    for entry in entries:
        seat = entry["seat"]
        key, value = next((k, v) for k, v in entry.items() if k != "seat")
        row = form.locator(f'fieldset.hand[data-seat="{seat}"]')
        how = row.locator(f'input[name="how_{seat}"][value="{key}"]')
        if how.count():
            thumb.choose(how)
        kind = field.entry(key)
        if isinstance(kind, CardsField):
            pick_cards(thumb, row, str(value))
        elif isinstance(kind, FlagField):
            if not how.count() and value:  # a switch of its own, not one of the row's choices
                thumb.tap(row.locator(f'input[name="{key}_{seat}"]'))
        else:
            thumb.type_in(row.locator(f'input[name="{key}_{seat}"]'), str(value))


def enter_field(thumb: Thumb, field: Any, value: Any, names: Sequence[str]) -> None:
    """One field of a record, from the value the API would take for it."""
    form = record_form(thumb.page)
    if value is None:
        return
    if isinstance(field, SeatField | SideField):
        thumb.choose(form.locator(f'input[name="{field.key}"][value="{value}"]'))
    elif isinstance(field, FlagField):
        if value:
            thumb.tap(form.locator(f'input[name="{field.key}"]'))
    elif isinstance(field, CountField):
        thumb.type_in(form.locator(f'input[name="{field.key}"]'), str(value))
    elif isinstance(field, CardsField):
        block = form.locator(".block", has=thumb.page.locator(f'[name="{field.key}"]'))
        pick_cards(thumb, block, value)
    elif isinstance(field, PerSeatField):
        _per_seat(thumb, field, value)
    elif isinstance(field, PerSideField):
        for unit, count in enumerate(value):
            thumb.type_in(form.locator(f'input[name="{field.key}_{unit}"]'), str(count))
    elif isinstance(field, EventsField):
        for event in value:
            thumb.choose(
                form.locator(f'input[name="{field.key}_{event["event"]}"][value="{event["side"]}"]')
            )
    elif isinstance(field, TricksField):
        play_tricks(thumb, value, names)


def enter_deal(
    thumb: Thumb, record: Record, way: str | None, data: Mapping[str, Any], names: Sequence[str]
) -> None:
    """A whole deal through the form: its way of recording (if the form does not start on it),
    then each field the deal gives, the dealer first so the pad starts on the right player."""
    form = record_form(thumb.page)
    if way is not None:
        thumb.choose(form.locator(f'input[name="way"][value="{way}"]'))
    fields = {f.key: f for f in record.fields}
    tricks = [k for k in data if isinstance(fields.get(k), TricksField)]
    for key, value in data.items():
        if key in tricks:
            continue
        if key == "dealer" and tricks:
            choose_dealer(thumb, value)
        else:
            enter_field(thumb, fields[key], value, names)
    for key in tricks:
        play_tricks(thumb, data[key], names)


def record_hand(
    page: Page,
    game: Any,
    way: Any,
    deal: Mapping[str, Any],
    names: Sequence[str],
    shot: Callable[[str], None] | None = None,
) -> tuple[int, int]:
    """Enter ``deal`` on the game's open page as a person would (``way``: the record's way, or
    ``None``) and tap Record: the taps it took, and its budget. ``shot`` photographs the page
    before and during."""
    record = game.record(game.options(), len(names))
    thumb = Thumb(page)
    passes = page.locator("[data-tricks]").count() > 0 and may_pass(page)
    if shot:
        shot("1-before")
    enter_deal(thumb, record, way.key if way is not None else None, deal, names)
    if shot:
        shot("2-during")
    thumb.tap(record_form(page).locator("button[type=submit].primary"))
    return thumb.taps, budget(record, way, dict(deal), len(names), passes)


# Which hand of a game, at which table, and what it may cost ----------------------------------


def table_size(game: Any) -> int:
    """A usual table for the game: four where it plays at four, else its largest."""
    sizes = game.table_sizes()
    return 4 if 4 in sizes else sizes[-1]


def sample_for(game: Any, players: int, way: Any) -> tuple[int, dict[str, Any]] | None:
    """The game's first sample deal recorded ``way`` (any, for a record of one way)."""
    options = game.options()
    for number in range(1, 60):
        deal = game.sample_deal(players=players, options=options, number=number)
        if way is None or _recorded_way(game, players, way, deal):
            return number, deal
    return None


def one_from_the_end(
    game: Any, players: int, way: Any
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Sample deals that leave the game one deal from its end, and a sample deal recorded
    ``way`` (any, for ``None``) that then ends it."""
    options = game.options()
    before: list[dict[str, Any]] = []
    parsed: list[Any] = []
    for number in range(1, 400):
        deal = game.sample_deal(players=players, options=options, number=number)
        try:
            read = game.parse_deal(deal, players=players, options=options)
            tally = game.tally([*parsed, read], players=players, options=options)
        except AdjudicationError:
            continue  # not a deal that can follow these (Crummy Rummy's final round, say)
        if not tally.finished:
            before.append(deal)
            parsed.append(read)
        elif way is None or _recorded_way(game, players, way, deal):
            return before, deal
    raise AssertionError(f"{game.name} has no sample deal that ends a game")


def _recorded_way(game: Any, players: int, way: Any, deal: Mapping[str, Any]) -> bool:
    return set(deal) <= set(way.fields) | _shared(game, players) and any(
        key in deal for key in way.fields
    )


def _shared(game: Any, players: int) -> set[str]:
    """Fields every way of the record takes (those no way names)."""
    record = game.record(game.options(), players)
    in_ways = {key for way in record.ways for key in way.fields}
    return {f.key for f in record.fields} - in_ways


def budget(record: Any, way: Any, deal: dict[str, Any], players: int, passes: bool) -> int:
    """Issue 18's budget for a hand: trick by trick, the cards played plus 3 (and one a run
    of passes); on the card picker or a grid, the cards picked plus one a player plus 2;
    otherwise one tap a value given, the way and Record."""
    fields = {f.key: f for f in record.fields}
    tricks = [deal[k] for k in deal if isinstance(fields.get(k), TricksField)]
    if tricks:
        return trick_budget(tricks[0], passes)
    cards = 0
    picked = False
    for key, value in deal.items():
        field = fields[key]
        if isinstance(field, CardsField) and value:
            cards, picked = cards + len(str(value).split()), True
        elif isinstance(field, PerSeatField):
            for entry in value:
                (kind,) = [k for k in entry if k != "seat"]
                if isinstance(field.entry(kind), CardsField):
                    cards, picked = cards + len(str(entry[kind]).split()), True
    if picked:
        return cards + players + 2
    # One tap a value given: a list (a count per side, each event) gives one a member.
    given = sum(
        len(value) if isinstance(value, list) else 1
        for value in deal.values()
        if value not in (None, [], False)
    )
    return given + (1 if way is not None else 0) + 1
