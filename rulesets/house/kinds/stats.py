"""Counts per ruleset, and whether they meet the numbers the game needs.

The house targets are the published game's component counts (47 rooms with
the 5 starting rooms, 13 omens, 22 items, 45 events, 6 two-sided
characters), plus what the rules need at least once: every R-SPECIAL kind,
companions (R-CARD-4), weapons, a ranged weapon (R-FIGHT-7) and one usable
when defending (R-CARD-5). Counts are minimums: more content is allowed.
"""
from __future__ import annotations

from collections import Counter

from .model import FLOORS, ICONS, SPECIAL_KINDS, Ruleset


def _cards(cards) -> dict[str, int]:
    cards = list(cards)
    return {
        "weapons": sum(c.weapon for c in cards),
        "ranged": sum(c.ranged for c in cards),
        "defending": sum(c.usable_when_defending for c in cards),
        "companions": sum(c.companion for c in cards),
    }


def collect(rs: Ruleset) -> dict:
    rooms = list(rs.rooms.values())
    return {
        "rooms": len(rooms),
        "starting": sum(1 for r in rooms if r.start),
        "events": len(rs.events),
        "items": len(rs.items),
        "omens": len(rs.omens),
        "characters": len(rs.characters),
        "sides": sum(len(c.sides) for c in rs.characters.values()),
        "haunts": len(rs.haunts),
        "chart_cells": sum(len(row) for row in rs.haunt_chart.cells.values()) if rs.haunt_chart else 0,
        "per_floor": {f: sum(1 for r in rooms if f in r.floors) for f in FLOORS},
        "per_icon": {i: sum(1 for r in rooms if r.icon == i) for i in ICONS},
        "doors": dict(sorted(Counter(len(r.doors) for r in rooms).items())),
        "specials": {k: sum(1 for r in rooms if r.special and r.special.kind == k) for k in SPECIAL_KINDS},
        "item_flags": _cards(rs.items.values()),
        "omen_flags": _cards(rs.omens.values()),
    }


def house_shortfalls(s: dict) -> list[str]:
    """What the house content still lacks against the target numbers."""
    want = [
        ("rooms", s["rooms"], 47), ("starting rooms", s["starting"], 5),
        ("omen-icon rooms", s["per_icon"]["omen"], 13),
        ("omens", s["omens"], 13), ("companion omens", s["omen_flags"]["companions"], 3),
        ("weapon omens", s["omen_flags"]["weapons"], 1),
        ("items", s["items"], 22), ("weapon items", s["item_flags"]["weapons"], 4),
        ("ranged items", s["item_flags"]["ranged"], 1),
        ("usable-when-defending items", s["item_flags"]["defending"], 1),
        ("events", s["events"], 45), ("characters", s["characters"], 6),
        ("character sides", s["sides"], 12),
    ]
    short = [f"{name} {have} < {need}" for name, have, need in want if have < need]
    short += [f"no {kind} room" for kind, n in s["specials"].items() if n == 0]
    return short


def _pairs(d: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items())


def format_stats(rs: Ruleset) -> list[str]:
    s = collect(rs)
    lines = [
        f"{rs.name}: rooms {s['rooms']} (starting {s['starting']}), events {s['events']}, "
        f"items {s['items']}, omens {s['omens']}, characters {s['characters']} "
        f"({s['sides']} sides), haunts {s['haunts']}, chart cells {s['chart_cells']}",
        f"  rooms per floor: {_pairs(s['per_floor'])}",
        f"  rooms per icon: {_pairs(s['per_icon'])}",
        f"  doors per room: {_pairs({f'{k} doors': v for k, v in s['doors'].items()})}",
        f"  special kinds: {_pairs(s['specials'])}",
        f"  items: {_pairs(s['item_flags'])}",
        f"  omens: {_pairs(s['omen_flags'])}",
    ]
    short = house_shortfalls(s)
    lines.append("  targets: met" if not short else "  targets: NOT met: " + "; ".join(short))
    return lines
