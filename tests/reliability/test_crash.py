"""A few kill -9 cycles under load (bench/bench_crash.py runs twenty):
nothing acknowledged lost or duplicated, states replayed from the log equal
the live ones, undos included."""
from __future__ import annotations

from bench.reliability import crash


def test_kill_9_under_load_loses_nothing_acknowledged(tmp_path):
    r = crash.run(cycles=3, tables=2, load_seconds=(0.2, 0.7), seed=7, workdir=tmp_path, log=lambda _: None)
    assert r["kills"] == 3 and r["acknowledged"] > 50 and r["undos"] > 0 and r["views_compared"] > 3
    assert (r["lost"], r["duplicated"], r["state_mismatches"], r["tracebacks"]) == (0, 0, 0, 0), r
