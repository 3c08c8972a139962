"""A game as its ledger replays: each deal's results, the tally, whose turn it is."""

from __future__ import annotations

from typing import Any, cast

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scorekeeper.api import shapes
from scorekeeper.api.game_schemas import (
    by_game_union,
    detail_component,
)
from scorekeeper.api.serializers.fields import PointsField, SaidField


@extend_schema_field(
    by_game_union(detail_component, "The game's own figures behind the points (its `Detail…`).")
)
class DetailField(serializers.DictField):
    """A unit's detail in a deal, as its game declares it, with ``game`` (the answer's
    serializer names it in its context: :class:`StandingsOut`)."""

    def to_representation(self, value: Any) -> dict[str, Any]:
        slug = self.context.get("game_slug")
        return shapes.with_game(slug, value) if slug else dict(value)


class PaymentOut(serializers.Serializer[Any]):
    """In a settlement game: one player paying another."""

    payer = serializers.CharField()
    payee = serializers.CharField()
    amount = PointsField()
    text = serializers.CharField(help_text="The payment in words, e.g. 'Bob pays Ann 23'.")


class UnitResultOut(serializers.Serializer[Any]):
    """What one scoring unit (a player, or a side) scored in one deal, and the working."""

    unit = serializers.IntegerField(source="seat", help_text="The unit's place in `units`.")
    name = serializers.CharField()
    points = PointsField()
    star = serializers.BooleanField(help_text="Whether the deal earned this unit a mark.")
    explanation = serializers.ListField(
        child=serializers.CharField(),
        help_text="The working, line by line, with names, in the language asked "
        "(Accept-Language; English by default).",
    )
    said = SaidField(
        source="explanation_messages",
        help_text="The same working as data, line by line, to render in any language.",
    )
    detail = DetailField(help_text="The game's own figures behind the points.")


class DealStandingOut(serializers.Serializer[Any]):
    deal = serializers.IntegerField(source="key", help_text="The deal's id, for amending it.")
    revision = serializers.IntegerField(
        source="current.pk",
        help_text="The deal's latest entry: what an amend, a void or a confirmation is made "
        'against (`revision`, or `If-Match: "<revision>"`).',
    )
    number = serializers.IntegerField(
        help_text="The deal's number at the table: deals keep their numbers when one is voided."
    )
    summary = serializers.CharField()
    results = UnitResultOut(source="named_results", many=True)
    totals = serializers.ListField(
        source="result.totals", child=PointsField(), help_text="Totals after it."
    )
    payments = PaymentOut(
        many=True, help_text="Settlement games: who paid whom in this deal (else empty)."
    )
    confirmed_by = serializers.CharField(
        allow_null=True,
        help_text="Who confirmed the deal as it stands (a night that asks for confirmations).",
    )
    confirmers = serializers.SerializerMethodField(
        help_text="Seats (from 0) that may confirm it, while it waits; empty otherwise."
    )

    def get_confirmers(self, history: Any) -> list[int]:
        return [] if history.confirmed is not None else [seat for seat, _ in history.confirmers]


class MarkCountOut(serializers.Serializer[Any]):
    key = serializers.CharField(help_text="The mark, e.g. stars.")
    count = serializers.IntegerField()
    text = serializers.CharField(help_text="The mark's symbol, once per mark earned.")
    meaning = serializers.CharField()


class UnitOut(serializers.Serializer[Any]):
    """One column of the tally: a player, or a side of partners."""

    unit = serializers.IntegerField()
    name = serializers.CharField(help_text="The player, or the players of a side.")
    seats = serializers.ListField(child=serializers.IntegerField(), help_text="Seats, from 0.")
    total = PointsField(help_text="In a settlement game, the unit's net.")
    marks = MarkCountOut(many=True, help_text="Marks earned so far (only those earned).")
    leader = serializers.BooleanField()
    winner = serializers.BooleanField()


