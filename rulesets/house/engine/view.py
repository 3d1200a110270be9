"""Per-seat views: what a seat may see (deck orders never; each side only
its own haunt rules, R-HAUNT-7)."""
from __future__ import annotations

from .datacopy import deep_copy
from .effects import CONTINUATION

HIDDEN = ("rules", "decks", "stack", "discards", "haunt", "pending")


def view(state: dict, seat: str | None) -> dict:
    v = deep_copy({k: val for k, val in state.items() if k not in HIDDEN})
    v["deck_sizes"] = {d: len(cards) for d, cards in state["decks"].items()}
    v["discards"] = {d: list(cards) for d, cards in state["discards"].items() if d != "room"}
    v["discards"]["room"] = len(state["discards"]["room"])     # face down (R-PLACE-1)
    pd = state["pending"]
    v["pending"] = None if pd is None else deep_copy({k: val for k, val in pd.items() if k not in CONTINUATION})
    h = state["haunt"]
    if h is not None:
        spec = h["spec"]
        hv = deep_copy({k: val for k, val in h.items() if k != "spec"})
        hv["title"] = spec.get("title")
        if seat is not None and seat in state["players"]:
            hv["secret"] = spec.get("traitor_text" if seat == h["traitor"] else "heroes_text")
        v["haunt"] = hv
    else:
        v["haunt"] = None
    return v
