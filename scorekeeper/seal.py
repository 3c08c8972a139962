"""A game's setup sealed into its ledger: everything its totals depend on besides the deals.

The setup is the game played (slug), its house rules (options), where it sits (night, number)
and its seats (position, player, side). When a game's first entry is written, the setup is read
from the game's row and seats, kept on the game (``Game.setup``), and its digest becomes that
entry's ``prev_hash``: the chain starts from the setup, so every entry's hash covers it.
``verify_ledger`` compares the game as it stands with the setup its chain sealed and names each
difference ("Tom (player 2) moved from seat 2 to seat 1").

Once a game has an entry, the database itself refuses to change its row, or to add, change or
remove its seats (the triggers below, installed by migration ``game_setup_sealed``). A game
with no entry yet has no totals, and may still be set up.

A player's name is kept in the seal as it was, but a rename is not a change of setup: the name is
the owner's label for one player in every game (a typo fixed renames them everywhere at once),
and totals belong to seats. ``verify_ledger`` reports a rename without calling it a break.

Games whose ledger began before setups were sealed (first ``prev_hash`` empty) had their setup
kept by the migration, from the seats as they were then; it is refused change and compared like
any other, but no entry's hash covers it.

The setup also carries how the game keeps score from its start (``confirmations``: whether each
deal waits for the other side), taken from its night's setting at the first entry. It is no
part of the game "as it stands": the night's setting may change later, and the game's ledger
says from which entry (``scorekeeper.ledger.confirming``). Games sealed before the setup carried
it had it kept by migration ``0016``, from their night's setting then, under ``kept_later``:
refused change like the rest, but outside the digest their first entry links to.

Plain values only (no model import), so the migrations can use it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from scorekeeper import chain
from scorekeeper.chain import TABLE as ENTRY_TABLE

GAME_TABLE = "scorekeeper_game"
SEAT_TABLE = "scorekeeper_seat"
MIGRATION = "_game_setup_sealed"


def setup_content(
    *,
    game_id: int,
    night_id: int,
    number: int,
    slug: str,
    options: Any,
    seats: Iterable[tuple[int, int, str, int | None]],
) -> dict[str, Any]:
    """A game's setup as plain JSON values; ``seats`` as (position, player id, name, team)."""
    return {
        "game": game_id,
        "night": night_id,
        "number": number,
        "slug": slug,
        "options": chain.plain(options),
        "seats": [
            {"position": position, "player": player, "name": name, "team": team}
            for position, player, name, team in sorted(seats, key=lambda seat: seat[0])
        ],
    }


def read_setup(game_model: Any, seat_model: Any, game_id: int, using: str = "default") -> Any:
    """The setup of game ``game_id`` as the database holds it now (models passed in, so a
    migration can give its historical ones)."""
    row = (
        game_model._base_manager.using(using)
        .values("night_id", "number", "slug", "options")
        .get(pk=game_id)
    )
    seats = (
        seat_model._base_manager.using(using)
        .filter(game_id=game_id)
        .values_list("position", "player_id", "player__name", "team")
    )
    return setup_content(game_id=game_id, **row, seats=seats)


# The keys of a setup kept after its game was sealed (by a migration): no digest covers them.
KEPT_LATER = "kept_later"


def with_settings(setup: Mapping[str, Any], confirmations: bool) -> dict[str, Any]:
    """A setup with how its game keeps score from its start: whether each deal waits for the
    other side's confirmation."""
    return {**setup, "confirmations": bool(confirmations)}


def setup_hash(setup: Mapping[str, Any]) -> str:
    """The digest a game's first entry links to (``prev_hash``): of the setup as it was sealed,
    without what a migration kept on it later (:data:`KEPT_LATER`)."""
    later = setup.get(KEPT_LATER)
    if later:
        setup = {k: v for k, v in setup.items() if k != KEPT_LATER and k not in set(later)}
    return chain.digest({"setup": setup})


def chain_start(sealed: Mapping[str, Any], first_prev_hash: str) -> str:
    """What the game's first entry should link to: the digest of its sealed setup, or nothing
    for a chain begun before setups were sealed."""
    return "" if first_prev_hash == "" else setup_hash(sealed)


