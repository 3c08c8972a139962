"""The club pages' forms. They only parse; ``scorekeeper.clubs.services`` decides."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy, ngettext_lazy, pgettext_lazy

from scorekeeper import limits
from scorekeeper.clubs.services import INVITE_DAYS, INVITE_DEFAULT_DAYS
from scorekeeper.models import Club, Membership, Player
from scorekeeper.pages.forms import EngineErrorsMixin, NightForm

MOST_ID = 2**31 - 1


def _id() -> forms.IntegerField:
    """A row's id, travelling hidden in its form."""
    return forms.IntegerField(min_value=1, max_value=MOST_ID, widget=forms.HiddenInput)


def _in_range(day: datetime.date) -> None:
    problem = limits.date_problem(day)
    if problem is not None:
        raise forms.ValidationError(problem, code="date_out_of_range")


def _date_field(label: Any, *, required: bool = True) -> forms.DateField:
    return forms.DateField(
        label=label,
        required=required,
        validators=[_in_range],
        widget=forms.DateInput(
            attrs={"type": "date", "min": limits.FIRST_DAY, "max": limits.LAST_DAY},
            format="%Y-%m-%d",
        ),
    )


class ClubForm(EngineErrorsMixin, forms.Form):
    name = forms.CharField(
        label=gettext_lazy("The club's name"),
        max_length=limits.CLUB_NAME,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )


class InviteForm(EngineErrorsMixin, forms.Form):
    days = forms.TypedChoiceField(
        label=gettext_lazy("The link works for"),
        coerce=int,
        initial=INVITE_DEFAULT_DAYS,
        choices=[
            (days, ngettext_lazy("%(count)d day", "%(count)d days", "count") % {"count": days})
            for days in INVITE_DAYS
        ],
    )


class MemberForm(EngineErrorsMixin, forms.Form):
    """A member, named by their account's id (a hidden field of their row)."""

    user = _id()


class RoleForm(MemberForm):
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Membership.Role.choices)


class InviteStopForm(EngineErrorsMixin, forms.Form):
    invite = _id()


class PlayerAddForm(EngineErrorsMixin, forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=limits.NAME,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "words",
                # Translators: the placeholder of the box where a player's name is typed.
                "placeholder": gettext_lazy("Name"),
            }
        ),
    )


class PlayerPickForm(EngineErrorsMixin, forms.Form):
    """A player of the roster, from their row (claim, unlink)."""

    player = _id()


class ClaimAnswerForm(EngineErrorsMixin, forms.Form):
    claim = _id()
    confirmed = forms.TypedChoiceField(
        choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1", widget=forms.HiddenInput
    )


class MergeForm(EngineErrorsMixin, forms.Form):
    """Two players of the roster: ``merged`` is read as ``into`` from then on."""

    merged = forms.ModelChoiceField(
        label=gettext_lazy("This player"), queryset=Player.objects.none(), empty_label=None
    )
    into = forms.ModelChoiceField(
        label=gettext_lazy("is the same person as"),
        queryset=Player.objects.none(),
        empty_label=None,
    )

    def __init__(self, *args: Any, roster: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("merged", "into"):
            self.fields[name].queryset = roster  # type: ignore[attr-defined]
        if not self.is_bound:  # two different players to start from
            first_two = list(roster.values_list("pk", flat=True)[:2])
            self.initial.setdefault("into", first_two[-1] if first_two else None)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("merged") and data.get("merged") == data.get("into"):
            self.add_error("into", gettext_lazy("Choose two different players."))
        return data


class UnmergeForm(EngineErrorsMixin, forms.Form):
    merge = _id()


class SeasonForm(EngineErrorsMixin, forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=limits.SEASON_NAME)
    starts = _date_field(pgettext_lazy("a season", "Starts"), required=False)
    ends = _date_field(pgettext_lazy("a season", "Ends"))


class SeasonEndForm(EngineErrorsMixin, forms.Form):
    season = _id()


class NightsChoiceForm(EngineErrorsMixin, forms.Form):
    """Moving in, step one: which of one's own nights."""

    nights = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Your nights"),
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": gettext_lazy("Choose the nights to move in.")},
    )

    def __init__(self, *args: Any, nights: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["nights"].choices = [(n.pk, str(n)) for n in nights]  # type: ignore[attr-defined]


MINE = ""  # "Whose night": the person's own, in no club


class WhoseNightForm(NightForm):
    """The home page's night form for someone who records in clubs: whose night it is, theirs
    or one of those clubs' (``clubs``: the clubs they record in)."""

    field_order = ["club", "date", "place", "notes", "confirmations"]

    club = forms.ChoiceField(label=gettext_lazy("Whose night"), required=False)

    def __init__(self, *args: Any, clubs: Sequence[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clubs = {str(club.pk): club for club in clubs}
        field = self.fields["club"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [
            (MINE, gettext_lazy("Mine")),
            *((k, c.name) for k, c in self.clubs.items()),
        ]
        self.order_fields(self.field_order)

    def clean_club(self) -> Club | None:
        return self.clubs.get(self.cleaned_data.get("club") or MINE)
