"""What one seat may see (E-HAND-2): its own hand; of every other player the
hand's size only; equipment, revelations, stamina and the column for all;
deck sizes, never deck orders.

A view shares the parts it shows with the state instead of copying them:
states are values (nothing changes one in place once `apply` returned it),
so a view is read-only by the same contract (docs/RULESETS.md), and the
presenter, which reads every seat's view before and after each action to
see what moved, pays a few dict lookups for one rather than a deep copy."""
from __future__ import annotations

from .flow import SECRET_FIELDS, is_private

PUBLIC = ("ruleset", "seats", "phase", "column", "spots", "stairs", "infected", "out", "hidden",
          "round", "round_n", "fight", "setup", "eliminated_n", "phase2_n", "result")


def _player(p: dict, own: bool) -> dict:
    out = {k: v for k, v in p.items() if k != "hand"}
    if "hand" in p:
        out["hand_size"] = len(p["hand"])
        if own:
            out["hand"] = list(p["hand"])
    return out


def _pending(state: dict, seat) -> dict | None:
    pd = state["pending"]
    if pd is None:
        return None
    parties = {pd["seat"], pd.get("from")}
    out = {k: v for k, v in pd.items() if k != "task" and (k not in SECRET_FIELDS or seat in parties)}
    if is_private(pd) and seat != pd["seat"]:
        out.pop("options", None)
    if pd["kind"] == "keep" and seat == pd["seat"]:
        out["cards"] = list(state["passing"])
    return out


def view(state: dict, seat: str | None) -> dict:
    v = {k: state[k] for k in PUBLIC}
    v["players"] = {s: _player(p, s == seat) for s, p in state["players"].items()}
    v["deck_sizes"] = {d: len(cards) for d, cards in state["decks"].items()}
    v["discards"] = state["discards"]                           # face up
    v["passing"] = len(state["passing"])
    pd = state["pending"]
    scouted = pd["options"] if pd is not None and pd.get("purpose") == "scout" and seat != pd["seat"] else ()
    v["resolving"] = [c for c in state["resolving"] if c not in scouted]
    v["scouted"] = len(scouted)
    v["pending"] = _pending(state, seat)
    v["seat"] = seat
    return v
