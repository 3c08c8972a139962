"""A club: its members and their roles, invitations, its roster and who is who on it, merges,
seasons, and nights moved in."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from scorekeeper import limits
from scorekeeper.api.serializers.fields import BodyIn, JSONBooleanField, PointsField, id_field
from scorekeeper.api.serializers.nights import ClubRefOut, NightDateField
from scorekeeper.api.serializers.players import PlayerOut
from scorekeeper.clubs.services import INVITE_DAYS, INVITE_DEFAULT_DAYS
from scorekeeper.models import (
    Club,
    ClubInvite,
    Membership,
    Player,
    PlayerClaim,
    PlayerMerge,
    Season,
)

Role = Membership.Role
ROLE_HELP = (
    "organiser (runs the club: invites, removes, merges, seasons), recorder (records in every "
    "club night, adds players), or member (sees the club and its history)."
)


class ClubIn(BodyIn):
    name = serializers.CharField(max_length=limits.CLUB_NAME)


class ClubOut(serializers.ModelSerializer[Club]):
    role = serializers.ChoiceField(choices=Role.values, help_text=f"Your role: {ROLE_HELP}")
    members = serializers.IntegerField(source="n_members", help_text="Accounts in the club.")
    players = serializers.IntegerField(source="n_players", help_text="Players on its roster.")
    nights = serializers.IntegerField(source="n_nights", help_text="Nights that belong to it.")
    seasons = serializers.IntegerField(source="n_seasons", help_text="Seasons named.")

    class Meta:
        model = Club
        fields = ("id", "name", "role", "members", "players", "nights", "seasons", "created_at")


class MemberOut(serializers.ModelSerializer[Membership]):
    user = serializers.IntegerField(source="user_id", help_text="The account's id.")
    username = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=Role.values, help_text=ROLE_HELP)

    class Meta:
        model = Membership
        fields = ("user", "username", "role", "joined_at")


class MemberRoleIn(BodyIn):
    role = serializers.ChoiceField(choices=Role.values, help_text=ROLE_HELP)


class WholeChoiceField(serializers.ChoiceField):
    """One of whole-number choices, sent as JSON's number (DRF's also took "7")."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(data)


class InviteIn(BodyIn):
    days = WholeChoiceField(
        choices=list(INVITE_DAYS),
        required=False,
        default=INVITE_DEFAULT_DAYS,
        help_text=f"How many days the link works ({INVITE_DEFAULT_DAYS} when left out).",
    )


class InviteOut(serializers.ModelSerializer[ClubInvite]):
    created_by = serializers.CharField(source="created_by.username")

    class Meta:
        model = ClubInvite
        fields: tuple[str, ...] = ("id", "created_by", "created_at", "expires_at")


class InviteMadeOut(InviteOut):
    token = serializers.CharField(
        help_text="The invitation's token (for POST /api/v1/clubs/join/): shown this once, "
        "never stored."
    )
    url = serializers.URLField(help_text="The link to share (or show as a QR code): this once.")

    class Meta(InviteOut.Meta):
        fields: tuple[str, ...] = (*InviteOut.Meta.fields, "token", "url")


class ClubJoinIn(BodyIn):
    token = serializers.CharField(max_length=200)


class ClubJoinOut(serializers.Serializer[Any]):
    club = ClubRefOut()
    role = serializers.ChoiceField(choices=Role.values, help_text="Your role in the club.")
    joined = serializers.BooleanField(
        help_text="You joined now (false: you were a member already, and keep your role)."
    )


class ClubPlayerOut(serializers.ModelSerializer[Player]):
    person = serializers.CharField(
        source="person.username",
        allow_null=True,
        help_text="The account confirmed to be this player, or null.",
    )

    class Meta:
        model = Player
        fields = ("id", "name", "person")


class ClaimOut(serializers.ModelSerializer[PlayerClaim]):
    player = PlayerOut()
    username = serializers.CharField(source="user.username", help_text="Who says it is them.")
    confirmed = serializers.BooleanField(help_text="Confirmed by an organiser (once answered).")

    class Meta:
        model = PlayerClaim
        fields = ("id", "player", "username", "asked_at", "answered_at", "confirmed")


class ClaimAnswerIn(BodyIn):
    confirmed = JSONBooleanField(
        help_text="true: the player is that member from now on; false: turned down."
    )


class MergeIn(BodyIn):
    merged = id_field(help_text="The player read as `into` from now on (leaves the roster).")
    into = id_field(help_text="The player who stays.")


class MergeOut(serializers.ModelSerializer[PlayerMerge]):
    merged = PlayerOut()
    into = PlayerOut()
    by = serializers.CharField(source="by.username")
    undone_by = serializers.CharField(source="undone_by.username", allow_null=True)
    renamed = serializers.CharField(
        help_text="The name the merged player took back on the undo, where theirs was taken "
        "meanwhile (empty otherwise)."
    )

    class Meta:
        model = PlayerMerge
        fields = ("id", "merged", "into", "by", "at", "undone_by", "undone_at", "renamed")


class SeasonIn(BodyIn):
    name = serializers.CharField(max_length=limits.SEASON_NAME)
    starts = NightDateField(
        required=False,
        help_text="The first day (left out: the day after the last season ends).",
    )
    ends = NightDateField(help_text="The last day (in the season).")


class SeasonEndIn(BodyIn):
    on = NightDateField(required=False, help_text="The season's last day (left out: today).")


class SeasonOut(serializers.ModelSerializer[Season]):
    current = serializers.BooleanField(help_text="Today falls in it.")
    finished = serializers.BooleanField(help_text="Its last day is past: its table is final.")

    class Meta:
        model = Season
        fields = ("id", "name", "starts", "ends", "current", "finished")


