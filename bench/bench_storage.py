"""Storage faults on a small loop-mounted ext4 file system: the disk fills
during play and at start, the file system turns read-only during play (an
ext4 error, errors=remount-ro) and at start. Needs root.

    .venv/bin/python bench/bench_storage.py [--seconds 3] [--tables 4]

Exit status 1 if anything acknowledged was lost, /healthz said 200 while
the disk refused writes, the server did not start (and serve reads) on a
broken disk, or it logged a traceback; 2 if the file system cannot be
made here (and why).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.reliability import storage  # noqa: E402


def verdict(r: dict) -> list[str]:
    """What went wrong, empty if nothing did."""
    bad = []
    if r["lost"] or r["tracebacks"]:
        bad.append(f"lost {r['lost']}, tracebacks {r['tracebacks']}")
    for phase in ("full_during_play", "read_only_during_play"):
        p = r[phase]
        if "skipped" in p:
            bad.append(f"{phase}: not tested ({p['skipped']})")
        elif p["refused_503"] and 200 in p["healthz"][2:]:      # the first readings may predate the fault
            bad.append(f"{phase}: /healthz said 200 while writes were refused ({p['healthz']})")
    for phase in ("full_at_start", "read_only_at_start"):
        p = r[phase]
        if not p.get("started") or p.get("read") != 200 or p.get("healthz") != 503 or p.get("act") != 503:
            bad.append(f"{phase}: {p}")
    if r["healthz_at_end"] != 200:
        bad.append(f"/healthz on the repaired disk: {r['healthz_at_end']}")
    return bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds of play around each fault")
    ap.add_argument("--tables", type=int, default=4)
    a = ap.parse_args()
    load_before = os.getloadavg()[0]
    r = storage.run(seconds=a.seconds, tables=a.tables, log=lambda line: print(line, file=sys.stderr))
    if "unavailable" in r:
        print(f"storage: NOT TESTED: {r['unavailable']}")
        return 2
    print(f"storage: {a.tables} tables, sync FULL, {r['seconds']} s, load average before={load_before:.2f} "
          f"after={os.getloadavg()[0]:.2f}")
    for phase in ("full_during_play", "read_only_during_play"):
        p = r[phase]
        if "skipped" in p:
            print(f"  {phase}: skipped ({p['skipped']})")
            continue
        print(f"  {phase}: {p['refused_503']} actions answered 503 (retried), /healthz "
              f"{sum(s == 503 for s in p['healthz'])}/{len(p['healthz'])} readings 503"
              + (f", after freeing the disk {p['healthz_after_freeing']}" if "healthz_after_freeing" in p else ""))
    for phase in ("full_at_start", "read_only_at_start"):
        p = r[phase]
        print(f"  {phase}: started {p.get('started')}, /healthz {p.get('healthz')}, a read {p.get('read')} "
              f"(version {p.get('read_version')}), an action {p.get('act')} {p.get('act_code')}")
    print(f"acknowledged {r['acknowledged']}, lost {r['lost']}, tracebacks {r['tracebacks']}, "
          f"/healthz on the repaired disk {r['healthz_at_end']}")
    bad = verdict(r)
    for line in bad:
        print("FAILED: " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
