"""The haunt: the roll, the chart, the traitor, the new turn order, the
clock and winning (R-HAUNT, R-AUTH-1). The scenario's own parts are in
scenario.py (its shape and setup) and objectives.py (what wins)."""
from __future__ import annotations

from kit.draft import peek, reading

from . import traits as T
from .effects import choice, op
from .scenario import apply_setup, at_table, norm_haunt


def haunt_roll(state, rng, seat, events):
    """R-HAUNT-1: six dice; below the omens drawn so far, the haunt begins."""
    ev = T.roll_dice(rng, 6, events, {"seat": seat}, "haunt")
    begins = ev["total"] < state["omen_count"]
    ev.update(target=state["omen_count"], success=begins)
    if begins:
        begin(state, rng, seat, events)


def lookup(state: dict, omen: str, room: str) -> dict:
    """R-HAUNT-2: omen × room of the drawing on the chart. The content check
    makes the chart name a haunt in every cell; hand-made content whose
    chart leaves cells out plays its own haunts in turn there."""
    rules = state["rules"]
    chart = rules["chart"]
    haunts = rules["haunts"]
    hid = (chart.get("cells") or {}).get(room, {}).get(omen)
    if hid not in haunts:
        rows, cols = chart.get("rooms") or [], chart.get("omens") or []
        i = rows.index(room) + cols.index(omen) if room in rows and omen in cols else state["omen_count"]
        hid = sorted(haunts)[i % len(haunts)]
    h = haunts[hid]
    if not h.get("_norm"):                  # a haunt a test put in by hand: read it once
        h = norm_haunt(h)
        state["rules"] = {**rules, "haunts": {**haunts, hid: h}}
    return h


def spec(state: dict) -> dict:
    """The haunt being played, as scenario.norm_haunt reads it (shared, read-only)."""
    return state["rules"]["haunts"][peek(state, "haunt")["id"]]


def clock_end(state: dict) -> int:
    return at_table(spec(state)["clock"]["end"], state)


def closest(cands: list, revealer: str, seats: list):
    """R-HAUNT-4: the revealer wins a tie; else the nearest seat, and between
    two equally near, the one on the revealer's left (clockwise)."""
    if not cands:
        return None
    if revealer in cands:
        return revealer
    n, r = len(seats), seats.index(revealer)

    def key(s):
        cw, ccw = (seats.index(s) - r) % n, (r - seats.index(s)) % n
        return (min(cw, ccw), 0 if cw <= ccw else 1)
    return min(cands, key=key)


def pick_traitor(state: dict, rule: dict, revealer: str):
    """R-HAUNT-3: who the haunt names as traitor."""
    seats = [s for s in state["seats"] if s in state["players"]]
    alive = [s for s in seats if state["players"][s]["alive"]]
    kind = rule.get("rule", "revealer")
    if kind == "none":
        return None
    if kind == "revealer":
        return revealer
    if kind == "left_of_revealer":
        i = seats.index(revealer)
        for k in range(1, len(seats) + 1):
            s = seats[(i + k) % len(seats)]
            if s in alive:
                return s
    pool = [s for s in alive if not (rule.get("except_revealer") and s == revealer)]
    if kind in ("highest_trait", "lowest_trait"):
        vals = {s: T.value(state, s, rule.get("trait") or "might") for s in pool}
        want = (max if kind == "highest_trait" else min)(vals.values())
    elif kind in ("oldest", "youngest"):
        chars = state["rules"]["characters"]
        vals = {s: chars[state["players"][s]["character"]]["sides"][state["players"][s]["side"]]["age"] for s in pool}
        want = (max if kind == "oldest" else min)(vals.values())
    else:
        return revealer
    return closest([s for s in pool if vals[s] == want], revealer, seats)


def begin(state: dict, rng, revealer: str, events: list) -> None:
    omen, room = state["turn"]["omen"]
    h = lookup(state, omen, room)
    traitor = pick_traitor(state, h["traitor"], revealer)
    hidden = bool(traitor and h["traitor"].get("hidden"))
    lead = revealer if hidden or not traitor else traitor
    seats = [s for s in state["seats"] if s in state["players"]]
    i = seats.index(lead)
    order = seats[i + 1:] + seats[:i + 1] + ["monsters"]       # R-HAUNT-8
    if h["rules"]["order"] == "traitor_first" and traitor and not hidden:   # a haunt's own order replaces it
        order = [lead, "monsters"] + seats[i + 1:] + seats[:i]
    state["phase"] = "haunt"
    state["haunt"] = {"id": h["id"], "traitor": traitor, "revealer": revealer, "room": room, "omen": omen,
                      "hidden": hidden, "monsters": [], "tokens": {}, "placed": {}, "track": 0,
                      "rituals": {}, "escaped": [], "destroyed": []}
    state["order"] = order
    state["turn_i"] = -1                         # the next turn is the seat left of the lead
    events.append({"type": "haunt_began", "haunt": h["id"], "traitor": None if hidden else traitor,
                   "revealer": revealer, "room": room, "omen": omen, "order": order, "hidden": hidden})
    if hidden:
        events.append({"type": "traitor_chosen", "seat": traitor, "visible_to": [traitor]})
    _books(state, h, events)
    apply_setup(state, rng, events)
    if traitor:
        p = state["players"][traitor]
        if any(m["dice"] < 0 for m in p["lasting"]):            # R-HAUNT-5
            choice(state, traitor, {"shed": [{"op": "_shed"}], "keep": []}, events, "traitor_shed")


