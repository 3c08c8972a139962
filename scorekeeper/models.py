"""Players, game nights, the games played in them, and the append-only ledger of play.

Nothing here knows a game's rules: a game stores its slug and house options, and every deal is
kept as the raw record the adjudicator reads. Standings are never stored; they are computed
from the ledger each time (see ``scorekeeper.standings.scoreboard.game_standings``).
"""

from __future__ import annotations

import uuid
from typing import Any, ClassVar

from django.conf import settings
from django.db import connection, models, router, transaction
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.formats import number_format
from django.utils.translation import gettext, pgettext, pgettext_lazy

from scorekeeper import chain, limits, seal
from scorekeeper.exceptions import InvalidInput


class Club(models.Model):
    """A group that plays together week after week: its members (accounts, each with a role),
    one roster of players they share, its nights and its seasons (``scorekeeper.clubs``)."""

    name = models.CharField(max_length=limits.CLUB_NAME)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("name", "id")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club_detail", args=[self.pk])


class Membership(models.Model):
    """An account's place in a club. An organiser runs the club (invites, removes, merges,
    seasons); a recorder also records in every club night; a member sees them all."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", pgettext_lazy("a club role", "organiser")
        RECORDER = "recorder", pgettext_lazy("a club role", "recorder")
        MEMBER = "member", pgettext_lazy("a club role", "member")

    club = models.ForeignKey(Club, models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=12, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.club}"


class ClubInvite(models.Model):
    """An organiser's invitation link to a club: signed, until it expires or is revoked.

    The link carries the invite's id and a random nonce, signed with the site's key
    (``scorekeeper.clubs.invites``); only the nonce's SHA-256 is kept here, so neither a
    forged link nor a copy of the database lets anyone in."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="invites")
    nonce_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"invite {self.pk} to {self.club}"