class LedgerProblemOut(serializers.Serializer[Any]):
    deal = serializers.IntegerField(source="key", help_text="The deal's id, to amend or void.")
    number = serializers.IntegerField(help_text="The deal's number at the table.")
    message = serializers.CharField(help_text="Why the deal cannot be counted.")
    fix = serializers.CharField(help_text="What would fix it.")


class EndRuleOut(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(
        choices=["fixed_deals", "target", "exact_target", "open"],
        help_text="open: no end of its own; the table plays hands and settles as it goes.",
    )
    deals = serializers.IntegerField(required=False, help_text="fixed_deals: how many.")
    points = serializers.IntegerField(required=False, help_text="target and exact_target.")


class NextTurnOut(serializers.Serializer[Any]):
    """Whose deal the next one is and who plays first (the game's rotation, or the last
    dealer a record named)."""

    number = serializers.IntegerField()
    dealer = serializers.CharField()
    leader = serializers.CharField()
    dealer_seat = serializers.IntegerField(help_text="From 0.")
    leader_seat = serializers.IntegerField(help_text="From 0.")
    recorded = serializers.BooleanField(help_text="Anchored on a dealer a deal's record named.")
    text = serializers.CharField()


class StandingsOut(serializers.Serializer[Any]):
    """A game as its ledger replays: read from :class:`scorekeeper.standings.scoreboard.Standings`."""

    def to_representation(self, instance: Any) -> Any:
        # The root's context (a dict): each deal's figures name their game from it.
        cast(dict[str, Any], self.context)["game_slug"] = instance.game.slug
        return super().to_representation(instance)

    game = serializers.IntegerField(source="game.pk")
    status = serializers.CharField(source="name_status")
    finished = serializers.BooleanField(
        help_text="The game is over: by its own rule or the table's end, and, where the game "
        "asks for confirmations, with every deal that waits confirmed."
    )
    ended = serializers.BooleanField(
        help_text="The table ended this game (one with no end of its own): POST or DELETE /end/."
    )
    can_end = serializers.BooleanField(
        help_text="The game has no end of its own, has a deal, and the table has not ended it."
    )
    asks_confirmation = serializers.BooleanField(
        help_text="This game asks the other side to confirm each deal recorded from now on: "
        "its night's setting when the game began, or when the night's owner last changed it "
        "(the ledger keeps a `setting` entry there). Deals recorded before it count as they are."
    )
    unconfirmed = serializers.SerializerMethodField(
        help_text="The numbers of the deals that wait for the other side's confirmation."
    )
    lower_is_better = serializers.BooleanField(source="tally.lower_is_better")
    end = EndRuleOut(source="end_rule")
    winners = serializers.ListField(source="winner_names", child=serializers.CharField())
    leaders = serializers.ListField(source="leader_names", child=serializers.CharField())
    units = UnitOut(source="rows", many=True)
    settles = serializers.BooleanField(
        help_text="Points are money changing hands: totals are nets and sum to zero."
    )
    settlement = PaymentOut(
        many=True, help_text="Settlement games: who pays whom to square the totals so far."
    )
    deals = DealStandingOut(source="counted", many=True)
    next_number = serializers.IntegerField(
        help_text="The number the next recorded deal will carry (send it as `number`)."
    )
    next_turn = NextTurnOut(allow_null=True, help_text="Null once the game is over.")
    problems = LedgerProblemOut(
        many=True, help_text="Deals left out of the totals because they cannot be counted."
    )
    notes = serializers.ListField(child=serializers.CharField())

    def get_unconfirmed(self, standings: Any) -> list[int]:
        return [h.number for h in standings.unconfirmed]


class LatestResultOut(serializers.Serializer[Any]):
    name = serializers.CharField(help_text="The player, or the players of a side.")
    points = PointsField(allow_null=True, help_text="Null where the deal scored nothing.")


class LatestDealOut(serializers.Serializer[Any]):
    """The deal another phone recorded meanwhile (scorekeeper.games.services._latest_deal)."""

    deal = serializers.IntegerField(help_text="The deal's id.")
    number = serializers.IntegerField()
    recorded_by = serializers.CharField()
    recorded_at = serializers.DateTimeField()
    results = LatestResultOut(many=True)
