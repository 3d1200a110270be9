"""The aiohttp application: routes, limits, and the app's assembly.

Handlers stay thin: they read TTS-shaped input (server.wire), check the token
and rate (server.auth, server.ratelimit) and hand over to server.tables,
which owns every change to a table.
"""
from __future__ import annotations

import functools
import json
import logging
import time
from pathlib import Path

from aiohttp import web

from kit.engine import visible

from . import actionlog, auth, jsontext, noise, seats
from .assets import serve_asset
from .pages import get_page
from .content import Rulesets
from .lifecycle import Lifecycle
from .ratelimit import RateLimiter
from .settings import Settings
from .store import Store
from .writer import GroupWriter
from .messages import LOCALES
from .middleware import cors_middleware, refusals, storage_failed
from .calls import (ADDRESSES, CREATIONS, LIFECYCLE, LIMITER, SETTINGS, TABLES, address as _address,
                    audience as _audience, for_seat as _for_seat, rate as _rate, seat_field as _seat,
                    table_call as _table_call)
from .tables import Table, Tables, monotonic_ms
from .wire import ProtocolError, as_int, as_object, as_str, read_body, respond

log = logging.getLogger("hauntkit.server")

OPENAPI_PATH = Path(__file__).with_name("openapi.json")
# -- helpers --------------------------------------------------------------
def _log_action(table: Table, action: dict, status: int, body: dict | str, start: float, request_id) -> None:
    if not actionlog.enabled():
        return
    if isinstance(body, str):   # accepted (or replayed): the table's version is the answer's
        result, version = "ok", table.version
    else:
        result, version = body.get("error", {}).get("code"), table.version
    actionlog.write({
        "ts": round(time.time(), 3), "table": table.id, "seat": action.get("player"), "action": action.get("action"), "status": status,
        "result": result, "version": version, "latency_ms": monotonic_ms(start),
        "request_id": request_id})


def _open_for_play(table: Table, request_id: str | None = None) -> None:
    """Once its game is over a table's token acts no more (a save shared
    after play lets nobody change it); its log and state still read. A
    retry of the request that ended the game still gets its answer."""
    if table.engine.is_over(table.state) and not (request_id and request_id in table.request_ids):
        raise ProtocolError(409, "GAME-OVER")


async def _run(request: web.Request, table: Table, action: dict, fields: dict, undo_consent=None) -> web.Response:
    """Apply `action` (or, with `undo_consent`, an undo) and log one line."""
    start = time.perf_counter()
    request_id = as_str(fields.get("request_id"), "request_id")
    expect = as_int(fields.get("expect_version"), "expect_version", minimum=0)
    _open_for_play(table, request_id)
    tables = request.app[TABLES]
    try:
        if undo_consent is None:
            status, body = await tables.act(table, action, request_id, expect)
        else:
            status, body = await tables.undo(table, undo_consent, request_id, expect)
    except ProtocolError as exc:
        _log_action(table, action, exc.status, {"ok": False, "error": {"code": exc.code}}, start, request_id)
        raise
    _log_action(table, action, status, body, start, request_id)
    return respond(_answer_for(request, body), status=status)


def _answer_for(request: web.Request, body: dict | str) -> dict | str:
    """An accepted answer as the caller may read it: whole for the host's
    token (its TTS relays every seat and deals hidden cards into their
    hands), else only the events and ops visible to the seat token's seat."""
    seat = request.get(seats.SEAT)
    if seat is None:
        return body
    answer = jsontext.loads(body) if isinstance(body, str) else dict(body)
    for key in ("events", "ops"):
        if isinstance(answer.get(key), list):
            answer[key] = visible(answer[key], seat)
    return answer


# -- handlers -------------------------------------------------------------
async def healthz(request: web.Request) -> web.Response:
    """503 while the disk refuses a small durable write (full, read-only,
    failing) or the log writer has stopped: a monitor should restart the
    server, or free the disk."""
    tables = request.app[TABLES]
    base = request.app[SETTINGS].base_url
    problem = await tables.writer.health()
    body = {"ok": problem is None, "tables": len(tables.live), "stored": tables.store.table_count(),
            "rulesets": tables.rulesets.available(), "server_url": base, "assets_url": base + "/assets/"}
    if problem is not None:
        body["error"] = storage_failed(problem).body()["error"]
    return respond(body, status=200 if problem is None else 503)