class Season(models.Model):
    """A club's named stretch of nights, from ``starts`` to ``ends`` (both days in): its own
    ratings, leaderboard, records and rivals, beside the all-time ones."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=limits.SEASON_NAME)
    starts = models.DateField()
    ends = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("starts", "id")
        constraints: ClassVar = [
            models.CheckConstraint(
                condition=models.Q(ends__gte=models.F("starts")), name="season_ends_after_start"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """Someone at the table. A player is on one roster: a club's (``club``), shared by its
    members, or one person's (``owner``, with no club), who keeps their scores.

    ``same_as`` says this player is read as another (a merge, ``scorekeeper.clubs.merges``):
    their seats stay as they were sealed, and history, ratings, rivals and records read them
    as the player it points to. ``person`` is the account that said "this player is me", once
    confirmed."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="players")
    club = models.ForeignKey(
        Club, models.PROTECT, related_name="players", null=True, blank=True, default=None
    )
    name = models.CharField(max_length=limits.NAME)
    same_as = models.ForeignKey(
        "self", models.PROTECT, related_name="merged", null=True, blank=True, default=None
    )
    person = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        related_name="selves",
        null=True,
        blank=True,
        default=None,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("name",)
        constraints: ClassVar = [
            # A roster has one player of each name (any case); a player merged into another
            # keeps their name, and is no longer on the roster.
            models.UniqueConstraint(
                Lower("name"),
                "owner",
                name="player_name_unique_per_owner",
                condition=models.Q(club__isnull=True, same_as__isnull=True),
            ),
            models.UniqueConstraint(
                Lower("name"),
                "club",
                name="player_name_unique_per_club",
                condition=models.Q(club__isnull=False, same_as__isnull=True),
            ),
            # One account is one player of a roster.
            models.UniqueConstraint(
                "person",
                "club",
                name="one_self_per_club",
                condition=models.Q(person__isnull=False, club__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class PlayerClaim(models.Model):
    """A member's "this player is me", waiting for an organiser (kept once answered)."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="claims")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    asked_at = models.DateTimeField(default=timezone.now)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, related_name="+", null=True, blank=True
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    confirmed = models.BooleanField(default=False)

    class Meta:
        ordering = ("-asked_at", "-id")
        constraints: ClassVar = [
            models.UniqueConstraint(
                "player",
                "user",
                name="one_open_claim",
                condition=models.Q(answered_at__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} is {self.player}?"


class PlayerMerge(models.Model):
    """One merge of a roster's player into another, and its undoing: the log behind
    ``Player.same_as``. Nothing of the ledger or a game's seats changes either way."""

    merged = models.ForeignKey(Player, models.PROTECT, related_name="merges")
    into = models.ForeignKey(Player, models.PROTECT, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="+")
    at = models.DateTimeField(default=timezone.now)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.PROTECT, related_name="+", null=True, blank=True
    )
    undone_at = models.DateTimeField(null=True, blank=True)
    # The name the merged player took back on an undo, when their own was taken meanwhile.
    renamed = models.CharField(max_length=limits.NAME, blank=True)

    class Meta:
        ordering = ("-at", "-id")

    def __str__(self) -> str:
        return f"{self.merged} into {self.into}"


class Night(models.Model):
    """A game night: when, where, who owns it (and the club it belongs to, if any), and who else
    may record scores in it."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="nights")
    # A club's night: its members see it, its organisers and recorders record in it, and its
    # seats are the club's roster. Not sealed: a night moved into a club keeps every total.
    club = models.ForeignKey(
        Club, models.PROTECT, related_name="nights", null=True, blank=True, default=None
    )
    date = models.DateField()
    place = models.CharField(max_length=limits.PLACE, blank=True)
    notes = models.TextField(blank=True)
    recorders = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="recording_nights", blank=True
    )
    players = models.ManyToManyField(
        Player, through="NightPlayer", related_name="nights", blank=True
    )
    # Each hand waits for a player of another side to confirm it (the game's end waits for
    # every hand), as club bridge's scorer is passed to East to confirm what North entered.
    confirmations = models.BooleanField(
        default=False,
        help_text="Each hand waits for a player of another side to confirm it.",
    )
    # The table's language: its shared board, big screen and share card speak it whatever each
    # phone's own; blank, each phone speaks its own.
    language = models.CharField(
        max_length=8,
        blank=True,
        default="",
        choices=settings.LANGUAGES,
        help_text="The language of the night's shared board, big screen and share card.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-date", "-id")
        # The nights list: a user's nights, newest first, read in order from the index.
        indexes: ClassVar = [
            models.Index(fields=["owner", "-date", "-id"], name="night_owner_newest"),
            models.Index(fields=["club", "-date", "-id"], name="night_club_newest"),
        ]

    def __str__(self) -> str:
        """The night as a person names it, in the language spoken: "Sat 28 Nov 2026 at The
        kitchen table", "lör 28 nov 2026 vid The kitchen table". The CLI and the logs, which
        speak no language of the visitor's, read it in English."""
        # Translators: the format of a night's date in its name (Django's date format letters:
        # D the weekday's short name, d the day with a leading zero, j without, M the month's
        # short name capitalised, b in lower case, Y the year), as "Sat 28 Nov 2026".
        date = date_format(self.date, pgettext("a night's date", "D d M Y"))
        if not self.place:
            return date
        # Translators: a night's name: its date, and the place written as its owner wrote it.
        return gettext("%(date)s at %(place)s") % {"date": date, "place": self.place}

    def get_absolute_url(self) -> str:
        return reverse("night_detail", args=[self.pk])


class AccountSettings(models.Model):
    """What a person chose for themselves, kept for every phone they sign in on."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="account_settings"
    )
    language = models.CharField(max_length=8, blank=True, default="", choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"


class NightPlayer(models.Model):
    """A player at a night's table, in the order they sat down (the order seats are offered)."""

    night = models.ForeignKey(Night, models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, models.CASCADE, related_name="+")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["night", "player"], name="night_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.night}"


class Game(models.Model):
    """One game played in a night: which game, its house rules, and its seats in order."""

    night = models.ForeignKey(Night, models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(help_text="1 for the night's first game, and so on.")
    slug = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # The game, house rules and seats as they were when its first entry was written, whose
    # digest that entry links to (scorekeeper.seal); empty until then. Fixed after it.
    setup = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ("number",)
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["night", "number"], name="game_number_unique"),
        ]

    def __str__(self) -> str:
        # Translators: a game of a night, by its number and the game's name ("Game 1: Voormsi").
        return gettext("Game %(number)s: %(name)s") % {"number": self.number, "name": self.name}

    def get_absolute_url(self) -> str:
        return reverse("game_detail", args=[self.pk])

    @property
    def name(self) -> str:
        """The game's name ("Bridge Rummy"); a game no longer known keeps its slug."""
        from adjudicator.errors import UnknownGameError
        from adjudicator.games import get_game

        try:
            return get_game(self.slug).name
        except UnknownGameError:
            return self.slug


class Seat(models.Model):
    """A player's place at a game: ``position`` 0 is the first seat."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    team = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ("position",)
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.position + 1}"


class AppendOnlyError(RuntimeError):
    """The ledger is never changed in place: amend or void by adding an entry."""


class EntryQuerySet(models.QuerySet["Entry"]):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError("Ledger entries are never updated; add an amending entry.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("Ledger entries are never deleted; add a voiding entry.")

    def bulk_create(self, *args: Any, **kwargs: Any) -> Any:
        raise AppendOnlyError("Ledger entries are added one by one, each chained to the last.")


class Entry(models.Model):
    """One line of the ledger of play.

    ``record`` adds a deal; ``amend`` replaces a deal's record; ``void`` withdraws it. Amends and
    voids point at the entry they supersede, which stays in the ledger, so the history of every
    deal is kept. ``deal`` is the first entry of the deal (empty on that entry itself).

    ``end`` is the table saying "we stop here" in a game with no end of its own (settlement
    games): no data, no deal; a ``void`` that supersedes it takes the end back. It is part of the
    game's chain like any entry, so a replay (and the hash chain) keeps it.

    ``confirm`` is a player of another side saying "that is right" of a deal (``deal``) as it
    stands: it confirms the deal's revision current when it was written, so an amend after it
    needs confirming again; ``seat`` is who confirmed. ``dispute`` is a ruling asked about a
    deal, its question and answer in ``data``; an amend made from that ruling ``settles`` it.
    Neither changes a score.

    ``setting`` is the night's owner changing how the game keeps score from that point on
    (``data``: ``{"confirmations": true}``): no deal, no seat, no score. What was recorded
    before it reads as it did (``scorekeeper.ledger.confirming``).
    """

    class Kind(models.TextChoices):
        RECORD = "record", "recorded"
        AMEND = "amend", "amended"
        VOID = "void", "voided"
        END = "end", "ended"
        CONFIRM = "confirm", "confirmed"
        DISPUTE = "dispute", "disputed"
        SETTING = "setting", "set"

    # The kinds that are a deal's revisions (what counts); the others are said about a deal.
    REVISIONS = (Kind.RECORD, Kind.AMEND, Kind.VOID)
    REMARKS = (Kind.CONFIRM, Kind.DISPUTE)

    game = models.ForeignKey(Game, models.PROTECT, related_name="entries")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    deal = models.ForeignKey(
        "self", models.PROTECT, null=True, blank=True, related_name="revisions"
    )
    supersedes = models.OneToOneField(
        "self", models.PROTECT, null=True, blank=True, related_name="superseded_by"
    )
    data = models.JSONField(default=dict, blank=True)
    note = models.CharField(max_length=limits.NOTE, blank=True)
    # Who at the table made the entry, by seat position, where the table says: the recorder of
    # a deal on a night that asks for confirmations, and whoever confirmed a deal. Hashed only
    # when set.
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # An amend made from a ruling asked about its deal: the ``dispute`` entry it settles.
    # Hashed only when set.
    settles = models.ForeignKey(
        "self", models.PROTECT, null=True, blank=True, related_name="settled_by"
    )
    token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="+")
    # An imported entry: who recorded it, as the file names them (``recorded_by`` is then the
    # person who imported it). Empty for an entry made here. Hashed only when not empty.
    recorded_as = models.CharField(max_length=150, blank=True, editable=False)
    # Set when the entry is made (an import gives the time from its file); never changed after.
    recorded_at = models.DateTimeField(default=timezone.now, editable=False)
    # The hash chain (scorekeeper.chain): the hash of the entry before it in its game (empty
    # for the first), and SHA-256 over this entry's content and prev_hash. Set on insert.
    prev_hash = models.CharField(max_length=64, blank=True, editable=False)
    hash = models.CharField(max_length=64, editable=False)

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ("id",)
        verbose_name_plural = "entries"
        # The live poll's change marker: a game's newest entry, read from the index alone.
        # A deal's revisions, newest first (amending, voiding, the latest revision of a deal).
        indexes: ClassVar = [
            models.Index(fields=["game", "-id"], name="entry_game_newest"),
            models.Index(fields=["game", "deal", "-id"], name="entry_game_deal_newest"),
        ]
        constraints: ClassVar = [
            models.CheckConstraint(
                condition=(
                    models.Q(kind__in=["record", "end"], supersedes__isnull=True, deal__isnull=True)
                    | models.Q(
                        kind__in=["amend", "void"], supersedes__isnull=False, deal__isnull=False
                    )
                    | models.Q(kind="confirm", supersedes__isnull=True, deal__isnull=False)
                    & models.Q(seat__isnull=False)
                    | models.Q(kind="dispute", supersedes__isnull=True, deal__isnull=False)
                    | models.Q(
                        kind="setting",
                        supersedes__isnull=True,
                        deal__isnull=True,
                        seat__isnull=True,
                    )
                )
                & (models.Q(settles__isnull=True) | models.Q(kind="amend")),
                name="entry_kind_matches_links",
            ),
            # One chain per game: no two entries follow the same one.
            models.UniqueConstraint(fields=["game", "prev_hash"], name="entry_one_chain_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} deal {self.deal_id or self.pk} of game {self.game_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("Ledger entries are never updated; add an amending entry.")
        using = kwargs.get("using") or router.db_for_write(Entry, instance=self)
        _room_in_night(self.game_id, using)
        before = (
            Entry._base_manager.using(using)
            .filter(game_id=self.game_id)
            .order_by("-id")
            .values_list("hash", flat=True)
            .first()
        )
        if before is not None:
            self.link(before)
            super().save(*args, **kwargs)
            return
        # The game's first entry seals its setup: kept on the game and the entry written
        # together, or neither.
        with transaction.atomic(using=using):
            self.link(_seal_setup(self.game_id, using))
            super().save(*args, **kwargs)

    @staticmethod
    def next_ids(count: int) -> list[int]:
        """``count`` ids no entry has or will be given by the database, in increasing order.

        PostgreSQL takes them from the id's sequence; on SQLite the caller's transaction holds
        the one write lock, so the ids after the highest ever given stay free until it ends."""
        if not count:
            return []
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute(
                    "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
                    [chain.TABLE, count],
                )
                return sorted(row[0] for row in cursor.fetchall())
            cursor.execute(
                f"SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = %s), 0), "
                f"COALESCE((SELECT MAX(id) FROM {chain.TABLE}), 0))",
                [chain.TABLE],
            )
            top = cursor.fetchone()[0]
        return list(range(top + 1, top + 1 + count))

    @classmethod
    def insert_ledger(cls, entries: list[Entry], *, confirmations: bool | None = None) -> None:
        """Write a new game's whole ledger in a few statements (an import): the game's setup
        sealed as its first entry would seal it, then the entries in order, each chained to the
        one before it. They carry their ids already (:meth:`next_ids`), so each hash covers its
        links. Only for a game made in the same transaction, which no other writer can see.
        ``confirmations``: whether the game asked for them when it began, where that is not
        its night's setting now (a file's game played before the night changed it)."""
        if not entries:
            return
        before = _seal_setup(entries[0].game_id, "default", confirmations)
        for entry in entries:
            entry.link(before)
            before = entry.hash
        cls._base_manager.bulk_create(entries, batch_size=500)

    def link(self, prev_hash: str) -> None:
        """Chain the entry to ``prev_hash``: its game's newest entry's hash, or for the first
        the digest of the game's setup. The services hold the game's row lock while writing,
        so no other entry of the game comes between reading it and the insert."""
        if self.recorded_at is None:
            self.recorded_at = timezone.now()
        self.prev_hash = prev_hash
        self.hash = chain.entry_hash(chain.content_of(self), self.prev_hash)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("Ledger entries are never deleted; add a voiding entry.")

    @property
    def recorder_text(self) -> str:
        """Who recorded it: "ann", or for an imported entry "tom (imported by ann)"."""
        if self.recorded_as:
            return gettext("%(who)s (imported by %(by)s)") % {
                "who": self.recorded_as,
                "by": self.recorded_by.username,
            }
        return self.recorded_by.username

    @property
    def deal_key(self) -> int:
        """The id of the deal's first entry: the same for every revision of one deal."""
        assert self.pk is not None
        return self.deal_id or self.pk


