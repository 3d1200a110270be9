"""The haunt: the roll, the chart, the traitor, the new turn order, winning
(R-HAUNT, R-AUTH-1)."""
from __future__ import annotations

from . import traits as T
from .effects import choice, op


def _text(zh_hans, zh_hant, en):
    return {"zh-Hans": zh_hans, "zh-Hant": zh_hant, "en": en}


_SHADE = {"id": "shade", "name": _text("暗影", "暗影", "Shade"), "count": 2,
          "traits": {"might": 4, "speed": 3}, "start": "traitor"}
_HORROR = {"id": "horror", "name": _text("梦魇", "夢魘", "Horror"), "count": 1,
           "traits": {"might": 5, "speed": 2, "sanity": 3}, "start": "revealer"}

# Until the scenarios are written, a haunt the chart names but the content
# lacks is one of these, picked by the chart cell's position, so every
# traitor rule and both monster shapes get played.
PLACEHOLDERS = [
    {"id": "placeholder_revealer", "traitor": {"rule": "revealer"}, "monsters": [_SHADE],
     "heroes_win": "traitor_dead", "traitor_wins": "heroes_dead", "track": {"end": 10, "winner": "heroes"}},
    {"id": "placeholder_left", "traitor": {"rule": "left_of_revealer"}, "monsters": [_SHADE],
     "heroes_win": "traitor_dead", "traitor_wins": "heroes_dead", "track": {"end": 10, "winner": "heroes"}},
    {"id": "placeholder_highest", "traitor": {"rule": "highest_trait", "trait": "knowledge"},
     "monsters": [_SHADE], "heroes_win": "traitor_dead", "traitor_wins": "heroes_dead",
     "track": {"end": 10, "winner": "heroes"}},
    {"id": "placeholder_house", "traitor": {"rule": "none"}, "monsters": [_HORROR],
     "heroes_win": "monsters_stunned_all", "traitor_wins": "heroes_dead",
     "track": {"end": 10, "winner": "heroes"}},
]
for _h in PLACEHOLDERS:
    _h["title"] = _text("临时剧本", "臨時劇本", "Placeholder haunt")
    _h["heroes_text"] = _text("活下来，或击败敌人。", "活下來，或擊敗敵人。", "Survive, or defeat your foes.")
    _h["traitor_text"] = _text("消灭所有好人。", "消滅所有冒險者。", "Destroy every hero.")


def haunt_roll(state, rng, seat, events):
    """R-HAUNT-1: six dice; below the omens drawn so far, the haunt begins."""
    ev = T.roll_dice(rng, 6, events, {"seat": seat}, "haunt")
    begins = ev["total"] < state["omen_count"]
    ev.update(target=state["omen_count"], success=begins)
    if begins:
        begin(state, rng, seat, events)


def lookup(state: dict, omen: str, room: str) -> dict:
    """R-HAUNT-2: omen × room of the drawing on the chart."""
    rules = state["rules"]
    chart = rules["chart"]
    hid = (chart.get("cells") or {}).get(room, {}).get(omen)
    if hid and hid in rules["haunts"]:
        return rules["haunts"][hid]
    rows, cols = chart.get("rooms") or [], chart.get("omens") or []
    if room in rows and omen in cols:
        i = rows.index(room) + cols.index(omen)
    else:
        i = state["omen_count"]
    return PLACEHOLDERS[i % len(PLACEHOLDERS)]


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
        vals = {s: T.value(state, s, rule.get("trait", "might")) for s in pool}
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
    traitor = pick_traitor(state, h.get("traitor") or {"rule": "revealer"}, revealer)
    lead = traitor or revealer
    monsters = []
    for spec in h.get("monsters") or []:
        where = spec.get("start", "traitor")
        if where == "revealer":
            start_room = state["players"][revealer]["room"]
        elif where == "traitor" or where not in state["tiles"]:
            start_room = state["players"][lead]["room"]
        else:
            start_room = where
        for k in range(spec.get("count", 1)):
            monsters.append({"id": f"{spec['id']}_{k + 1}", "kind": spec["id"], "room": start_room,
                             "traits": dict(spec.get("traits") or {}), "stunned": False,
                             "recovering": False, "left": 0, "attacked": False, "items": [],
                             "carries": bool(spec.get("carries_items")),
                             "attackable_with": list(spec.get("attackable_with") or [])})
    seats = [s for s in state["seats"] if s in state["players"]]
    i = seats.index(lead)
    order = seats[i + 1:] + seats[:i + 1] + ["monsters"]       # R-HAUNT-8
    if (h.get("rules") or {}).get("order") == "traitor_first":  # a haunt's own order replaces it
        order = [lead, "monsters"] + seats[i + 1:] + seats[:i]
    state["phase"] = "haunt"
    state["haunt"] = {"id": h["id"], "traitor": traitor, "revealer": revealer, "room": room,
                      "omen": omen, "monsters": monsters, "track": 0, "spec": h}
    state["order"] = order
    state["turn_i"] = -1                         # the next turn is the seat left of the lead
    events.append({"type": "haunt_began", "haunt": h["id"], "traitor": traitor, "revealer": revealer,
                   "room": room, "omen": omen, "order": order})
    for m in monsters:
        events.append({"type": "monster_placed", "monster": m["id"], "kind": m["kind"], "room": m["room"]})
    if traitor:
        p = state["players"][traitor]
        if any(m["dice"] < 0 for m in p["lasting"]):            # R-HAUNT-5
            choice(state, traitor, {"shed": [{"op": "_shed"}], "keep": []}, events, "traitor_shed")


