"""House engine benchmark: complete simulated games per second on one core.

A game runs from the lobby to the end of its haunt (a side wins) or to the
turn cap, bots choosing among `legal_actions`. Prints games/s three ways:
the simulator's in-place stepping (the figure the target applies to), the
public copying `apply` the server calls, and in-place with every invariant
checked after each step. Uses the repository's compiled house content.

Run: .venv/bin/python bench/bench_engine.py [--games N] [--cap TURNS]
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesets.house.engine.sim import play  # noqa: E402

TARGET = 100.0


def house_content() -> dict:
    built = ROOT / "build" / "content" / "house.json"
    if built.exists():
        return json.loads(built.read_text(encoding="utf-8"))
    from pipeline.content.compile import write_compiled
    from pipeline.content.loader import load_ruleset
    path = write_compiled(load_ruleset("house"), ROOT, Path(tempfile.mkdtemp()))
    return json.loads(path.read_text(encoding="utf-8"))


def run(content, games, cap, **kw):
    steps = ended = closed = 0
    t0 = time.process_time()
    for seed in range(games):
        state, log, _ = play(content, seed, players=3 + seed % 4, turn_cap=cap, **kw)
        steps += len(log)
        ended += state["phase"] == "over"
        closed += bool(state["closed_floors"])
    dt = time.process_time() - t0
    return games / dt, steps / dt, ended, closed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--cap", type=int, default=150, help="turn cap per game")
    a = ap.parse_args()
    from rulesets.house.engine.content import normalize
    content = {**normalize(house_content()), "_normalized": True}     # loaded once, as the server does
    print(f"house engine: {a.games} seeded games, 3-6 players, turn cap {a.cap}, CPU time of one process")
    rows = [("in place (simulator)", {"check": False}),
            ("public apply (copy per action)", {"check": False, "copying": True}),
            ("in place + invariants", {"check": True})]
    first = None
    for name, kw in rows:
        gps, aps, ended, closed = run(content, a.games, a.cap, **kw)
        first = first or gps
        print(f"  {name:32} {gps:8.1f} games/s  {aps:9.0f} actions/s  "
              f"{ended}/{a.games} ended by a win, {closed} with a floor closed")
    verdict = "meets" if first >= TARGET else "MISSES"
    print(f"target >= {TARGET:.0f} games/s on one core: {verdict} ({first:.1f})")
    return 0 if first >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