# Within this many entries of a night's most, writers of all its games wait for each other.
_NEAR_THE_MOST = 100


def _room_in_night(game_id: int, using: str) -> None:
    """Refuse an entry past its night's most (``limits.ENTRIES``, what one import takes, so the
    night exports and imports again). Each game's writers hold that game's row lock; near the
    most the night's row is locked too, so two tables cannot both write the last entry."""
    night = Game._base_manager.using(using).filter(pk=game_id).values("night_id")
    kept = Entry._base_manager.using(using).filter(game__night_id__in=night)
    if kept.count() >= limits.ENTRIES - _NEAR_THE_MOST:
        Night._base_manager.using(using).select_for_update().filter(pk__in=night).first()
        if kept.count() >= limits.ENTRIES:
            raise InvalidInput(
                gettext(
                    "A night keeps at most %(most)s ledger entries, all its games together: "
                    "start another night to play on."
                )
                % {"most": number_format(limits.ENTRIES, force_grouping=True)}
            )


def _seal_setup(game_id: int, using: str, confirmations: bool | None = None) -> str:
    """Keep a game's setup on it as its first entry is written; the digest that entry links
    to (:mod:`scorekeeper.seal`). The game has no entry yet, so its row may still change.
    The setup carries whether the game asks for confirmations from its start: its night's
    setting now, unless ``confirmations`` says otherwise (an import)."""
    if confirmations is None:
        night = Game._base_manager.using(using).filter(pk=game_id).values("night__confirmations")
        confirmations = bool(night.get()["night__confirmations"])
    setup = seal.with_settings(seal.read_setup(Game, Seat, game_id, using), confirmations)
    Game._base_manager.using(using).filter(pk=game_id).update(setup=setup)
    return seal.setup_hash(setup)