async def openapi(request: web.Request) -> web.Response:
    return web.Response(body=_openapi_bytes(), content_type="application/json", charset="utf-8")


@functools.cache
def _openapi_bytes() -> bytes:
    """Read once: the document ships with the code and never changes while it runs."""
    return OPENAPI_PATH.read_bytes()


async def create_table(request: web.Request) -> web.Response:
    address = _address(request)
    _rate(request, address, ADDRESSES)
    fields = await read_body(request, request.app[SETTINGS].body_seconds)
    ruleset = as_str(fields.get("ruleset"), "ruleset", required=True)
    locale = as_str(fields.get("locale"), "locale") or "zh-Hans"
    if locale not in LOCALES:
        raise ProtocolError(400, "BAD-REQUEST", "locale: expected one of " + ", ".join(LOCALES))
    seats = fields.get("seats")
    if isinstance(seats, str):
        seats = [s.strip() for s in seats.split(",") if s.strip()]
    if (not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats)
            or len(set(seats)) != len(seats)):
        raise ProtocolError(400, "BAD-REQUEST", "seats: expected a list of distinct TTS colours")
    seats = [_seat(s, "seats") for s in seats]
    # Counted only for a request that would create a table.
    _rate(request, address, CREATIONS)
    options = as_object(fields.get("options"), "options")
    table, token, setup = await request.app[TABLES].create(ruleset, locale, seats, options)
    log.info(json.dumps({"table": table.id, "created": ruleset, "locale": locale, "seats": seats}))
    base = request.app[SETTINGS].base_url
    return respond({"ok": True, "table_id": table.id, "host_token": token, "version": 0, "ruleset": ruleset,
                    "locale": locale, "seats": seats, "table_url": f"{base}/v1/tables/{table.id}",
                    "mod_version": _mod_version(table), **setup},
                   status=201)


def _mod_version(table: Table) -> str | None:
    """The save version this server's build expects. The Lua compares it
    with the one baked into the save and warns the host when they differ
    (an outdated save may lack objects or GUIDs the instructions name)."""
    return (table.content.get("tts") or {}).get("mod_version")


async def table_summary(request: web.Request) -> web.Response:
    table, _ = await _table_call(request, with_body=False)
    return respond({"ok": True, "table_id": table.id, "ruleset": table.row.ruleset, "locale": table.row.locale,
                    "seats": table.row.seats, "version": table.version, "mod_version": _mod_version(table),
                    "over": bool(table.engine.is_over(table.state)), "to_act": table.engine.to_act(table.state),
                    "outcome": table.engine.outcome(table.state)})


async def post_action(request: web.Request) -> web.Response:
    table, fields = await _table_call(request, with_body=True)
    action = {"action": as_str(fields.get("action"), "action", required=True, max_len=64),
              "player": seats.as_seat(request, _seat(fields.get("player"), "player")),
              "args": as_object(fields.get("args"), "args")}
    return await _run(request, table, action, fields)


async def get_seats(request: web.Request) -> web.Response:
    table, _ = await _table_call(request, with_body=False)
    playing = table.engine.seated(table.state)
    seated, to_act = set(playing), set(table.engine.to_act(table.state))
    # The seats the table was created with, then any a late player sat at.
    listed = list(table.row.seats) + [s for s in playing if s not in table.row.seats]
    seats = [{"seat": seat, "seated": seat in seated, "to_act": seat in to_act} for seat in listed]
    return respond({"ok": True, "version": table.version, "seats": seats})


async def post_seat(request: web.Request) -> web.Response:
    """Sit down: the engine's lobby action `sit`, which every ruleset has,
    under a friendlier route (what a seat then chooses is the game's own
    action, sent to /actions)."""
    table, fields = await _table_call(request, with_body=True)
    player = seats.as_seat(request, _seat(fields.get("player"), "player", required=request.get(seats.SEAT) is None))
    return await _run(request, table, {"action": "sit", "player": player, "args": {}}, fields)


