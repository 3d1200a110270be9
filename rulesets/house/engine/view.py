"""Per-seat views: what a seat may see (deck orders never; each side only
its own haunt book, R-HAUNT-7; a hidden traitor only by themself).

A view shares every part it shows with the state instead of copying it:
states are values (nothing changes one in place once `apply` returned it),
so a view is read-only by the same contract, and the server can build one
for every answer (the presenter reads nothing else) at the cost of a few
dict lookups rather than a deep copy of the table.
"""
from __future__ import annotations

from .effects import CONTINUATION
from .scenario import at_table

HIDDEN = ("rules", "decks", "stack", "discards", "haunt", "pending")


def view(state: dict, seat: str | None) -> dict:
    v = {k: val for k, val in state.items() if k not in HIDDEN}
    v["deck_sizes"] = {d: len(cards) for d, cards in state["decks"].items()}
    v["discards"] = {d: cards for d, cards in state["discards"].items() if d != "room"}
    v["discards"]["room"] = len(state["discards"]["room"])     # face down (R-PLACE-1)
    pd = state["pending"]
    v["pending"] = None if pd is None else {k: val for k, val in pd.items() if k not in CONTINUATION}
    h = state["haunt"]
    v["haunt"] = None if h is None else _haunt(state, h, seat)
    return v


def _haunt(state: dict, h: dict, seat) -> dict:
    spec = state["rules"]["haunts"][h["id"]]
    hv = dict(h)
    if h["hidden"] and seat != h["traitor"]:
        hv["traitor"] = None                                    # known to nobody else yet
    hv["title"] = spec.get("title")
    hv["intro"] = spec.get("intro")
    clock = spec.get("clock")
    hv["clock"] = clock and {**clock, "end": at_table(clock["end"], state)}     # this table's end
    # The monsters and tokens on the table are public once the haunt begins: their kinds' names.
    hv["monster_names"] = {m["id"]: m.get("name") for m in spec["monsters"]}
    hv["token_names"] = spec["tokens"]
    if seat is not None and seat in state["players"]:
        side = "traitor" if seat == h["traitor"] else "heroes"
        hv["side"] = side
        hv["book"] = spec.get(f"{side}_book")
    return hv