# --- The dispute desk: rulings a night keeps ("we play it this way") ---------------------------


class ImportedToken(models.Model):
    """The token an imported entry had in its file, where this site gave it another (another
    person's night held it): the file imported again is known by it, and not copied twice."""

    entry = models.OneToOneField(
        Entry, models.CASCADE, primary_key=True, related_name="imported_as"
    )
    token = models.UUIDField(db_index=True)

    def __str__(self) -> str:
        return f"{self.entry_id} imported as {self.token}"


class Ruling(models.Model):
    """A question put to the adjudicator and its answer, saved to a night as how the table plays
    it: the game and question, the input, the house options it was read under, and the answer."""

    night = models.ForeignKey(Night, models.CASCADE, related_name="rulings")
    game_slug = models.CharField(max_length=40)
    question = models.CharField(max_length=40)
    players = models.PositiveSmallIntegerField(null=True, blank=True)
    data = models.JSONField(default=dict, blank=True)
    options = models.JSONField(default=dict, blank=True)
    answer = models.JSONField(default=dict, blank=True)
    note = models.CharField(max_length=limits.NOTE, blank=True)
    saved_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="+")
    # An imported ruling's saver as the file names them, when that is not the importer.
    saved_as = models.CharField(max_length=150, blank=True, editable=False)
    saved_at = models.DateTimeField(default=timezone.now)
    # A ruling asked about a deal of a game ("Dispute this hand"): the ``dispute`` entry that
    # keeps it in that game's ledger. Empty for a ruling asked at the desk alone.
    dispute = models.OneToOneField(
        Entry, models.PROTECT, null=True, blank=True, related_name="ruling"
    )
    # SHA-256 over all of the above (scorekeeper.seal.ruling_hash), set when it is saved:
    # ``verify_ledger`` names a ruling changed since. The database refuses to change or delete
    # a saved ruling (scorekeeper.seal's triggers).
    hash = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        ordering = ("-saved_at", "-id")

    def __str__(self) -> str:
        return f"{self.game_slug} {self.question} ({self.night})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("A saved ruling is never changed; save another.")
        self.hash = seal.ruling_hash(self)
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("A saved ruling is never deleted; save another.")

    @property
    def saver_text(self) -> str:
        """Who saved it: "ann", or for an imported ruling "tom (imported by ann)"."""
        if self.saved_as:
            return gettext("%(who)s (imported by %(by)s)") % {
                "who": self.saved_as,
                "by": self.saved_by.username,
            }
        return self.saved_by.username


