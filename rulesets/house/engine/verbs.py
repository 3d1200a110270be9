"""The verbs the server, bots and pages ask besides apply: who may act now,
who is playing, how it ended, and whether an action revealed anything."""
from __future__ import annotations

# Events after which an undo would let a player re-roll or peek; any use of
# the random source counts too (docs/rulesets/house.md, "Events").
REVEALING = frozenset({
    "dice_rolled", "card_drawn", "tile_placed", "tile_moved", "tile_discarded",
    "deck_reshuffled", "haunt_began",
})


def to_act(state: dict) -> list[str]:
    """The seat a question waits for, else whose turn it is (the traitor on
    the monsters' turn); in the lobby everyone still to choose, or all
    seated once all have chosen (any of them may start)."""
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "lobby":
        players = state["players"]
        waiting = [s for s in state["seats"] if s not in players or not players[s].get("character")]
        return waiting or [s for s in state["seats"] if s in players]
    pd = state["pending"]
    if pd is not None:
        return [pd["seat"]]
    seat = state["turn"]["seat"]
    if seat == "monsters":
        h = state["haunt"] or {}
        traitor = h.get("traitor")
        return [traitor] if traitor and not h.get("hidden") else []
    return [seat] if seat else []


def seated(state: dict) -> list[str]:
    return [s for s in state["seats"] if s in state["players"]]


def outcome(state: dict) -> dict | None:
    """The winning side's seats (R-HAUNT-10): the traitor, or every hero
    (escaped ones too); the house's win (a clock with winner `house`) has none."""
    if state["phase"] != "over":
        return None
    side = state.get("winner")
    traitor = (state["haunt"] or {}).get("traitor")
    playing = seated(state)
    if side == "traitor":
        winners = [traitor] if traitor else []
    elif side == "heroes":
        winners = [s for s in playing if s != traitor]
    else:
        winners = []
    return {"winners": winners, "side": side, "scores": None}


def reveals(events: list[dict], tape: list[int]) -> bool:
    if tape:
        return True
    for ev in events:
        kind = ev.get("type")
        if kind in REVEALING or (kind == "prompt" and ev.get("kind") == "rotation"):
            return True
    return False
