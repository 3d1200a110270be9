"""Playing a haunt of the repository's own content through the engine's
turn order with loaded dice: a table staged for the haunt, damage taken as
it comes, turns ended until the game is over (R-HAUNT, R-FIGHT-5)."""
from engine_helpers import Dice, act, put, start_haunt
from house_content import house_table
from rulesets.house.engine import traits as T

TRAITS = ("might", "speed", "knowledge", "sanity")


def begin(haunt_id, revealer="Red", rooms=None, tough=(), frail=()):
    """A table where the haunt begins on Red's turn: players put in `rooms`
    first (so monsters placed with them land there), `tough` seats with
    every trait at the top of its track, `frail` seats one step from the
    skull on Might and Speed."""
    s = house_table()
    for seat, room in (rooms or {}).items():
        put(s, seat, room)
    for seat in tough:
        s["players"][seat]["traits"] = {t: 7 for t in TRAITS}
    for seat in frail:
        s["players"][seat]["traits"].update(might=0, speed=0)
    ev = start_haunt(s, s["rules"]["haunts"][haunt_id], revealer=revealer)
    return s, ev


def take_damage(s, events):
    """Each damaged player spreads the steps over its traits, highest first
    (R-FIGHT-5), until no damage is waiting."""
    while s["phase"] != "over" and s["pending"] and s["pending"]["kind"] == "damage":
        pd = s["pending"]
        idx = dict(s["players"][pd["seat"]]["traits"])
        split = {t: 0 for t in pd["traits"]}
        for _ in range(pd["amount"]):
            t = max(pd["traits"], key=lambda k: idx[k])
            idx[t] -= 1
            split[t] += 1
        s, ev = act(s, pd["seat"], "split_damage", split=split)
        events += ev
    return s


def step(s, seat, action, rng=None, **args):
    """One action, then any damage it dealt taken; the events of both."""
    s, ev = act(s, seat, action, rng, **args)
    return take_damage(s, ev), ev


def end_turns(s, most=80, seed=0):
    """Every seat ends its turn (the known traitor ends the monsters' turn
    without moving them; the house's monsters move and attack by
    themselves) until the game is over."""
    events = []
    for n in range(most):
        if s["phase"] == "over":
            return s, events
        seat = s["turn"]["seat"]
        if seat == "monsters":
            seat = s["haunt"]["traitor"]
        s, ev = act(s, seat, "end_turn", Dice(seed=seed + n))
        events += ev
        s = take_damage(s, events)
    raise AssertionError("the game did not end")


def over(events):
    return events[-1] if events and events[-1]["type"] == "game_over" else None


def fight(s, seat, target, rng, **args):
    """`seat` attacks `target` with loaded dice; the loser's damage is taken."""
    return step(s, seat, "attack", rng, target=target, **args)


def loaded(s, attacker, defender, trait="might", wins=True):
    """Dice for one attack: the winner throws all 2s, the loser all 0s."""
    def n(who):
        m = next((m for m in s["haunt"]["monsters"] if m["id"] == who), None)
        return m["traits"][trait] if m else T.value(s, who, trait)
    hi, lo = (2, 0) if wins else (0, 2)
    return Dice(*[hi] * n(attacker), *[lo] * n(defender))
