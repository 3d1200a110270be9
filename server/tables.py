"""Live tables: the engine state of each table, its lock, and the rules for
changing it (idempotent retries, optimistic versions, undo by consent).

A table's state is a fold of its log: the setup state (snapshot 0) and then
each entry applied with its recorded random tape. `Table.state` is just the
cached result of that fold; `Tables.state_at` recomputes it from the store.
"""
from __future__ import annotations

import asyncio
import gc
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from kit import ops as table_ops
from kit.engine import RecordingRng, RuleError, TapeRng
from kit.present import TableView
from kit.seats import COLOURS  # noqa: F401  (re-exported for the routes)

from . import auth
from .content import Ruleset, Rulesets
from .messages import LOCALES
from .store import Entry, Store, TableRow, VersionConflict
from .writer import GroupWriter
from .wire import ProtocolError

log = logging.getLogger("hauntkit.tables")


@dataclass
class Table:
    row: TableRow
    ruleset: Ruleset
    state: dict
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # request_ids already logged, so a fresh request needs no database read.
    request_ids: set[str] = field(default_factory=set)
    # The last token renewal (request_id, hash of the token it replaced, new
    # token), in memory only: a retry whose answer was lost gets the same token.
    renewal: tuple[str, str, str] | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def engine(self) -> Any:
        return self.ruleset.engine

    @property
    def content(self) -> dict:
        return self.ruleset.content

    def view(self, state: dict | None = None) -> TableView:
        """What the presenter reads: the engine's views of `state` (default:
        the table's), the content and the ruleset's words."""
        return TableView(self.engine, self.state if state is None else state, self.content, self.ruleset.words)

    @property
    def version(self) -> int:
        return self.row.version


def _full_message(message: dict) -> dict:
    """Fill any missing locale so the Lua can always show something."""
    fallback = message.get("en") or next(iter(message.values()), "")
    return {loc: message.get(loc) or fallback for loc in LOCALES}