async def post_undo(request: web.Request) -> web.Response:
    table, fields = await _table_call(request, with_body=True)
    seats.host_only(request, "UNDO-NOT-HOST")
    consent = fields.get("consent")
    if isinstance(consent, str):
        consent = [s.strip() for s in consent.split(",") if s.strip()]
    if consent in (None, {}):
        consent = []
    if not isinstance(consent, list):
        raise ProtocolError(400, "BAD-REQUEST", "consent: expected a list of seats")
    consent = [_seat(s, "consent") for s in consent]
    return await _run(request, table, {"action": "undo", "player": None}, fields, undo_consent=consent)


async def post_token(request: web.Request) -> web.Response:
    """A new host token (the panel's New token); the one presented stops
    working. A retry of the same request (its answer lost) gets the same
    new token, though it comes with the replaced one (remembered while the
    table stays in memory)."""
    tables = request.app[TABLES]
    _rate(request, _address(request), ADDRESSES)
    fields = await read_body(request, request.app[SETTINGS].body_seconds)
    token = auth.presented_token(request, fields)
    if token is None:
        raise ProtocolError(401, "AUTH-MISSING", "send Authorization: Bearer <table token>",
                            headers={"WWW-Authenticate": "Bearer"})
    token_hash = auth.hash_token(token)
    request_id = as_str(fields.get("request_id"), "request_id", max_len=200)
    table = tables.live.get(request.match_info["table_id"])
    renewed = tables.renewed(table, token_hash, request_id) if table is not None else None
    if renewed is None:
        table, seat = tables.open(request.match_info["table_id"], token_hash)
        _rate(request, token_hash)
        if seat is not None:
            request[seats.SEAT] = seat
        seats.host_only(request)
        _open_for_play(table)
        renewed = await tables.new_token(table, request_id)
        log.info(json.dumps({"table": table.id, "token": "renewed"}))
    return respond({"ok": True, "table_id": table.id, "host_token": renewed})


async def post_seat_token(request: web.Request) -> web.Response:
    """The host issues a token acting as one seat only (a new one for a
    seat replaces its old one, which stops working)."""
    table, fields = await _table_call(request, with_body=True)
    seats.host_only(request)
    seat = _seat(fields.get("seat"), "seat", required=True)
    token = await request.app[TABLES].issue_seat_token(table, seat)
    log.info(json.dumps({"table": table.id, "seat_token": seat}))
    return respond({"ok": True, "table_id": table.id, "seat": seat, "seat_token": token,
                    "table_url": f"{request.app[SETTINGS].base_url}/v1/tables/{table.id}"}, status=201)


async def get_state(request: web.Request) -> web.Response:
    table, _ = await _table_call(request, with_body=False)
    seat, everyone = _audience(request)
    view = table.view()
    return respond({"ok": True, "version": table.version, "seat": seat, "view": view.of(seat),
                    "to_act": table.engine.to_act(table.state), "outcome": table.engine.outcome(table.state),
                    # The table laid out from scratch, for the Lua's resync.
                    "ops": _for_seat(table.ruleset.presenter.layout(view, table.version), seat, everyone)})


async def get_legal(request: web.Request) -> web.Response:
    table, _ = await _table_call(request, with_body=False)
    seat = seats.as_seat(request, _seat(request.query.get("seat"), required=request.get(seats.SEAT) is None), "seat")
    actions = table.engine.legal_actions(table.state, seat)
    return respond({"ok": True, "version": table.version, "seat": seat,
                    "actions": table.ruleset.presenter.label(actions, table.view(), seat)})


async def get_events(request: web.Request) -> web.Response:
    table, _ = await _table_call(request, with_body=False)
    after = as_int(request.query.get("after"), "after", minimum=0) or 0
    limit = as_int(request.query.get("limit"), "limit", minimum=1, maximum=10_000) or 100
    seat, everyone = _audience(request)
    # Up to the table's version: a row committed but not yet answered (its
    # fsync still running) is not shown before its answer.
    entries = request.app[TABLES].store.entries(table.id, after=after, upto=table.version, limit=min(limit, 500))
    out = [{"version": e.version, "kind": e.kind, "action": e.action.get("action"),
            "player": e.action.get("player"), "events": _for_seat(e.answer.get("events", []), seat, everyone),
            "ops": _for_seat(e.answer.get("ops", []), seat, everyone),
            "messages": e.answer.get("messages", [])} for e in entries]
    return respond({"ok": True, "version": table.version, "entries": out})


