"""The end and the score (E-END).

Two endings score differently, and the post says so: when nobody is left
in the column but the infected (E-END-1) the dead count their cards; when
the fourth stairs up is drawn (E-END-2/3) the dead keep only their fight
VP and the living add the reporter's special VP. The engine follows both
literally.
"""
from __future__ import annotations

from . import cards as C
from . import column as K
from .flow import emit


def special_vp(state: dict, seat: str) -> int:
    """A character's end-of-game skill (the reporter's), as its data says."""
    p = state["players"][seat]
    skill = state["rules"]["characters"][p["character"]]["skill"]
    score = skill.get("score") if skill["when"] == "end" else None
    if not score:
        return 0
    per = score["per"]
    if per == "game":
        n = 1
    elif per == "infected_eliminated":
        n = state["eliminated_n"]
    elif per == "valuable_in_hand":
        items = state["rules"]["items"]
        n = sum(1 for c in p["hand"] if items[c]["kind"] == "valuable")
    else:                                                   # phase_2 survived
        n = state["phase2_n"]
    return score["vp"] * n


def scores(state: dict, reason: str) -> dict[str, dict]:
    out = {}
    for seat, p in state["players"].items():
        status = p["status"]
        hand, kit = C.card_vp(state, p["hand"]), C.card_vp(state, p["equipment"])
        fight, special = p["fight_vp"], 0
        if status in ("infected", "eliminated"):           # E-ATK-4: fight VP only
            hand = kit = 0
        elif status == "hidden":                           # E-END-1 / E-ADJ-4
            hand = kit = fight = 0
        elif status == "dead" and reason == "stairs":      # E-END-3
            hand = kit = 0
        elif status == "alive" and reason == "stairs":
            special = special_vp(state, seat)
        out[seat] = {"hand": hand, "equipment": kit, "fight": fight, "special": special,
                     "total": hand + kit + fight + special, "status": status}
    return out


def finish(state: dict, reason: str, events: list) -> None:
    table = scores(state, reason)
    best = max((s["total"] for s in table.values()), default=0)
    winners = sorted(seat for seat, s in table.items() if s["total"] == best)     # E-END-4
    state["phase"] = "over"
    state["pending"] = None
    state["stack"].clear()
    state["result"] = {"reason": reason, "winners": winners,
                       "scores": {seat: s["total"] for seat, s in table.items()}, "detail": table}
    emit(events, "game_over", reason=reason, winners=winners,
         scores={seat: s["total"] for seat, s in table.items()}, detail=table)


def check_end(state: dict, events: list) -> bool:
    """E-END-1: nobody in the column who is not infected (everyone infected
    or dead, or only hidden players and infected left)."""
    if state["phase"] in ("explore", "fight") and not K.living(state):
        finish(state, "no_one_left", events)
        return True
    return state["phase"] == "over"
