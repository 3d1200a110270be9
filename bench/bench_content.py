"""Broken content fed to the real build: every case of
bench/reliability/content.py (a mistake an author could make, or a hostile
file), each built with `python -m pipeline build` in-process on a copy of
the house content. Each must be refused with `file:line: field: message`
lines only (no traceback) and leave the build folder exactly as it was.

    .venv/bin/python bench/bench_content.py [--fast]

--fast leaves out the cases only the renderer finds (slower: a render).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.reliability import content  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fast", action="store_true")
    a = ap.parse_args()
    load_before = os.getloadavg()[0]
    t0 = time.monotonic()
    r = content.run(slow=not a.fast, log=lambda line: print(line, file=sys.stderr))
    bad = [x for x in r["results"] if not (x["status"] == 1 and not x["traceback"] and not x["unshaped"]
                                           and x["found"] and not x["build_changed"] and x["problems"])]
    print(f"bad content: {r['cases']} cases in {time.monotonic() - t0:.1f} s, load average before={load_before:.2f} "
          f"after={os.getloadavg()[0]:.2f}")
    print(f"refused with file:line: field messages and build/ unchanged: {r['ok']}/{r['cases']}; "
          f"tracebacks {r['tracebacks']}, build folder changed {r['build_changed']}")
    for x in bad:
        print(f"FAILED {x['name']}: status {x['status']}, {(x['unshaped'] or x['problems'])[:2]}, "
              f"changed {x['build_changed'][:3]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
