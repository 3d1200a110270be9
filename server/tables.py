"""Live tables: the engine state of each table, its lock, and the rules for
changing it (idempotent retries, optimistic versions, undo by consent).

A table's state is a fold of its log: the setup state (snapshot 0) and then
each entry applied with its recorded random tape. `Table.state` is just the
cached result of that fold; `Tables.state_at` recomputes it from the store.
So a table needs no memory between requests: one idle for a while leaves
memory and is rebuilt from the store on its next request (server.lifecycle
decides when), and the store is only read for a token that opens it.
"""
from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from kit import ops as table_ops
from kit.engine import RecordingRng, RuleError, TapeRng
from kit.present import TableView
from kit.seats import COLOURS  # noqa: F401  (re-exported for the routes)

from . import auth
from .content import Ruleset, Rulesets
from .heap import settle_heap, tune_collector  # noqa: F401  (where callers found them)
from .messages import LOCALES
from .store import Entry, Store, TableRow, VersionConflict
from .writer import GroupWriter
from .wire import ProtocolError

log = logging.getLogger("hauntkit.tables")

TABLE_ID = re.compile(r"^[0-9a-f]{16}$")   # secrets.token_hex(8)


@dataclass(eq=False)
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
    # seat -> hash of the seat token the host issued for it.
    seat_tokens: dict[str, str] = field(default_factory=dict)
    used: float = 0.0           # time.monotonic() of its last request
    busy: int = 0               # actions and undos under way (waiting for the lock included)
    over: bool = False          # as the store knows it (tables.over_at)

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
                 rng_source: Any = None, max_live: int = 1000):
        self.store = store          # reads, on the event loop
        self.writer = writer        # writes, grouped (server.writer)
        self.rulesets = rulesets
        self.snapshot_every = snapshot_every
        # None → secrets.SystemRandom inside RecordingRng (play); tests may pass a seeded one.
        self._rng_source = rng_source
        # Least recently used first (an access moves a table to the end).
        self.live: OrderedDict[str, Table] = OrderedDict()
        self.max_live = max_live
        self.expiring: set[str] = set()     # being deleted: refused meanwhile
        self.loaded = 0                      # tables rebuilt from the store so far

    # -- lifecycle --------------------------------------------------------
    def state_at(self, row: TableRow, engine: Any, version: int) -> dict:
        """The state after `version`. An undo's state is the state after the
        version it restored (its snapshot, when one was written, holds the
        same): walking back from `version`, each undo is followed to what it
        restored, until a version with a snapshot; the actions met on the way
        are then replayed forward with their tapes. A snapshot that was never
        written (a failed write, a full disk) only makes the walk longer."""
        have = set(self.store.snapshot_versions(row.id, version))
        cache: dict[int, Entry] = {}
        replay: list[Entry] = []
        t = version
        while t not in have:
            if t <= 0:
                raise RuntimeError(f"table {row.id}: no snapshot 0")
            if t not in cache:
                cache.update((e.version, e) for e in self.store.entries(row.id, after=max(0, t - 64), upto=t))
                if t not in cache:
                    raise RuntimeError(f"table {row.id}: no log entry {t}")
            entry = cache[t]
            if entry.kind == "undo":
                t = entry.restore_to
            else:
                replay.append(entry)
                t -= 1
        state = self.store.snapshot_at(row.id, t)
        for entry in reversed(replay):
            state, _ = engine.apply(state, entry.action, TapeRng(entry.tape))
        return state

    def open(self, table_id: str, token_hash: str) -> tuple[Table, str | None]:
        """The table and the seat the token acts as (None: the host's token).

        A table that does not exist and a token that does not open it get
        the same 403, so nobody learns which ids exist; the store is read
        for the token first, and the table rebuilt only for a token that
        opens it."""
        table = self.live.get(table_id)
        if table is None:
            row = self.store.table(table_id) if TABLE_ID.match(table_id) else None
            if row is None or table_id in self.expiring:
                raise auth.forbidden()
            seat_tokens = self.store.seat_tokens(table_id)
            seat = auth.opens(token_hash, row.token_hash, seat_tokens)
            table = self._load(row, seat_tokens)
        else:
            self.live.move_to_end(table_id)
            seat = auth.opens(token_hash, table.row.token_hash, table.seat_tokens)
        table.used = time.monotonic()
        return table, seat

    def _load(self, row: TableRow, seat_tokens: dict[str, str]) -> Table:
        ruleset = self.rulesets.get(row.ruleset)
        engine, content = ruleset.engine, ruleset.content
        if row.content_hash and content.get("content_hash") not in (None, row.content_hash):
            log.info("table %s was created with content %s; replaying with %s",
                     row.id, row.content_hash, content.get("content_hash"))
        try:
            state = self.state_at(row, engine, row.version)
        except Exception:
            # One table the current engine cannot replay must not keep the others offline.
            log.exception("table %s could not be rebuilt from its log", row.id)
            raise ProtocolError(500, "INTERNAL", "this table could not be rebuilt from its log") from None
        table = Table(row, ruleset, state, request_ids=self.store.request_ids(row.id),
                      seat_tokens=seat_tokens, over=row.over_at is not None)
        self.live[row.id] = table
        self.loaded += 1
        if bool(engine.is_over(state)) != table.over:      # a game that ended before over_at was kept
            self._mark_over(table)
        self.trim()
        return table

    def evict(self, table_id: str) -> None:
        """Out of memory; the store has everything (the next request rebuilds it)."""
        self.live.pop(table_id, None)
        self.writer.snapshots.forget_table(table_id)

    def trim(self, idle_before: float | None = None) -> int:
        """Evict the least recently used tables beyond `max_live`, and those
        unused since `idle_before` (time.monotonic()); never a busy one."""
        gone = []
        for table_id, table in self.live.items():     # least recently used first
            over_cap = len(self.live) - len(gone) > self.max_live
            if not over_cap and (idle_before is None or table.used >= idle_before):
                break
            if not table.busy and not table.lock.locked():
                gone.append(table_id)
        for table_id in gone:
            self.evict(table_id)
        return len(gone)

    def get(self, table_id: str) -> Table:
        """A live table, without a token (in-process callers and tests)."""
        table = self.live.get(table_id)
        if table is None:
            row = self.store.table(table_id) if TABLE_ID.match(table_id) else None
            if row is None:
                raise ProtocolError(404, "NOT-FOUND", "no such table")
            table = self._load(row, self.store.seat_tokens(table_id))
        return table

    async def issue_seat_token(self, table: Table, seat: str) -> str:
        """A new token acting as `seat` only; the seat's previous one stops working."""
        if seat not in table.row.seats:
            raise ProtocolError(422, "BAD-REQUEST", f"seat: {seat} is not a seat of this table")
        token = auth.new_token()
        token_hash = auth.hash_token(token)
        await self.writer.set_seat_token(table.id, seat, token_hash)
        table.seat_tokens[seat] = token_hash
        return token

    def renewed(self, table: Table, token_hash: str | None, request_id: str | None) -> str | None:
        """The new token a repeated renewal (same request_id, the replaced
        token) was already given, else None."""
        r = table.renewal
        if r and token_hash and request_id and r[0] == request_id and auth.hash_matches(token_hash, r[1]):
            return r[2]
        return None

    async def new_token(self, table: Table, request_id: str | None) -> str:
        """Replace the host token: the old one opens nothing from now on."""
        async with self._turn(table):
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
        table = Table(row, found, state, used=time.monotonic())
        self.live[row.id] = table
        self.loaded += 1
        self.trim()
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
        async with self._turn(table):
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
            view = table.view(state)
            view.before = table.view()          # the table as it stood: what moved is the difference
            shown = table.ruleset.presenter.answer(events, view, version)
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
        async with self._turn(table):
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

    def _turn(self, table: Table) -> "_Turn":
        """The table's lock, and the table marked busy (never evicted) from
        before the wait for it until after."""
        return _Turn(table)

    async def _commit(self, table: Table, entry: Entry, state: dict, snapshot: bool) -> None:
        entry.encoded_answer()   # once, on the loop; the writer stores these very bytes
        try:
            await self.writer.append(table.id, entry, state if snapshot else None)
        except VersionConflict:
            # Another process wrote this table (or it expired): our cache is stale.
            self.evict(table.id)
            row = self.store.table(table.id)
            if row is None:
                raise auth.forbidden() from None
            raise ProtocolError(409, "VERSION-STALE", "the table changed elsewhere",
                                extra={"version": row.version}) from None
        table.state = state
        table.row.version = entry.version
        if entry.request_id:
            table.request_ids.add(entry.request_id)
        if bool(table.engine.is_over(state)) != table.over:
            # Awaited (once a game), so whoever reads the store next sees it.
            await asyncio.wait([self._mark_over(table)])

    def _mark_over(self, table: Table) -> asyncio.Future:
        """Tell the store the game ended (or, after an undo, goes on): an
        ended game expires once idle long enough (server.lifecycle). The
        action is accepted whether or not this write succeeds."""
        table.over = not table.over
        fut = self.writer.mark_over(table.id, time.time() if table.over else None)
        fut.add_done_callback(_report_failure)
        return fut


class _Turn:
    __slots__ = ("table",)

    def __init__(self, table: Table):
        self.table = table

    async def __aenter__(self):
        self.table.busy += 1
        try:
            await self.table.lock.acquire()
        except BaseException:
            self.table.busy -= 1
            raise

    async def __aexit__(self, *exc):
        self.table.lock.release()
        self.table.busy -= 1
        return False


def _report_failure(fut: asyncio.Future) -> None:
    if not fut.cancelled() and fut.exception() is not None:
        log.warning("the end of a game was not recorded: %s", fut.exception())


def monotonic_ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 2)
