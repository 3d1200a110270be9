"""Phase 2, the infected: how it starts, the computed order of play, the
infected's attacks, turning, dying and elimination (E-INFECT, E-ATK)."""
from __future__ import annotations

from . import cards as C
from . import column as K
from .flow import ask, emit, roll_die


def award(state: dict, seat: str | None, vp: int, reason: str, events: list) -> None:
    if seat is None or not vp:
        return
    p = state["players"][seat]
    p["fight_vp"] += vp
    emit(events, "vp_scored", seat=seat, vp=vp, reason=reason, fight_vp=p["fight_vp"])


def _condition(state: dict, card: str | None) -> tuple[list, int]:
    spec = state["rules"]["infected"][card] if card else state["rules"]["settings"]["default_condition"]
    return list(spec["hit_by"]), spec["hits"]


def new_infected(state: dict, spot: str, drawer: str, events: list) -> str:
    """An infected at `spot` (front, end, or a seat that turns), with the top
    infected card, or the default condition when none is left (E-INFECT-5)."""
    deck = state["decks"]["infected"]
    card = deck.pop(0) if deck else None
    hit_by, hits = _condition(state, card)
    if spot in ("front", "end"):
        state["tokens_n"] += 1
        member = f"infected{state['tokens_n']}"
        if spot == "front":
            state["column"].insert(0, member)
        else:
            state["column"].append(member)
        seat = None
    else:
        member = seat = spot
        p = state["players"][seat]
        p["status"] = "infected"
        for rev in p["revelations"]:
            state["discards"]["explore"].append(rev)
        p["revelations"] = []
    state["infected"][member] = {"id": member, "seat": seat, "card": card, "hit_by": hit_by,
                                 "hits_needed": hits, "hits": [], "distracted": False}
    emit(events, "infected_appeared", infected=member, seat=seat, card=card, hit_by=hit_by,
         hits_needed=hits, spot=spot, drawn_by=drawer)
    if spot in ("front", "end"):
        K.show(state, events, "infected")
    return member


def begin_phase2(state: dict, rng, spot: str, by: str, events: list) -> None:
    """E-INFECT-1: at once, interrupting the round. The three revelations
    make way for the infected card (to the explore discard pile)."""
    pile = state["spots"][spot] if spot in ("front", "end") else state["players"][spot]["revelations"]
    if spot in ("front", "end"):
        state["discards"]["explore"].extend(pile)
        pile.clear()
    for card in state["resolving"]:           # cards of an interrupted resolution
        state["discards"]["explore"].append(card)
    state["resolving"] = []
    state["phase"] = "fight"
    state["round"] = None
    state["stack"][:] = [t for t in state["stack"] if t["op"] == "limit"]   # in place: `run` holds it
    state["phase2_n"] += 1
    state["fight"] = {"cycle": 0, "order": [], "i": 0}
    emit(events, "phase_changed", phase="fight", spot=spot, by=by)
    new_infected(state, spot, by, events)


def end_phase2(state: dict, events: list) -> None:
    """E-INFECT-4: hidden players rejoin at the end, in the order they hid;
    a new phase-1 round follows."""
    hidden = state["hidden"]
    for seat in hidden:
        state["players"][seat]["status"] = "alive"
        state["column"].append(seat)
    for p in state["players"].values():
        p["barred"] = False
    emit(events, "rejoined", seats=list(hidden))
    state["hidden"] = []
    state["phase"] = "explore"
    state["fight"] = None
    state["round"] = None
    emit(events, "phase_changed", phase="explore")
    K.show(state, events, "rejoin")


def compute_order(state: dict) -> list[list]:
    """E-INFECT-3: per infected, front to back, its neighbours (the front one
    first; a player next to two infected acts once, with the first), then the
    infected; then the rest of the column, front to back."""
    col = state["column"]
    inf = state["infected"]
    order, seen = [], set()
    last = len(col) - 1
    for i, m in enumerate(col):
        if m not in inf:
            continue
        for nb in (col[i - 1] if i > 0 else None, col[i + 1] if i < last else None):
            if nb is not None and nb not in seen and K.alive(state, nb):
                order.append([nb, "player"])
                seen.add(nb)
        order.append([m, "infected"])
    order += [[m, "player"] for m in col if m not in seen and K.alive(state, m)]
    return order