def _books(state: dict, h: dict, events: list) -> None:
    """R-HAUNT-7: each side's book, to that side's seats only. With a hidden
    traitor every seat gets its own event, so no list of seats shows who is
    missing from the heroes."""
    traitor = state["haunt"]["traitor"]
    seats = [s for s in state["seats"] if s in state["players"]]
    heroes = [s for s in seats if s != traitor]
    if state["haunt"]["hidden"]:
        lots = [("heroes", [s]) for s in heroes] + [("traitor", [traitor])]
    else:
        lots = [("heroes", heroes)] + ([("traitor", [traitor])] if traitor else [])
    for side, to in lots:
        events.append({"type": "haunt_book", "side": side, "book": h[f"{side}_book"], "visible_to": to})


def reveal(state: dict, reason: str, events: list) -> None:
    """A hidden traitor is known to all from now on (docs/rulesets/haunts.md):
    the turn/damage track now follows the traitor's turns."""
    h = state["haunt"]
    if h is None or not h["hidden"]:
        return
    h["hidden"] = False
    events.append({"type": "traitor_revealed", "seat": h["traitor"], "reason": reason})


@op("_shed")
def _shed(state, rng, seat, s, events):
    T.end_lasting(state, seat, lambda m: m["dice"] < 0, events)
    events.append({"type": "effects_shed", "seat": seat})


# Objectives the monsters can bring about on their own (they attack heroes).
MONSTER_WINNABLE = ("heroes_dead",)


def monsters_play(state: dict) -> bool:
    """R-HAUNT-8: the monster turn comes round while the traitor lives (or
    the house plays them); after the traitor dies only if the monsters can
    still win for the traitor. A haunt may say so itself (rule
    `monsters_can_win`)."""
    h = peek(state, "haunt")
    if not h["monsters"]:
        return False
    traitor = h["traitor"]
    if traitor is None or state["players"][traitor]["alive"]:
        return True
    sp = spec(state)
    said = sp["rules"]["monsters_can_win"]
    if said is not None:
        return said
    return any(o["objective"] in MONSTER_WINNABLE for o in sp["traitor_wins"])


def lead(state: dict) -> str:
    """Whose turn moves the round clock: the traitor's, the revealer's when
    there is none or it is hidden (R-HAUNT-9)."""
    h = peek(state, "haunt")
    return h["revealer"] if h["hidden"] or not h["traitor"] else h["traitor"]


def track_on_turn(state: dict, crossed: list, events: list) -> None:
    """R-HAUNT-9: a `rounds` clock advances as the lead's turn comes round.
    `crossed` is every place in the order passed to reach this turn, so a
    dead lead's skipped turn still counts: the clock never stops."""
    clock = spec(state)["clock"]
    if clock and clock["counts"] == "rounds" and lead(state) in crossed:
        advance(state, 1, events)


def advance(state: dict, steps: int, events: list) -> None:
    h = state["haunt"]
    h["track"] += steps
    events.append({"type": "track_advanced", "value": h["track"], "end": clock_end(state)})


def hero_damaged(state: dict, seat: str, amount: int, events: list) -> None:
    """R-HAUNT-9: a `hero_damage` clock counts every step of damage a hero
    takes. A hidden traitor's damage counts too: it passes for a hero, and a
    track standing still when it is hurt would say who it is."""
    h = peek(state, "haunt")
    if h is None or state["phase"] != "haunt" or (seat == h["traitor"] and not h["hidden"]):
        return
    clock = spec(state)["clock"]
    if clock and clock["counts"] == "hero_damage":
        advance(state, amount, events)


def check_win(state: dict, events: list) -> None:
    """R-HAUNT-10: only in the haunt; the first side to meet an objective
    (the traitor's are looked at first), else the clock at its end."""
    if state["phase"] != "haunt" or peek(state, "haunt") is None:
        return
    met = _objectives.met_in
    h = peek(state, "haunt")
    sp = state["rules"]["haunts"][h["id"]]
    players = reading(state["players"])
    for side, key in (("traitor", "traitor_wins"), ("heroes", "heroes_win")):
        for o in sp[key]:
            if met(state, side, o, h, players):
                if side == "traitor":
                    reveal(state, "objective", events)
                finish(state, side, o["objective"], events)
                return
    clock = sp["clock"]
    if clock and h["track"] >= at_table(clock["end"], state):
        if clock["winner"] == "traitor":
            reveal(state, "objective", events)
        finish(state, clock["winner"], "clock", events)


def finish(state: dict, winner: str, reason: str, events: list) -> None:
    if winner == "traitor" and state["haunt"] is not None and state["haunt"]["traitor"] is None:
        winner = "house"             # no traitor: the house played the monsters, and every player loses
    state["phase"] = "over"
    state["winner"] = winner
    pd = state["pending"]
    if pd and pd["kind"] == "rotation":
        state["discards"]["room"].append(pd["room"])     # the drawn tile goes back face down
    state["pending"] = None
    state["stack"] = []
    events.append({"type": "game_over", "winner": winner, "reason": reason})


# objectives reads this module's helpers, so it is bound once both are loaded
# (whichever is imported first); check_win looks it up at call time.
from . import objectives as _objectives  # noqa: E402
