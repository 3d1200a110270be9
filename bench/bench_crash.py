"""Kill -9 the rules server (and, a third of the time, its log writer
first) at random moments under load; then count what was acknowledged,
lost, duplicated, and whether the states replayed from the log by hand
equal the ones the server showed live and after each restart.

    .venv/bin/python bench/bench_crash.py [--cycles 20] [--tables 8]

Exit status 1 if anything acknowledged was lost or duplicated, a state
differs, or the server logged a traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.reliability import crash  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cycles", type=int, default=20)
    ap.add_argument("--tables", type=int, default=8, help="tables played at once, each a closed loop")
    ap.add_argument("--min-load", type=float, default=0.5, help="seconds of load before a kill, at least")
    ap.add_argument("--max-load", type=float, default=2.5)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    load_before = os.getloadavg()[0]
    r = crash.run(cycles=a.cycles, tables=a.tables, load_seconds=(a.min_load, a.max_load), seed=a.seed,
                  log=lambda line: print(line, file=sys.stderr))
    print(f"crash: {r['kills']} kill -9 cycles ({r['writer_kills']} with the log writer killed first), "
          f"{a.tables} tables, sync FULL, {r['seconds']} s, cpus={os.cpu_count()} "
          f"load average before={load_before:.2f} after={os.getloadavg()[0]:.2f}")
    print(f"acknowledged {r['acknowledged']} (undos {r['undos']}), lost {r['lost']}, duplicated {r['duplicated']}, "
          f"states compared {r['views_compared']}, state mismatches {r['state_mismatches']}, "
          f"tracebacks {r['tracebacks']} (503s retried: {r['fivexx_retried']})")
    bad = r["lost"] or r["duplicated"] or r["state_mismatches"] or r["tracebacks"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