def next_turn(state: dict, rng, events: list) -> None:
    if not any(m in state["infected"] for m in state["column"]):
        end_phase2(state, events)
        return
    f = state["fight"]
    for _ in range(4 * len(state["column"]) + 8):
        if f["i"] >= len(f["order"]):
            f["cycle"] += 1
            f["order"] = compute_order(state)
            f["i"] = 0
            emit(events, "fight_order", cycle=f["cycle"], order=[m for m, _ in f["order"]])
        member, role = f["order"][f["i"]]
        f["i"] += 1
        if role == "infected":
            if member in state["infected"] and _infected_turn(state, member, events):
                return
            continue
        if not K.alive(state, member):
            continue                        # hidden, dead or turned since the order was made
        p = state["players"][member]
        if p["barred"]:                     # E-REST-1
            p["barred"] = False
            emit(events, "turn_skipped", seat=member, reason="swapped_with_neighbour")
            continue
        if K.adjacent_infected(state, member):
            emit(events, "turn_began", seat=member, role="adjacent")
            ask(state, member, "adjacent", events, used=False, refused=[])
        else:
            emit(events, "turn_began", seat=member, role="rest")
            ask(state, member, "rest", events, refused=[])
        return
    raise RuntimeError("phase 2 found nobody to act")


def _infected_turn(state: dict, member: str, events: list) -> bool:
    """True when a seat is asked to attack or roll for it."""
    inf = state["infected"][member]
    emit(events, "turn_began", seat=inf["seat"], infected=member, role="infected")
    if inf["distracted"]:
        inf["distracted"] = False
        emit(events, "turn_skipped", seat=inf["seat"], infected=member, reason="distracted")
        return False
    targets = K.attack_targets(state, member)
    if not targets:                                        # E-ATK-1
        emit(events, "turn_skipped", seat=inf["seat"], infected=member, reason="no_target")
        return False
    if inf["seat"] is not None:
        ask(state, member, "infect_attack", events, infected=member, targets=targets)
    else:                                                  # E-ATK-5
        ask(state, K.leader(state), "token_roll", events, infected=member, target=targets[0])
    return True


def infected_attack(state: dict, rng, member: str, target: str, roller: str, events: list) -> None:
    """E-ATK-2..4: the die less the target's defence; more than 1 hits."""
    from .effects import change_stamina
    from .scoring import check_end
    face = roll_die(rng)
    guard = C.defence(state, target)
    hit = face - guard > 1
    emit(events, "dice_rolled", seat=roller, purpose="infected_attack", infected=member, target=target,
         faces=[face], total=face, defence=guard, hit=hit)
    if hit:
        s = state["rules"]["settings"]
        attacker = state["infected"][member]["seat"]
        award(state, attacker, s["vp_infected_hit"], "hit", events)
        change_stamina(state, target, -1, events, by=attacker)
        if K.alive(state, target):
            card = C.revelation_for_attack(state, rng, events)
            p = state["players"][target]
            if card is not None:
                p["revelations"].append(card)
                emit(events, "revelation_placed", seat=None, card=card, spot=target,
                     count=len(p["revelations"]), infected=member)
            if len(p["revelations"]) >= 3:                 # E-ATK-3 / E-INFECT-5
                award(state, attacker, s["vp_turn"], "turned", events)
                emit(events, "player_turned", seat=target, infected=member)
                new_infected(state, target, target, events)
    check_end(state, events)


def die(state: dict, seat: str, by: str | None, events: list) -> None:
    """E-ATK-4: 0 stamina before turning; the dead keep their cards."""
    from .scoring import check_end
    p = state["players"][seat]
    p["status"] = "dead"
    if seat in state["column"]:
        K.leave(state, seat, "died", events)
    emit(events, "character_died", seat=seat, by=by)
    award(state, by, state["rules"]["settings"]["vp_kill"], "kill", events)
    check_end(state, events)


def eliminate(state: dict, member: str, by: str, events: list) -> None:
    """E-ADJ-2 / E-INFECT-4: the eliminated infected leaves the column; its
    hits go to the item discard pile, its card out of the game."""
    inf = state["infected"].pop(member)
    K.leave(state, member, "eliminated", events)
    state["discards"]["item"].extend(inf["hits"])
    if inf["card"]:
        state["out"].append(inf["card"])
    if inf["seat"] is not None:
        state["players"][inf["seat"]]["status"] = "eliminated"
    state["eliminated_n"] += 1
    emit(events, "infected_eliminated", infected=member, seat=inf["seat"], by=by)
    award(state, by, state["rules"]["settings"]["vp_eliminate"], "eliminated", events)
