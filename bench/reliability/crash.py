"""Kill -9 under load: the server, or only its log writer, at a random
moment, again and again; then check the log against what was acknowledged.

- lost: an acknowledged request_id missing from the log, or logged at
  another version or with another answer than the one the client got;
- duplicated: a request_id logged twice, or a table's versions not 1..N;
- replayed state = live state: every spectator view read live equals the
  state folded from the log by hand (bench.reliability.replay), and so
  does what the restarted server serves (its snapshots and undo walk).
Undos by consent are part of the play, so an undo whose snapshot the kill
cut off is replayed too.
"""
from __future__ import annotations

import asyncio
import json
import random
import tempfile
import time
from pathlib import Path

import aiohttp

from . import play, replay
from .serve import Server, house_content


async def _load(tables: list[play.Table], until: float) -> None:
    async def one(t: play.Table):
        while time.monotonic() < until:
            await t.turn()
    await asyncio.gather(*[one(t) for t in tables])


async def _run(server: Server, n_tables: int, cycles: int, load_seconds: tuple[float, float], rng: random.Random,
               characters: list[str], log) -> tuple[list[play.Table], dict]:
    stats = {"kills": 0, "writer_kills": 0}
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        base = f"http://127.0.0.1:{server.port}"
        tables = [play.Table(session, base, f"t{i}", characters, random.Random(rng.random())) for i in range(n_tables)]
        await asyncio.gather(*[t.setup() for t in tables])
        for cycle in range(cycles):
            until = time.monotonic() + load_seconds[1] + 30
            loading = asyncio.ensure_future(_load(tables, until))
            await asyncio.sleep(rng.uniform(*load_seconds))
            writer_first = rng.random() < 0.3
            if writer_first:            # the writer dies alone; the server answers 503 until it is killed too
                server.kill(writer_only=True)
                stats["writer_kills"] += 1
                await asyncio.sleep(rng.uniform(0.0, 0.3))
            server.kill()
            stats["kills"] += 1
            server.start()
            for t in tables:
                t.set_base(f"http://127.0.0.1:{server.port}")
            loading.cancel()
            try:
                await loading
            except (asyncio.CancelledError, RuntimeError):
                pass
            # A turn cut mid-way is finished with the same request_ids.
            await asyncio.gather(*[t.resync() for t in tables])
            log(f"cycle {cycle + 1}/{cycles}: {sum(len(t.acked) for t in tables)} acknowledged so far"
                f"{' (writer killed first)' if writer_first else ''}")
        for t in tables:
            state = await t.get("/state")
            t.views.append((state["version"], state["view"]))
    return tables, stats


def check(db_path: Path, tables: list[play.Table], engine, content: dict) -> dict:
    db = replay.open_db(db_path)
    lost = duplicated = mismatched = compared = 0
    for t in tables:
        log = replay.rows(db, t.tid)
        by_rid: dict[str, list[tuple]] = {}
        for row in log:
            by_rid.setdefault(row[1], []).append(row)
        duplicated += sum(len(v) - 1 for v in by_rid.values()) + (
            [r[0] for r in log] != list(range(1, len(log) + 1)))
        for rid, (version, answer) in t.acked.items():
            got = by_rid.get(rid)
            if not got or got[0][0] != version or got[0][6].encode() != answer:
                lost += 1
        states = replay.replay(db, engine, content, t.tid, {v for v, _ in t.views})
        for version, view in t.views:
            compared += 1
            if json.loads(json.dumps(engine.view(states[version], None))) != view:
                mismatched += 1
    db.close()
    return {"acknowledged": sum(len(t.acked) for t in tables), "lost": lost, "duplicated": duplicated,
            "views_compared": compared, "state_mismatches": mismatched,
            "undos": sum(1 for t in tables for rid in t.acked if t.acked[rid][1].startswith(b'{"ok":true')
                         and b'"undoes"' in t.acked[rid][1]),
            "fivexx_retried": sum(len(t.fivexx) for t in tables)}


def run(cycles: int = 20, tables: int = 8, load_seconds: tuple[float, float] = (0.5, 2.5), seed: int = 1,
        workdir: Path | None = None, snapshot_every: int = 7, log=print) -> dict:
    import rulesets
    rng = random.Random(seed)
    tmp = Path(workdir or tempfile.mkdtemp(prefix="hauntkit-crash-"))
    content_dir = house_content(tmp)
    content = json.loads((content_dir / "house.json").read_text(encoding="utf-8"))
    characters = list(content["characters"])[:3]
    server = Server(tmp / "tables.sqlite3", content_dir, tmp / "server.log",
                    ["--snapshot-every", str(snapshot_every), "--sync", "FULL"]).start()
    started = time.monotonic()
    try:
        played, stats = asyncio.run(_run(server, tables, cycles, load_seconds, rng, characters, log))
    finally:
        server.stop()
    result = check(server.db, played, rulesets.engine("house"), content)
    result.update(stats, seconds=round(time.monotonic() - started, 1), log=str(server.log_path),
                  tracebacks=sum("Traceback" in line for line in server.log_problems()))
    return result
