"""Page forms that record one deal, one per game family.

Each turns its fields into the game's raw deal record (the same JSON the API takes), and back
again for amending. They hold no rules: the adjudicator validates what they build, and its
refusals come back to the field they concern (``add_engine_error``).
"""

from __future__ import annotations

import re
import uuid
from typing import Any, ClassVar

from django import forms
from django.urls import reverse

from adjudicator.errors import AdjudicationError
from adjudicator.games import get_game
from adjudicator.grids.lines import MAX_SCORE
from scorekeeper.exceptions import ServiceError
from scorekeeper.forms import EngineErrorsMixin
from scorekeeper.models import Seat
from scorekeeper.selectors import GRID_SHAPES, grid_preview

# Ids fit a signed 64-bit column; anything larger is refused before it reaches a query (SQLite
# raises OverflowError past 2**63). No game comes near a hundred thousand deals.
MAX_ID = 2**63 - 1
MAX_DEALS = 100_000

_HAND_FIELD = re.compile(r"^(?:hands|grids)\[(\d+)\](?:\.(\w+))?")


class VoidForm(forms.Form):
    """Withdraw a deal: the revision the page showed (so a stale page is refused) and why."""

    revision = forms.IntegerField(required=False, min_value=1, max_value=MAX_ID)
    note = forms.CharField(max_length=200, required=False)


class DealForm(EngineErrorsMixin, forms.Form):
    """Common parts: the seats, a token that makes a double tap record once, and a note."""

    template_name: ClassVar[str]
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
        label="Why the change",
        widget=forms.TextInput(attrs={"placeholder": "e.g. Tom miscounted"}),
    )

    def __init__(self, *args: Any, seats: tuple[Seat, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        if not self.is_bound and "token" not in self.initial:
            self.initial["token"] = uuid.uuid4()
        # Which seat each entry of the raw record's list is about, filled by to_data().
        self._listed_seats: list[int] = []

    @classmethod
    def from_data(cls, data: dict[str, Any], **kwargs: Any) -> DealForm:
        raise NotImplementedError

    def to_data(self) -> dict[str, Any]:
        raise NotImplementedError

    def add_engine_error(self, err: AdjudicationError | ServiceError) -> None:
        match = _HAND_FIELD.match(err.field or "")
        if match and int(match.group(1)) < len(self._listed_seats):
            seat = self._listed_seats[int(match.group(1))]
            key = {"held": "held", "cards": "cards", "total": "total"}.get(match.group(2) or "")
            field = f"{key or self.seat_error_field}_{seat}"
            if field in self.fields:
                self.add_error(field, err.message)
                return
        super().add_engine_error(err)

    seat_error_field = "how"


class BridgeRummyDealForm(DealForm):
    """Who went out, hand rummy or not, and for each other player what they held."""

    template_name = "scorekeeper/deal_forms/bridge_rummy.html"
    engine_fields = {"went_out": "went_out", "hand_rummy": "hand_rummy", "hands": "went_out"}
    HOW = (("held", "Held count"), ("cards", "Cards"), ("not_down", "Never went down"))

    def __init__(self, *args: Any, seats: tuple[Seat, ...], **kwargs: Any) -> None:
        super().__init__(*args, seats=seats, **kwargs)
        self.fields["went_out"] = forms.TypedChoiceField(
            choices=[(s.position, s.player.name) for s in seats],
            coerce=int,
            widget=forms.RadioSelect,
            label="Who went out?",
            error_messages={"required": "Tap the player who went out."},
        )
        self.fields["hand_rummy"] = forms.BooleanField(required=False, label="Hand rummy")
        for seat in seats:
            p = seat.position
            # Most losers went down and just say a count: start each row there.
            self.initial.setdefault(f"how_{p}", "held")
            self.fields[f"how_{p}"] = forms.ChoiceField(
                choices=self.HOW, widget=forms.RadioSelect, required=False, label=seat.player.name
            )
            self.fields[f"held_{p}"] = forms.IntegerField(
                required=False,
                min_value=0,
                label="Points held",
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "points"}),
            )
            self.fields[f"cards_{p}"] = forms.CharField(
                required=False,
                max_length=120,
                label="Cards held",
                widget=forms.TextInput(
                    attrs={
                        "placeholder": "e.g. AS 10H JK",
                        "autocapitalize": "characters",
                        "autocomplete": "off",
                        "data-card-input": "bridge-rummy",
                    }
                ),
            )

    def seat_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": seat,
                "how": self[f"how_{seat.position}"],
                "held": self[f"held_{seat.position}"],
                "cards": self[f"cards_{seat.position}"],
            }
            for seat in self.seats
        ]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        went_out = cleaned.get("went_out")
        for seat in self.seats:
            p = seat.position
            if p == went_out:
                continue
            how = cleaned.get(f"how_{p}") or self._guess_how(cleaned, p)
            if how is None:
                self.add_error(
                    f"how_{p}",
                    f"Say what {seat.player.name} held: a count, the cards, or never went down.",
                )
            elif how == "held" and cleaned.get(f"held_{p}") is None:
                self.add_error(f"held_{p}", f"Enter the points {seat.player.name} held.")
            elif how == "cards" and not cleaned.get(f"cards_{p}"):
                self.add_error(f"cards_{p}", f"Pick the cards {seat.player.name} held.")
            cleaned[f"how_{p}"] = how
        return cleaned

    @staticmethod
    def _guess_how(cleaned: dict[str, Any], p: int) -> str | None:
        # Without scripts the radio may be left alone: what was filled in says which it is.
        if cleaned.get(f"cards_{p}"):
            return "cards"
        if cleaned.get(f"held_{p}") is not None:
            return "held"
        return None

    def to_data(self) -> dict[str, Any]:
        cleaned = self.cleaned_data
        went_out = cleaned["went_out"]
        hands: list[dict[str, Any]] = []
        self._listed_seats = []
        for seat in self.seats:
            p = seat.position
            if p == went_out:
                continue
            how = cleaned[f"how_{p}"]
            if how == "not_down":
                hands.append({"seat": p, "not_down": True})
            elif how == "cards":
                hands.append({"seat": p, "cards": cleaned[f"cards_{p}"]})
            else:
                hands.append({"seat": p, "held": cleaned[f"held_{p}"]})
            self._listed_seats.append(p)
        return {"went_out": went_out, "hand_rummy": bool(cleaned["hand_rummy"]), "hands": hands}

    @classmethod
    def from_data(cls, data: dict[str, Any], **kwargs: Any) -> DealForm:
        initial: dict[str, Any] = {
            "went_out": data["went_out"],
            "hand_rummy": data.get("hand_rummy", False),
        }
        for hand in data["hands"]:
            p = hand["seat"]
            if hand.get("not_down"):
                initial[f"how_{p}"] = "not_down"
            elif "cards" in hand:
                initial[f"how_{p}"], initial[f"cards_{p}"] = "cards", hand["cards"]
            else:
                initial[f"how_{p}"], initial[f"held_{p}"] = "held", hand["held"]
        return cls(initial=initial, **kwargs)


