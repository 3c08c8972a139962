"""Who is who: the player each player is read as, after merges.

A merge never touches a seat or the ledger (both are sealed); it points the merged player at
the one they are the same person as (``Player.same_as``). Everything that looks back (ratings,
records, rivals, a person's page) reads every seat through :func:`read_as`, so two players
merged are one from their first game on, and an undone merge is two again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scorekeeper.models import Player

# A chain of merges is at most as long as the roster; past this, something made a loop.
_LONGEST = 10_000


def resolve(pointers: Mapping[int, int], player: int) -> int:
    """The player ``player`` is read as, following ``pointers`` (merged -> into) to its end.

    >>> resolve({3: 2, 2: 1}, 3), resolve({3: 2, 2: 1}, 4)
    (1, 4)
    """
    seen = 0
    while player in pointers:
        player = pointers[player]
        seen += 1
        if seen > _LONGEST:
            raise ValueError("A loop of merges.")
    return player


def read_as(players: Iterable[int] | None = None) -> dict[int, int]:
    """Every merged player (of ``players``, if given) mapped to the player they are read as.
    One query, however many merges: the merges are few, and read whole."""
    merged = Player.objects.filter(same_as__isnull=False).values_list("pk", "same_as")
    pointers = {pk: into for pk, into in merged.iterator() if into is not None}
    wanted = pointers if players is None else [p for p in players if p in pointers]
    return {player: resolve(pointers, player) for player in wanted}


def one_of(same: Mapping[int, int], player: int) -> int:
    """``player`` as read under ``same`` (a map from :func:`read_as`)."""
    return same.get(player, player)


def all_as(same: Mapping[int, int], target: int) -> set[int]:
    """Every player read as ``target`` (``target`` too): whose seats are theirs."""
    return {target} | {player for player, into in same.items() if into == target}
