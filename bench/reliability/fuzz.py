"""Fuzzing the rules server: requests generated from its own /openapi.json
by schemathesis (valid and deliberately invalid ones), aimed at real tables
with their host and seat tokens as well as at made-up ones, then hostile
raw HTTP (bench.reliability.hostile) and random corruptions of real
requests. Counted: answers of 500 or more (there must be none), refused
requests that changed a table (none), and tracebacks in the server's log.

A table's state is read (GET …/state with the host's token) after every
accepted change to it and every `check_every` requests; if it differs from
the last reading while no accepted change happened in between, a refused
request changed it.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import random
import tempfile
import time
from pathlib import Path

import aiohttp

from . import hostile, play
from .serve import Server, house_content

MUTATING = {("POST", "/v1/tables/{table_id}/actions"), ("POST", "/v1/tables/{table_id}/seats"),
            ("POST", "/v1/tables/{table_id}/undo"), ("POST", "/v1/tables/{table_id}/seat-tokens")}


class Tally:
    def __init__(self):
        self.requests = 0
        self.by_status: dict[int, int] = {}
        self.fivexx: list[str] = []
        self.state_changes: list[str] = []
        self.no_answer = 0
        self.slowest = (0.0, "")        # the hostile case the server took longest to answer or close

    def count(self, status: int | None, what: str) -> None:
        self.requests += 1
        if status is None:
            self.no_answer += 1
            return
        self.by_status[status] = self.by_status.get(status, 0) + 1
        if status >= 500 and len(self.fivexx) < 50:
            self.fivexx.append(f"{status} {what[:300]}")


async def _fixtures(base: str, characters: list[str]) -> list[dict]:
    """Tables in three phases: nobody seated, seated, started and played a little."""
    out = []
    async with aiohttp.ClientSession() as session:
        for phase in ("lobby", "seated", "playing"):
            t = play.Table(session, base, f"fx-{phase}", characters, random.Random(3))
            if phase == "playing":
                await t.setup()
                for _ in range(3):
                    await t.turn()
            else:
                await t.create()
                if phase == "seated":
                    for seat in play.SEATS:
                        await t.act("sit", seat, {})
            async with session.post(f"{base}/v1/tables/{t.tid}/seat-tokens", json={"seat": "Red"},
                                    headers={"Authorization": f"Bearer {t.token}"}) as r:
                seat_token = (await r.json())["seat_token"]
            out.append({"tid": t.tid, "host": t.token, "seat": seat_token})
    return out


def _digest(server: Server, fx: dict) -> str:
    status, body = server.get(f"/v1/tables/{fx['tid']}/state", fx["host"])
    assert status == 200, body
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def schema_requests(server: Server, fixtures: list[dict], target: int, tally: Tally, seed_: int,
                    check_every: int = 50, log=print) -> None:
    import requests
    import schemathesis
    from hypothesis import HealthCheck, given, seed, settings
    from hypothesis.errors import Unsatisfiable
    from schemathesis import GenerationMode

    base = f"http://127.0.0.1:{server.port}"
    schema = schemathesis.openapi.from_url(base + "/openapi.json")
    ops = [r.ok() for r in schema.get_all_operations()]
    session = requests.Session()
    rng = random.Random(seed_)
    known = {fx["tid"]: _digest(server, fx) for fx in fixtures}
    by_tid = {fx["tid"]: fx for fx in fixtures}
    changed_since: set[str] = set()

    def check_all(reason: str) -> None:
        for tid, fx in by_tid.items():
            now = _digest(server, fx)
            if now != known[tid] and tid not in changed_since:
                tally.state_changes.append(f"table {tid} changed with no accepted request ({reason})")
            known[tid] = now
        changed_since.clear()

    def send(op, case) -> None:
        kw = case.as_transport_kwargs(base_url=base)
        kw = {k: v for k, v in kw.items() if k in ("method", "url", "headers", "params", "json", "data")}
        try:
            r = session.request(timeout=30, **kw)
            status = r.status_code
            if status == 200 and op.path.endswith("/token"):       # the fixture's host token was replaced
                tid = (case.path_parameters or {}).get("table_id")
                if tid in by_tid:
                    by_tid[tid]["host"] = r.json()["host_token"]
        except requests.RequestException as exc:
            status = None
            tally.fivexx.append(f"no answer: {op.method.upper()} {kw.get('url')} ({exc})")
        tally.count(status, f"{op.method.upper()} {kw.get('url')} {kw.get('json', kw.get('data'))!r}")
        tid = (case.path_parameters or {}).get("table_id")
        if status is not None and status < 300 and (op.method.upper(), op.path) in MUTATING and tid in by_tid:
            changed_since.add(tid)
        if tally.requests % check_every == 0:
            check_all(f"by request {tally.requests}")

    per_op = max(1, target // (len(ops) * 2 * 4))
    round_ = 0
    while tally.requests < target:         # passes with other seeds until the target is reached
        for op in ops:
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                @seed(seed_ * 1000 + round_)
                @settings(max_examples=per_op, database=None, deadline=None,
                          suppress_health_check=list(HealthCheck))
                @given(op.as_strategy(generation_mode=mode))
                def fuzz(case):
                    send(op, case)
                    if "table_id" not in (case.path_parameters or {}):
                        for _ in range(3):            # the same request again: a fresh table, a fresh 404
                            send(op, case)
                        return
                    fx = rng.choice(fixtures)
                    for token in (fx["host"], fx["seat"], "bogus" + fx["host"][5:]):
                        case.path_parameters = {**case.path_parameters, "table_id": fx["tid"]}
                        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
                        send(op, case)
                try:
                    fuzz()
                except Unsatisfiable:          # nothing invalid to make of it (GET /healthz has no inputs)
                    pass
                if tally.requests >= target:
                    break
            log(f"fuzz: {op.method.upper()} {op.path}: {tally.requests} requests so far")
            if tally.requests >= target:
                break
        round_ += 1
    check_all("at the end")


def _mutate(data: bytes, rng: random.Random) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(4)
        at = rng.randrange(len(data) + 1)
        if kind == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif kind == 1:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif kind == 2 and data:
            del data[at:at + rng.randint(1, 16)]
        else:
            data = data[:at] or data
    return bytes(data)


def raw_requests(server: Server, fixtures: list[dict], count: int, tally: Tally, seed: int) -> None:
    """The hostile cases (each once), then `count` corrupted copies of real requests."""
    rng = random.Random(seed)
    fx = fixtures[-1]
    for case in hostile.cases(fx["tid"], fx["host"]):
        r = hostile.send("127.0.0.1", server.port, case)
        tally.count(r.status, f"raw: {case.name}")
        tally.slowest = max(tally.slowest, (round(r.seconds, 2), case.name))
    body = b'{"action":"move","player":"Red","args":{"to":"foyer"},"request_id":"m-1"}'
    templates = [
        b"GET /v1/tables/%s/state?seat=Red HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n",
        b"GET /v1/tables/%s/events?after=1&limit=5 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n",
        b"POST /v1/tables/%s/actions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
        b"Content-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body,
        b"POST /v1/tables/%s/undo HTTP/1.1\r\nHost: x\r\nX-Table-Token: %s\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 14\r\n\r\nconsent=Red,Bl",
    ]
    create = (b"POST /v1/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 43\r\n\r\n"
              b'{"ruleset":"house","seats":["Red","Blue"]}\n')
    for _ in range(count):
        f = rng.choice(fixtures)
        template = rng.choice(templates + [create])
        data = template % (f["tid"].encode(), f["host"].encode()) if b"%s" in template else template
        data = _mutate(data, rng)
        try:
            r = hostile.send("127.0.0.1", server.port, hostile.Case("mutated", [data], half_close=True), timeout=10)
            tally.count(r.status, f"raw mutated: {data[:200]!r}")
        except OSError as exc:
            tally.count(None, f"raw mutated: {exc}")


def run(requests: int = 100_000, raw: int = 10_000, seed: int = 1, workdir: Path | None = None, log=print) -> dict:
    tmp = Path(workdir or tempfile.mkdtemp(prefix="hauntkit-fuzz-"))
    content_dir = house_content(tmp)
    content = json.loads((content_dir / "house.json").read_text(encoding="utf-8"))
    server = Server(tmp / "tables.sqlite3", content_dir, tmp / "server.log",
                    ["--idle-timeout", "2", "--body-timeout", "2", "--max-live", "200"]).start()
    tally = Tally()
    started = time.monotonic()
    try:
        fixtures = asyncio.run(_fixtures(f"http://127.0.0.1:{server.port}", list(content["characters"])[:3]))
        schema_requests(server, fixtures, max(0, requests - raw), tally, seed, log=log)
        generated = tally.requests
        raw_requests(server, fixtures, raw, tally, seed)
        healthy = server.get("/healthz")[0]
    finally:
        server.stop()
    return {"requests": tally.requests, "schema_requests": generated, "raw_requests": tally.requests - generated,
            "fivexx": len([s for s, n in tally.by_status.items() if s >= 500 for _ in range(n)]),
            "fivexx_examples": tally.fivexx[:10], "state_changes": len(tally.state_changes),
            "state_change_examples": tally.state_changes[:5], "by_status": dict(sorted(tally.by_status.items())),
            "no_answer": tally.no_answer, "healthz_after": healthy, "slowest_raw": tally.slowest,
            "tracebacks": sum("Traceback" in line for line in server.log_problems()),
            "log_problems": server.log_problems()[:10], "seconds": round(time.monotonic() - started, 1),
            "log": str(server.log_path)}

