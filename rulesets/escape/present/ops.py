"""Events → table instructions (`kit/ops.py`). Escape has no table pieces of
its own yet, so its instructions are the ones every table carries out: the
turn marker, the die, questions with their buttons, chat lines (a private
event's only to the seats it names) and the end of the game."""
from __future__ import annotations

from kit.ops import Ops

from .labels import label_one
from .names import Namer
from .narrate import narrate

# Prompts whose buttons follow from the prompt itself; the others depend on
# a hidden hand and are answered with the table's "Actions…" list.
FIXED = {"lead_explore": [("explore", {})], "member": [("search", {}), ("explore", {})],
         "token_roll": [("roll", {})], "flee_offer": [("accept", {}), ("refuse", {})],
         "swap_offer": [("accept", {}), ("refuse", {})]}


def _buttons(pd: dict) -> list[tuple[str, dict]]:
    kind = pd["kind"]
    if kind in FIXED:
        return FIXED[kind]
    if kind == "place":
        return [("choose_place", {"place": p}) for p in pd.get("options") or []]
    if kind == "infect_attack":
        return [("attack", {"target": t}) for t in pd.get("targets") or []]
    if kind == "choose" and pd.get("options"):
        return [("choose", {"option": o}) for o in pd["options"]]
    return []


def _ask(out: Ops, pd: dict, n: Namer) -> None:
    buttons = _buttons(pd)
    seat = pd["seat"]
    if not buttons:
        out.emit("say", visible_to=[seat], text=n.word("narrate.your_turn"), to=[seat], color=seat)
        return
    options = [{"label": label_one({"action": a, "args": args}, n), "action": a, "args": args}
               for a, args in buttons]
    out.emit("ask", seat=seat, kind=pd["kind"], title=n.word(f"ask.{pd['kind']}"), options=options)


def _turn(view: dict) -> int | None:
    fight = view.get("fight")
    return fight["cycle"] if fight else view.get("round_n")


def ops(events: list[dict], table, version: int) -> list[dict]:
    n = Namer(table)
    view, tts = table.public, table.tts
    out = Ops(version)
    for ev in events:
        kind, vis = ev["type"], ev.get("visible_to")
        if kind == "turn_began":
            out.emit("mark_turn", seat=ev.get("seat"), turn=_turn(view), phase=view.get("phase"))
        elif kind == "dice_rolled":
            out.emit("show_dice", dice=list(tts.get("dice") or [])[:1], values=list(ev["faces"]),
                     total=ev["total"], tray=tts.get("dice_tray"), seat=ev.get("seat"), purpose=ev.get("purpose"))
        elif kind == "prompt":
            _ask(out, ev, n)
        elif kind == "game_over":
            out.emit("game_over", winners=list(ev["winners"]), side=None, scores=dict(ev["scores"]),
                     text=narrate(ev, n))
            continue
        text = narrate(ev, n)
        if text:
            out.emit("say", visible_to=vis, text=text, to=vis, color=None)
    return out.out


def layout(table, version: int) -> list[dict]:
    """The turn marker and the open question, as the table stands now."""
    n = Namer(table)
    view = table.public
    out = Ops(version)
    pd = view.get("pending")
    if pd:
        out.emit("mark_turn", seat=pd["seat"], turn=_turn(view), phase=view.get("phase"))
        _ask(out, pd, n)
    result = view.get("result")
    if result:
        out.emit("game_over", winners=list(result["winners"]), side=None, scores=dict(result["scores"]),
                 text=narrate({"type": "game_over", "winners": result["winners"], "scores": result["scores"]}, n))
    return out.out