class GridDealForm(DealForm):
    """Brummy and Brummagem: who knocked, and each player's grid (or only their total)."""

    template_name = "scorekeeper/deal_forms/grid.html"
    engine_fields = {"knocked": "knocked", "grids": "knocked"}
    seat_error_field = "cards"

    def __init__(self, *args: Any, seats: tuple[Seat, ...], **kwargs: Any) -> None:
        super().__init__(*args, seats=seats, **kwargs)
        game = seats[0].game
        definition = get_game(game.slug)
        options = definition.options(game.options)
        self.shape = GRID_SHAPES[game.slug]
        self.copies = 2 if definition.pack(options, len(seats)).has_duplicates else 1
        score_url = reverse("grid_score", args=[game.pk])
        self.best_url = reverse("best_grid", args=[game.pk])
        self.fields["knocked"] = forms.TypedChoiceField(
            choices=[("", "Nobody"), *((s.position, s.player.name) for s in seats)],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
            label="Who knocked?",
        )
        self.initial.setdefault("knocked", "")
        for seat in seats:
            p = seat.position
            self.fields[f"cards_{p}"] = forms.CharField(
                required=False,
                max_length=80,
                label="Grid, row by row",
                widget=forms.TextInput(
                    attrs={
                        "placeholder": "e.g. AS 2S 3S KH KD KC 9C 10D JH",
                        "autocapitalize": "characters",
                        "autocomplete": "off",
                        "hx-get": score_url,
                        "hx-trigger": "change, keyup changed delay:400ms",
                        "hx-target": f"#grid-score-{p}",
                        "hx-vals": f'{{"seat": "{p}"}}',
                        "hx-sync": "this:replace",
                    }
                ),
            )
            self.fields[f"total_{p}"] = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=MAX_SCORE[self.shape],
                label="or only the total",
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )

    def seat_rows(self) -> list[dict[str, Any]]:
        rows = []
        for seat in self.seats:
            p = seat.position
            cards = self[f"cards_{p}"]
            rows.append(
                {
                    "seat": seat,
                    "cards": cards,
                    "total": self[f"total_{p}"],
                    "preview": grid_preview(seat.game, str(cards.value() or "")),
                }
            )
        return rows

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for seat in self.seats:
            p = seat.position
            cards = " ".join(str(cleaned.get(f"cards_{p}") or "").split())
            total = cleaned.get(f"total_{p}")
            if cards and total is not None:
                self.add_error(f"total_{p}", "Give the grid or only the total, not both.")
            elif not cards and total is None:
                self.add_error(
                    f"cards_{p}", f"Enter {seat.player.name}'s grid, or only their total."
                )
            cleaned[f"cards_{p}"] = cards
        return cleaned

    def to_data(self) -> dict[str, Any]:
        grids: list[dict[str, Any]] = []
        self._listed_seats = []
        for seat in self.seats:
            p = seat.position
            cards = self.cleaned_data[f"cards_{p}"]
            if cards:
                grids.append({"seat": p, "cards": cards})
            else:
                grids.append({"seat": p, "total": self.cleaned_data[f"total_{p}"]})
            self._listed_seats.append(p)
        return {"knocked": self.cleaned_data["knocked"], "grids": grids}

    @classmethod
    def from_data(cls, data: dict[str, Any], **kwargs: Any) -> DealForm:
        knocked = data.get("knocked")
        initial: dict[str, Any] = {"knocked": "" if knocked is None else knocked}
        for entry in data["grids"]:
            key = "cards" if "cards" in entry else "total"
            initial[f"{key}_{entry['seat']}"] = entry[key]
        return cls(initial=initial, **kwargs)


DEAL_FORMS: dict[str, type[DealForm]] = {
    "bridge-rummy": BridgeRummyDealForm,
    "brummy": GridDealForm,
    "brummagem": GridDealForm,
}


def deal_form_for(slug: str) -> type[DealForm]:
    return DEAL_FORMS[slug]
