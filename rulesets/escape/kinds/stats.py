"""Counts of the escape content against the post's component list (E-KIT):
5 characters, 6 infected cards, 60 items of three kinds, 50 explore cards
of three kinds with at least 4 stairs up, and revelations for each place
they can go (the front, the end, a player's card). Counts are minimums."""
from __future__ import annotations

from collections import Counter

from .model import EXPLORE_KINDS, ITEM_KINDS, Escape

TARGETS = {"characters": 5, "infected": 6, "items": 60, "explore": 50, "stairs_up": 4}


def collect(c: Escape) -> dict:
    places = Counter(e.place for e in c.explore.values() if e.kind == "revelation")
    return {
        "characters": len(c.characters), "infected": len(c.infected), "items": len(c.items),
        "explore": len(c.explore),
        "item_kinds": {k: sum(1 for i in c.items.values() if i.kind == k) for k in ITEM_KINDS},
        "explore_kinds": {k: sum(1 for e in c.explore.values() if e.kind == k) for k in EXPLORE_KINDS},
        "stairs_up": sum(1 for e in c.explore.values() if e.stairs),
        "places": {"front": places["front"], "end": places["end"],
                   "player": sum(n for p, n in places.items() if p not in ("front", "end"))},
        "tags": dict(sorted(Counter(t for i in c.items.values() for t in i.tags).items())),
    }


def shortfalls(s: dict) -> list[str]:
    short = [f"{name} {s[name]} < {need}" for name, need in TARGETS.items() if s[name] < need]
    short += [f"no {k} item" for k, n in s["item_kinds"].items() if not n]
    short += [f"no {k} explore card" for k, n in s["explore_kinds"].items() if not n]
    short += [f"no revelation placed at {p}" for p, n in s["places"].items() if not n]
    return short


def _pairs(d: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items())


def format_stats(c: Escape) -> list[str]:
    s = collect(c)
    short = shortfalls(s)
    return [
        f"{c.name}: characters {s['characters']}, infected {s['infected']}, items {s['items']}, "
        f"explore {s['explore']} (stairs up {s['stairs_up']})",
        f"  items: {_pairs(s['item_kinds'])}",
        f"  explore: {_pairs(s['explore_kinds'])}",
        f"  revelations placed at: {_pairs(s['places'])}",
        f"  item tags: {_pairs(s['tags'])}",
        "  targets: met" if not short else "  targets: NOT met: " + "; ".join(short),
    ]
