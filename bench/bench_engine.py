"""Engine benchmark: complete simulated games per second on one core, per ruleset.

A game runs from the lobby to its end (house: a side wins, or the turn
cap; escape: the fourth stairs up or nobody left, E-END), bots choosing
among `legal_actions`. Prints games/s three ways: the simulator's in-place
stepping (the figure the target applies to), the public copying `apply` the
server calls, and in-place with every invariant checked after each step.
Uses the repository's compiled content (compiled from the YAML when there is
no build).

Run: .venv/bin/python bench/bench_engine.py [--ruleset house|escape|all] [--games N] [--cap TURNS]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGETS = {"house": 100.0, "escape": 200.0}


def compiled(name: str) -> dict:
    built = ROOT / "build" / "content" / f"{name}.json"
    if built.exists():
        return json.loads(built.read_text(encoding="utf-8"))
    import rulesets
    if name not in rulesets.names():         # a ruleset not registered yet
        os.environ["HAUNTKIT_RULESETS"] = f"{name}=rulesets.{name}"
    from pipeline.content.compile import write_compiled
    from pipeline.content.loader import load_ruleset
    path = write_compiled(load_ruleset(name), ROOT, Path(tempfile.mkdtemp()))
    return json.loads(path.read_text(encoding="utf-8"))


def run_house(content, games, cap, **kw):
    from rulesets.house.engine.sim import play
    steps = ended = closed = 0
    t0 = time.process_time()
    for seed in range(games):
        state, log, _ = play(content, seed, players=3 + seed % 4, turn_cap=cap, **kw)
        steps += len(log)
        ended += state["phase"] == "over"
        closed += bool(state["closed_floors"])
    dt = time.process_time() - t0
    return games / dt, steps / dt, f"{ended}/{games} ended by a win, {closed} with a floor closed"


def run_escape(content, games, cap, **kw):
    from rulesets.escape.engine.sim import play
    steps = stairs = fights = 0
    t0 = time.process_time()
    for seed in range(games):
        state, log = play(content, seed, players=2 + seed % 4, **kw)
        steps += len(log)
        stairs += state["result"]["reason"] == "stairs"
        fights += state["phase2_n"] > 0
    dt = time.process_time() - t0
    return games / dt, steps / dt, (f"{stairs}/{games} escaped by the stairs, {games - stairs} with nobody left; "
                                    f"{fights} with a phase 2; {steps / games:.0f} actions a game")


def bench(name: str, games: int, cap: int) -> bool:
    if name == "house":
        from rulesets.house.engine.content import normalize
        content = {**normalize(compiled("house")), "_normalized": True}     # loaded once, as the server does
        run, what = run_house, f"3-6 players, turn cap {cap}"
    else:
        from rulesets.escape.engine.table import normalize
        content = normalize(compiled("escape"))
        run, what = run_escape, "2-5 players, to the end (E-END)"
    print(f"{name} engine: {games} seeded games, {what}, CPU time of one process")
    rows = [("in place (simulator)", {"check": False}),
            ("public apply (copy per action)", {"check": False, "copying": True}),
            ("in place + invariants", {"check": True})]
    first = None
    for label, kw in rows:
        gps, aps, note = run(content, games, cap, **kw)
        first = first or gps
        print(f"  {label:32} {gps:8.1f} games/s  {aps:9.0f} actions/s  {note}")
    target = TARGETS[name]
    print(f"{name}: target >= {target:.0f} games/s on one core: {'meets' if first >= target else 'MISSES'} "
          f"({first:.1f})")
    return first >= target


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ruleset", choices=("house", "escape", "all"), default="all")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--cap", type=int, default=150, help="turn cap per house game")
    a = ap.parse_args()
    names = ("house", "escape") if a.ruleset == "all" else (a.ruleset,)
    ok = [bench(name, a.games, a.cap) for name in names]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