def _said(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _who(seat: Mapping[str, Any]) -> str:
    return f"{seat['name']} (player {seat['player']})"


def _team(seat: Mapping[str, Any]) -> str:
    return "on no team" if seat["team"] is None else f"on team {seat['team']}"


def differences(sealed: Mapping[str, Any], now: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """What changed between the sealed setup and the game as it stands: (changes, renames).
    A change breaks the seal; a rename (same player, another name) only is said."""
    changes: list[str] = []
    if not sealed:
        return ["it has entries but no sealed setup"], []
    for key, what in (("slug", "the game"), ("night", "its night"), ("number", "its number")):
        if sealed.get(key) != now.get(key):
            changes.append(f"{what} was {_said(sealed.get(key))}, now {_said(now.get(key))}")
    before, after = sealed.get("options"), now.get("options")
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        for rule in sorted(set(before) | set(after)):
            if before.get(rule) != after.get(rule):
                was = _said(before[rule]) if rule in before else "not set"
                is_ = _said(after[rule]) if rule in after else "not set"
                changes.append(f"house rule {rule} was {was}, now {is_}")
    elif before != after:
        changes.append(f"its house rules were {_said(before)}, now {_said(after)}")
    renames: list[str] = []
    then = {s["player"]: s for s in sealed.get("seats", [])}
    seated = {s["player"]: s for s in now.get("seats", [])}
    for player, seat in then.items():
        moved = seated.get(player)
        if moved is None:
            changes.append(f"{_who(seat)} left seat {seat['position'] + 1}")
            continue
        if moved["position"] != seat["position"]:
            changes.append(
                f"{_who(seat)} moved from seat {seat['position'] + 1} to seat "
                f"{moved['position'] + 1}"
            )
        if moved["team"] != seat["team"]:
            changes.append(f"{_who(seat)} was {_team(seat)}, now {_team(moved)}")
        if moved["name"] != seat["name"]:
            renames.append(
                f"player {player} (seat {seat['position'] + 1}) was called {seat['name']} when "
                f"the game was sealed, now {moved['name']}"
            )
    for player, seat in seated.items():
        if player not in then:
            changes.append(f"{_who(seat)} took seat {seat['position'] + 1}")
    return changes, renames


def check(
    game_id: int, sealed: Mapping[str, Any], now: Mapping[str, Any], entries: list[Any]
) -> tuple[list[chain.Break], list[str]]:
    """A game's breaks (its setup's, then its chain's first) and its players' renames, from its
    sealed setup, its setup as it stands and its entries in id order."""
    if not entries:
        return [], []  # not started: its setup is free to change, and no total depends on it
    breaks: list[chain.Break] = []
    changes, renames = differences(sealed, now)
    if changes:
        what = f"its setup no longer matches the one sealed at its first entry ({entries[0].pk})"
        breaks.append(chain.Break(game_id, None, f"{what}: " + "; ".join(changes)))
    start = chain_start(sealed, entries[0].prev_hash)
    _, broken = chain.first_break(game_id, entries, start=start)
    if broken is not None:
        breaks.append(broken)
    return breaks, renames


# --- Fixed in the database once play has begun ------------------------------------------------

REFUSAL = "A game is fixed once its ledger has an entry: its game, house rules and seats stay."

_STARTED = f"EXISTS (SELECT 1 FROM {ENTRY_TABLE} WHERE game_id = {{}})"

SQLITE_INSTALL = [
    f"""CREATE TRIGGER IF NOT EXISTS seal_game_no_update BEFORE UPDATE ON {GAME_TABLE}
        WHEN {_STARTED.format("OLD.id")}
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END""",
    f"""CREATE TRIGGER IF NOT EXISTS seal_seat_no_insert BEFORE INSERT ON {SEAT_TABLE}
        WHEN {_STARTED.format("NEW.game_id")}
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END""",
    f"""CREATE TRIGGER IF NOT EXISTS seal_seat_no_update BEFORE UPDATE ON {SEAT_TABLE}
        WHEN {_STARTED.format("OLD.game_id")} OR {_STARTED.format("NEW.game_id")}
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END""",
    f"""CREATE TRIGGER IF NOT EXISTS seal_seat_no_delete BEFORE DELETE ON {SEAT_TABLE}
        WHEN {_STARTED.format("OLD.game_id")}
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END""",
]
SQLITE_REMOVE = [
    "DROP TRIGGER IF EXISTS seal_game_no_update",
    "DROP TRIGGER IF EXISTS seal_seat_no_insert",
    "DROP TRIGGER IF EXISTS seal_seat_no_update",
    "DROP TRIGGER IF EXISTS seal_seat_no_delete",
]

POSTGRESQL_INSTALL = [
    f"""CREATE OR REPLACE FUNCTION seal_refuse_change() RETURNS trigger
        LANGUAGE plpgsql AS $$
        DECLARE
            started boolean := false;
        BEGIN
            IF TG_LEVEL = 'STATEMENT' THEN
                -- TRUNCATE of the seats: refused while any seat belongs to a started game.
                started := EXISTS (SELECT 1 FROM {SEAT_TABLE} s WHERE
                    EXISTS (SELECT 1 FROM {ENTRY_TABLE} e WHERE e.game_id = s.game_id));
            ELSIF TG_TABLE_NAME = '{GAME_TABLE}' THEN
                started := {_STARTED.format("OLD.id")};
            ELSE
                IF TG_OP <> 'INSERT' THEN
                    started := {_STARTED.format("OLD.game_id")};
                END IF;
                IF TG_OP <> 'DELETE' AND NOT started THEN
                    started := {_STARTED.format("NEW.game_id")};
                END IF;
            END IF;
            IF started THEN
                RAISE EXCEPTION '{REFUSAL} (% of % refused)', TG_OP, TG_TABLE_NAME
                    USING ERRCODE = 'insufficient_privilege';
            END IF;
            IF TG_OP = 'DELETE' THEN
                RETURN OLD;
            END IF;
            RETURN NEW;
        END;
        $$""",
    f"""CREATE TRIGGER seal_game_fixed BEFORE UPDATE ON {GAME_TABLE}
        FOR EACH ROW EXECUTE FUNCTION seal_refuse_change()""",
    f"""CREATE TRIGGER seal_seats_fixed BEFORE INSERT OR UPDATE OR DELETE ON {SEAT_TABLE}
        FOR EACH ROW EXECUTE FUNCTION seal_refuse_change()""",
    f"""CREATE TRIGGER seal_seats_no_truncate BEFORE TRUNCATE ON {SEAT_TABLE}
        FOR EACH STATEMENT EXECUTE FUNCTION seal_refuse_change()""",
]
POSTGRESQL_REMOVE = [
    f"DROP TRIGGER IF EXISTS seal_seats_no_truncate ON {SEAT_TABLE}",
    f"DROP TRIGGER IF EXISTS seal_seats_fixed ON {SEAT_TABLE}",
    f"DROP TRIGGER IF EXISTS seal_game_fixed ON {GAME_TABLE}",
    "DROP FUNCTION IF EXISTS seal_refuse_change()",
]


def install_sql(vendor: str) -> list[str]:
    return {"sqlite": SQLITE_INSTALL, "postgresql": POSTGRESQL_INSTALL}.get(vendor, [])


def remove_sql(vendor: str) -> list[str]:
    return {"sqlite": SQLITE_REMOVE, "postgresql": POSTGRESQL_REMOVE}.get(vendor, [])


def unlock_sql(vendor: str) -> list[str]:
    """Lift the refusal for one transaction (only the tables' owner can), as
    ``chain.unlock_sql`` does; follow with ``lock_sql`` in the same transaction."""
    if vendor == "postgresql":
        return [f"ALTER TABLE {t} DISABLE TRIGGER USER" for t in (GAME_TABLE, SEAT_TABLE)]
    return remove_sql(vendor)


def lock_sql(vendor: str) -> list[str]:
    if vendor == "postgresql":
        return [f"ALTER TABLE {t} ENABLE TRIGGER USER" for t in (GAME_TABLE, SEAT_TABLE)]
    return install_sql(vendor)


def keep_triggers(using: str = "default", **kwargs: Any) -> None:
    """After ``migrate``: put SQLite's triggers back if a later migration rebuilt the games' or
    seats' table (as ``chain.keep_triggers`` does for the ledger's)."""
    from django.db import connections
    from django.db.migrations.recorder import MigrationRecorder

    connection = connections[using]
    if connection.vendor != "sqlite" or SEAT_TABLE not in connection.introspection.table_names():
        return
    applied = MigrationRecorder(connection).applied_migrations()
    if any(app == "scorekeeper" and name.endswith(MIGRATION) for app, name in applied):
        with connection.cursor() as cursor:
            for sql in SQLITE_INSTALL:
                cursor.execute(sql)
