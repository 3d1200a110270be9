"""Haunt balance: seeded games of every haunt the content holds, played by
bots that pursue their side's objectives (rulesets/house/engine/bots.py),
so a designer sees which haunts one side wins too often.

Each game forces its haunt (the simulator's chart names it in every cell),
so every haunt is played equally often, spread evenly over the player
counts the ruleset allows. Writes build/balance/report.md and PNG plots:
the turn the haunt starts by player count, the win rate per haunt and side
against the 35-65 % band, the heroes' win rate per haunt and table size,
and the haunt's length in rounds. A haunt outside
the band is flagged for the designers; a game that breaks an invariant or
does not end is a failure of the engine or the bots, and exits non-zero.

Run: .venv/bin/python bench/balance.py [--games N] [--out DIR] [--check every|turn] [--haunt ID ...]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from rulesets.house import INFO  # noqa: E402  (after the repository is on the path)
from rulesets.house.engine.bots import Bots  # noqa: E402
from rulesets.house.engine.content import normalize  # noqa: E402
from rulesets.house.engine.sim import play as sim_play  # noqa: E402

BAND = (0.35, 0.65)
SIDES = ("heroes", "traitor", "house")


def play(content: dict, seed: int, players: int = 4, haunt: str | None = None, turn_cap: int = 400,
         check: bool | str = True, watch=None):
    """One game with the objective bots through the simulator's in-place
    stepping (`sim.play`); `haunt` forces the scenario (every chart cell
    names it) so a balance run can play each haunt equally often. `check`
    and `watch` as in `sim.play`. Returns (final state, actions, omens)."""
    if not content.get("_normalized"):
        content = {**normalize(content), "_normalized": True}
    if haunt is not None:
        content = forced(content, haunt)
    return sim_play(content, seed, players=players, turn_cap=turn_cap, check=check, policy=Bots(), watch=watch)


def forced(content: dict, haunt: str) -> dict:
    """Normalized content whose chart names `haunt` in every cell: only that
    haunt is left, and an empty chart falls back to it (haunt.lookup)."""
    return {**content, "haunts": {haunt: content["haunts"][haunt]},
            "chart": {"omens": [], "rooms": [], "cells": {}}}


def record(content: dict, seed: int, players: int, haunt: str, check) -> dict:
    """One game: who won and why, the turn and round the haunt began, how
    many rounds it lasted; `error` when an invariant broke or the engine
    raised, `ended` false when the turn cap came first."""
    info = {"seed": seed, "players": players, "haunt": haunt, "start_turn": None, "rounds": 0,
            "winner": None, "reason": None, "error": None, "ended": False}
    last = {"i": None}

    def watch(state, events):
        for e in events:
            kind = e["type"]
            if kind == "haunt_began":
                info["start_turn"] = state["turn_n"]
            elif kind == "turn_began" and state["haunt"] is not None and e["seat"] in state["order"]:
                i = state["order"].index(e["seat"])     # a new round whenever the order wraps
                if last["i"] is None or i <= last["i"]:
                    info["rounds"] += 1
                last["i"] = i
            elif kind == "game_over":
                info["reason"] = e["reason"]

    try:
        state, _, _ = play(content, seed, players=players, haunt=haunt, check=check, watch=watch)
    except Exception as exc:                            # noqa: BLE001  (reported, and fails the run)
        info["error"] = f"{type(exc).__name__}: {exc}"
        info["trace"] = traceback.format_exc(limit=3)
        return info
    info["ended"] = state["phase"] == "over"
    info["winner"] = state["winner"]
    return info


def run(content: dict, games: int, check, only: list[str] | None = None) -> list[dict]:
    """`games` seeded games; `only` plays just those haunts (a designer
    tuning one haunt runs it alone, with all its games at its table sizes)."""
    haunts = sorted(only or content["haunts"])
    counts = list(range(INFO.players[0], INFO.players[1] + 1))
    out = []
    for seed in range(games):               # haunt cycles fastest, then the player count
        haunt = haunts[seed % len(haunts)]
        players = counts[(seed // len(haunts)) % len(counts)]
        out.append(record(content, seed, players, haunt, check))
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of k in n: a table size
    gets a few dozen games of a haunt, too few to flag a cell on its rate
    alone, so a cell is flagged only when its whole interval is outside the band."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def summarise(rows: list[dict], content: dict | None = None) -> dict:
    """Per haunt: wins by side and reason, and the rates the band judges:
    the heroes', and their opponents' (`against`): the traitor's, or, in a
    haunt without a traitor, the house's (its monsters' wins and the clock's)."""
    per = {}
    for r in rows:
        s = per.setdefault(r["haunt"], {"games": 0, **{k: 0 for k in SIDES}, "rounds": [], "reasons": {},
                                        "by_players": {}})
        s["games"] += 1
        cell = s["by_players"].setdefault(r["players"], {"games": 0, **{k: 0 for k in SIDES}})
        cell["games"] += 1
        if r["winner"] in SIDES:
            cell[r["winner"]] += 1
        if r["winner"] in SIDES:
            s[r["winner"]] += 1
            key = f"{r['winner']}: {r['reason']}"
            s["reasons"][key] = s["reasons"].get(key, 0) + 1
        if r["start_turn"] is not None:
            s["rounds"].append(r["rounds"])
    flags = []                              # (haunt, [(side, rate) outside the band])
    size_flags = []                         # (haunt, players, [(side, rate)]): surely outside the band at that size
    for hid, s in sorted(per.items()):
        out = []
        for side in SIDES:
            s[f"{side}_rate"] = s[side] / s["games"]
        s["against"] = "house" if traitorless(content, hid) else "traitor"
        s["against_rate"] = s[f"{s['against']}_rate"]
        for side in ("heroes", s["against"]):
            rate = s[f"{side}_rate"]
            if not BAND[0] <= rate <= BAND[1]:
                out.append((side, rate))
        if out:
            flags.append((hid, out))
        for n, cell in sorted(s["by_players"].items()):
            sure = []
            for side in ("heroes", s["against"]):
                lo, hi = wilson(cell[side], cell["games"])
                if hi < BAND[0] or lo > BAND[1]:
                    sure.append((side, cell[side] / cell["games"]))
            if sure:
                size_flags.append((hid, n, sure))
    broken = [r for r in rows if r["error"]]
    unended = [r for r in rows if not r["error"] and not r["ended"]]
    return {"per": per, "flags": flags, "size_flags": size_flags, "broken": broken, "unended": unended}