# House-rule profiles (issue 10) -----------------------------------------------------------------


class HouseRuleProfile(models.Model):
    """A group's house rules for one game, saved under a name ("Nanni's rules").

    Not ledger data: a game started from a profile keeps its own copy of the options
    (``Game.options``), so renaming, changing or deleting a profile never touches a game.
    ``options`` holds every house rule of the game in its canonical JSON form, as validated
    by the engine when the profile was saved.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="house_rule_profiles"
    )
    slug = models.CharField(max_length=40, help_text="The game these rules are for.")
    name = models.CharField(max_length=60)
    options = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("slug", Lower("name"), "id")
        constraints: ClassVar = [
            models.UniqueConstraint(
                Lower("name"), "owner", "slug", name="profile_name_unique_per_owner_and_game"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("profile_edit", args=[self.pk])

    @property
    def game_name(self) -> str:
        """The game's name; a game no longer known keeps its slug."""
        from adjudicator.errors import UnknownGameError
        from adjudicator.games import get_game

        try:
            return get_game(self.slug).name
        except UnknownGameError:
            return self.slug


# Live at the table: a night's join link and the people who watch it ----------------------------


class NightLink(models.Model):
    """A night's join link. Only the SHA-256 of its token is kept, never the token itself.

    The token is shown once, to the owner who made it (and kept in a cookie on that phone, so
    its page can show the link and QR code again). Making a new link replaces this row, and the
    old link stops working at once, for new visitors and for those it let in without an account.
    """

    night = models.OneToOneField(Night, models.CASCADE, related_name="link")
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    created_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"join link of {self.night}"


