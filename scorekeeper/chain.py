"""The ledger's own guarantees: a hash chain over each game's entries, and the database triggers
that refuse to rewrite it.

Each entry carries ``prev_hash`` (the ``hash`` of the entry before it in its game; for the first,
the digest of the game's setup, ``scorekeeper.seal``) and ``hash``: SHA-256 over a canonical JSON of the entry's content and ``prev_hash``. An
entry changed, removed or slipped in behind the application's back breaks the chain at that
point; ``manage.py verify_ledger`` walks it and names the first broken link.

This module uses plain values only (no model import), so the migrations can call it too.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

TABLE = "scorekeeper_entry"


def plain(value: Any) -> Any:
    """JSON values as every database gives them back: a float with no fraction is an integer
    (PostgreSQL's jsonb reads ``1e+20`` back as ``100000000000000000000``)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def _when(value: datetime.datetime | None) -> str | None:
    if value is None:
        return None
    return value.astimezone(datetime.UTC).isoformat(timespec="microseconds")


def entry_content(
    *,
    game_id: int,
    kind: str,
    deal_id: int | None,
    supersedes_id: int | None,
    data: Any,
    note: str,
    token: uuid.UUID | str,
    recorded_by_id: int,
    recorded_at: datetime.datetime | None,
    recorded_as: str = "",
    seat: int | None = None,
    settles_id: int | None = None,
) -> dict[str, Any]:
    """What an entry's hash covers, as plain JSON values. ``recorded_as`` (an imported entry's
    recorder as its file names them), ``seat`` and ``settles`` only when set, so entries made
    before they existed keep their hashes."""
    content: dict[str, Any] = {
        "game": game_id,
        "kind": str(kind),
        "deal": deal_id,
        "supersedes": supersedes_id,
        "data": plain(data),
        "note": note,
        "token": str(token),
        "recorded_by": recorded_by_id,
        "recorded_at": _when(recorded_at),
    }
    if recorded_as:
        content["recorded_as"] = recorded_as
    if seat is not None:
        content["seat"] = seat
    if settles_id is not None:
        content["settles"] = settles_id
    return content


def digest(value: Mapping[str, Any]) -> str:
    """SHA-256 (hex) over the canonical JSON of ``value`` (keys sorted, no spaces)."""
    canonical = json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def entry_hash(content: Mapping[str, Any], prev_hash: str) -> str:
    """SHA-256 (hex) over the canonical JSON of the content and the previous entry's hash."""
    return digest({**content, "prev_hash": prev_hash})


def content_of(entry: Any) -> dict[str, Any]:
    """An entry's hashed content (an ``Entry``, or a historical one in a migration)."""
    return entry_content(
        game_id=entry.game_id,
        kind=entry.kind,
        deal_id=entry.deal_id,
        supersedes_id=entry.supersedes_id,
        data=entry.data,
        note=entry.note,
        token=entry.token,
        recorded_by_id=entry.recorded_by_id,
        recorded_at=entry.recorded_at,
        # A migration's entry may predate these.
        recorded_as=getattr(entry, "recorded_as", ""),
        seat=getattr(entry, "seat", None),
        settles_id=getattr(entry, "settles_id", None),
    )


@dataclass(frozen=True)
class Break:
    """A broken link of a game's chain: at an entry, or (``entry_id`` None) in its setup."""

    game_id: int
    entry_id: int | None
    what: str

    def __str__(self) -> str:
        if self.entry_id is None:
            return f"game {self.game_id}: {self.what}"
        return f"game {self.game_id}, entry {self.entry_id}: {self.what}"


def first_break(game_id: int, entries: Iterable[Any], *, start: str) -> tuple[int, Break | None]:
    """Walk one game's entries in id order: how many were walked, and the first broken link.

    ``start`` is what the first entry links to: the digest of the game's sealed setup
    (``scorekeeper.seal``), or nothing for a chain begun before setups were sealed."""
    prev = start
    count = 0
    for entry in entries:
        count += 1
        if entry.prev_hash != prev and count == 1:
            return count, Break(
                game_id,
                entry.pk,
                f"its chain starts from {entry.prev_hash[:12] or '(nothing)'}…, but the game's "
                f"sealed setup digests to {prev[:12] or '(nothing)'}… (the setup kept on the "
                "game was changed, or an entry before this one was removed)",
            )
        if entry.prev_hash != prev:
            return count, Break(
                game_id,
                entry.pk,
                f"it links to {entry.prev_hash[:12] or '(nothing)'}…, but the entry before it "
                f"in the game has hash {prev[:12]}… "
                "(an entry before it was removed, changed or slipped in)",
            )
        computed = entry_hash(content_of(entry), entry.prev_hash)
        if entry.hash != computed:
            return count, Break(
                game_id,
                entry.pk,
                f"its content no longer matches its hash (stored {entry.hash[:12]}…, computed "
                f"{computed[:12]}…): it was changed after it was written",
            )
        prev = entry.hash
    return count, None


# --- Append-only in the database itself ------------------------------------------------------

REFUSAL = "The ledger is append-only: entries are never updated or deleted."

SQLITE_INSTALL = [
    f"""CREATE TRIGGER IF NOT EXISTS ledger_no_update BEFORE UPDATE ON {TABLE}
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END""",
    f"""CREATE TRIGGER IF NOT EXISTS ledger_no_delete BEFORE DELETE ON {TABLE}
        BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END""",
]
SQLITE_REMOVE = [
    "DROP TRIGGER IF EXISTS ledger_no_update",
    "DROP TRIGGER IF EXISTS ledger_no_delete",
]

POSTGRESQL_INSTALL = [
    f"""CREATE OR REPLACE FUNCTION ledger_refuse_rewrite() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION '{REFUSAL} (% refused)', TG_OP
                USING ERRCODE = 'insufficient_privilege';
        END;
        $$""",
    f"""CREATE TRIGGER ledger_no_rewrite BEFORE UPDATE OR DELETE ON {TABLE}
        FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite()""",
    f"""CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON {TABLE}
        FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_rewrite()""",
]
POSTGRESQL_REMOVE = [
    f"DROP TRIGGER IF EXISTS ledger_no_truncate ON {TABLE}",
    f"DROP TRIGGER IF EXISTS ledger_no_rewrite ON {TABLE}",
    "DROP FUNCTION IF EXISTS ledger_refuse_rewrite()",
]


def install_sql(vendor: str) -> list[str]:
    return {"sqlite": SQLITE_INSTALL, "postgresql": POSTGRESQL_INSTALL}.get(vendor, [])


def remove_sql(vendor: str) -> list[str]:
    return {"sqlite": SQLITE_REMOVE, "postgresql": POSTGRESQL_REMOVE}.get(vendor, [])


def unlock_sql(vendor: str) -> list[str]:
    """Lift the refusal for the length of one transaction (only a table's owner can): for a
    deliberate wipe such as the test runner's flush. Follow with ``lock_sql`` in the same
    transaction."""
    if vendor == "postgresql":
        return [f"ALTER TABLE {TABLE} DISABLE TRIGGER USER"]
    return remove_sql(vendor)


def lock_sql(vendor: str) -> list[str]:
    if vendor == "postgresql":
        return [f"ALTER TABLE {TABLE} ENABLE TRIGGER USER"]
    return install_sql(vendor)


def keep_triggers(using: str = "default", **kwargs: Any) -> None:
    """After ``migrate`` (a ``post_migrate`` receiver): put SQLite's triggers back if a later
    migration rebuilt the ledger's table (SQLite alters a table by copying it, and the triggers
    go with the old one). Only once the migration that installs them is applied."""
    from django.db import connections
    from django.db.migrations.recorder import MigrationRecorder

    connection = connections[using]
    if connection.vendor != "sqlite" or TABLE not in connection.introspection.table_names():
        return
    applied = MigrationRecorder(connection).applied_migrations()
    if any(app == "scorekeeper" and name.endswith("_ledger_append_only") for app, name in applied):
        with connection.cursor() as cursor:
            for sql in SQLITE_INSTALL:
                cursor.execute(sql)
