"""Page forms for nights, players and starting a game. They only parse; services decide."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.db.models import QuerySet
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from adjudicator.errors import AdjudicationError
from adjudicator.game import Game as GameDefinition
from scorekeeper import limits
from scorekeeper.access.usernames import lookalike_of
from scorekeeper.exceptions import ServiceError
from scorekeeper.house_rules.profile_selectors import choice_labels, option_doc, option_label
from scorekeeper.models import Player


class EngineErrorsMixin(forms.Form):
    """Show a refusal from the services or the rules engine next to the field it concerns."""

    engine_fields: dict[str, str] = {}

    def add_engine_error(self, err: AdjudicationError | ServiceError) -> None:
        field = self.engine_fields.get(err.field or "")
        if field is None and err.field in self.fields:
            field = err.field
        if field is not None and self.fields[field].widget.is_hidden:
            field = None  # a hidden field shows no errors: say it above the form
        self.add_error(field, err.message)


class SignupForm(UserCreationForm[Any]):
    def clean_username(self) -> str:
        """Refuse a name that looks like another account's ("alice" with a Cyrillic a)."""
        username: str | None = super().clean_username()
        if username and "username" not in self.errors and lookalike_of(username) is not None:
            raise forms.ValidationError(
                gettext(
                    "This name looks too much like an existing account's: choose one that "
                    "others cannot mistake for it."
                ),
                code="lookalike",
            )
        return username or ""


def _night_date(day: datetime.date) -> None:
    problem = limits.date_problem(day)
    if problem is not None:
        raise forms.ValidationError(problem, code="date_out_of_range")


class NightForm(EngineErrorsMixin, forms.Form):
    date = forms.DateField(
        label=gettext_lazy("Date"),
        initial=datetime.date.today,
        validators=[_night_date],
        widget=forms.DateInput(
            attrs={"type": "date", "min": limits.FIRST_DAY, "max": limits.LAST_DAY},
            format="%Y-%m-%d",
        ),
    )
    place = forms.CharField(
        label=pgettext_lazy("where a night is played", "Place"),
        max_length=limits.PLACE,
        required=False,
    )
    notes = forms.CharField(
        label=gettext_lazy("Notes"),
        max_length=limits.NOTES,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    confirmations = forms.BooleanField(
        required=False,
        label=gettext_lazy("The other side confirms each hand"),
        help_text=gettext_lazy(
            "A player of another side than the recorder confirms each hand, on their own "
            "phone or on the recorder's handed across; the game's end waits for every hand. You "
            "can turn it on or off later on the night's page: that changes only the hands "
            "recorded after, never a game already over."
        ),
    )


class NightSettingForm(forms.Form):
    """The owner turns the night's confirmations on or off."""

    confirmations = forms.TypedChoiceField(
        choices=[("1", gettext_lazy("on")), ("0", gettext_lazy("off"))], coerce=int
    )


class NightLanguageForm(forms.Form):
    """The owner chooses the table's language, or leaves each phone its own."""

    language = forms.ChoiceField(
        choices=[("", gettext_lazy("Each phone's own")), *settings.LANGUAGES],
        required=False,
        label=gettext_lazy("The table's language"),
        help_text=gettext_lazy("The big screen and the share cards speak it."),
    )


class PlayerForm(EngineErrorsMixin, forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=40,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "words",
                # Translators: the placeholder of the box where a player's name is typed.
                "placeholder": gettext_lazy("Name"),
            }
        ),
    )

    def keep_focus(self) -> None:
        """Focus the name input when shown: htmx 2 focuses ``[autofocus]`` in swapped content."""
        self.fields["name"].widget.attrs["autofocus"] = True


class RecorderForm(EngineErrorsMixin, forms.Form):
    username = forms.CharField(
        max_length=150,
        label=gettext_lazy("Account name"),
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "none",
                "placeholder": gettext_lazy("Account name"),
            }
        ),
    )


