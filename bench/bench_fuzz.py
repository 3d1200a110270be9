"""Fuzz the rules server: requests generated from its /openapi.json by
schemathesis (valid and invalid), aimed at real tables with host, seat and
made-up tokens, then hostile raw HTTP and corrupted copies of real requests.

    .venv/bin/python bench/bench_fuzz.py [--requests 100000] [--raw 10000]

Exit status 1 on any answer of 500 or more, any refused request that
changed a table, or a traceback in the server's log.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.reliability import fuzz  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--requests", type=int, default=100_000, help="in all, the raw ones included")
    ap.add_argument("--raw", type=int, default=10_000, help="corrupted raw requests among them")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    load_before = os.getloadavg()[0]
    r = fuzz.run(requests=a.requests, raw=a.raw, seed=a.seed, log=lambda line: print(line, file=sys.stderr))
    print(f"fuzz: {r['requests']} requests ({r['schema_requests']} generated from /openapi.json by schemathesis, "
          f"{r['raw_requests']} raw) in {r['seconds']} s, cpus={os.cpu_count()} "
          f"load average before={load_before:.2f} after={os.getloadavg()[0]:.2f}")
    print(f"answers by status: {r['by_status']}; closed without an answer: {r['no_answer']}")
    print(f"5xx {r['fivexx']}, state changes from refused requests {r['state_changes']}, "
          f"tracebacks {r['tracebacks']}, /healthz after: {r['healthz_after']}")
    for line in r["fivexx_examples"] + r["state_change_examples"] + r["log_problems"]:
        print("  " + line)
    return 1 if r["fivexx"] or r["state_changes"] or r["tracebacks"] or r["healthz_after"] != 200 else 0


if __name__ == "__main__":
    sys.exit(main())
