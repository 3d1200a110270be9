"""Engine benchmark: complete simulated games per second on one core, per ruleset.

A game runs from the lobby to its end (house: a side wins, or the turn
cap; escape: the fourth stairs up or nobody left, E-END), bots choosing
among `legal_actions`. Prints games/s three ways: the simulator's in-place
stepping, the public copying `apply` the server calls, and in-place with
every invariant checked after each step. The targets apply to the first two.
Uses the repository's compiled content (compiled from the YAML when there is
no build).

A shared machine's speed drifts by a fifth within minutes, so the ways are
timed in interleaved rounds (each round plays its share of the seeds every
way, so a drift falls on every way alike), and each round also times a
fixed pure-Python reference loop: its rate and spread show whether the
machine was slow or drifting while the games ran.

Run: .venv/bin/python bench/bench_engine.py [--ruleset house|escape|all] [--games N] [--rounds R] [--cap TURNS]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# games/s on one core: (in place, public apply); None where no target was set
TARGETS = {"house": (100.0, 50.0), "escape": (200.0, None)}


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


def run_house(content, seeds, cap, **kw):
    """(games, actions, CPU seconds, counts for the note)."""
    from rulesets.house.engine.sim import play
    steps = ended = closed = 0
    t0 = time.process_time()
    for seed in seeds:
        state, log, _ = play(content, seed, players=3 + seed % 4, turn_cap=cap, **kw)
        steps += len(log)
        ended += state["phase"] == "over"
        closed += bool(state["closed_floors"])
    return len(seeds), steps, time.process_time() - t0, {"ended": ended, "closed": closed}


def note_house(games, steps, n):
    return f"{n['ended']}/{games} ended by a win, {n['closed']} with a floor closed"


def run_escape(content, seeds, cap, **kw):
    from rulesets.escape.engine.sim import play
    steps = stairs = fights = 0
    t0 = time.process_time()
    for seed in seeds:
        state, log = play(content, seed, players=2 + seed % 4, **kw)
        steps += len(log)
        stairs += state["result"]["reason"] == "stairs"
        fights += state["phase2_n"] > 0
    return len(seeds), steps, time.process_time() - t0, {"stairs": stairs, "fights": fights}


def note_escape(games, steps, n):
    return (f"{n['stairs']}/{games} escaped by the stairs, {games - n['stairs']} with nobody left; "
            f"{n['fights']} with a phase 2; {steps / games:.0f} actions a game")


REFERENCE_LOOPS = 400


def reference() -> float:
    """Seconds of CPU for a fixed pure-Python loop of the engine's kind (a
    breadth-first walk of a small graph, small dicts and lists built and
    sorted); it never changes, so its rate measures the machine."""
    rng = random.Random(0)
    graph = {i: [rng.randrange(300) for _ in range(3)] for i in range(300)}
    t0 = time.process_time()
    for k in range(REFERENCE_LOOPS):
        seen, todo = {k % 300: 0}, [k % 300]
        for r in todo:
            for o in graph[r]:
                if o not in seen:
                    seen[o] = seen[r] + 1
                    todo.append(o)
        [{"to": r, "args": {"steps": d}} for r, d in sorted(seen.items())]
    return time.process_time() - t0


def bench(name: str, games: int, cap: int, rounds: int = 3) -> bool:
    if name == "house":
        from rulesets.house.engine.content import normalize
        content = {**normalize(compiled("house")), "_normalized": True}     # loaded once, as the server does
        run, note, what = run_house, note_house, f"3-6 players, turn cap {cap}"
    else:
        from rulesets.escape.engine.table import normalize
        content = normalize(compiled("escape"))
        run, note, what = run_escape, note_escape, "2-5 players, to the end (E-END)"
    print(f"{name} engine: {games} seeded games, {what}, CPU time of one process, {rounds} interleaved rounds")
    rows = [("in place (simulator)", {"check": False}),
            ("public apply (copy per action)", {"check": False, "copying": True}),
            ("in place + invariants", {"check": True})]
    totals = {label: [0, 0, 0.0, {}] for label, _ in rows}
    rates = {label: [] for label, _ in rows}
    ref = []
    for r in range(rounds):
        seeds = range(r * games // rounds, (r + 1) * games // rounds)
        ref.append(REFERENCE_LOOPS / reference())
        for label, kw in rows:
            g, steps, dt, counts = run(content, seeds, cap, **kw)
            t = totals[label]
            t[0] += g
            t[1] += steps
            t[2] += dt
            for k, v in counts.items():
                t[3][k] = t[3].get(k, 0) + v
            rates[label].append(g / dt)
    ref_rate = statistics.median(ref)
    print(f"  reference loop: {ref_rate:,.0f} loops/s (rounds {min(ref):,.0f}-{max(ref):,.0f})")
    figures = {}
    for label, _ in rows:
        g, steps, dt, counts = totals[label]
        figures[label] = g / dt
        spread = f"rounds {min(rates[label]):.1f}-{max(rates[label]):.1f}"
        print(f"  {label:32} {g / dt:8.1f} games/s  {steps / dt:9.0f} actions/s  ({spread})  "
              f"{note(g, steps, counts)}")
    ok = True
    for (label, _), target in zip(rows, TARGETS[name]):
        if target is None:
            continue
        got = figures[label]
        ok = ok and got >= target
        print(f"{name}: {label.split(' (')[0]} target >= {target:.0f} games/s on one core: "
              f"{'meets' if got >= target else 'MISSES'} ({got:.1f})")
    return ok


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ruleset", choices=("house", "escape", "all"), default="all")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--cap", type=int, default=150, help="turn cap per house game")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds the seeds are split into")
    a = ap.parse_args()
    names = ("house", "escape") if a.ruleset == "all" else (a.ruleset,)
    ok = [bench(name, a.games, a.cap, max(1, a.rounds)) for name in names]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
