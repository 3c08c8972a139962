"""A game's setup sealed into its ledger: everything its totals depend on besides the deals.

The setup is the game played (slug), its house rules (options), where it sits (night, number),
whose night it is and when (the night's owner and date: the account its results belong to and
the day their ratings and history count them on) and its seats (position, player, side). When
a game's first entry is written, the setup is read from the game's row, its night and its
seats, kept on the game (``Game.setup``), and its digest becomes that entry's ``prev_hash``:
the chain starts from the setup, so every entry's hash covers it.
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
any other, but no entry's hash covers it. Games sealed before the night's owner and date were
part of the setup (migration ``night_settled``) have no ``owner`` or ``date`` in it: for them
the triggers below guard the night, and nothing is compared.

The night itself, and what hangs from it, is guarded the same way (the second set of triggers,
installed by migration ``night_settled``): a game with entries or seats is never deleted, nor a
night with games or rulings (the ORM deletes an unstarted game's seats first, and an empty
night's games); a night's owner and date are fixed once one of its games has an entry or a
ruling is saved to it; and a saved ruling is never changed or deleted (nor the rulings'
table emptied). The app does none of these: it never moves, redates or deletes a night, and
only removes a game with nothing in its ledger.

The setup also carries how the game keeps score from its start (``confirmations``: whether each
deal waits for the other side), taken from its night's setting at the first entry. It is no
part of the game "as it stands": the night's setting may change later, and the game's ledger
says from which entry (``scorekeeper.ledger.confirming``). Games sealed before the setup carried
it had it kept by migration ``0016``, from their night's setting then, under ``kept_later``:
refused change like the rest, but outside the digest their first entry links to.

Plain values only (no model import), so the migrations can use it.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Mapping
from typing import Any

from scorekeeper import chain
from scorekeeper.chain import TABLE as ENTRY_TABLE

GAME_TABLE = "scorekeeper_game"
SEAT_TABLE = "scorekeeper_seat"
NIGHT_TABLE = "scorekeeper_night"
RULING_TABLE = "scorekeeper_ruling"
MIGRATION = "_game_setup_sealed"
NIGHT_MIGRATION = "_night_settled"


def setup_content(
    *,
    game_id: int,
    night_id: int,
    number: int,
    slug: str,
    options: Any,
    seats: Iterable[tuple[int, int, str, int | None]],
    owner: int | None,
    date: datetime.date | None,
) -> dict[str, Any]:
    """A game's setup as plain JSON values; ``seats`` as (position, player id, name, team);
    ``owner`` and ``date`` the night's."""
    return {
        "game": game_id,
        "night": night_id,
        "owner": owner,
        "date": None if date is None else date.isoformat(),
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
    # Read apart from the game's row: a night deleted behind the app's back leaves its games.
    night_model = game_model._meta.get_field("night").related_model
    night = (
        night_model._base_manager.using(using)
        .filter(pk=row["night_id"])
        .values("owner_id", "date")
        .first()
    ) or {"owner_id": None, "date": None}
    seats = (
        seat_model._base_manager.using(using)
        .filter(game_id=game_id)
        .values_list("position", "player_id", "player__name", "team")
    )
    return setup_content(
        game_id=game_id, **row, seats=seats, owner=night["owner_id"], date=night["date"]
    )


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
    # A setup sealed before the night's owner and date were kept in it says nothing of them
    # (its night is guarded by the triggers alone); every setup sealed since holds both.
    if "owner" in sealed and sealed["owner"] != now.get("owner"):
        changes.append(f"its night's owner was account {sealed['owner']}, now {now.get('owner')}")
    if "date" in sealed and sealed["date"] != now.get("date"):
        changes.append(f"its night's date was {sealed['date']}, now {now.get('date')}")
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


# --- A saved ruling, sealed on its own ---------------------------------------------------------


def ruling_content(ruling: Any) -> dict[str, Any]:
    """What a saved ruling's hash covers (a ``Ruling``, or a historical one in a migration): the
    night it is saved to, the question, its input and reading, the answer, and who saved it
    when, as plain JSON values."""
    return {
        "night": ruling.night_id,
        "game": ruling.game_slug,
        "question": ruling.question,
        "players": ruling.players,
        "data": chain.plain(ruling.data),
        "options": chain.plain(ruling.options),
        "answer": chain.plain(ruling.answer),
        "note": ruling.note,
        "saved_by": ruling.saved_by_id,
        "saved_as": ruling.saved_as,
        "saved_at": ruling.saved_at.astimezone(datetime.UTC).isoformat(timespec="microseconds"),
        "dispute": ruling.dispute_id,
    }


def ruling_hash(ruling: Any) -> str:
    """SHA-256 (hex) over a ruling's content: set when it is saved, checked by
    ``verify_ledger``."""
    return chain.digest({"ruling": ruling_content(ruling)})


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


# --- A night and its rulings, once anything in it is settled ---------------------------------

GAME_KEPT = "A game with entries in its ledger, or with seats, is never deleted."
NIGHT_KEPT = "A night with games or saved rulings is never deleted."
NIGHT_FIXED = (
    "A night's owner and date are fixed once one of its games has an entry or a ruling is "
    "saved to it."
)
RULING_KEPT = "A saved ruling is never changed or deleted: save another."


def _quoted(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


_NIGHT_SETTLED = (
    f"(EXISTS (SELECT 1 FROM {ENTRY_TABLE} e JOIN {GAME_TABLE} g ON e.game_id = g.id "
    f"WHERE g.night_id = OLD.id) OR EXISTS (SELECT 1 FROM {RULING_TABLE} WHERE night_id = OLD.id))"
)
_NIGHT_MOVED = (
    "(NEW.id IS NOT OLD.id OR NEW.owner_id IS NOT OLD.owner_id OR NEW.date IS NOT OLD.date)"
)

NIGHT_SQLITE_INSTALL = [
    # SQLite's own shell runs with foreign keys off: without these a raw DELETE of a game or a
    # night leaves its ledger behind, unchecked (issue 26).
    f"""CREATE TRIGGER IF NOT EXISTS settled_game_no_delete BEFORE DELETE ON {GAME_TABLE}
        WHEN {_STARTED.format("OLD.id")}
            OR EXISTS (SELECT 1 FROM {SEAT_TABLE} WHERE game_id = OLD.id)
        BEGIN SELECT RAISE(ABORT, {_quoted(GAME_KEPT)}); END""",
    f"""CREATE TRIGGER IF NOT EXISTS settled_night_no_delete BEFORE DELETE ON {NIGHT_TABLE}
        WHEN EXISTS (SELECT 1 FROM {GAME_TABLE} WHERE night_id = OLD.id)
            OR EXISTS (SELECT 1 FROM {RULING_TABLE} WHERE night_id = OLD.id)
        BEGIN SELECT RAISE(ABORT, {_quoted(NIGHT_KEPT)}); END""",
    f"""CREATE TRIGGER IF NOT EXISTS settled_night_fixed BEFORE UPDATE ON {NIGHT_TABLE}
        WHEN {_NIGHT_MOVED} AND {_NIGHT_SETTLED}
        BEGIN SELECT RAISE(ABORT, {_quoted(NIGHT_FIXED)}); END""",
    f"""CREATE TRIGGER IF NOT EXISTS settled_ruling_no_update BEFORE UPDATE ON {RULING_TABLE}
        BEGIN SELECT RAISE(ABORT, {_quoted(RULING_KEPT)}); END""",
    f"""CREATE TRIGGER IF NOT EXISTS settled_ruling_no_delete BEFORE DELETE ON {RULING_TABLE}
        BEGIN SELECT RAISE(ABORT, {_quoted(RULING_KEPT)}); END""",
]
NIGHT_SQLITE_REMOVE = [
    "DROP TRIGGER IF EXISTS settled_game_no_delete",
    "DROP TRIGGER IF EXISTS settled_night_no_delete",
    "DROP TRIGGER IF EXISTS settled_night_fixed",
    "DROP TRIGGER IF EXISTS settled_ruling_no_update",
    "DROP TRIGGER IF EXISTS settled_ruling_no_delete",
]

NIGHT_POSTGRESQL_INSTALL = [
    # PostgreSQL's foreign keys already refuse the deletes (at commit: Django makes them
    # deferred); these refuse them at once, with a sentence, as SQLite's do.
    f"""CREATE OR REPLACE FUNCTION settled_refuse_change() RETURNS trigger
        LANGUAGE plpgsql AS $$
        DECLARE
            refusal text := NULL;
        BEGIN
            IF TG_TABLE_NAME = '{RULING_TABLE}' THEN
                refusal := {_quoted(RULING_KEPT)};
            ELSIF TG_TABLE_NAME = '{GAME_TABLE}' THEN
                IF {_STARTED.format("OLD.id")}
                        OR EXISTS (SELECT 1 FROM {SEAT_TABLE} WHERE game_id = OLD.id) THEN
                    refusal := {_quoted(GAME_KEPT)};
                END IF;
            ELSIF TG_OP = 'DELETE' THEN
                IF EXISTS (SELECT 1 FROM {GAME_TABLE} WHERE night_id = OLD.id)
                        OR EXISTS (SELECT 1 FROM {RULING_TABLE} WHERE night_id = OLD.id) THEN
                    refusal := {_quoted(NIGHT_KEPT)};
                END IF;
            ELSIF (NEW.id, NEW.owner_id, NEW.date) IS DISTINCT FROM (OLD.id, OLD.owner_id, OLD.date)
                    AND {_NIGHT_SETTLED} THEN
                refusal := {_quoted(NIGHT_FIXED)};
            END IF;
            IF refusal IS NOT NULL THEN
                RAISE EXCEPTION '% (% of % refused)', refusal, TG_OP, TG_TABLE_NAME
                    USING ERRCODE = 'insufficient_privilege';
            END IF;
            IF TG_OP = 'DELETE' THEN
                RETURN OLD;
            END IF;
            RETURN NEW;
        END;
        $$""",
    f"""CREATE TRIGGER settled_game_kept BEFORE DELETE ON {GAME_TABLE}
        FOR EACH ROW EXECUTE FUNCTION settled_refuse_change()""",
    f"""CREATE TRIGGER settled_night_kept BEFORE UPDATE OR DELETE ON {NIGHT_TABLE}
        FOR EACH ROW EXECUTE FUNCTION settled_refuse_change()""",
    f"""CREATE TRIGGER settled_ruling_kept BEFORE UPDATE OR DELETE ON {RULING_TABLE}
        FOR EACH ROW EXECUTE FUNCTION settled_refuse_change()""",
    f"""CREATE TRIGGER settled_rulings_no_truncate BEFORE TRUNCATE ON {RULING_TABLE}
        FOR EACH STATEMENT EXECUTE FUNCTION settled_refuse_change()""",
]
NIGHT_POSTGRESQL_REMOVE = [
    f"DROP TRIGGER IF EXISTS settled_rulings_no_truncate ON {RULING_TABLE}",
    f"DROP TRIGGER IF EXISTS settled_ruling_kept ON {RULING_TABLE}",
    f"DROP TRIGGER IF EXISTS settled_night_kept ON {NIGHT_TABLE}",
    f"DROP TRIGGER IF EXISTS settled_game_kept ON {GAME_TABLE}",
    "DROP FUNCTION IF EXISTS settled_refuse_change()",
]


def night_install_sql(vendor: str) -> list[str]:
    return {"sqlite": NIGHT_SQLITE_INSTALL, "postgresql": NIGHT_POSTGRESQL_INSTALL}.get(vendor, [])


def night_remove_sql(vendor: str) -> list[str]:
    return {"sqlite": NIGHT_SQLITE_REMOVE, "postgresql": NIGHT_POSTGRESQL_REMOVE}.get(vendor, [])


# --- Lifting both for one transaction, and keeping them through SQLite's table rebuilds -------

_GUARDED = (GAME_TABLE, SEAT_TABLE, NIGHT_TABLE, RULING_TABLE)


def unlock_sql(vendor: str) -> list[str]:
    """Lift the refusals (a game's setup, a night's settled parts) for one transaction (only
    the tables' owner can), as ``chain.unlock_sql`` does; follow with ``lock_sql`` in the same
    transaction."""
    if vendor == "postgresql":
        return [f"ALTER TABLE {t} DISABLE TRIGGER USER" for t in _GUARDED]
    return [*remove_sql(vendor), *night_remove_sql(vendor)]


def lock_sql(vendor: str) -> list[str]:
    if vendor == "postgresql":
        return [f"ALTER TABLE {t} ENABLE TRIGGER USER" for t in _GUARDED]
    return [*install_sql(vendor), *night_install_sql(vendor)]


def keep_triggers(using: str = "default", **kwargs: Any) -> None:
    """After ``migrate``: put SQLite's triggers back if a later migration rebuilt the tables
    they are on (as ``chain.keep_triggers`` does for the ledger's), each set once the
    migration that installs it is applied."""
    from django.db import connections
    from django.db.migrations.recorder import MigrationRecorder

    connection = connections[using]
    if connection.vendor != "sqlite" or SEAT_TABLE not in connection.introspection.table_names():
        return
    applied = MigrationRecorder(connection).applied_migrations()
    for marker, sqls in ((MIGRATION, SQLITE_INSTALL), (NIGHT_MIGRATION, NIGHT_SQLITE_INSTALL)):
        if any(app == "scorekeeper" and name.endswith(marker) for app, name in applied):
            with connection.cursor() as cursor:
                for sql in sqls:
                    cursor.execute(sql)