async def get_log(request: web.Request) -> web.Response:
    """The table's history for a replay viewer: every accepted action with
    the events `?seat=` may see (default: the public ones). An action whose
    events are not all public may name a secret in its args (the card
    offered from a hidden hand), so its args are shown to its own seat only."""
    table, _ = await _table_call(request, with_body=False)
    seat = seats.as_seat(request, _seat(request.query.get("seat")), "seat")
    entries = request.app[TABLES].store.entries(table.id, upto=table.version)
    out = []
    for e in entries:
        all_events = e.answer.get("events", [])
        events = visible(all_events, seat)
        player = e.action.get("player")
        private = len(events) < len(all_events) or any(ev.get("visible_to") is not None for ev in all_events)
        args = e.action.get("args", {}) if not private or (seat is not None and seat == player) else None
        item = {"version": e.version, "kind": e.kind, "action": e.action.get("action"),
                "player": player, "args": args, "events": events}
        if e.kind == "undo":
            item["undoes"] = e.answer.get("undoes")
        out.append(item)
    return respond({"ok": True, "table_id": table.id, "ruleset": table.row.ruleset, "locale": table.row.locale,
                    "seats": table.row.seats, "version": table.version, "entries": out})


ROUTES = [
    ("GET", "/healthz", healthz),
    ("GET", "/openapi.json", openapi),
    ("POST", "/v1/tables", create_table),
    # aiohttp tries the /v1/tables/{table_id}… routes in this order, one
    # pattern match each: the route nearly every request takes comes first.
    ("POST", "/v1/tables/{table_id}/actions", post_action),
    ("GET", "/v1/tables/{table_id}", table_summary),
    ("GET", "/v1/tables/{table_id}/seats", get_seats),
    ("POST", "/v1/tables/{table_id}/seats", post_seat),
    ("POST", "/v1/tables/{table_id}/undo", post_undo),
    ("POST", "/v1/tables/{table_id}/token", post_token),
    ("POST", "/v1/tables/{table_id}/seat-tokens", post_seat_token),
    ("GET", "/v1/tables/{table_id}/state", get_state),
    ("GET", "/v1/tables/{table_id}/legal", get_legal),
    ("GET", "/v1/tables/{table_id}/events", get_events),
    ("GET", "/v1/tables/{table_id}/log", get_log),
    ("GET", "/v1/tables/{table_id}/page", get_page),
    ("GET", "/assets/{path:.+}", serve_asset),
]


def create_app(settings: Settings, lookup=None, rng_source=None) -> web.Application:
    """`lookup` (name → engine, presenter, info) and `rng_source` replace the
    real ones in tests only; play always uses the registry's rulesets and a
    cryptographic source."""
    noise.install()
    middlewares = [refusals]
    if settings.cors_origins:
        middlewares.insert(0, cors_middleware(settings.cors_origins))
    app = web.Application(middlewares=middlewares, client_max_size=settings.max_body_bytes)
    store = Store(settings.db_path, settings.sqlite_sync, fallback=True)
    writer = GroupWriter(settings.db_path, settings.sqlite_sync)
    tables = Tables(store, writer, Rulesets(settings.content_dir, lookup), settings.snapshot_every, rng_source,
                    max_live=settings.max_live)
    lifecycle = Lifecycle(tables, settings.idle_seconds, settings.expire_unplayed, settings.expire_over)
    log.info("%d tables in %s (each rebuilt on its first request)", store.table_count(), settings.db_path)
    app[SETTINGS] = settings
    app[TABLES] = tables
    app[LIFECYCLE] = lifecycle
    app[LIMITER] = RateLimiter(settings.rate_per_second, settings.rate_burst)
    app[ADDRESSES] = RateLimiter(settings.address_rate, settings.address_burst)
    app[CREATIONS] = RateLimiter(settings.create_rate, settings.create_burst)
    for method, path, handler in ROUTES:
        app.router.add_route(method, path, handler)

    async def start(_app):
        await writer.start(refuse=store.why)
        lifecycle.start()

    async def close(_app):
        await lifecycle.stop()
        await writer.close()     # it logs its group-commit counts
        store.close()
    app.on_startup.append(start)
    app.on_cleanup.append(close)
    return app
