"""What an unauthenticated caller's tables cost the server's memory: RSS
of `python -m server` after creating N house tables (as fast as the
server takes them, rate limits lifted), with every table kept in memory
and with the default lifecycle (at most --max-live in memory; here 50, so
the run stays short).

    .venv/bin/python bench/bench_memory.py [--tables 2000]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiohttp  # noqa: E402

from bench.reliability.serve import Server, house_content  # noqa: E402


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def create(port: int, n: int, parallel: int = 8) -> float:
    t0 = time.perf_counter()
    async with aiohttp.ClientSession() as session:
        async def worker(k: int):
            for _ in range(k):
                async with session.post(f"http://127.0.0.1:{port}/v1/tables",
                                        json={"ruleset": "house", "seats": ["Red", "Blue", "Green"]}) as r:
                    assert r.status == 201, await r.text()
        await asyncio.gather(*[worker(n // parallel) for _ in range(parallel)])
    return time.perf_counter() - t0


def measure(tmp: Path, n: int, extra: list[str]) -> dict:
    server = Server(tmp / f"db{len(extra)}.sqlite3", house_content(tmp), tmp / "server.log", extra).start()
    try:
        before = rss_kib(server.proc.pid)
        seconds = asyncio.run(create(server.port, n))
        time.sleep(1.5)
        after = rss_kib(server.proc.pid)
        live = server.get("/healthz")[1]["tables"]
    finally:
        server.stop()
    return {"before": before, "after": after, "per_table": (after - before) / n, "live": live, "seconds": seconds}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=2000)
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="hauntkit-memory-"))
    load_before = os.getloadavg()[0]
    kept = measure(tmp, a.tables, ["--max-live", str(10 * a.tables), "--idle-evict", "1d"])
    bounded = measure(tmp, a.tables, ["--max-live", "50"])
    print(f"memory: {a.tables} tables created, load average before={load_before:.2f} after={os.getloadavg()[0]:.2f}")
    for name, r in (("all kept in memory", kept), ("at most 50 in memory", bounded)):
        print(f"  {name:22}: RSS {r['before'] / 1024:.0f} -> {r['after'] / 1024:.0f} MiB, "
              f"{r['per_table']:.0f} KiB a created table, {r['live']} live at the end ({r['seconds']:.1f} s)")
    return 0 if bounded["per_table"] < kept["per_table"] / 4 else 1


if __name__ == "__main__":
    sys.exit(main())
