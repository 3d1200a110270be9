"""Events and views → table instructions (`kit/ops.py`): the pieces moved
where the views say they now are (present/table.py), then the turn marker,
the die, questions with their buttons, chat lines (a private event's only
to the seats it names) and the end of the game."""
from __future__ import annotations

from kit.ops import Ops

from .labels import label_one
from .names import Namer
from .narrate import narrate
from .table import place_all

# Prompts whose buttons follow from the prompt itself; the others depend on
# a hidden hand and are answered with the table's "Actions…" list.
FIXED = {"lead_explore": [("explore", {})], "member": [("search", {}), ("explore", {})],
         "token_roll": [("roll", {})], "flee_offer": [("accept", {}), ("refuse", {})],
         "swap_offer": [("accept", {}), ("refuse", {})]}
# Questions whose answers name the asked seat's own hidden cards (the cards
# handed to it, its hand over the limit, a card it is asked to give in a
# trade, explore cards only it has seen): put to that colour alone.
PRIVATE = {"keep", "hand_limit", "trade"}
PRIVATE_PURPOSES = {"discard", "scout"}
# Other questions answered in a dialog: where to stand, whom to attack, a card's choice.
ASKED = {"place", "infect_attack", "choose"}


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


def _private(pd: dict) -> bool:
    return pd["kind"] in PRIVATE or pd.get("purpose") in PRIVATE_PURPOSES


def _ask(out: Ops, pd: dict, n: Namer, table) -> None:
    """The question waiting for `pd["seat"]`: a dialog of its legal answers
    (from the prompt itself when the engine's list is not at hand), to that
    colour alone when they name its hidden cards; the seat's own turn is
    played with the area's buttons and gestures instead."""
    seat = pd["seat"]
    legal = [(a["action"], a.get("args") or {}) for a in table.legal(seat)] if hasattr(table, "legal") else []
    buttons = legal if (legal and (pd["kind"] in FIXED or pd["kind"] in ASKED or _private(pd))) else _buttons(pd)
    if not buttons:
        out.emit("say", visible_to=[seat], text=n.word("narrate.your_turn"), to=[seat], color=seat)
        return
    options = [{"label": label_one({"action": a, "args": args}, n), "action": a, "args": args}
               for a, args in buttons]
    out.emit("ask", visible_to=[seat] if _private(pd) else None, seat=seat, kind=pd["kind"],
             title=n.word(f"ask.{pd['kind']}"), options=options)


def _turn(view: dict) -> int | None:
    fight = view.get("fight")
    return fight["cycle"] if fight else view.get("round_n")


def _game_over(out: Ops, n: Namer, winners: list, scores: dict) -> None:
    out.emit("game_over", winners=list(winners), side=None, scores=dict(scores),
             text=narrate({"type": "game_over", "winners": winners, "scores": scores}, n))


def ops(events: list[dict], table, version: int) -> list[dict]:
    n = Namer(table)
    view, tts = table.public, table.tts
    out = Ops(version)
    place_all(out, table, getattr(table, "before", None))
    pending = view.get("pending")
    for ev in events:
        kind, vis = ev["type"], ev.get("visible_to")
        if kind == "turn_began":
            out.emit("mark_turn", seat=ev.get("seat"), turn=_turn(view), phase=view.get("phase"))
        elif kind == "dice_rolled":
            out.emit("show_dice", dice=list(tts.get("dice") or [])[:1], values=list(ev["faces"]),
                     total=ev["total"], tray=tts.get("dice_tray"), seat=ev.get("seat"), purpose=ev.get("purpose"))
        elif kind == "prompt" and pending and ev["seat"] == pending["seat"] and ev["kind"] == pending["kind"]:
            _ask(out, pending, n, table)
        elif kind == "game_over":
            _game_over(out, n, ev["winners"], ev["scores"])
            continue
        text = narrate(ev, n)
        if text:
            out.emit("say", visible_to=vis, text=text, to=vis, color=None)
    return out.out


def layout(table, version: int) -> list[dict]:
    """Every piece where it lies, the turn marker and the open question, as
    the table stands now."""
    n = Namer(table)
    view = table.public
    out = Ops(version)
    place_all(out, table, None)
    pd = view.get("pending")
    if pd:
        out.emit("mark_turn", seat=pd["seat"], turn=_turn(view), phase=view.get("phase"))
        _ask(out, pd, n, table)
    result = view.get("result")
    if result:
        _game_over(out, n, result["winners"], result["scores"])
    return out.out
