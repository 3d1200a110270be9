"""A short fuzz run (bench/bench_fuzz.py sends 100,000): requests generated
from /openapi.json and hostile raw HTTP never get a 5xx, never change a
table when refused, never leave a traceback; a request that never
completes is closed after --idle-timeout."""
from __future__ import annotations

from bench.reliability import fuzz


def test_generated_and_hostile_requests_get_no_5xx_and_change_nothing(tmp_path):
    r = fuzz.run(requests=1500, raw=200, seed=3, workdir=tmp_path, log=lambda _: None)
    assert r["requests"] >= 1500 and r["by_status"].get(200, 0) > 0
    assert (r["fivexx"], r["state_changes"], r["tracebacks"]) == (0, 0, 0), r
    assert r["healthz_after"] == 200
    # The server runs with --idle-timeout 2: a request left unfinished is closed then.
    assert r["slowest_raw"][0] < 5, r["slowest_raw"]