def traitorless(content: dict | None, hid: str) -> bool:
    """The haunt has no traitor: the house plays its monsters."""
    h = (content or {}).get("haunts", {}).get(hid)
    return bool(h) and (h.get("traitor") or {}).get("rule") == "none"


def _save(fig, path: Path) -> None:
    """Write beside the target, then rename: a reader never sees half a file."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".png")
    os.close(fd)
    try:
        fig.savefig(tmp, dpi=110, bbox_inches="tight")
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def plots(rows: list[dict], summary: dict, out: Path) -> list[str]:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = []
    counts = sorted({r["players"] for r in rows})
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, per_seat, label in ((axes[0], False, "turn the haunt begins (all seats' turns)"),
                                (axes[1], True, "round the haunt begins (turn / players)")):
        data = [[r["start_turn"] / (r["players"] if per_seat else 1) for r in rows
                 if r["players"] == n and r["start_turn"] is not None] for n in counts]
        ax.boxplot([d or [0] for d in data])
        ax.set_xticks(range(1, len(counts) + 1), [f"{n} players" for n in counts])
        ax.set_ylabel(label)
    fig.suptitle("When the haunt starts, by player count")
    _save(fig, out / "haunt_start.png")
    plt.close(fig)
    names.append("haunt_start.png")

    per = summary["per"]
    hids = sorted(per)
    fig, ax = plt.subplots(figsize=(max(7, 1.2 * len(hids)), 4.5))
    w = 0.38
    xs = range(len(hids))
    ax.axhspan(BAND[0] * 100, BAND[1] * 100, color="#cfe8cf", label="35-65 %")
    ax.bar([x - w / 2 for x in xs], [per[h]["heroes_rate"] * 100 for h in hids], w, label="heroes", color="#3b6ea5")
    ax.bar([x + w / 2 for x in xs], [per[h]["against_rate"] * 100 for h in hids], w,
           label="traitor (the house without one)", color="#a53b3b")
    ax.set_xticks(list(xs), hids, rotation=30, ha="right")
    ax.set_ylim(0, 100)
    ax.set_ylabel("win rate (%)")
    ax.set_title("Win rate per haunt and side")
    ax.legend(loc="upper right", fontsize="small")
    _save(fig, out / "win_rates.png")
    plt.close(fig)
    names.append("win_rates.png")

    sizes = sorted({n for h in hids for n in per[h]["by_players"]})
    grid = [[(lambda c: 100 * c["heroes"] / c["games"] if c else float("nan"))(per[h]["by_players"].get(n))
             for n in sizes] for h in hids]
    fig, ax = plt.subplots(figsize=(1.3 * len(sizes) + 3, 0.35 * len(hids) + 1.5))
    im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=100, aspect="auto")
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            if v == v:                                  # not NaN: the cell was played
                ax.text(j, i, f"{v:.0f}", ha="center", va="center", fontsize="small",
                        color="black" if BAND[0] * 100 <= v <= BAND[1] * 100 else "white")
    ax.set_xticks(range(len(sizes)), [f"{n} players" for n in sizes])
    ax.set_yticks(range(len(hids)), hids)
    ax.set_title("Heroes' win rate (%) by table size")
    fig.colorbar(im, ax=ax, fraction=0.04)
    _save(fig, out / "win_by_players.png")
    plt.close(fig)
    names.append("win_by_players.png")

    fig, ax = plt.subplots(figsize=(max(7, 1.2 * len(hids)), 4))
    ax.boxplot([per[h]["rounds"] or [0] for h in hids])
    ax.set_xticks(range(1, len(hids) + 1), hids, rotation=30, ha="right")
    ax.set_ylabel("rounds from the haunt's start to the end")
    ax.set_title("Haunt length in rounds")
    _save(fig, out / "haunt_rounds.png")
    plt.close(fig)
    names.append("haunt_rounds.png")
    return names


def report(rows: list[dict], summary: dict, pictures: list[str], wall: float, check: str) -> str:
    per = summary["per"]
    games = len(rows)
    lines = [
        "# Haunt balance", "",
        f"{games} seeded games, bots pursuing their side's objectives, each haunt forced equally often "
        f"over {', '.join(str(n) for n in sorted({r['players'] for r in rows}))} players; "
        f"invariants checked {'after every action' if check == 'every' else 'at every turn end'}. "
        f"Wall time {wall:.1f} s ({games / wall:.1f} games/s).", "",
        f"Band: each side should win {BAND[0]:.0%}-{BAND[1]:.0%} of a haunt's games. The traitor's side is "
        "the house's in a haunt without a traitor (its monsters' wins and its clock: *house* in the table); "
        "elsewhere `house` is a clock that makes everyone lose.", "",
        "| haunt | games | heroes | traitor | house | median rounds | wins by |",
        "|---|---|---|---|---|---|---|",
    ]
    for hid in sorted(per):
        s = per[hid]
        why = ", ".join(f"{k} {v}" for k, v in sorted(s["reasons"].items()))
        lines.append(f"| {hid} | {s['games']} | {s['heroes_rate']:.0%} | {s['traitor_rate']:.0%} | "
                     f"{s['house'] / s['games']:.0%} | {median(s['rounds']) if s['rounds'] else '-'} | {why} |")
    lines += ["", "## Flagged haunts (a side outside the band)", ""]
    lines += [f"- **{h}**: " + ", ".join(f"{side} win {rate:.0%}" for side, rate in out)
              for h, out in summary["flags"]] or ["None."]
    lines += _by_table_size(summary)
    lines += ["", "## When the haunt starts", "",
              "| players | games | median turn | median round |", "|---|---|---|---|"]
    for n in sorted({r["players"] for r in rows}):
        turns = [r["start_turn"] for r in rows if r["players"] == n and r["start_turn"] is not None]
        if turns:
            lines.append(f"| {n} | {len(turns)} | {median(turns)} | {median(turns) / n:.1f} |")
    lines += ["", "## Invariant violations and unended games (must be none)", ""]
    bad = [f"- seed {r['seed']}, {r['haunt']}, {r['players']} players: {r['error']}" for r in summary["broken"]]
    bad += [f"- seed {r['seed']}, {r['haunt']}, {r['players']} players: did not end (turn cap)"
            for r in summary["unended"]]
    lines += bad or ["None."]
    lines += ["", "## Plots", ""] + [f"![{p[:-4]}]({p})" for p in pictures]
    return "\n".join(lines) + "\n"


def _by_table_size(summary: dict) -> list[str]:
    per = summary["per"]
    counts = sorted({n for s in per.values() for n in s["by_players"]})
    lines = ["", "## The heroes' win rate by table size", "",
             "A haunt in the band over all its games may still favour one side at one table size. "
             "A cell is marked (▲ too easy for the heroes, ▼ too hard) when the 95 % Wilson interval of the "
             "rate lies wholly outside the band; with a few dozen games a cell, a rate alone proves little.", "",
             "| haunt | " + " | ".join(f"{n} players" for n in counts) + " |",
             "|---|" + "---|" * len(counts)]
    marks = {}
    for hid, n, sure in summary["size_flags"]:
        side, rate = sure[0]
        easy = (side == "heroes") == (rate > BAND[1])
        marks[(hid, n)] = " ▲" if easy else " ▼"
    for hid in sorted(per):
        cells = []
        for n in counts:
            c = per[hid]["by_players"].get(n)
            cells.append(f"{c['heroes'] / c['games']:.0%} of {c['games']}{marks.get((hid, n), '')}" if c else "-")
        lines.append(f"| {hid} | " + " | ".join(cells) + " |")
    lines += ["", "Flagged by table size:", ""]
    lines += [f"- **{h}**, {n} players: " + ", ".join(f"{side} win {rate:.0%}" for side, rate in sure)
              for h, n, sure in summary["size_flags"]] or ["None."]
    return lines


def write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def balance(games: int, out: Path, check: str = "every", content: dict | None = None,
            only: list[str] | None = None) -> dict:
    """Play, summarise, write the report and plots; returns the summary with
    the wall time (the tests call this on a small run)."""
    if content is None:
        from bench_engine import compiled
        content = compiled("house")
    if not content.get("_normalized"):
        content = {**normalize(content), "_normalized": True}       # once, not per game
    unknown = sorted(set(only or ()) - set(content["haunts"]))
    if unknown:
        raise SystemExit(f"balance: no haunt {', '.join(unknown)} in the content "
                         f"(expected one of {', '.join(sorted(content['haunts']))})")
    t0 = time.perf_counter()
    rows = run(content, games, True if check == "every" else "turn", only)
    wall = time.perf_counter() - t0
    summary = summarise(rows, content)
    out.mkdir(parents=True, exist_ok=True)
    pictures = plots(rows, summary, out)
    write_atomic(out / "report.md", report(rows, summary, pictures, wall, check))
    return {**summary, "rows": rows, "wall": wall}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1200, help="games in all (a multiple of haunts x player counts "
                                                            "spreads them evenly)")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "balance")
    ap.add_argument("--check", choices=("every", "turn"), default="every",
                    help="check the invariants after every action, or at every turn end")
    ap.add_argument("--haunt", action="append", metavar="ID",
                    help="play only this haunt (repeatable): --games then all go to it, spread over the table sizes")
    a = ap.parse_args()
    s = balance(a.games, a.out, a.check, only=a.haunt)
    rows = s["rows"]
    print(f"house balance: {len(rows)} games, {len(s['per'])} haunts, wall {s['wall']:.1f} s "
          f"({len(rows) / s['wall']:.1f} games/s)")
    for hid, p in sorted(s["per"].items()):
        print(f"  {hid:24} {p['games']:5} games  heroes {p['heroes_rate']:4.0%}  traitor {p['traitor_rate']:4.0%}  "
              f"house {p['house'] / p['games']:4.0%}" + ("  (no traitor)" if p["against"] == "house" else "")
              + "  heroes by table size " + "/".join(f"{c['heroes'] / c['games']:.0%}"
                                                     for _, c in sorted(p["by_players"].items()))
              + " (" + "/".join(str(n) for n in sorted(p["by_players"])) + "p)")
    print(f"flagged (a side outside {BAND[0]:.0%}-{BAND[1]:.0%}): "
          + (", ".join(f"{h} (heroes {s['per'][h]['heroes_rate']:.0%})" for h, _ in s["flags"]) or "none"))
    print(f"flagged by table size (95 % interval outside the band): {len(s['size_flags'])} cells"
          + "".join(f"\n  {h} {n}p: " + ", ".join(f"{side} {rate:.0%}" for side, rate in sure)
                    for h, n, sure in s["size_flags"]))
    print(f"invariant violations: {len(s['broken'])}, games that did not end: {len(s['unended'])}")
    for r in s["broken"][:5]:
        print(f"  seed {r['seed']} {r['haunt']} {r['players']}p: {r['error']}")
    print(f"report: {a.out / 'report.md'}")
    return 1 if s["broken"] or s["unended"] else 0


if __name__ == "__main__":
    sys.exit(main())