class TablePlayerForm(EngineErrorsMixin, forms.Form):
    """A player at the night's table, renamed (``name``) or taken off it (no name): the
    player's id travels hidden, from the row the person tapped."""

    player = forms.IntegerField(min_value=1, max_value=2**31 - 1, widget=forms.HiddenInput)
    name = forms.CharField(
        max_length=40,
        required=False,
        label=gettext_lazy("New name"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )


class RecorderRemoveForm(EngineErrorsMixin, forms.Form):
    """The owner's "Remove" next to a recorder: the account name travels hidden."""

    username = forms.CharField(max_length=150, widget=forms.HiddenInput)


def add_house_rule_fields(form: forms.Form, definition: GameDefinition[Any, Any]) -> None:
    """One field per house rule of ``definition`` (``option_<name>``), from its description:
    a checkbox, a bounded number or a choice, labelled, with its doc and ruling id as help."""
    engine_fields = getattr(form, "engine_fields", None)
    for info in definition.describe_options():
        name = f"option_{info.name}"
        label = option_label(info)
        help_text = option_doc(info) + (f" ({info.rule})" if info.rule else "")
        field: forms.Field
        if info.kind == "bool":
            field = forms.BooleanField(required=False, initial=info.default)
        elif info.kind == "int":
            field = forms.IntegerField(
                min_value=info.minimum, max_value=info.maximum, initial=info.default
            )
        else:
            # Choices travel as strings in a form; map each back to its typed value.
            typed = {str(choice): choice for choice in info.choices}
            field = forms.TypedChoiceField(
                choices=[(str(value), label) for value, label in choice_labels(info)],
                coerce=typed.__getitem__,
                initial=str(info.default),
            )
        field.label, field.help_text = label, help_text
        form.fields[name] = field
        if engine_fields is not None:
            engine_fields[f"options.{info.name}"] = name


class HouseRulesMixin(forms.Form):
    """What a form with house-rule fields offers its template and its view."""

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("option_")]

    def changed_options(self) -> int:
        """How many house rules differ from the rules as written (as the page now shows them)."""

        def changed(field: forms.BoundField) -> bool:
            try:
                return bool(field.field.to_python(field.value()) != field.field.initial)
            except forms.ValidationError:
                return True  # not a value at all: certainly not the rule as written

        return sum(1 for field in self.option_fields() if changed(field))

    def option_errors(self) -> bool:
        return any(field.errors for field in self.option_fields())

    @property
    def options(self) -> dict[str, Any]:
        return {
            name.removeprefix("option_"): value
            for name, value in self.cleaned_data.items()
            if name.startswith("option_")
        }


class GameStartForm(HouseRulesMixin, EngineErrorsMixin, forms.Form):
    """Seats in order (one select per seat) and the game's house rules.

    ``seated`` pre-fills the seats in order (ignored unless the game takes that many players);
    ``house_options`` pre-sets the house rules (a rematch keeps the rules of the game before).
    """

    engine_fields = {"players": "seat_0", "seats": "seat_0"}

    def __init__(
        self,
        *args: Any,
        definition: GameDefinition[Any, Any],
        players: QuerySet[Player],
        seated: Sequence[Player] = (),
        house_options: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        initial: dict[str, Any] = {}
        if len(seated) in definition.table_sizes():
            initial |= {f"seat_{position}": p.pk for position, p in enumerate(seated)}
        initial |= house_option_initial(house_options)
        kwargs["initial"] = initial | (kwargs.get("initial") or {})
        super().__init__(*args, **kwargs)
        self.definition = definition
        self.engine_fields = dict(self.engine_fields)
        for position in range(definition.max_players):
            self.fields[f"seat_{position}"] = forms.ModelChoiceField(
                queryset=players,
                required=position < definition.min_players,
                label=gettext("Seat %(number)s") % {"number": position + 1},
                empty_label="—",
            )
        add_house_rule_fields(self, definition)

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{p}"] for p in range(self.definition.max_players)]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        chosen = [
            cleaned.get(f"seat_{p}")
            for p in range(self.definition.max_players)
            if cleaned.get(f"seat_{p}")
        ]
        if len({p.pk for p in chosen if p}) != len(chosen):
            raise forms.ValidationError(gettext("A player can take only one seat."))
        return cleaned

    @property
    def players(self) -> list[Player]:
        return [
            self.cleaned_data[f"seat_{p}"]
            for p in range(self.definition.max_players)
            if self.cleaned_data.get(f"seat_{p}")
        ]


class HouseRulesForm(HouseRulesMixin, forms.Form):
    """Every house rule of a game as a field (the start form's): the dispute desk's house
    rules, and the base of a profile's form. ``house_options`` pre-sets them (a game's rules,
    a profile's, or the ``options`` JSON of a link)."""

    def __init__(
        self,
        *args: Any,
        definition: GameDefinition[Any, Any],
        house_options: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs["initial"] = house_option_initial(house_options) | (kwargs.get("initial") or {})
        super().__init__(*args, **kwargs)
        self.definition = definition
        add_house_rule_fields(self, definition)


class ProfileForm(EngineErrorsMixin, HouseRulesForm):
    """A house-rule profile: its name and the game's house rules (the same fields as starting a
    game). ``house_options`` pre-sets the rules (a profile being edited, or the start form's)."""

    name = forms.CharField(
        max_length=60,
        label=gettext_lazy("Name these house rules"),
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "words",
                # Translators: an example name of a table's house rules, with a name of your country.
                "placeholder": gettext_lazy("Nanni's rules"),
            }
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.engine_fields = {}  # its own, filled in with the rules' fields
        super().__init__(*args, **kwargs)


def house_option_initial(house_options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Initial values of the ``option_*`` fields for a set of house rules (choices as text)."""
    return {
        f"option_{name}": value if isinstance(value, bool | int) else str(value)
        for name, value in (house_options or {}).items()
    }