@op("_shed")
def _shed(state, rng, seat, s, events):
    T.end_lasting(state, seat, lambda m: m["dice"] < 0, events)
    events.append({"type": "effects_shed", "seat": seat})


# The win conditions check_win knows (R-HAUNT-10); content naming any other
# would never be met, so the content check refuses it.
WIN_CONDITIONS = ("traitor_dead", "heroes_dead", "monsters_stunned_all")

# Win conditions the monsters can bring about on their own (they attack
# heroes); a dead traitor's track no longer advances (R-HAUNT-9).
MONSTER_WINNABLE = ("heroes_dead",)


def monsters_play(state: dict) -> bool:
    """R-HAUNT-8: the monster turn comes round while the traitor lives (or
    the house plays them); after the traitor dies only if the monsters can
    still win for the traitor. A haunt may say so itself
    (`rules: {monsters_can_win: true|false}`)."""
    h = state["haunt"]
    if not h["monsters"]:
        return False
    traitor = h["traitor"]
    if traitor is None or state["players"][traitor]["alive"]:
        return True
    said = (h["spec"].get("rules") or {}).get("monsters_can_win")
    if said is not None:
        return bool(said)
    return h["spec"].get("traitor_wins") in MONSTER_WINNABLE


def track_on_turn(state: dict, seat: str, events: list) -> None:
    """R-HAUNT-9: the placeholder's track advances as the lead's turn begins."""
    h = state["haunt"]
    track = h["spec"].get("track")
    if not track or seat != (h["traitor"] or h["revealer"]):
        return
    h["track"] += 1
    events.append({"type": "track_advanced", "value": h["track"], "end": track["end"]})


def check_win(state: dict, events: list) -> None:
    """R-HAUNT-10: only in the haunt; the first side to meet its condition."""
    h = state["haunt"]
    if state["phase"] != "haunt" or h is None:
        return
    spec = h["spec"]
    players = state["players"]
    heroes = [s for s in players if s != h["traitor"]]

    def met(cond):
        if cond == "traitor_dead":
            return h["traitor"] is not None and not players[h["traitor"]]["alive"]
        if cond == "heroes_dead":
            return all(not players[s]["alive"] for s in heroes)
        if cond == "monsters_stunned_all":
            return bool(h["monsters"]) and all(m["stunned"] for m in h["monsters"])
        return False
    track = spec.get("track")
    winner = reason = None
    if met(spec.get("traitor_wins")):
        winner, reason = "traitor", spec.get("traitor_wins")
    elif met(spec.get("heroes_win")):
        winner, reason = "heroes", spec.get("heroes_win")
    elif track and h["track"] >= track["end"]:
        winner, reason = track.get("winner", "heroes"), "track_end"
    if winner:
        finish(state, winner, reason, events)


def finish(state: dict, winner: str, reason: str, events: list) -> None:
    state["phase"] = "over"
    state["winner"] = winner
    pd = state["pending"]
    if pd and pd["kind"] == "rotation":
        state["discards"]["room"].append(pd["room"])     # the drawn tile goes back face down
    state["pending"] = None
    state["stack"] = []
    events.append({"type": "game_over", "winner": winner, "reason": reason})

