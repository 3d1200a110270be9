"""Load the rules server's action endpoint and a bare aiohttp JSON echo app
the same way, and compare them.

Both servers run as their own process with the same settings (one HTTP
process with one event loop, no access log, same body cap, same
garbage-collector thresholds; the rules server also starts its log-writer
process, whose CPU is counted with it). The load is a lean asyncio HTTP/1.1
client in this process: N keep-alive connections, first saturated (each sends its next
request as soon as the previous answer arrives), then paced at fixed request
rates (latency counted from the scheduled send). Each connection drives its
own table through an always-legal cycle of real house actions (move between
the start room and a neighbour, end the turn), so every request is
an accepted action with its durable write to the log (SQLite WAL; --sync
picks FULL, the server's default, or NORMAL).

    .venv/bin/python bench/bench_server.py [--connections 64] [--seconds 10]

The rate limit is lifted for the run (one client sends everything); the
action log stays on at INFO, written to a file, as in production.

Besides req/s and latency it prints each server's CPU per request (all
threads and child processes) and its main thread's (the event loop's) CPU per request and how
busy that thread was: a single-process asyncio server tops out when its loop
is busy all the time. The load average before and after is printed too; on
a shared machine, figures are only comparable from runs that started idle.

Where the machine has two or more cores, the servers (the rules server's log
writer with it) are pinned to one half of them and the load client to the
other, so figures per server core compare like with like.

Targets (docs/BENCHMARKS.md): actions ≥ 50 % of the echo's req/s per server
core; p99 ≤ 15 ms at 64 connections.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ACTION_LINE = '{"ts":'   # the server's one JSON line per action
PY = sys.executable


# -- the echo app (run as a child process) ----------------------------------
def run_echo(host: str, port: int, max_body: int) -> None:
    from aiohttp import web

    sys.path.insert(0, str(ROOT))
    from server.tables import tune_collector
    tune_collector()   # the rules server's garbage-collector setting, for a like-for-like comparison

    async def echo(request: web.Request) -> web.Response:
        data = await request.json()
        return web.json_response(data, dumps=lambda o: json.dumps(o, ensure_ascii=False))

    app = web.Application(client_max_size=max_body)
    app.router.add_post("/echo", echo)
    web.run_app(app, host=host, port=port, access_log=None, print=None)


# -- a minimal keep-alive HTTP client -----------------------------------------
class Conn:
    def __init__(self, host: str, port: int):
        self.host, self.port = host, port

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        sock = self.writer.get_extra_info("socket")
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    async def request(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        data = json.dumps(body, ensure_ascii=False).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}", "Content-Type: application/json",
                f"Content-Length: {len(data)}"]
        if token:
            head.append(f"Authorization: Bearer {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        payload = await self.reader.readexactly(length)
        return status, payload

    def close(self) -> None:
        self.writer.close()


async def wait_up(host: str, port: int, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            _, w = await asyncio.open_connection(host, port)
            w.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise SystemExit(f"server on {port} did not come up")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# -- workloads ---------------------------------------------------------------
class HouseTable:
    """One table, three seats (the fewest the house is played with), each
    turn one move (between the start room and a neighbour) then end_turn;
    R-MOVE-2 guarantees the one-room move."""

    SEATS = ("Red", "Blue", "Green")

    def __init__(self, conn: Conn, characters: list[str]):
        self.conn, self.characters = conn, characters
        self.step = 0

    async def setup(self) -> None:
        st, body = await self.conn.request("POST", "/v1/tables", {"ruleset": "house", "locale": "zh-Hans",
                                                                  "seats": list(self.SEATS)})
        created = json.loads(body)
        assert st == 201, body
        self.tid, self.token = created["table_id"], created["host_token"]
        for seat, character in zip(self.SEATS, self.characters):
            for action, args in (("sit", {}), ("choose_character", {"character": character, "side": 0})):
                await self.act(action, seat, args)
        await self.act("start", "Red", {"first": "Red"})
        # Ping-pong between the start room and its first neighbour the engine offers.
        st, body = await self.conn.request("GET", f"/v1/tables/{self.tid}/state?seat=Red", None, self.token)
        home = json.loads(body)["view"]["players"]["Red"]["room"]
        st, body = await self.conn.request("GET", f"/v1/tables/{self.tid}/legal?seat=Red", None, self.token)
        away = next(a["args"]["to"] for a in json.loads(body)["actions"] if a["action"] == "move" and "to" in a["args"])
        self.rooms = [home, away]
        self.where = dict.fromkeys(self.SEATS, 0)
        self.seat = "Red"

    async def act(self, action: str, seat: str, args: dict):
        st, body = await self.conn.request("POST", f"/v1/tables/{self.tid}/actions",
                                           {"action": action, "player": seat, "args": args,
                                            "request_id": f"{self.tid}-{self.step}"}, self.token)
        self.step += 1
        if st != 200:
            raise RuntimeError(f"{action} by {seat}: {st} {body[:300]!r}")
        return st

    async def next(self):
        seat = self.seat
        if self.step % 2 == 0:
            self.where[seat] = (self.where[seat] + 1) % len(self.rooms)
            return await self.act("move", seat, {"to": self.rooms[self.where[seat]]})
        self.seat = self.SEATS[(self.SEATS.index(seat) + 1) % len(self.SEATS)]
        return await self.act("end_turn", seat, {})


class Echo:
    def __init__(self, conn: Conn):
        self.conn, self.step = conn, 0

    async def setup(self) -> None:
        pass

    async def next(self):
        body = {"action": "move", "player": "Red", "args": {"to": "foyer"}, "request_id": f"e-{self.step}"}
        self.step += 1
        st, _ = await self.conn.request("POST", "/echo", body, "x" * 32)
        return st


def _stat_fields(path: str) -> list[str]:
    return Path(path).read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int, thread: bool = False) -> float:
    """User + system CPU time of a process, all its threads and its child
    processes (the rules server's log writer), or with `thread` only its
    main thread (the event loop), from Linux's /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    if thread:
        fields = _stat_fields(f"/proc/{pid}/task/{pid}/stat")
        return (int(fields[11]) + int(fields[12])) / tick
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = _stat_fields(f"/proc/{entry.name}/stat")
        except OSError:
            continue
        if entry.name == str(pid) or fields[1] == str(pid):
            total += int(fields[11]) + int(fields[12])
    return total / tick


async def load(host: str, port: int, make, connections: int, seconds: float, warmup: float,
               pid: int | None = None, rate: float | None = None) -> dict:
    """Closed loop (next request as soon as the answer lands) or, with
    `rate` (requests/s over all connections), paced: each connection sends on
    a fixed schedule and latency counts from the scheduled time, so a slow
    answer cannot hide the queueing it causes (as wrk2 does)."""
    conns = [Conn(host, port) for _ in range(connections)]
    for c in conns:
        await c.open()
    drivers = [make(c) for c in conns]
    await asyncio.gather(*[d.setup() for d in drivers])
    latencies: list[float] = []
    errors = 0
    t_start = time.perf_counter()
    t_measure = t_start + warmup
    t_end = t_measure + seconds

    cpu = {}

    async def mark():
        await asyncio.sleep(max(0.0, t_measure - time.perf_counter()))
        cpu["start"] = cpu_seconds(pid) if pid else 0.0
        cpu["loop_start"] = cpu_seconds(pid, thread=True) if pid else 0.0
        await asyncio.sleep(max(0.0, t_end - time.perf_counter()))
        cpu["end"] = cpu_seconds(pid) if pid else 0.0
        cpu["loop_end"] = cpu_seconds(pid, thread=True) if pid else 0.0

    async def run(d, offset):
        nonlocal errors
        interval = connections / rate if rate else 0.0
        due = t_start + offset * interval
        while True:
            if rate:
                delay = due - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                t0 = due
                due += interval
            else:
                t0 = time.perf_counter()
            if t0 >= t_end:
                return
            try:
                st = await d.next()
            except RuntimeError as exc:
                errors += 1
                print("error:", exc, file=sys.stderr)
                return
            t1 = time.perf_counter()
            if t0 >= t_measure:
                latencies.append(t1 - t0)
                if st != 200:
                    errors += 1

    await asyncio.gather(mark(), *[run(d, i / connections) for i, d in enumerate(drivers)])
    for c in conns:
        c.close()
    latencies.sort()
    n = len(latencies)
    return {"requests": n, "rps": n / seconds, "errors": errors,
            "cpu_us": (cpu["end"] - cpu["start"]) / n * 1e6 if n and pid else float("nan"),
            "loop_us": (cpu["loop_end"] - cpu["loop_start"]) / n * 1e6 if n and pid else float("nan"),
            "loop_busy": (cpu["loop_end"] - cpu["loop_start"]) / seconds if pid else float("nan"),
            "p50_ms": latencies[n // 2] * 1000 if n else float("nan"),
            "p99_ms": latencies[min(n - 1, int(n * 0.99))] * 1000 if n else float("nan")}


# Cores for the servers (and the rules server's log writer, which inherits
# them) and for the load client: apart where the machine has two or more,
# so the client's CPU never counts against a server.
SERVER_CPUS: set[int] | None = None


def split_cores() -> tuple[set[int] | None, set[int] | None]:
    """(server cores, client cores), or (None, None) where they cannot be split."""
    if not hasattr(os, "sched_getaffinity"):
        return None, None
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        return None, None
    half = max(1, len(cores) // 2)
    return set(cores[:half]), set(cores[half:])


def start(cmd: list[str], log_path: Path) -> subprocess.Popen:
    """Run a server with its log in a file (a pipe nobody reads would stall it)."""
    pin = (lambda: os.sched_setaffinity(0, SERVER_CPUS)) if SERVER_CPUS else None
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=open(log_path, "wb"), preexec_fn=pin)


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def house_characters(content_dir: Path) -> list[str]:
    content = json.loads((content_dir / "house.json").read_text(encoding="utf-8"))
    return list(content["characters"])[:len(HouseTable.SEATS)]


def compile_content(build_dir: Path) -> Path:
    """Compile the house content into `<build_dir>/content/` (no other build step needed)."""
    from pipeline.content.compile import write_compiled
    from pipeline.content.loader import load_ruleset
    return write_compiled(load_ruleset("house"), ROOT, build_dir).parent


def measure_restart(host: str, db: Path, content_dir: Path, tmp: Path) -> dict:
    """Start a server on the saturated run's database: every table is rebuilt
    from its latest snapshot and the log after it before /healthz answers."""
    import sqlite3
    with sqlite3.connect(db) as conn:
        tables, actions = conn.execute("SELECT COUNT(*), COALESCE(SUM(version), 0) FROM tables").fetchone()
    port = free_port()
    t0 = time.perf_counter()
    proc = start([PY, "-m", "server", "--host", host, "--port", str(port), "--db", str(db),
                  "--content", str(content_dir)], tmp / "restart.log")
    try:
        asyncio.run(wait_up(host, port, timeout=120))
        seconds = time.perf_counter() - t0
    finally:
        stop(proc)
    return {"tables": tables, "actions": actions, "seconds": seconds, "rebuild_s": rebuild_all(db, content_dir)}


def rebuild_all(db: Path, content_dir: Path) -> float:
    """Seconds to rebuild every table from its latest snapshot and the log
    after it, as the server does on a table's first request."""
    import rulesets
    from server.store import Store
    from server.tables import Tables
    store = Store(db, "NORMAL")
    tables = Tables(store, None, None)
    engine = rulesets.engine("house")
    t0 = time.perf_counter()
    for table_id in store.table_ids():
        row = store.table(table_id)
        tables.state_at(row, engine, row.version)
    seconds = time.perf_counter() - t0
    store.close()
    return seconds


def main() -> int:
    global SERVER_CPUS
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--connections", type=int, default=64)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--warmup", type=float, default=2)
    ap.add_argument("--sync", default="FULL", choices=["FULL", "NORMAL"],
                    help="the server's --sync (FULL is its default)")
    ap.add_argument("--paced", default="128,500",
                    help="comma-separated request rates (per second, over all connections) for paced runs; "
                         "128/s is 64 busy tables at 2 actions/s each")
    ap.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    a = ap.parse_args()
    max_body = 64 * 1024
    if a.echo_server:
        run_echo("127.0.0.1", a.port, max_body)
        return 0

    sys.path.insert(0, str(ROOT))
    host = "127.0.0.1"
    SERVER_CPUS, client_cpus = split_cores()
    if client_cpus:
        os.sched_setaffinity(0, client_cpus)
    server_cores = len(SERVER_CPUS) if SERVER_CPUS else os.cpu_count()
    load_before = os.getloadavg()[0]
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        content_dir = ROOT / "build" / "content"
        if not (content_dir / "house.json").is_file():
            content_dir = compile_content(Path(tmp))
        characters = house_characters(content_dir)

        modes = [("saturated", None)] + [(f"{float(r):.0f}/s", float(r)) for r in a.paced.split(",")]
        for mode, rate in modes:
            port = free_port()
            proc = start([PY, str(Path(__file__).resolve()), "--echo-server", "--port", str(port)],
                         Path(tmp) / "echo.log")
            try:
                asyncio.run(wait_up(host, port))
                results[mode, "echo"] = asyncio.run(load(host, port, Echo, a.connections, a.seconds, a.warmup,
                                                         proc.pid, rate))
            finally:
                stop(proc)

            port = free_port()
            log_path = Path(tmp) / f"server.{mode.replace('/', '-')}.log"
            proc = start([PY, "-m", "server", "--host", host, "--port", str(port),
                          "--db", str(log_path.with_suffix(".sqlite3")), "--content", str(content_dir),
                          "--max-body", str(max_body), "--sync", a.sync,
                          "--rate", "1000000", "--burst", "1000000", "--address-rate", "1000000",
                          "--address-burst", "1000000", "--create-rate", "1000000", "--create-burst", "1000000"],
                         log_path)
            try:
                asyncio.run(wait_up(host, port))
                results[mode, "actions"] = asyncio.run(load(host, port, lambda c: HouseTable(c, characters),
                                                            a.connections, a.seconds, a.warmup, proc.pid, rate))
            finally:
                stop(proc)
                log_lines = log_path.read_text(errors="replace").splitlines()
                problems = [line for line in log_lines if " ERROR " in line or "Traceback" in line]
                print(f"{mode}: server log {len(log_lines)} lines "
                      f"({sum(line.startswith(ACTION_LINE) for line in log_lines)} action lines), "
                      f"{len(problems)} errors", file=sys.stderr)
                for line in problems[:5]:
                    print(line, file=sys.stderr)
                for line in log_lines:
                    if "group commit:" in line:
                        print(f"{mode}: {line.split('group commit: ')[1]}", file=sys.stderr)

        restart = measure_restart(host, Path(tmp) / "server.saturated.sqlite3", content_dir, Path(tmp))

    print(f"connections={a.connections} seconds={a.seconds} sqlite synchronous={a.sync} "
          f"cpus={os.cpu_count()} python={sys.version.split()[0]} "
          f"load average before={load_before:.2f} after={os.getloadavg()[0]:.2f}")
    print(f"servers pinned to cores {sorted(SERVER_CPUS)}, load client to {sorted(client_cpus)}" if SERVER_CPUS
          else "servers and load client share every core (fewer than 2)")
    print(f"{'mode':10} {'server':8} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'CPU µs/req':>11} "
          f"{'loop µs/req':>12} {'loop busy':>10} {'errors':>7}")
    for (mode, name), r in results.items():
        print(f"{mode:10} {name:8} {r['rps']:8.0f} {r['p50_ms']:8.2f} {r['p99_ms']:8.2f} {r['cpu_us']:11.0f} "
              f"{r['loop_us']:12.0f} {r['loop_busy']:10.0%} {r['errors']:7d}")
    for name in ("echo", "actions"):
        r = results["saturated", name]
        print(f"saturated {name:8}: {r['rps'] / server_cores:8.0f} req/s per server core "
              f"({server_cores} core{'s' if server_cores > 1 else ''}), {r['cpu_us']:.0f} µs CPU per request "
              f"(loop {r['loop_us']:.0f} µs, {r['loop_busy']:.0%} busy)")
    ratio = results["saturated", "actions"]["rps"] / results["saturated", "echo"]["rps"]
    print(f"throughput per server core actions/echo = {ratio:.2f} (target ≥ 0.50): "
          f"{'met' if ratio >= 0.5 else 'NOT met'}")
    # Requests a fully busy server core could answer, from its CPU per request:
    # the comparison that holds when the load client, not the server, was the limit.
    capacity = {name: 1e6 / results["saturated", name]["cpu_us"] for name in ("echo", "actions")}
    print(f"capacity per server core (1 s / CPU per request): echo {capacity['echo']:.0f}/s, actions "
          f"{capacity['actions']:.0f}/s, actions/echo = {capacity['actions'] / capacity['echo']:.2f}")
    if results["saturated", "echo"]["loop_busy"] < 0.9:
        print(f"note: the echo's loop was {results['saturated', 'echo']['loop_busy']:.0%} busy: the load client "
              "was the limit, so the capacity ratio is the fairer figure")
    p99s = {mode: r["p99_ms"] for (mode, name), r in results.items() if name == "actions"}
    for mode, p99 in p99s.items():
        print(f"actions p99 at {a.connections} connections, {mode}: {p99:.2f} ms (target ≤ 15 ms): "
              f"{'met' if p99 <= 15 else 'NOT met'}")
    print(f"restart: serving {restart['tables']} tables ({restart['actions']} logged actions) in "
          f"{restart['seconds']:.2f} s, process start included; each table is rebuilt on its first request: "
          f"all {restart['tables']} took {restart['rebuild_s'] * 1000:.0f} ms "
          f"({restart['rebuild_s'] / max(1, restart['tables']) * 1000:.1f} ms a table)")
    errors = sum(r["errors"] for r in results.values())
    return 0 if ratio >= 0.5 and min(p99s.values()) <= 15 and not errors else 1

if __name__ == "__main__":
    sys.exit(main())