class NightIdsIn(BodyIn):
    nights = serializers.ListField(
        child=id_field(),
        min_length=1,
        max_length=limits.FILE_NIGHTS,
        help_text="Nights of your own that belong to no club.",
    )


class ArrivalOut(serializers.Serializer[Any]):
    player = PlayerOut(help_text="Your player who comes along with the nights.")
    match = PlayerOut(
        allow_null=True, help_text="The club's player of the same name (any case), or null."
    )


class ChoiceIn(BodyIn):
    player = id_field(help_text="Your player (an arrival of the review).")
    into = id_field(
        allow_null=True, help_text="The club's player they are, or null: new on the roster."
    )


class MoveInIn(NightIdsIn):
    choices = serializers.ListField(
        child=ChoiceIn(),
        max_length=limits.FILE_NIGHTS * 40,
        help_text="Who each arriving player is in the club: one for every one of them.",
    )


# Looking back within a club, and at one's own games ------------------------------------------


class ClubHistoryQuery(serializers.Serializer[Any]):
    season = id_field(
        required=False,
        help_text="One of the club's seasons (its id): the nights dated in it; left out, all time.",
    )


class RatingPointOut(serializers.Serializer[Any]):
    game = serializers.IntegerField(source="game.pk", help_text="The finished game's id.")
    night = serializers.IntegerField(source="game.night_id")
    date = serializers.DateField()
    rating = serializers.FloatField(source="rating.shown", help_text="The figure after it.")


class GameRatingOut(serializers.Serializer[Any]):
    game = serializers.CharField(source="slug", help_text="The game's slug.")
    name = serializers.CharField()
    rating = serializers.FloatField(
        source="rating.shown", help_text="mu less three times sigma, to one decimal."
    )
    mu = serializers.FloatField(source="rating.mu")
    sigma = serializers.FloatField(source="rating.sigma")
    games = serializers.IntegerField(source="rating.games", help_text="Finished games rated.")
    provisional = serializers.BooleanField(source="rating.provisional")
    points = RatingPointOut(many=True, help_text="The rating after each finished game.")


class FeatOut(serializers.Serializer[Any]):
    key = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # the key, not Field.label
    best = serializers.ChoiceField(
        choices=["sum", "max"], help_text="sum: added up over games; max: the best one."
    )
    value = PointsField()


class GameRecordOut(serializers.Serializer[Any]):
    game = serializers.CharField(source="slug")
    name = serializers.CharField()
    played = serializers.IntegerField()
    finished = serializers.IntegerField()
    won = serializers.IntegerField()
    average = serializers.CharField(
        help_text="The average final total, as shown (an en dash for none)."
    )
    best = serializers.CharField(help_text="The best final total, as shown (an en dash for none).")
    feats = FeatOut(source="feat_list", many=True)


class PlayerRecordOut(serializers.Serializer[Any]):
    player = PlayerOut()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    games = GameRecordOut(many=True)
    feats = FeatOut(many=True, help_text="Every feat, over all games.")


class MeetingsOut(serializers.Serializer[Any]):
    opponent = PlayerOut()
    ahead = serializers.IntegerField(help_text="Games the player finished ahead.")
    behind = serializers.IntegerField(help_text="Games the opponent finished ahead.")
    level = serializers.IntegerField()
    met = serializers.IntegerField(help_text="Finished games on different sides.")


class PartnershipOut(serializers.Serializer[Any]):
    partner = PlayerOut()
    won = serializers.IntegerField()
    games = serializers.SerializerMethodField(help_text="Finished games on the same side.")
    percent = serializers.IntegerField(help_text="Won, as a whole percentage of those.")

    def get_games(self, partnership: Any) -> int:
        return len(partnership.games)


class BestOut(serializers.Serializer[Any]):
    label = serializers.CharField()  # type: ignore[assignment]  # the key, not Field.label
    value = serializers.CharField()
    game = serializers.IntegerField(source="game.pk", help_text="The game it came in.")


class GameBestsOut(serializers.Serializer[Any]):
    game = serializers.CharField(source="slug")
    name = serializers.CharField()
    records = BestOut(many=True)


class RivalsOut(serializers.Serializer[Any]):
    finished = serializers.IntegerField(help_text="The player's finished games.")
    rival = MeetingsOut(allow_null=True, help_text="The opponent met most.")
    nemesis = MeetingsOut(allow_null=True, help_text="The one most often ahead of them.")
    partner = PartnershipOut(allow_null=True, help_text="The best win rate together.")
    current_streak = serializers.IntegerField(
        source="current.length", help_text="Games won in a row, up to the last."
    )
    longest_streak = serializers.IntegerField(source="longest.length")
    records = GameBestsOut(many=True, help_text="The player's best in each game.")


class MyPlayerOut(serializers.ModelSerializer[Player]):
    club = ClubRefOut(allow_null=True, help_text="The club whose roster they are on, or null.")

    class Meta:
        model = Player
        fields = ("id", "name", "club")


class MeOut(serializers.Serializer[Any]):
    players = MyPlayerOut(
        many=True, help_text="The players confirmed to be you, at every club and host."
    )
    nights = serializers.IntegerField(help_text="The nights where one of them sat.")
    ratings = GameRatingOut(many=True, help_text="Your rating in each game, all of them as one.")
    record = PlayerRecordOut(allow_null=True, help_text="Null until a player is confirmed as you.")
    rivals = RivalsOut(allow_null=True, help_text="Null until a player is confirmed as you.")