class NightViewer(models.Model):
    """An account that joined a night by its link: it sees the night's games but records nothing.

    A person is a viewer or a recorder (``Night.recorders``) of a night, never both; the owner
    turns one into the other.
    """

    night = models.ForeignKey(Night, models.CASCADE, related_name="viewer_rows")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["night", "user"], name="night_viewer_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} watching {self.night}"


class IdempotentAnswer(models.Model):
    """A write sent through the API with an ``Idempotency-Key``, and what it answered: the same
    request sent again with the same key (an answer lost on the way, a retry) is answered the
    same, and writes nothing. Kept a day (``scorekeeper.api.idempotency.KEPT``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    # What was asked: the method, the path and the body, digested (SHA-256).
    request = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField(default=0)  # 0 while the first is being answered
    body = models.JSONField(null=True)
    location = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint("user", "key", name="one_answer_per_idempotency_key")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.key}: {self.status}"


class ApiToken(models.Model):
    """A script's key to the API, kept only as its SHA-256 (``scorekeeper/access/tokens.py``).

    The raw token is shown once, when made; the database holds its digest and its first
    characters (``prefix``) to find it. Checking one costs a hash, not a password hash: tokens
    are long and random, so nobody guesses one and no key stretching is needed.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    prefix = models.CharField(max_length=12, db_index=True)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"token {self.prefix}… ({self.name}) of {self.user}"
