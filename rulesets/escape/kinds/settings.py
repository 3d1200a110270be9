"""The numbers the rules leave to the game, one file (`settings:`).

The digest marks them [choice] or fixes them in the post's own words; all
are here so a table can be tuned without touching the engine: the hand and
equipment limits (E-HAND-1, E-MEMBER-4), the VP of a hit and an
elimination (E-ADJ-2), of an infected's hit and a turning (E-ATK-4), the
kill reward (E-ATK-4, the post names none) and the condition of an infected
with no card left (E-INFECT-5).
"""
from __future__ import annotations

from typing import Any

from pipeline.content.context import Context
from pipeline.content.fields import At, Fields

from .cards import tag_list

NUMBERS = {   # key → (minimum, maximum)
    "hand_limit": (1, 10), "equipment_limit": (1, 6), "vp_hit": (0, 10), "vp_eliminate": (0, 10),
    "vp_infected_hit": (0, 10), "vp_turn": (0, 20), "vp_kill": (0, 20),
}


def read_settings(at: At, data: Any, ctx: Context) -> dict | None:
    f = Fields(at, data, tuple(NUMBERS) + ("default_condition",))
    if not f.ok:
        return None
    out: dict[str, Any] = {key: f.int(key, minimum=lo, maximum=hi) for key, (lo, hi) in NUMBERS.items()}
    cond = None
    if f.require("default_condition", "expected {hit_by: [tags], hits: N}"):
        c = Fields(f.at_key("default_condition"), f.data["default_condition"], ("hit_by", "hits"))
        hit_by = tag_list(c, "hit_by", ctx, required=True) if c.ok else []
        hits = c.int("hits", minimum=1, maximum=5) if c.ok else None
        c.close()
        if hit_by and hits is not None:
            cond = {"hit_by": hit_by, "hits": hits}
    f.close()
    out["default_condition"] = cond
    return None if None in out.values() else out