class Tables:
    def __init__(self, store: Store, writer: GroupWriter, rulesets: Rulesets, snapshot_every: int = 50,
                 rng_source: Any = None):
        self.store = store          # reads, on the event loop
        self.writer = writer        # writes, grouped (server.writer)
        self.rulesets = rulesets
        self.snapshot_every = snapshot_every
        # None → secrets.SystemRandom inside RecordingRng (play); tests may pass a seeded one.
        self._rng_source = rng_source
        self.live: dict[str, Table] = {}

    # -- lifecycle --------------------------------------------------------
    def load_all(self) -> int:
        for table_id in self.store.table_ids():
            row = self.store.table(table_id)
            try:
                ruleset = self.rulesets.get(row.ruleset)
            except ProtocolError:
                log.warning("table %s: ruleset %s is not installed; not loaded", table_id, row.ruleset)
                continue
            content = ruleset.content
            if row.content_hash and content.get("content_hash") not in (None, row.content_hash):
                log.warning("table %s was created with content %s; replaying with %s",
                            table_id, row.content_hash, content.get("content_hash"))
            try:
                state = self.state_at(row, ruleset.engine, row.version)
            except Exception:
                # One table the current engine cannot replay must not keep the others offline.
                log.exception("table %s could not be rebuilt from its log; not loaded", table_id)
                continue
            self.live[table_id] = Table(row, ruleset, state, request_ids=self.store.request_ids(table_id))
        settle_heap()
        return len(self.live)

    def state_at(self, row: TableRow, engine: Any, version: int) -> dict:
        """The state after `version`: the nearest snapshot, then the log."""
        snap = self.store.snapshot(row.id, version)
        if snap is None:
            raise RuntimeError(f"table {row.id}: no snapshot at or below {version}")
        at, state = snap
        for entry in self.store.entries(row.id, after=at, upto=version):
            if entry.kind == "undo":
                # Every undo writes a snapshot of the state it restored.
                state = self.store.snapshot(row.id, entry.version)[1]
            else:
                state, _ = engine.apply(state, entry.action, TapeRng(entry.tape))
        return state

    def get(self, table_id: str) -> Table:
        table = self.live.get(table_id)
        if table is None:
            raise ProtocolError(404, "NOT-FOUND", "no such table")
        return table

    def authorize(self, table: Table, token_hash: str | None) -> None:
        """`token_hash` is auth.hash_token of the presented token (None: none presented)."""
        if not token_hash:
            raise ProtocolError(401, "AUTH-MISSING", "send Authorization: Bearer <table token>",
                                headers={"WWW-Authenticate": "Bearer"})
        if not auth.hash_matches(token_hash, table.row.token_hash):
            raise ProtocolError(403, "AUTH-FORBIDDEN")

    def renewed(self, table: Table, token_hash: str | None, request_id: str | None) -> str | None:
        """The new token a repeated renewal (same request_id, the replaced
        token) was already given, else None."""
        r = table.renewal
        if r and token_hash and request_id and r[0] == request_id and auth.hash_matches(token_hash, r[1]):
            return r[2]
        return None

    async def new_token(self, table: Table, request_id: str | None) -> str:
        """Replace the host token: the old one opens nothing from now on."""
        async with table.lock:
            token = auth.new_token()
            new_hash = auth.hash_token(token)
            await self.writer.set_token(table.id, new_hash)
            table.renewal = (request_id, table.row.token_hash, token) if request_id else None
            table.row.token_hash = new_hash
            return token

    # -- creating ---------------------------------------------------------
    async def create(self, ruleset: str, locale: str, seats: list[str], options: dict) -> tuple[Table, str, dict]:
        found = self.rulesets.get(ruleset)
        engine, content = found.engine, found.content
        low, high = found.info.players
        if not low <= len(seats) <= high:
            raise ProtocolError(400, "BAD-REQUEST", f"seats: {ruleset} is for {low} to {high} players")
        rng = RecordingRng(self._rng_source)
        engine_options = {**options, "seats": seats, "locale": locale}
        try:
            state = engine.new_table(content, engine_options, rng)
        except RuleError as exc:
            raise ProtocolError(exc.status, exc.code, exc.message.get("en", "")) from None
        token = auth.new_token()
        row = TableRow(id=secrets.token_hex(8), ruleset=ruleset, locale=locale, seats=seats,
                       options=engine_options, token_hash=auth.hash_token(token),
                       content_hash=content.get("content_hash"), setup_tape=rng.tape, version=0)
        await self.writer.create_table(row, state)
        table = Table(row, found, state)
        self.live[row.id] = table
        settle_heap()
        answer = {"ops": [], "messages": []}
        return table, token, answer

    # -- acting -----------------------------------------------------------
    def _replayed(self, table: Table, request_id: str | None, action: dict) -> str | None:
        """The first answer (encoded) to `request_id`, if it was accepted."""
        if not request_id or request_id not in table.request_ids:
            return None
        entry = self.store.by_request(table.id, request_id)
        if entry.action != action:
            raise ProtocolError(409, "REQUEST-ID-REUSED", f"request_id {request_id!r} was version {entry.version}")
        return entry.answer_json

    @staticmethod
    def _check_version(table: Table, expect_version: int | None) -> None:
        if expect_version is not None and expect_version != table.version:
            raise ProtocolError(409, "VERSION-STALE",
                                f"expected version {expect_version}, the table is at {table.version}",
                                extra={"version": table.version})

    async def act(self, table: Table, action: dict, request_id: str | None,
                  expect_version: int | None) -> tuple[int, dict | str]:
        """(status, answer); an accepted answer comes encoded, exactly as logged."""
        async with table.lock:
            first = self._replayed(table, request_id, action)
            if first is not None:
                return 200, first
            self._check_version(table, expect_version)
            rng = RecordingRng(self._rng_source)
            try:
                state, events = table.engine.apply(table.state, action, rng)
            except RuleError as exc:
                return exc.status, {"ok": False, "error": {"code": exc.code, "message": _full_message(exc.message)}}
            except Exception:
                # The engine broke its contract; make sure its input was not damaged.
                table.state = self.state_at(table.row, table.engine, table.version)
                raise
            version = table.version + 1
            shown = table.ruleset.presenter.answer(events, table.view(state), version)
            if table_ops.checking():
                table_ops.check(shown["ops"])
            answer = {"ok": True, "version": version, "events": events, **shown}
            entry = Entry(version, request_id, "action", action, rng.tape, None,
                          bool(table.engine.reveals(events, rng.tape)), answer)
            await self._commit(table, entry, state, snapshot=version % self.snapshot_every == 0)
            return 200, entry.answer_json

    def undo_target(self, table: Table) -> Entry:
        """The last entry still in effect: undos are skipped over to what they
        restored, so repeated undos walk further back."""
        t = table.version
        while t > 0:
            entry = self.store.entry(table.id, t)
            if entry.kind != "undo":
                return entry
            t = entry.restore_to
        raise ProtocolError(409, "UNDO-NOTHING")

    async def undo(self, table: Table, consent: list[str], request_id: str | None,
                   expect_version: int | None) -> tuple[int, dict | str]:
        action = {"action": "undo", "player": None, "args": {"consent": sorted(set(consent))}}
        async with table.lock:
            first = self._replayed(table, request_id, action)
            if first is not None:
                return 200, first
            self._check_version(table, expect_version)
            missing = [s for s in table.engine.seated(table.state) if s not in consent]
            if missing:
                raise ProtocolError(422, "UNDO-NO-CONSENT", "missing: " + ", ".join(missing),
                                    extra={"missing": missing})
            target = self.undo_target(table)
            if target.revealing:
                raise ProtocolError(409, "UNDO-REVEALED", f"version {target.version} ({target.action.get('action')})",
                                    extra={"undoes": target.version})
            state = self.state_at(table.row, table.engine, target.version - 1)
            version = table.version + 1
            undone = {"type": "undone", "version": target.version, "action": target.action.get("action"),
                      "player": target.action.get("player"), "visible_to": None}
            answer = {"ok": True, "version": version, "undoes": target.version, "events": [undone],
                      "ops": [{"op": "sync", "version": version, "seq": 0}],
                      "messages": [table.ruleset.words.text("narrate.undone", version=target.version)]}
            entry = Entry(version, request_id, "undo", action, [], target.version - 1, False, answer)
            await self._commit(table, entry, state, snapshot=True)
            return 200, entry.answer_json

    async def _commit(self, table: Table, entry: Entry, state: dict, snapshot: bool) -> None:
        entry.encoded_answer()   # once, on the loop; the writer stores these very bytes
        try:
            await self.writer.append(table.id, entry, state if snapshot else None)
        except VersionConflict:
            # Another process wrote this table: our cache is stale, reload it.
            row = self.store.table(table.id)
            table.row, table.state = row, self.state_at(row, table.engine, row.version)
            raise ProtocolError(409, "VERSION-STALE", "the table changed elsewhere",
                                extra={"version": row.version}) from None
        table.state = state
        table.row.version = entry.version
        if entry.request_id:
            table.request_ids.add(entry.request_id)


def settle_heap() -> None:
    """Move what exists now (content, each table's rules tables) out of the
    cyclic collector's sight. Those objects live as long as their table, and
    a full collection walking them all took ~40 ms with 64 tables: a pause
    every action in flight would wait for. Garbage is still freed by
    reference counting; only cycles alive at this moment are kept."""
    gc.freeze()


# Allocations between young-generation collections (CPython's default: 700).
YOUNG_COLLECTION_EVERY = 5000


def tune_collector() -> None:
    """Collect the young generation less often. The collector runs when
    allocations outnumber frees by the threshold; with dozens of actions in
    flight (each holding its request, task, futures and copied state parts
    until it is answered) they run a few thousand ahead, so at the default
    of 700 young collections came every ~16 actions, and each one walked the
    objects of every action in flight. Measured under the server benchmark
    (36,000 actions): 2,300 young and 210 middle collections taking 0.59 s
    (~16 µs an action) at the default; 30 collections, 16 ms at 5000.
    Cyclic garbage is still collected, a few thousand allocations later."""
    gc.set_threshold(YOUNG_COLLECTION_EVERY, 20, 100)


def monotonic_ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 2)
